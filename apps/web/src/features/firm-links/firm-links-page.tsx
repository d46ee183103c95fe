import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FirmLink, firmLinkListQuery as listParams, messages } from '@portal/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useFirmSetupList } from '../../components/firm-setup-list';
import { firmLinksKey } from '../../lib/menu';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { FirmLinkForm } from './firm-link-form';
import { deleteFirmLink, firmLinkListQuery } from './firm-links-api';

const m = messages.firmLinks;

const COLUMNS: DataTableColumn<FirmLink>[] = [
  { label: m.columns.kind, sortKey: 'kind', visibleFrom: 'sm', render: (l) => m.kinds[l.kind] },
  { label: m.columns.label, sortKey: 'label', render: (l) => l.label },
  {
    label: m.columns.url,
    visibleFrom: 'xs',
    render: (l) => (
      <>
        <Anchor href={l.url} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
          {l.url}
        </Anchor>
        {l.service_provider && (
          <Text size="sm" c="dimmed">
            {messages.sso.linkLabel}: {l.service_provider}
          </Text>
        )}
      </>
    ),
  },
];

type Editing = { link: FirmLink | null } | null;

/**
 * Firm Links (issue 11 §4): the links a firm's people see in their menus, kept by its administrators;
 * a super admin picks the firm.
 */
export function FirmLinksPage() {
  usePageTitle(m.title);
  const { table, firm, picker } = useFirmSetupList({
    defaultOrdering: 'kind',
    orderings: listParams.shape.ordering.unwrap().options,
  });
  const phone = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const list = useQuery({ ...firmLinkListQuery({ ...table.params, firm }), enabled: firm !== null });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<FirmLink | null>(null);

  const remove = useMutation({
    mutationFn: (link: FirmLink) => deleteFirmLink(link.id),
    onSuccess: () => {
      setRemoving(null);
      notifySuccess(m.deleted);
    },
    onError: () => setRemoving(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmLinksKey }),
  });

  const actions: RowAction<FirmLink>[] = [
    { label: 'Edit', icon: IconPencil, placement: 'inline', onClick: (link) => setEditing({ link }) },
    { label: 'Remove', icon: IconTrash, color: 'red', placement: 'menu', onClick: setRemoving },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>{m.title}</Title>
      <Text>{m.intro}</Text>
      {picker}
      {firm !== null && (
        <>
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ link: null })}>
              {m.add}
            </Button>
          </Group>
          <DataTable
            label={m.title}
            state={table}
            query={list}
            columns={COLUMNS}
            rowKey={(l) => l.id}
            rowLabel={(l) => l.label}
            search={{ label: 'Search links', placeholder: 'Search by label or address' }}
            emptyText={m.empty}
            actions={actions}
            minWidth={640}
          />
        </>
      )}

      <Modal
        opened={editing !== null && firm !== null}
        fullScreen={phone}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing?.link ? m.editTitle : m.addTitle}
      >
        {editing && firm !== null && (
          <FirmLinkForm
            key={editing.link?.id ?? 'new'}
            firm={firm}
            link={editing.link}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmModal
        opened={removing !== null}
        title={m.removeTitle}
        question={removing ? m.deleteQuestion(removing.label) : ''}
        confirmLabel="Remove"
        dismissLabel={messages.lists.cancel}
        color="red"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Stack>
  );
}
