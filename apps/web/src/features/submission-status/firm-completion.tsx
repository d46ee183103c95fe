import { Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SubmissionSummary } from '@portal/domain';
import { submissionStatusScreenMessages as ui } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDate } from '../../lib/dates';
import classes from './firm-completion.module.css';

export const ALL_FIRMS = 'all';

type Standing = Pick<SubmissionSummary, 'total' | 'reviewed' | 'submitted' | 'pending' | 'delinquent'> & {
  percent_complete: number;
  due_date: string | null;
};

/** Every firm together, for a super CCO's 'All' entry: the firms' due dates differ, so it has none. */
function overall(summaries: readonly SubmissionSummary[]): Standing {
  const sum = (key: 'total' | 'reviewed' | 'submitted' | 'pending' | 'delinquent') =>
    summaries.reduce((n, s) => n + s[key], 0);
  const total = sum('total');
  const filed = sum('reviewed') + sum('submitted');
  return {
    total,
    reviewed: sum('reviewed'),
    submitted: sum('submitted'),
    pending: sum('pending'),
    delinquent: sum('delinquent'),
    percent_complete: total ? Math.floor((100 * filed) / total) : 0,
    due_date: null,
  };
}

interface FirmCompletionProps {
  summaries: readonly SubmissionSummary[];
  /** The chosen firm's id, or ALL_FIRMS. */
  selected: string;
  /** A super CCO's first entry: every firm at once. */
  withAll: boolean;
  onSelect: (firm: string) => void;
}

/**
 * Each firm's completion for the period (a firm sidebar, laid out above the table): how
 * far along it is, who is where, and the last day on time. Choosing one filters the table.
 */
export function FirmCompletion({ summaries, selected, withAll, onSelect }: FirmCompletionProps) {
  const entries = [
    ...(withAll ? [{ value: ALL_FIRMS, name: 'All firms', standing: overall(summaries) }] : []),
    ...summaries.map((s) => ({ value: String(s.firm_id ?? ''), name: s.firm_name ?? 'No firm', standing: s })),
  ];
  return (
    <nav aria-label={ui.firms}>
      <ul className={classes.list}>
        {entries.map((entry) => (
          <li key={entry.value}>
            <FirmEntry
              name={entry.name}
              standing={entry.standing}
              current={entry.value === selected}
              onClick={() => onSelect(entry.value)}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FirmEntry(props: { name: string; standing: Standing; current: boolean; onClick: () => void }) {
  const { name, standing: s, current, onClick } = props;
  return (
    <UnstyledButton className={classes.entry} aria-pressed={current} onClick={onClick} w="100%">
      <Stack gap={6} w="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            {name}
          </Text>
          <Text size="sm" fw={700} miw="max-content">
            {s.percent_complete}%
          </Text>
        </Group>
        <Progress
          value={s.percent_complete}
          color={s.percent_complete === 100 ? 'teal.9' : 'blue.8'}
          size="md"
          aria-label={ui.completion(name, s.percent_complete)}
        />
        <Text size="xs" c="gray.8">
          {ui.counts(s)}
        </Text>
        {s.delinquent > 0 ? (
          <Group gap={4} wrap="nowrap" c="red.9">
            <IconAlertTriangle size={14} aria-hidden />
            <Text size="xs" fw={700} c="red.9">
              {ui.delinquent(s.delinquent)}
            </Text>
          </Group>
        ) : (
          <Text size="xs" c="gray.8">
            {ui.delinquent(0)}
          </Text>
        )}
        {s.due_date && (
          <Text size="xs" c="gray.8">
            {ui.dueOn(formatDate(s.due_date))}
          </Text>
        )}
      </Stack>
    </UnstyledButton>
  );
}
