import { Center, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type CashRequest,
  type InvestmentRequestKind,
  type InvestmentStrategy,
  messages,
  type User,
  investmentRequestsScreenMessages as ui,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Spinner } from '../../components/spinner';
import { CashRequestForm } from './cash-request-form';
import { requestQuery } from './requests-api';
import { StrategyForm } from './strategy-form';

export interface OpenRequest {
  id: number;
  mode: 'view' | 'edit';
}

interface RequestModalProps {
  kind: InvestmentRequestKind;
  actor: User;
  open: OpenRequest | null;
  onClose: () => void;
}

const titles = { strategy: messages.investmentStrategies.editTitle, cashRequest: messages.cashRequests.editTitle };

/** The lists' View/Edit modal: 'Edit Investment Strategy' (large) or 'Edit Cash Request'. */
export function RequestModal({ kind, actor, open, onClose }: RequestModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={open !== null}
      onClose={onClose}
      fullScreen={phone}
      size={kind === 'strategy' ? 'xl' : 'lg'}
      closeButtonProps={{ 'aria-label': ui.close }}
      title={titles[kind]}
    >
      {open && (
        <RequestModalBody key={`${open.mode}-${open.id}`} kind={kind} actor={actor} open={open} onClose={onClose} />
      )}
    </Modal>
  );
}

function RequestModalBody({ kind, actor, open, onClose }: RequestModalProps & { open: OpenRequest }) {
  const record = useQuery(requestQuery(kind, open.id));
  // A link to a request that is gone or not the reader's (a 404, toasted by the query client) leaves
  // no empty modal behind.
  const failed = record.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  if (record.isPending) {
    return (
      <Center py="xl">
        <Spinner label={messages.lists.loading} />
      </Center>
    );
  }
  if (!record.data) return null;
  return kind === 'strategy' ? (
    <StrategyForm
      mode={open.mode}
      actor={actor}
      strategy={record.data as InvestmentStrategy}
      onCancel={onClose}
      onSaved={onClose}
    />
  ) : (
    <CashRequestForm
      mode={open.mode}
      actor={actor}
      request={record.data as CashRequest}
      onCancel={onClose}
      onSaved={onClose}
    />
  );
}
