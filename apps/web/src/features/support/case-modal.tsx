import { Center, Divider, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages, type SupportTicket, supportScreenMessages as ui } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Spinner } from '../../components/spinner';
import { formatPortalDateTime } from '../../lib/dates';
import { CaseConversation } from './case-conversation';
import { CaseForm } from './case-form';
import classes from './support.module.css';
import { caseQuery } from './support-api';

const m = messages.support;

/** 'new', or the id of the case to open. */
export type OpenCase = 'new' | number;

interface CaseModalProps {
  open: OpenCase | null;
  handler: boolean;
  presetCategory: string | null;
  onClose: () => void;
}

/** 'New' opens a modal titled 'New Case'; otherwise the case's subject is the title. */
export function CaseModal({ open, handler, presetCategory, onClose }: CaseModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const id = typeof open === 'number' ? open : null;
  const record = useQuery({ ...caseQuery(id ?? 0), enabled: id !== null });
  // A link to a case that is gone or not the reader's (a 404, toasted by the query client) leaves no
  // empty modal behind.
  const failed = id !== null && record.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  const stored = id !== null ? (record.data ?? null) : null;
  const title = open === 'new' ? m.newTitle : (stored?.Subject ?? m.labels.CaseNumber);

  return (
    <Modal
      opened={open !== null}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': ui.close }}
      title={<span className={classes.subject}>{title}</span>}
    >
      {open === 'new' && (
        <CaseForm
          stored={null}
          handler={handler}
          presetCategory={presetCategory}
          onCancel={onClose}
          onSaved={onClose}
        />
      )}
      {id !== null &&
        (stored ? (
          <Stack gap="lg">
            <CaseSummary stored={stored} />
            <CaseForm stored={stored} handler={handler} presetCategory={null} onCancel={onClose} onSaved={onClose} />
            <Divider />
            <CaseConversation caseId={stored.Id} />
          </Stack>
        ) : (
          <Center py="xl">
            <Spinner label={messages.lists.loading} />
          </Center>
        ))}
    </Modal>
  );
}

/** What the server keeps: the number, who opened it, and when it opened and closed. */
function CaseSummary({ stored }: { stored: SupportTicket }) {
  const l = m.labels;
  const line = (label: string, value: string | null) => (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value || '—'}
    </Text>
  );
  return (
    <Stack gap={2}>
      {line(l.CaseNumber, stored.CaseNumber)}
      {line(l.SuppliedName, stored.SuppliedName)}
      {line(l.CreatedDate, formatPortalDateTime(stored.CreatedDate))}
      {stored.ClosedDate && line(l.ClosedDate, formatPortalDateTime(stored.ClosedDate))}
    </Stack>
  );
}
