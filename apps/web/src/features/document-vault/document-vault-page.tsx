import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CLIENT_DOCUMENT_MAX_LABEL,
  type ClientDocument,
  canRemoveClientDocument,
  canUploadToClientVault,
  isClient,
  clientDocumentListQuery as listParams,
  messages,
  documentVaultScreenMessages as ui,
} from '@portal/domain';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientPicker } from '../../components/client-picker';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { formatBytes } from '../../lib/bytes';
import { useCurrentUser } from '../../lib/current-user';
import { formatPortalDateTime } from '../../lib/dates';
import { downloadFile } from '../../lib/download';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { clientDocumentListQuery, clientDocumentsKey, removeClientDocument } from './document-vault-api';
import { UploadDocumentForm } from './upload-document-form';

const m = messages.clientDocuments;

const COLUMNS: DataTableColumn<ClientDocument>[] = [
  { label: m.columns.file_name, sortKey: 'file_name', render: (d) => d.file_name },
  { label: m.columns.category, sortKey: 'category', visibleFrom: 'sm', render: (d) => m.categories[d.category] },
  { label: m.columns.description, visibleFrom: 'md', render: (d) => d.description },
  {
    label: m.columns.uploaded_by_name,
    sortKey: 'uploaded_by_name',
    visibleFrom: 'sm',
    render: (d) => d.uploaded_by_name,
  },
  {
    label: m.columns.uploaded_at,
    sortKey: 'uploaded_at',
    nowrap: true,
    render: (d) => formatPortalDateTime(d.uploaded_at),
  },
  { label: m.columns.size, sortKey: 'size', visibleFrom: 'md', nowrap: true, render: (d) => formatBytes(d.size) },
];

/**
 * The Document Vault: a client's documents, exchanged with their advisor. A client sees
 * their own; an advisor (or a firm administrator, who reads only) picks the client first. Downloads go
 * through the API (an audit event each) as attachments.
 */
export function DocumentVaultPage() {
  usePageTitle(m.title);
  const actor = useCurrentUser();
  const self = isClient(actor);
  const phone = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const table = useListState({
    pageSize: 25,
    defaultOrdering: '-uploaded_at',
    orderings: listParams.shape.ordering.unwrap().options,
    filters: { client: { initial: '', allowed: (value) => value === '' || /^[1-9]\d{0,9}$/.test(value) } },
  });
  const clientId = self ? actor.id : Number(table.filters.client) || null;
  const list = useQuery({
    ...clientDocumentListQuery({ ...table.params, client: clientId }),
    enabled: clientId !== null,
  });
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<ClientDocument | null>(null);

  const remove = useMutation({
    mutationFn: (doc: ClientDocument) => removeClientDocument(doc.id),
    onSuccess: () => {
      setRemoving(null);
      notifySuccess(m.removed);
    },
    onError: () => setRemoving(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientDocumentsKey }),
  });

  // A refusal (the document was removed meanwhile) is toasted by the query client like any call's.
  const download = useMutation({ mutationFn: (doc: ClientDocument) => downloadFile(doc.download_url, doc.file_name) });

  const actions: RowAction<ClientDocument>[] = [
    {
      label: m.download,
      icon: IconDownload,
      placement: 'inline',
      disabled: (doc) => download.isPending && download.variables?.id === doc.id,
      onClick: (doc) => download.mutate(doc),
    },
    {
      label: m.remove,
      icon: IconTrash,
      color: 'red',
      placement: 'menu',
      visible: (doc) => canRemoveClientDocument(actor, doc),
      onClick: setRemoving,
    },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>{m.title}</Title>
      <Text>{self ? m.intro : m.staffIntro}</Text>
      {!self && (
        <ClientPicker
          actor={actor}
          value={clientId}
          onChange={(id) => table.setFilter('client', id === null ? '' : String(id))}
        />
      )}
      {!self && !canUploadToClientVault(actor) && <Text size="sm">{m.readOnly}</Text>}
      {clientId === null ? (
        <Text>{m.chooseClientFirst}</Text>
      ) : (
        <>
          {canUploadToClientVault(actor) && (
            <Group justify="space-between" align="center">
              <Text size="sm" c="gray.8">
                {m.fileHint(CLIENT_DOCUMENT_MAX_LABEL)}
              </Text>
              <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
                {m.upload}
              </Button>
            </Group>
          )}
          <DataTable
            label={m.title}
            state={table}
            query={list}
            columns={COLUMNS}
            rowKey={(d) => d.id}
            rowLabel={(d) => d.file_name}
            search={{ label: ui.searchDocuments, placeholder: m.searchPlaceholder }}
            emptyText={m.empty}
            actions={actions}
            minWidth={760}
          />
        </>
      )}

      <Modal
        opened={uploading && clientId !== null}
        fullScreen={phone}
        onClose={() => setUploading(false)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={m.uploadTitle}
      >
        {clientId !== null && <UploadDocumentForm client={clientId} onDone={() => setUploading(false)} />}
      </Modal>

      <ConfirmModal
        opened={removing !== null}
        title={m.removeTitle}
        question={removing ? m.removeQuestion(removing.file_name) : ''}
        confirmLabel={m.remove}
        dismissLabel={messages.lists.cancel}
        color="red"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Stack>
  );
}
