import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type FirmLink,
  firmLinkListQuery as listParams,
  messages,
  firmLinksScreenMessages as ui,
} from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useEditRemove } from '../../components/edit-remove';
import { useFirmSetupList } from '../../components/firm-setup-list';
import { firmLinksKey } from '../../lib/menu';
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

/**
 * Firm Links: the links a firm's people see in their menus, kept by its administrators;
 * a super admin picks the firm.
 */
export function FirmLinksPage() {
  usePageTitle(m.title);
  const { table, firm, picker } = useFirmSetupList({
    defaultOrdering: 'kind',
    orderings: listParams.shape.ordering.unwrap().options,
  });
  const phone = useMediaQuery('(max-width: 36em)');
  const list = useQuery({ ...firmLinkListQuery({ ...table.params, firm }), enabled: firm !== null });
  const { editing, setEditing, removing, setRemoving, remove, actions } = useEditRemove(
    (link: FirmLink) => deleteFirmLink(link.id),
    firmLinksKey,
    m.deleted,
  );

  return (
    <Stack gap="md">
      <Title order={1}>{m.title}</Title>
      <Text>{m.intro}</Text>
      {picker}
      {firm !== null && (
        <>
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ row: null })}>
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
            search={{ label: ui.searchLinks, placeholder: ui.searchByLabelOrAddress }}
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
        closeButtonProps={{ 'aria-label': ui.close }}
        title={editing?.row ? m.editTitle : m.addTitle}
      >
        {editing && firm !== null && (
          <FirmLinkForm key={editing.row?.id ?? 'new'} firm={firm} link={editing.row} onDone={() => setEditing(null)} />
        )}
      </Modal>

      <ConfirmModal
        opened={removing !== null}
        title={m.removeTitle}
        question={removing ? m.deleteQuestion(removing.label) : ''}
        confirmLabel={ui.remove}
        dismissLabel={messages.lists.cancel}
        color="red"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Stack>
  );
}
