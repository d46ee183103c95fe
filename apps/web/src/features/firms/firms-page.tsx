import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Firm, firmListQuery as firmListParams, messages, firmsScreenMessages as ui } from '@portal/domain';
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { firmsKey } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { FirmForm, type FirmFormMode } from './firm-form';
import { deleteFirm, firmListQuery } from './firms-api';

type Open = { mode: FirmFormMode; firm: Firm | null } | null;

const titleOf = (open: NonNullable<Open>) => (open.firm ? open.firm.name : 'New Firm');

const COLUMNS: DataTableColumn<Firm>[] = [
  { label: ui.firm, sortKey: 'name', render: (firm) => firm.name },
  { label: ui.street, sortKey: 'street', visibleFrom: 'sm', render: (firm) => firm.street },
  { label: ui.city, sortKey: 'city', visibleFrom: 'xs', render: (firm) => firm.city },
  { label: ui.state, sortKey: 'state', visibleFrom: 'sm', render: (firm) => firm.state },
  { label: ui.zipPostalCode, sortKey: 'zip_code', visibleFrom: 'md', render: (firm) => firm.zip_code },
];

/** The firms manager: a server-side list with search, sorting, the modal and deletion. */
export function FirmsPage() {
  usePageTitle('Firms');
  const queryClient = useQueryClient();
  // A long form on a phone reads better on the whole screen than in a floating box.
  const phone = useMediaQuery('(max-width: 36em)');
  const table = useListState({
    pageSize: 25,
    defaultOrdering: 'name',
    orderings: firmListParams.shape.ordering.unwrap().options,
  });
  const list = useQuery(firmListQuery(table.params));
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<Firm | null>(null);

  const remove = useMutation({
    mutationFn: (firm: Firm) => deleteFirm(firm.id),
    onSuccess: () => {
      setDeleting(null);
      notifySuccess(messages.firms.deleted);
    },
    // A 409 (the firm still has users) is toasted with the server's reason by the query client.
    onError: () => setDeleting(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmsKey }),
  });

  const actions: RowAction<Firm>[] = [
    { label: ui.view, icon: IconEye, placement: 'inline', onClick: (firm) => setOpen({ mode: 'view', firm }) },
    { label: ui.edit, icon: IconPencil, placement: 'inline', onClick: (firm) => setOpen({ mode: 'edit', firm }) },
    { label: ui.delete, icon: IconTrash, placement: 'inline', color: 'red', onClick: setDeleting },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{ui.firms}</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setOpen({ mode: 'create', firm: null })}
        >
          {ui.newFirm}
        </Button>
      </Group>

      <DataTable
        label={ui.firms}
        state={table}
        query={list}
        columns={COLUMNS}
        rowKey={(firm) => firm.id}
        rowLabel={(firm) => firm.name}
        search={{ label: ui.searchFirms, placeholder: ui.searchByNameOrAbbreviation }}
        emptyText={messages.firms.empty}
        actions={actions}
        showActionsHeader
        minWidth={720}
      />

      <Modal
        opened={open !== null}
        fullScreen={phone}
        onClose={() => setOpen(null)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={open ? titleOf(open) : ''}
        size="lg"
      >
        {open && (
          <FirmForm
            key={`${open.mode}-${open.firm?.id ?? 'new'}`}
            mode={open.mode}
            firm={open.firm}
            onEdit={() => setOpen({ mode: 'edit', firm: open.firm })}
            onDone={() => setOpen(null)}
          />
        )}
      </Modal>

      <ConfirmDeleteModal
        name={deleting?.name ?? null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
