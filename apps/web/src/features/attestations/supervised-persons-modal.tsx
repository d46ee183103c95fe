import { Button, Group, Modal, Select, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type Actor,
  isSuperCco,
  messages,
  type SubmissionStatusRow,
  attestationsScreenMessages as ui,
} from '@portal/domain';
import { IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { pageParamsOf } from '../../components/data-table/use-list-state';
import { useLocalTableState } from '../../components/data-table/use-local-table-state';
import { CURRENT, PeriodSelects, periodParams } from '../../components/submission-status/period-selects';
import { personOf, RemindAllButton, useReminderAction } from '../../components/submission-status/reminders';
import { LAST_REMINDED_COLUMN, NEVER, PERSON_COLUMNS } from '../../components/submission-status/status-columns';
import { submissionStatusQuery } from '../../components/submission-status/submission-status-api';
import { SubmissionStatusBadge } from '../../components/submission-status/submission-status-badge';
import { formatDateTimeSeconds } from '../../lib/dates';
import { firmOptionsQuery } from '../../lib/firms';

const ALL = 'all';
type Tab = 'attested' | 'pending';
/** Each tab is one server-paged list of the statuses it groups. */
const STATUSES: Record<Tab, string> = { attested: 'Submitted,Reviewed', pending: 'Pending,Delinquent' };

/** The manager's filters when the modal opens: a firm id or 'all', a year and quarter or 'all'. */
export interface ManagerFilters {
  firm: string;
  fiscalYear: string;
  fiscalQuarter: string;
}

const COLUMNS: DataTableColumn<SubmissionStatusRow>[] = [
  ...PERSON_COLUMNS,
  // The status itself says more than yes or no: reviewed or not, late or not.
  { label: ui.attested, sortKey: 'status', nowrap: true, render: (r) => <SubmissionStatusBadge status={r.status} /> },
  {
    label: ui.attestedDate,
    nowrap: true,
    visibleFrom: 'xs',
    render: (r) => formatDateTimeSeconds(r.attested_at) || NEVER,
  },
];

interface SupervisedPersonsModalProps {
  actor: Actor;
  opened: boolean;
  /** The attestations list's filters, which the modal starts from. */
  filters: ManagerFilters;
  onClose: () => void;
}

/**
 * The manager's supervised persons modal: who of the filtered firm has attested for the
 * filtered period and who has not, with reminders for the latter.
 */
export function SupervisedPersonsModal({ actor, opened, filters, onClose }: SupervisedPersonsModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="80rem"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': ui.close }}
      title={ui.supervisedPersons}
    >
      {opened && <SupervisedPersonsBody actor={actor} filters={filters} />}
    </Modal>
  );
}

/** The period 'All' of the manager means the one being filed now: a status is a period's. */
const periodOf = (value: string) => (value === ALL ? CURRENT : value);

function SupervisedPersonsBody({ actor, filters }: { actor: Actor; filters: ManagerFilters }) {
  const superCco = isSuperCco(actor);
  const ownFirm = actor.profile._firm === null ? ALL : String(actor.profile._firm);
  const [firm, setFirm] = useState(superCco ? filters.firm : ownFirm);
  const [period, setPeriod] = useState({
    fiscalYear: periodOf(filters.fiscalYear),
    fiscalQuarter: periodOf(filters.fiscalQuarter),
  });
  const [tab, setTab] = useState<Tab>('attested');
  const table = useLocalTableState({ pageSize: 10, defaultOrdering: 'last_name' });
  const firmParam = firm === ALL ? null : firm;
  const counts = useQuery(submissionStatusQuery({ firm: firmParam, ...periodParams(period), page_size: 1 }));
  const list = useQuery(
    submissionStatusQuery({
      ...pageParamsOf(table),
      firm: firmParam,
      status: STATUSES[tab],
      ...periodParams(period),
    }),
  );
  const firms = useQuery({ ...firmOptionsQuery, enabled: superCco });

  const summaries = counts.data?.summary ?? [];
  const total = (keys: ('reviewed' | 'submitted' | 'pending' | 'delinquent')[]) =>
    summaries.reduce((n, s) => n + keys.reduce((k, key) => k + s[key], 0), 0);
  const attested = total(['submitted', 'reviewed']);
  const pending = total(['pending', 'delinquent']);
  const served = list.data ?? counts.data;
  // A row's reminder is of the period its rows are of: the one the server served.
  const actions = [useReminderAction(served)];
  const chosen = summaries.length === 1 && firmParam !== null ? summaries[0] : undefined;

  const reset = () => {
    setFirm(ownFirm);
    setPeriod({ fiscalYear: CURRENT, fiscalQuarter: CURRENT });
    table.reset();
  };
  const dataTable = (
    <DataTable
      label={tab === 'attested' ? ui.attestedSupervisedPersons : ui.pendingSupervisedPersons}
      state={table}
      query={list}
      columns={tab === 'pending' ? [...COLUMNS, LAST_REMINDED_COLUMN] : COLUMNS}
      rowKey={(r) => r.supervised_person_id}
      rowLabel={personOf}
      rowTone={(r) => (r.status === 'Delinquent' ? 'problem' : undefined)}
      search={{ label: ui.searchSupervisedPersons, placeholder: ui.searchByFirstNameLast }}
      emptyText={table.search ? messages.submissionStatus.noMatch : messages.submissionStatus.empty}
      actions={tab === 'pending' ? actions : []}
      minWidth={720}
    />
  );

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {superCco && (
          <Select
            aria-label={ui.firm}
            data={[{ value: ALL, label: ui.all }, ...(firms.data ?? [])]}
            value={firm}
            onChange={(value) => {
              setFirm(value ?? ALL);
              table.setPage(1);
            }}
            allowDeselect={false}
            searchable
            w={{ base: '100%', xs: 220 }}
          />
        )}
        <PeriodSelects
          fiscalYear={period.fiscalYear}
          fiscalQuarter={period.fiscalQuarter}
          shown={served}
          onChange={(name, value) => {
            setPeriod((p) => ({ ...p, [name]: value }));
            table.setPage(1);
          }}
        />
        <Button variant="default" leftSection={<IconRestore size={16} aria-hidden />} onClick={reset}>
          {ui.reset}
        </Button>
        {served?.reminders_open && (
          <RemindAllButton
            firm={chosen && chosen.firm_id !== null ? { id: chosen.firm_id, name: chosen.firm_name ?? '' } : null}
            period={served}
            unfiled={pending}
          />
        )}
      </Group>

      <Tabs
        value={tab}
        onChange={(value) => {
          setTab(value === 'pending' ? 'pending' : 'attested');
          table.setPage(1);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="attested">
            {ui.attested}
            {counts.data ? ` (${attested})` : ''}
          </Tabs.Tab>
          <Tabs.Tab value="pending">
            {ui.pending}
            {counts.data ? ` (${pending})` : ''}
          </Tabs.Tab>
        </Tabs.List>
        {/* Only the open tab's list is drawn and asked for; both panels stay for the tabs' aria-controls. */}
        <Tabs.Panel value="attested" pt="md">
          {tab === 'attested' && dataTable}
        </Tabs.Panel>
        <Tabs.Panel value="pending" pt="md">
          {tab === 'pending' && dataTable}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
