import { Button, Group, Modal, Select, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  canManageRosterEntry,
  isSuperCco,
  messages,
  personListName,
  type SupervisedPerson,
  supervisedPersonListQuery,
  supervisedPersonsScreenMessages as ui,
} from '@portal/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { firmOptionsQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { rosterKey } from '../../lib/roster';
import { usePageTitle } from '../../lib/use-page-title';
import { SupervisedPersonForm } from './supervised-person-form';
import { removeSupervisedPerson, rosterListQuery } from './supervised-persons-api';

const m = messages.supervisedPersons;
const ALL = 'all';

const personOf = (p: SupervisedPerson) => personListName(p);

const COLUMNS: DataTableColumn<SupervisedPerson>[] = [
  // Sorted by the Last Name column; two headers showing one ordering would read as two sorts.
  { label: ui.supervisedPerson, render: personOf },
  // Supervised Person says both names: a narrow screen can do without the two name columns.
  { label: ui.firstName, sortKey: 'first_name', visibleFrom: 'md', render: (p) => p.first_name },
  { label: ui.lastName, sortKey: 'last_name', visibleFrom: 'md', render: (p) => p.last_name },
  { label: ui.email, sortKey: 'email', visibleFrom: 'xs', render: (p) => p.email },
  { label: ui.firm, sortKey: 'firm_name', visibleFrom: 'sm', render: (p) => p.firm_name },
];

type Editing = { entry: SupervisedPerson | null } | null;

/**
 * The Supervised Persons manager: a super CCO's roster of every firm, and a firm CCO's
 * of their own firm (the firm filter is then fixed, as the server's scope is). Nobody's own row offers
 * Edit or Delete: another CCO or a super CCO keeps it.
 */
export function SupervisedPersonsPage() {
  usePageTitle('Supervised Persons');
  const actor = useCurrentUser();
  const superCco = isSuperCco(actor);
  const ownFirm = actor.profile._firm === null ? ALL : String(actor.profile._firm);
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const table = useListState({
    pageSize: 25,
    defaultOrdering: 'last_name',
    orderings: supervisedPersonListQuery.shape.ordering.unwrap().options,
    filters: { firm: { initial: ALL, allowed: (value) => value === ALL || /^[1-9]\d*$/.test(value) } },
  });
  const firm = superCco ? table.filters.firm : ownFirm;
  const list = useQuery(rosterListQuery({ ...table.params, firm: firm === ALL ? null : firm }));
  const firms = useQuery(firmOptionsQuery);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SupervisedPerson | null>(null);

  const remove = useMutation({
    mutationFn: (p: SupervisedPerson) => removeSupervisedPerson(p.id),
    onSuccess: () => {
      setDeleting(null);
      notifySuccess(m.removed);
    },
    onError: () => setDeleting(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });

  const keeps = (p: SupervisedPerson) => canManageRosterEntry(actor, { userId: p.user_id, firmId: p.firm_id });
  const actions: RowAction<SupervisedPerson>[] = [
    {
      label: ui.edit,
      icon: IconPencil,
      placement: 'inline',
      visible: keeps,
      onClick: (entry) => setEditing({ entry }),
    },
    { label: ui.delete, icon: IconTrash, placement: 'inline', color: 'red', visible: keeps, onClick: setDeleting },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{ui.supervisedPersons}</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ entry: null })}>
          {ui.addSupervisedPerson}
        </Button>
      </Group>

      <DataTable
        label={ui.supervisedPersons}
        state={table}
        query={list}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        rowLabel={personOf}
        search={{ label: ui.searchSupervisedPersons, placeholder: ui.searchByFirstNameLast }}
        filters={
          <Select
            aria-label={ui.firm}
            data={[...(superCco ? [{ value: ALL, label: ui.all }] : []), ...(firms.data ?? [])]}
            value={firm}
            onChange={(value) => table.setFilter('firm', value ?? ALL)}
            allowDeselect={false}
            disabled={!superCco}
            searchable={superCco}
            w={{ base: '100%', xs: 240 }}
            styles={{ input: { opacity: 1, color: 'var(--mantine-color-gray-8)' } }}
          />
        }
        emptyText={m.empty}
        actions={actions}
        showActionsHeader
        minWidth={760}
      />

      <Modal
        opened={editing !== null}
        fullScreen={phone}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={editing?.entry ? personOf(editing.entry) : ui.addSupervisedPerson}
      >
        {editing && (
          <SupervisedPersonForm
            key={editing.entry?.id ?? 'new'}
            entry={editing.entry}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDeleteModal
        name={deleting ? personOf(deleting) : null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
