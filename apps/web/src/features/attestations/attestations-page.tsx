import { ActionIcon, Badge, Button, Group, Select, Stack, Title, Tooltip } from '@mantine/core';
import {
  type AttestationListItem,
  attestationListQuery as attestationListParams,
  attestationPeriodOn,
  canDeleteAttestation,
  canEditAttestation,
  fiscalYearsUpTo,
  isCco,
  isSuperCco,
  messages,
  personListName,
  attestationsScreenMessages as ui,
} from '@portal/domain';
import { IconEye, IconPencil, IconPlus, IconRefresh, IconTrash, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate, portalToday } from '../../lib/dates';
import { firmOptionsQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { CsvExportButton } from './attestation-downloads';
import { AttestationModal, type OpenAttestation } from './attestation-modal';
import { attestationListQuery, attestationsKey, deleteAttestation } from './attestations-api';
import { DeMinimisBadge } from './de-minimis-badge';
import { SupervisedPersonsModal } from './supervised-persons-modal';

const m = messages.attestations;
const ALL = 'all';
const QUARTERS = ['1', '2', '3', '4'];
const isId = (value: string) => /^[1-9]\d*$/.test(value);

/** "Last, First" as the Supervised Person column shows it. */
const personOf = (a: AttestationListItem) => personListName({ first_name: a.First_Name__c, last_name: a.Last_Name__c });
const targetOf = (a: AttestationListItem) => ({ ownerId: a.Owner_Tk__c, firmId: a.Firm_Tk__c, status: a.Status__c });

const COLUMNS: DataTableColumn<AttestationListItem>[] = [
  {
    label: ui.attestation,
    sortKey: 'Name',
    render: (a) => (
      <Group gap={6} wrap="wrap">
        <span>{a.Name}</span>
        {a.Over_De_Minimis__c && <DeMinimisBadge />}
      </Group>
    ),
  },
  { label: ui.supervisedPerson, sortKey: 'Last_Name__c', visibleFrom: 'sm', render: personOf },
  {
    label: ui.status,
    sortKey: 'Status__c',
    nowrap: true,
    render: (a) => (
      <Badge color={a.Status__c === 'Reviewed' ? 'teal.9' : 'blue.8'} variant="filled" tt="none" miw="max-content">
        {a.Status__c}
      </Badge>
    ),
  },
  {
    label: ui.submittedDate,
    sortKey: 'Submitted_Date__c',
    nowrap: true,
    visibleFrom: 'xs',
    render: (a) => formatDate(a.Submitted_Date__c),
  },
  // The name says the period too ('… FY2026 Q2'): a narrow screen can do without these two.
  { label: ui.fiscalYearColumn, sortKey: 'Fiscal_Year__c', visibleFrom: 'md', render: (a) => a.Fiscal_Year__c },
  {
    label: ui.fiscalQuarterColumn,
    sortKey: 'Fiscal_Quarter__c',
    visibleFrom: 'md',
    render: (a) => `Q${a.Fiscal_Quarter__c}`,
  },
];

/**
 * The Quarterly Attestations manager. A CCO starts on their firm and the period
 * attestations cover today; anyone else on every period of their own (the server shows them no other).
 */
export function AttestationsPage() {
  usePageTitle('Quarterly Attestations');
  const actor = useCurrentUser();
  const cco = isCco(actor);
  const superCco = isSuperCco(actor);
  const queryClient = useQueryClient();
  const today = portalToday();
  const period = attestationPeriodOn(today);
  const years = fiscalYearsUpTo(today).map(String);

  const table = useListState({
    pageSize: 25,
    defaultOrdering: '-Submitted_Date__c',
    orderings: attestationListParams.shape.ordering.unwrap().options,
    filters: {
      firm: {
        initial: cco && actor.profile._firm !== null ? String(actor.profile._firm) : ALL,
        allowed: (value) => value === ALL || isId(value),
      },
      fiscalYear: { initial: cco ? String(period.fiscalYear) : ALL, allowed: [ALL, ...years] },
      fiscalQuarter: { initial: cco ? String(period.fiscalQuarter) : ALL, allowed: [ALL, ...QUARTERS] },
    },
  });
  const { firm, fiscalYear, fiscalQuarter } = table.filters;
  // Only a super CCO picks the firm; a CCO's list is their firm's, which the server enforces too.
  const firmParam = superCco ? firm : cco ? String(actor.profile._firm ?? '') : ALL;
  const list = useQuery(
    attestationListQuery({
      ...table.params,
      firm: firmParam === ALL ? null : firmParam,
      fiscalYear: fiscalYear === ALL ? null : fiscalYear,
      fiscalQuarter: fiscalQuarter === ALL ? null : fiscalQuarter,
    }),
  );
  const firms = useQuery({ ...firmOptionsQuery, enabled: cco });
  const [open, setOpen] = useState<OpenAttestation | null>(null);
  const [deleting, setDeleting] = useState<AttestationListItem | null>(null);
  const [rosterOpen, setRosterOpen] = useState(false);

  const remove = useMutation({
    mutationFn: (a: AttestationListItem) => deleteAttestation(a.Id),
    onSuccess: () => {
      setDeleting(null);
      notifySuccess(m.deleted);
    },
    onError: () => setDeleting(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attestationsKey }),
  });

  const openAs = (mode: OpenAttestation['mode']) => (a: AttestationListItem) =>
    setOpen({ id: a.Id, name: a.Name, ownerId: a.Owner_Tk__c, mode });
  const actions: RowAction<AttestationListItem>[] = [
    { label: ui.view, icon: IconEye, onClick: openAs('view') },
    {
      label: ui.edit,
      icon: IconPencil,
      visible: (a) => canEditAttestation(actor, targetOf(a)),
      onClick: openAs('edit'),
    },
    {
      label: ui.delete,
      icon: IconTrash,
      color: 'red',
      visible: (a) => canDeleteAttestation(actor, targetOf(a)),
      onClick: setDeleting,
    },
  ];

  const firmOptions = [...(superCco ? [{ value: ALL, label: ui.all }] : []), ...(firms.data ?? [])];
  const filters = (
    <>
      {cco && (
        <Select
          aria-label={ui.firm}
          data={firmOptions}
          value={firmParam}
          onChange={(value) => table.setFilter('firm', value ?? ALL)}
          allowDeselect={false}
          disabled={!superCco}
          searchable={superCco}
          w={{ base: '100%', xs: 220 }}
          styles={{ input: { opacity: 1, color: 'var(--mantine-color-gray-8)' } }}
        />
      )}
      <Select
        aria-label={ui.fiscalYear}
        data={[
          { value: ALL, label: ui.all },
          ...years.map((y) => ({ value: y, label: messages.commonScreen.fiscalYearOption(y) })),
        ]}
        value={fiscalYear}
        onChange={(value) => table.setFilter('fiscalYear', value ?? ALL)}
        allowDeselect={false}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
      <Select
        aria-label={ui.fiscalQuarter}
        data={[{ value: ALL, label: ui.all }, ...QUARTERS.map((q) => ({ value: q, label: `Q${q}` }))]}
        value={fiscalQuarter}
        onChange={(value) => table.setFilter('fiscalQuarter', value ?? ALL)}
        allowDeselect={false}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
      <Tooltip label={ui.refresh}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={ui.refresh}
          loading={list.isFetching && !list.isPending}
          onClick={() => void queryClient.invalidateQueries({ queryKey: [...attestationsKey, 'list'] })}
        >
          <IconRefresh size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {cco && <CsvExportButton filters={{ firm: firmParam, fiscalYear, fiscalQuarter }} />}
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{ui.quarterlyAttestations}</Title>
        <Group gap="sm">
          {cco && (
            <Button
              variant="default"
              leftSection={<IconUsers size={16} aria-hidden />}
              onClick={() => setRosterOpen(true)}
            >
              {ui.supervisedPersons}
            </Button>
          )}
          <Button
            component={Link}
            to={`/compliance/attestations/${actor.id}/new`}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {ui.newAttestation}
          </Button>
        </Group>
      </Group>

      <DataTable
        label={ui.quarterlyAttestations}
        state={table}
        query={list}
        columns={COLUMNS}
        rowKey={(a) => a.Id}
        rowLabel={(a) => a.Name}
        search={{ label: ui.searchAttestations, placeholder: ui.searchByAttestationName }}
        filters={filters}
        emptyText={m.empty}
        rowNumbers
        actions={actions}
        minWidth={640}
      />

      <AttestationModal actor={actor} open={open} onClose={() => setOpen(null)} />

      {cco && (
        <SupervisedPersonsModal
          actor={actor}
          opened={rosterOpen}
          filters={{ firm: firmParam, fiscalYear, fiscalQuarter }}
          onClose={() => setRosterOpen(false)}
        />
      )}

      <ConfirmDeleteModal
        name={deleting?.Name ?? null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
