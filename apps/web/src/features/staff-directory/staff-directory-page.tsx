import { Modal, Select, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  canEditDirectory,
  directoryName,
  type Employee,
  employeeListQuery as employeeListParams,
  isSuperAdmin,
  messages,
  staffDirectoryScreenMessages as ui,
} from '@portal/domain';
import { IconEye, IconPencil, IconUserMinus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { firmOptionsQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { MemberForm, type MemberFormMode } from './member-form';
import { employeeListQuery, employeesKey, removeEmployee } from './staff-directory-api';

const m = messages.employees;
const ALL = 'all';

const COLUMNS: DataTableColumn<Employee>[] = [
  { label: ui.member, sortKey: 'Name', render: directoryName },
  { label: ui.company, visibleFrom: 'sm', render: (e) => e.FirmId__r.Name },
  { label: ui.phone, visibleFrom: 'md', render: (e) => e.WorkPhone__c },
  { label: ui.mobile, visibleFrom: 'md', render: (e) => e.Mobile_Phone__c },
  { label: ui.email, visibleFrom: 'xs', render: (e) => e.WorkEmail__c },
];

type Open = { mode: MemberFormMode; member: Employee } | null;

/**
 * The Staff Directory: the firm's staff, searched by the server; the row menu (view,
 * edit, remove) only for managers. A super admin sees every firm and may narrow to one.
 */
export function StaffDirectoryPage() {
  usePageTitle('Staff Directory');
  const actor = useCurrentUser();
  const manager = canEditDirectory(actor);
  const superAdmin = isSuperAdmin(actor);
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const table = useListState({
    pageSize: 25,
    defaultOrdering: 'Name',
    orderings: employeeListParams.shape.ordering.unwrap().options,
    filters: { firm: { initial: ALL, allowed: (value) => value === ALL || /^[1-9]\d*$/.test(value) } },
  });
  const firm = superAdmin ? table.filters.firm : ALL;
  const list = useQuery(employeeListQuery({ ...table.params, firm: firm === ALL ? null : firm }));
  const firms = useQuery({ ...firmOptionsQuery, enabled: superAdmin });
  const [open, setOpen] = useState<Open>(null);
  const [removing, setRemoving] = useState<Employee | null>(null);

  const remove = useMutation({
    mutationFn: (member: Employee) => removeEmployee(member.Id),
    onSuccess: () => {
      setRemoving(null);
      notifySuccess(m.removed);
    },
    onError: () => setRemoving(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeesKey }),
  });

  const actions: RowAction<Employee>[] = manager
    ? [
        {
          label: ui.viewMember,
          icon: IconEye,
          placement: 'menu',
          onClick: (member) => setOpen({ mode: 'view', member }),
        },
        {
          label: ui.editMember,
          icon: IconPencil,
          placement: 'menu',
          onClick: (member) => setOpen({ mode: 'edit', member }),
        },
        { label: ui.remove, icon: IconUserMinus, placement: 'menu', color: 'red', onClick: setRemoving },
      ]
    : [];

  return (
    <Stack gap="md">
      <Title order={1}>{ui.staffDirectory}</Title>

      <DataTable
        label={ui.staffDirectory}
        state={table}
        query={list}
        columns={COLUMNS}
        rowKey={(e) => e.Id}
        rowLabel={directoryName}
        search={{ label: ui.searchStaff, placeholder: m.searchPlaceholder }}
        filters={
          superAdmin ? (
            <Select
              aria-label={ui.firm}
              data={[{ value: ALL, label: ui.allFirms }, ...(firms.data ?? [])]}
              value={firm}
              onChange={(value) => table.setFilter('firm', value ?? ALL)}
              allowDeselect={false}
              searchable
              w={{ base: '100%', xs: 240 }}
            />
          ) : undefined
        }
        emptyText={m.empty}
        actions={actions}
        minWidth={720}
      />

      <Modal
        opened={open !== null}
        fullScreen={phone}
        onClose={() => setOpen(null)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={open ? (open.mode === 'edit' ? m.editTitle : directoryName(open.member)) : ''}
        size="lg"
      >
        {open && (
          <MemberForm
            key={`${open.mode}-${open.member.Id}`}
            mode={open.mode}
            member={open.member}
            onEdit={() => setOpen({ mode: 'edit', member: open.member })}
            onDone={() => setOpen(null)}
          />
        )}
      </Modal>

      <ConfirmModal
        opened={removing !== null}
        title={m.removeTitle}
        question={removing ? m.removeConfirm(directoryName(removing)) : ''}
        confirmLabel={ui.remove}
        dismissLabel={ui.cancel}
        color="red"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Stack>
  );
}
