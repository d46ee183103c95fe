import { Group, Stack, Text, Title } from '@mantine/core';
import {
  isSuperCco,
  messages,
  SUBMISSION_STATUS_SORTS,
  SUBMISSION_STATUSES,
  type SubmissionStatusRow,
  submissionStatusScreenMessages as ui,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { SegmentedFilter } from '../../components/data-table/segmented-filter';
import { pageParamsOf, useListState } from '../../components/data-table/use-list-state';
import { PeriodSelects, periodFilterSpecs, periodParams } from '../../components/submission-status/period-selects';
import { personOf, RemindAllButton, useReminderAction } from '../../components/submission-status/reminders';
import { LAST_REMINDED_COLUMN, NEVER, PERSON_COLUMNS } from '../../components/submission-status/status-columns';
import { submissionStatusQuery } from '../../components/submission-status/submission-status-api';
import { SubmissionStatusBadge } from '../../components/submission-status/submission-status-badge';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';
import { ALL_FIRMS, FirmCompletion } from './firm-completion';

const m = messages.submissionStatus;
const TITLE = 'Attestation Submission Status';
const ALL = 'all';
// The most urgent first, as the list is ordered.
const STATUS_CHOICES = [
  { value: ALL, label: ui.all },
  ...['Delinquent', 'Pending', 'Submitted', 'Reviewed'].map((s) => ({ value: s, label: s })),
];

const COLUMNS: DataTableColumn<SubmissionStatusRow>[] = [
  ...PERSON_COLUMNS,
  { label: ui.status, sortKey: 'status', nowrap: true, render: (r) => <SubmissionStatusBadge status={r.status} /> },
  { label: ui.firm, sortKey: 'firm_name', visibleFrom: 'sm', render: (r) => r.firm_name },
  {
    label: ui.submittedDate,
    sortKey: 'submitted_date',
    nowrap: true,
    visibleFrom: 'xs',
    render: (r) => formatDate(r.submitted_date) || NEVER,
  },
  LAST_REMINDED_COLUMN,
];

/**
 * Attestation Submission Status: who of each firm has attested for a period,
 * who may still, and who is late, with reminders for the last two. A super CCO sees every firm; a
 * CCO their own (the server scopes it too).
 */
export function SubmissionStatusPage() {
  usePageTitle(TITLE);
  const actor = useCurrentUser();
  const superCco = isSuperCco(actor);
  const ownFirm = actor.profile._firm === null ? ALL_FIRMS : String(actor.profile._firm);
  const table = useListState({
    pageSize: 25,
    defaultOrdering: 'status',
    orderings: SUBMISSION_STATUS_SORTS,
    filters: {
      firm: { initial: ALL_FIRMS, allowed: (value) => value === ALL_FIRMS || /^[1-9]\d*$/.test(value) },
      status: { initial: ALL, allowed: [ALL, ...SUBMISSION_STATUSES] },
      ...periodFilterSpecs(),
    },
  });
  const { status } = table.filters;
  const firm = superCco ? table.filters.firm : ownFirm;
  const period = periodParams(table.filters);
  // The sidebar is every firm's standing (a CCO's: their own), whatever the table shows.
  const standing = useQuery(submissionStatusQuery({ ...period, page_size: 1 }));
  const list = useQuery(
    submissionStatusQuery({
      ...pageParamsOf(table),
      firm: firm === ALL_FIRMS ? null : firm,
      status: status === ALL ? null : status,
      ...period,
    }),
  );
  const summaries = standing.data?.summary ?? [];
  const served = list.data ?? standing.data;
  // A row's reminder is of the period its rows are of: the one the server served.
  const actions = [useReminderAction(served)];
  const chosen = summaries.find((s) => String(s.firm_id) === firm);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{TITLE}</Title>
        {served?.reminders_open && (
          <RemindAllButton
            firm={chosen && chosen.firm_id !== null ? { id: chosen.firm_id, name: chosen.firm_name ?? '' } : null}
            period={served}
            unfiled={chosen ? chosen.pending + chosen.delinquent : 0}
          />
        )}
      </Group>
      {superCco && firm === ALL_FIRMS && (
        <Text size="sm" c="gray.8">
          {m.chooseFirm}
        </Text>
      )}

      <FirmCompletion
        summaries={summaries}
        selected={firm}
        withAll={superCco}
        onSelect={(value) => table.setFilter('firm', value)}
      />
      <DataTable
        label={TITLE}
        state={table}
        query={list}
        columns={firm === ALL_FIRMS ? COLUMNS : COLUMNS.filter((c) => c.label !== 'Firm')}
        rowKey={(r) => r.supervised_person_id}
        rowLabel={personOf}
        rowTone={(r) => (r.status === 'Delinquent' ? 'problem' : undefined)}
        search={{ label: ui.searchSupervisedPersons, placeholder: ui.searchByFirstNameLast }}
        filters={
          <>
            <PeriodSelects
              fiscalYear={table.filters.fiscalYear}
              fiscalQuarter={table.filters.fiscalQuarter}
              shown={served}
              onChange={table.setFilter}
            />
            <SegmentedFilter
              label={ui.status}
              value={status}
              onChange={(value) => table.setFilter('status', value)}
              data={STATUS_CHOICES}
            />
          </>
        }
        emptyText={table.search ? m.noMatch : m.empty}
        actions={actions}
        minWidth={900}
      />
    </Stack>
  );
}
