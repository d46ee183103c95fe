import { Alert, Button, Center, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type Attestation,
  type HistoryChange,
  type HistoryEvent,
  isCco,
  messages,
  type SupervisedPerson,
  type User,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../components/spinner';
import { formatDateTime, wireDateToText } from '../../lib/dates';
import { AttestationForm } from './attestation-form';
import { editValuesOf } from './attestation-values';
import { attestationHistoryQuery } from './attestations-api';

const m = messages.attestationHistory;
const REDACTED = '[redacted]';
const labels = messages.attestations;
const FIELD_ORDER = Object.keys(labels.labels);

/** A change's field as a person reads it: the form's label, a row's prefixed with its list and row. */
function fieldLabel(change: { field: string; list?: string; row?: number }): string {
  const own: Record<string, string> = labels.labels;
  if (!change.list) return own[change.field] ?? change.field;
  const list = (labels.lists as Record<string, { row: string; fields: Record<string, string> }>)[change.list];
  // The row's record number, not its place in the list: rows are removed and added over time.
  return `${list?.row ?? change.list} (record ${change.row}): ${list?.fields[change.field] ?? change.field}`;
}

interface AttestationHistoryProps {
  actor: User;
  attestationId: number;
  roster: SupervisedPerson | null;
}

/**
 * The History tab of the attestation modal: who changed which field when, before and after, newest
 * first (the API answers oldest first), and the original submission as the read-only form.
 */
export function AttestationHistory({ actor, attestationId, roster }: AttestationHistoryProps) {
  const history = useQuery(attestationHistoryQuery(attestationId));
  const [showOriginal, setShowOriginal] = useState(false);
  if (history.isPending)
    return (
      <Center py="xl">
        <Spinner label={m.loading} />
      </Center>
    );
  if (!history.data) return null;
  const { original, events } = history.data;

  if (showOriginal && original)
    return (
      <OriginalSubmission actor={actor} original={original} roster={roster} onBack={() => setShowOriginal(false)} />
    );

  return (
    <Stack gap="md">
      {original ? (
        <Group>
          <Button variant="light" onClick={() => setShowOriginal(true)}>
            {m.viewOriginal}
          </Button>
        </Group>
      ) : (
        <Alert color="gray" variant="light">
          {m.originalNotRecorded}
        </Alert>
      )}
      {events.length === 0 && <Text size="sm">{m.empty}</Text>}
      {[...events].reverse().map((event) => (
        <HistoryEntry key={event.id} event={event} />
      ))}
    </Stack>
  );
}

function HistoryEntry({ event }: { event: HistoryEvent }) {
  const when = formatDateTime(event.occurred_at);
  const what = m.action(event.action, event.entity);
  // A record id (the reviewer's, the firm's) changes with the name beside it, which says it for people.
  const changes = event.changes.filter((c) => !c.field.endsWith('_Tk__c')).sort(byFormOrder);
  return (
    <Paper withBorder p="sm" component="article" aria-label={`${when} ${what}`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={700}>
          {what}
        </Text>
        <Text size="sm" c="dimmed">
          <time dateTime={event.occurred_at}>{when}</time>
        </Text>
      </Group>
      <Text size="sm" mb={changes.length ? 'xs' : 0}>
        {event.actor_name ?? m.unknownActor}
      </Text>
      {changes.length > 0 ? (
        <Table fz="sm" layout="fixed" style={{ wordBreak: 'break-word' }} aria-label={`${what}, ${when}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.field}</Table.Th>
              <Table.Th>{m.before}</Table.Th>
              <Table.Th>{m.after}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={`${change.list ?? ''}.${change.row ?? ''}.${change.field}`}>
                <Table.Td>{fieldLabel(change)}</Table.Td>
                <Table.Td>
                  <ChangeValue field={change.field} value={change.from} />
                </Table.Td>
                <Table.Td>
                  <ChangeValue field={change.field} value={change.to} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        event.action !== 'create' &&
        event.action !== 'delete' && (
          <Text size="sm" c="dimmed">
            {m.noFieldChanged}
          </Text>
        )
      )}
    </Paper>
  );
}

/** The attestation's fields in the form's order, then its rows by list and row, each row's fields in its form order. */
function byFormOrder(a: HistoryChange, b: HistoryChange) {
  const order = (c: HistoryChange) =>
    c.list
      ? Object.keys((labels.lists as Record<string, { fields: Record<string, string> }>)[c.list]?.fields ?? {})
      : FIELD_ORDER;
  const key = (c: HistoryChange) => [c.list ?? '', c.row ?? 0, order(c).indexOf(c.field)] as const;
  const [la, ra, fa] = key(a);
  const [lb, rb, fb] = key(b);
  return la.localeCompare(lb) || ra - rb || fa - fb;
}

/** A value as the form shows it: dates MM/DD/YYYY, yes/no answers, states listed; a redacted one says so. */
function ChangeValue({ field, value }: { field: string; value: unknown }) {
  if (value === REDACTED)
    return (
      <Text span size="sm" fs="italic" c="dimmed">
        {m.redacted}
      </Text>
    );
  if (value === null || value === undefined || value === '') return <>{m.noValue}</>;
  if (typeof value === 'boolean' || value === 'true' || value === 'false')
    return <>{value === true || value === 'true' ? messages.attestationsScreen.yes : messages.attestationsScreen.no}</>;
  if (field === 'Amount__c' && typeof value === 'number') return <>${value.toFixed(2)}</>;
  if (typeof value === 'string')
    return <>{field.startsWith('States_') ? value.split(';').join(', ') : wireDateToText(value)}</>;
  return <>{String(value)}</>;
}

function OriginalSubmission({
  actor,
  original,
  roster,
  onBack,
}: {
  actor: User;
  original: Attestation;
  roster: SupervisedPerson | null;
  onBack: () => void;
}) {
  const cco = isCco(actor);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {m.originalTitle}
        </Title>
        <Button variant="subtle" onClick={onBack}>
          {m.backToHistory}
        </Button>
      </Group>
      <AttestationForm
        mode="view"
        attestation={original}
        initialValues={editValuesOf(original, cco)}
        person={{ first: original.First_Name__c, last: original.Last_Name__c }}
        roster={roster}
        review={{ show: cco, editable: false }}
        onCancel={onBack}
        onSaved={onBack}
      />
    </Stack>
  );
}
