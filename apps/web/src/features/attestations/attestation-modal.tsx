import { Center, Group, Modal, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { canReviewAttestation, isCco, messages, type User, attestationsScreenMessages as ui } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../components/spinner';
import { formatDate } from '../../lib/dates';
import { AttestationPdfButton } from './attestation-downloads';
import { AttestationForm } from './attestation-form';
import { AttestationHistory } from './attestation-history';
import { editValuesOf } from './attestation-values';
import { attestationQuery, rosterEntryOfUserQuery } from './attestations-api';

export interface OpenAttestation {
  id: number;
  name: string;
  ownerId: number;
  mode: 'view' | 'edit';
}

interface AttestationModalProps {
  actor: User;
  open: OpenAttestation | null;
  onClose: () => void;
}

/** The manager's View/Edit modal: name and submitted date, the whole form, and for CCOs the review. */
export function AttestationModal({ actor, open, onClose }: AttestationModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={open !== null}
      onClose={onClose}
      fullScreen={phone}
      size="xl"
      closeButtonProps={{ 'aria-label': ui.close }}
      title={open?.name ?? ''}
    >
      {open && <AttestationModalBody key={`${open.mode}-${open.id}`} actor={actor} open={open} onClose={onClose} />}
    </Modal>
  );
}

function AttestationModalBody({ actor, open, onClose }: { actor: User; open: OpenAttestation; onClose: () => void }) {
  const record = useQuery(attestationQuery(open.id));
  const roster = useQuery(rosterEntryOfUserQuery(open.ownerId));
  // The form stays mounted under the History tab (an edit in progress survives a look at the
  // history); the history loads when first asked for.
  const [tab, setTab] = useState<string | null>('attestation');
  if (record.isPending || roster.isPending) {
    return (
      <Center py="xl">
        <Spinner label={messages.attestations.loading} />
      </Center>
    );
  }
  if (!record.data) return null;
  const a = record.data;
  const cco = isCco(actor);
  const target = { ownerId: a.Owner_Tk__c, firmId: a.Firm_Tk__c, status: a.Status__c };
  return (
    <>
      <Group gap="xl" mb="md">
        <Text size="sm">
          <Text span fw={700}>
            {ui.submitted}
          </Text>{' '}
          {formatDate(a.Submitted_Date__c)}
        </Text>
        <Text size="sm">
          <Text span fw={700}>
            {ui.period}
          </Text>{' '}
          {ui.fiscalPeriod(a.Fiscal_Year__c, a.Fiscal_Quarter__c)}
        </Text>
        <AttestationPdfButton id={a.Id} name={a.Name} />
      </Group>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="attestation">{messages.attestationHistory.formTab}</Tabs.Tab>
          <Tabs.Tab value="history">{messages.attestationHistory.tab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="attestation">
          <AttestationForm
            mode={open.mode}
            attestation={a}
            initialValues={editValuesOf(a, cco)}
            person={{ first: a.First_Name__c, last: a.Last_Name__c }}
            roster={roster.data ?? null}
            review={{
              show: cco,
              editable: canReviewAttestation(actor, target),
              ownFiling: target.ownerId === actor.id,
            }}
            onCancel={onClose}
            onSaved={onClose}
          />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          {tab === 'history' && <AttestationHistory actor={actor} attestationId={a.Id} roster={roster.data ?? null} />}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
