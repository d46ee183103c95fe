import { Badge, Group, Text } from '@mantine/core';
import { messages } from '@portal/domain';
import { formatDate } from '../../lib/dates';

const l = messages.investmentStrategies.labels;

const COLORS: Record<string, string> = {
  Submitted: 'blue.8',
  'In Progress': 'yellow.9',
  Completed: 'teal.9',
  Rejected: 'red.8',
  Cancelled: 'gray.7',
};

/** White on the amber of 'In Progress' reads at 3:1; its word is drawn dark instead (WCAG AA asks 4.5:1). */
const DARK_TEXT = new Set(['In Progress']);

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={COLORS[status] ?? 'gray.7'}
      c={DARK_TEXT.has(status) ? 'dark.9' : undefined}
      variant="filled"
      tt="none"
      miw="max-content"
    >
      {status}
    </Badge>
  );
}

interface StatusLineProps {
  record: { Status__c: string; Status_Reason__c: string | null; CreatedDate: string };
}

/** Where a stored request stands, above its form: status, the date it was filed, the reason of the last move. */
export function RequestStatusLine({ record }: StatusLineProps) {
  return (
    <Group gap="xl">
      <Group gap={6}>
        <Text size="sm" fw={700}>
          {l.Status__c}:
        </Text>
        <StatusBadge status={record.Status__c} />
      </Group>
      <Text size="sm">
        <Text span fw={700}>
          {l.CreatedDate}:
        </Text>{' '}
        {formatDate(record.CreatedDate)}
      </Text>
      {record.Status_Reason__c && (
        <Text size="sm">
          <Text span fw={700}>
            {l.Status_Reason__c}:
          </Text>{' '}
          {record.Status_Reason__c}
        </Text>
      )}
    </Group>
  );
}
