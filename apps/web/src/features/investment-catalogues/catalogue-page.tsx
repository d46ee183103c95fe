import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  feeScheduleListQuery,
  investmentModelListQuery,
  messages,
  investmentCataloguesScreenMessages as ui,
} from '@portal/domain';
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { formatDate } from '../../lib/dates';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { CatalogueForm, type CatalogueText, type FormMode } from './catalogue-form';
import {
  type CatalogueEntry,
  type CataloguePath,
  catalogueListQuery,
  cataloguesKey,
  deleteEntry,
} from './catalogues-api';

interface CatalogueScreen {
  path: CataloguePath;
  orderings: readonly string[];
  text: CatalogueText & { title: string; deleted: string; empty: string; newButton: string; searchBy: string };
}

type Open = { mode: FormMode; entry: CatalogueEntry | null } | null;

const columnsOf = (nameLabel: string): DataTableColumn<CatalogueEntry>[] => [
  { label: nameLabel, sortKey: 'name', render: (e) => e.name },
  { label: ui.createdDate, sortKey: 'created_date', visibleFrom: 'xs', render: (e) => formatDate(e.created_date) },
  {
    label: ui.lastModifiedDate,
    sortKey: 'last_modified_date',
    visibleFrom: 'sm',
    render: (e) => formatDate(e.last_modified_date),
  },
];

/** The Models and Fee Schedules managers: search, New, the table, the modal and the delete warning. */
function CataloguePage({ path, orderings, text: t }: CatalogueScreen) {
  usePageTitle(t.title);
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const table = useListState({ pageSize: 25, defaultOrdering: 'name', orderings });
  const list = useQuery(catalogueListQuery(path, table.params));
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<CatalogueEntry | null>(null);

  const remove = useMutation({
    mutationFn: (entry: CatalogueEntry) => deleteEntry(path, entry.id),
    onSuccess: () => {
      setDeleting(null);
      notifySuccess(t.deleted);
    },
    // An entry in use (409) is toasted with the server's reason by the query client.
    onError: () => setDeleting(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cataloguesKey }),
  });

  // Each icon acts on the row it sits in (the seed's fee schedule view passed another object).
  const actions: RowAction<CatalogueEntry>[] = [
    { label: ui.view, icon: IconEye, placement: 'inline', onClick: (entry) => setOpen({ mode: 'view', entry }) },
    { label: ui.edit, icon: IconPencil, placement: 'inline', onClick: (entry) => setOpen({ mode: 'edit', entry }) },
    { label: ui.delete, icon: IconTrash, placement: 'inline', color: 'red', onClick: setDeleting },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{t.title}</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setOpen({ mode: 'create', entry: null })}
        >
          {t.newButton}
        </Button>
      </Group>

      <DataTable
        label={t.title}
        state={table}
        query={list}
        columns={columnsOf(t.nameLabel)}
        rowKey={(e) => e.id}
        rowLabel={(e) => e.name}
        search={{ label: messages.commonScreen.searchIn(t.title), placeholder: t.searchBy }}
        emptyText={t.empty}
        actions={actions}
        showActionsHeader
        minWidth={560}
      />

      <Modal
        opened={open !== null}
        fullScreen={phone}
        onClose={() => setOpen(null)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={open?.entry ? open.entry.name : t.newButton}
      >
        {open && (
          <CatalogueForm
            key={`${open.mode}-${open.entry?.id ?? 'new'}`}
            path={path}
            text={t}
            mode={open.mode}
            entry={open.entry}
            onEdit={() => setOpen({ mode: 'edit', entry: open.entry })}
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

const searchBy = 'Search by name or firm...';

export function ModelsPage() {
  return (
    <CataloguePage
      path="investment_models"
      orderings={investmentModelListQuery.shape.ordering.unwrap().options}
      text={{ ...messages.investmentModels, searchBy }}
    />
  );
}

export function FeeSchedulesPage() {
  return (
    <CataloguePage
      path="fee_schedules"
      orderings={feeScheduleListQuery.shape.ordering.unwrap().options}
      text={{ ...messages.feeSchedules, searchBy }}
    />
  );
}
