import { Button, Group, Modal, Select, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type FirmModel,
  firmFeeScheduleListQuery,
  firmModelListQuery,
  isSuperAdmin,
  messages,
  investmentCataloguesScreenMessages as ui,
} from '@portal/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/dates';
import { firmOptionsQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { AssignmentForm, type AssignmentText } from './assignment-form';
import {
  type Assignment,
  type AssignmentPath,
  assignmentListQuery,
  type CataloguePath,
  cataloguesKey,
  deleteAssignment,
} from './catalogues-api';

const ALL = 'all';

interface AssignmentScreen {
  path: AssignmentPath;
  catalogue: CataloguePath;
  entryKey: 'investment_model' | 'fee_schedule';
  nameKey: 'investment_model_name' | 'fee_schedule_name';
  orderings: readonly string[];
  /** Firm models show the model's advisor's email; firm fee schedules do not. */
  withEmail: boolean;
  text: AssignmentText & { title: string; deleted: string; empty: string; newButton: string; searchBy: string };
}

type Editing = { assignment: Assignment | null } | null;

function columnsOf(s: AssignmentScreen): DataTableColumn<Assignment>[] {
  const nameOf = (a: Assignment) => (a as unknown as Record<string, string>)[s.nameKey];
  return [
    { label: s.text.entryLabel, sortKey: s.nameKey, render: nameOf },
    { label: ui.firm, sortKey: 'firm_name', visibleFrom: 'xs', render: (a) => a.firm_name },
    { label: ui.createdDate, sortKey: 'created_date', visibleFrom: 'sm', render: (a) => formatDate(a.created_date) },
    {
      label: ui.lastModifiedDate,
      sortKey: 'last_modified_date',
      visibleFrom: 'md',
      render: (a) => formatDate(a.last_modified_date),
    },
    ...(s.withEmail
      ? [
          {
            label: ui.email,
            sortKey: 'email',
            visibleFrom: 'sm' as const,
            render: (a: Assignment) => (a as FirmModel).email,
          },
        ]
      : []),
  ];
}

/**
 * The Firm Models and Firm Fee Schedules managers: the firm filter (All, for a super
 * admin; anyone else keeps their own firm's, as the server's scope does), search, New, the modal in
 * create or update mode, and the delete warning.
 */
function AssignmentsPage(s: AssignmentScreen) {
  const { text: t } = s;
  usePageTitle(t.title);
  const actor = useCurrentUser();
  const superAdmin = isSuperAdmin(actor);
  const ownFirm = actor.profile._firm === null ? ALL : String(actor.profile._firm);
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const table = useListState({
    pageSize: 25,
    defaultOrdering: s.nameKey,
    orderings: s.orderings,
    filters: { firm: { initial: ALL, allowed: (value) => value === ALL || /^[1-9]\d*$/.test(value) } },
  });
  const firm = superAdmin ? table.filters.firm : ownFirm;
  const list = useQuery(assignmentListQuery(s.path, { ...table.params, firm: firm === ALL ? null : firm }));
  const firms = useQuery(firmOptionsQuery);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Assignment | null>(null);
  const labelOf = (a: Assignment) => `${(a as unknown as Record<string, string>)[s.nameKey]} (${a.firm_name})`;

  const remove = useMutation({
    mutationFn: (a: Assignment) => deleteAssignment(s.path, a.id),
    onSuccess: () => {
      setDeleting(null);
      notifySuccess(t.deleted);
    },
    onError: () => setDeleting(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cataloguesKey }),
  });

  const actions: RowAction<Assignment>[] = [
    { label: ui.edit, icon: IconPencil, placement: 'inline', onClick: (assignment) => setEditing({ assignment }) },
    { label: ui.delete, icon: IconTrash, placement: 'inline', color: 'red', onClick: setDeleting },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{t.title}</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ assignment: null })}>
          {t.newButton}
        </Button>
      </Group>

      <DataTable
        label={t.title}
        state={table}
        query={list}
        columns={columnsOf(s)}
        rowKey={(a) => a.id}
        rowLabel={labelOf}
        search={{ label: messages.commonScreen.searchIn(t.title), placeholder: t.searchBy }}
        filters={
          <Select
            aria-label={ui.firm}
            data={[...(superAdmin ? [{ value: ALL, label: ui.all }] : []), ...(firms.data ?? [])]}
            value={firm}
            onChange={(value) => table.setFilter('firm', value ?? ALL)}
            allowDeselect={false}
            disabled={!superAdmin}
            searchable={superAdmin}
            w={{ base: '100%', xs: 240 }}
            styles={{ input: { opacity: 1, color: 'var(--mantine-color-gray-8)' } }}
          />
        }
        emptyText={t.empty}
        actions={actions}
        showActionsHeader
        minWidth={s.withEmail ? 760 : 640}
      />

      <Modal
        opened={editing !== null}
        fullScreen={phone}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={editing?.assignment ? labelOf(editing.assignment) : t.newButton}
      >
        {editing && (
          <AssignmentForm
            key={editing.assignment?.id ?? 'new'}
            path={s.path}
            catalogue={s.catalogue}
            entryKey={s.entryKey}
            text={t}
            assignment={editing.assignment}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDeleteModal
        name={deleting ? labelOf(deleting) : null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}

export function FirmModelsPage() {
  return (
    <AssignmentsPage
      path="firm_models"
      catalogue="investment_models"
      entryKey="investment_model"
      nameKey="investment_model_name"
      orderings={firmModelListQuery.shape.ordering.unwrap().options}
      withEmail
      text={{
        ...messages.firmModels,
        entryLabel: ui.model,
        chooseEntry: messages.catalogues.chooseModel,
        searchBy: 'Search by firm, model or email...',
      }}
    />
  );
}

export function FirmFeeSchedulesPage() {
  return (
    <AssignmentsPage
      path="firm_fee_schedules"
      catalogue="fee_schedules"
      entryKey="fee_schedule"
      nameKey="fee_schedule_name"
      orderings={firmFeeScheduleListQuery.shape.ordering.unwrap().options}
      withEmail={false}
      text={{
        ...messages.firmFeeSchedules,
        entryLabel: ui.feeSchedule,
        chooseEntry: messages.catalogues.chooseFeeSchedule,
        searchBy: 'Search by fee schedule or firm...',
      }}
    />
  );
}
