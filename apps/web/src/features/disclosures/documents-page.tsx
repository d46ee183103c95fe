import { Anchor, Badge, Button, Group, Modal, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  DISCLOSURE_KINDS,
  DISCLOSURE_VERSION_SORTS,
  type DisclosureVersion,
  isAdv,
  isSuperAdmin,
  messages,
  disclosuresScreenMessages as ui,
  wireDateToText,
} from '@portal/domain';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { formatBytes } from '../../lib/bytes';
import { useCurrentUser } from '../../lib/current-user';
import { formatDateTime, portalToday } from '../../lib/dates';
import { firmOptionsQuery, firmQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import classes from './disclosures.module.css';
import { deleteVersion, disclosureDeliveriesKey, disclosureDocumentsKey, versionListQuery } from './disclosures-api';
import { UploadForm } from './upload-form';

const m = messages.disclosures;
const c = m.columns;
const ALL = 'all';
const NONE = '';
const KIND_CHOICES = [
  { value: ALL, label: m.allKinds },
  ...DISCLOSURE_KINDS.map((k) => ({ value: k, label: m.kinds[k] })),
];

/** Current (what clients get now), upcoming (published, effective later), or neither (superseded). */
function VersionState({ version }: { version: DisclosureVersion }) {
  if (version.is_current)
    return (
      <Badge color="teal.9" variant="filled" tt="none">
        {m.current}
      </Badge>
    );
  if (version.effective_date > portalToday())
    return (
      <Badge color="blue.8" variant="light" tt="none">
        {m.upcoming}
      </Badge>
    );
  return null;
}

/** The PDF, opened in the browser's viewer in a new tab, and its size. */
function FileLink({ version: v }: { version: DisclosureVersion }) {
  return (
    <Stack gap={0}>
      <Anchor href={v.file_url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {v.file_name}
        <VisuallyHidden> {m.opensInNewTab}</VisuallyHidden>
      </Anchor>
      <Text size="xs" c="gray.8">
        {formatBytes(v.size)}
      </Text>
    </Stack>
  );
}

const COLUMNS: DataTableColumn<DisclosureVersion>[] = [
  {
    label: c.document,
    sortKey: 'kind',
    render: (v) => (
      <Group gap={6} wrap="wrap">
        <Text size="sm" span>
          {v.title}
        </Text>
        <VersionState version={v} />
        <div className={classes.phoneOnly}>
          <FileLink version={v} />
        </div>
      </Group>
    ),
  },
  { label: c.effectiveDate, sortKey: 'effective_date', nowrap: true, render: (v) => wireDateToText(v.effective_date) },
  {
    label: c.materialChange,
    visibleFrom: 'sm',
    render: (v) => (isAdv(v.kind) ? (v.material_change ? m.yes : m.no) : ''),
  },
  { label: c.file, visibleFrom: 'xs', render: (v) => <FileLink version={v} /> },
  { label: c.uploadedBy, visibleFrom: 'md', render: (v) => v.uploaded_by_name ?? '' },
  {
    label: c.uploadedAt,
    sortKey: 'uploaded_at',
    nowrap: true,
    visibleFrom: 'sm',
    render: (v) => formatDateTime(v.uploaded_at),
  },
];

/**
 * Disclosure Documents: a firm's Form ADV Part 2A, Part 2B and Form CRS versions, the
 * current one marked, an upload, and the delete of a version nobody has received (one delivered stays
 * as proof of delivery: the server refuses with its reason). A super admin picks the firm; a firm
 * administrator sees their own.
 */
export function DisclosureDocumentsPage() {
  usePageTitle(m.documentsTitle);
  const actor = useCurrentUser();
  const superAdmin = isSuperAdmin(actor);
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const table = useListState({
    pageSize: 25,
    defaultOrdering: '-effective_date',
    orderings: DISCLOSURE_VERSION_SORTS,
    filters: {
      firm: { initial: NONE, allowed: (value) => /^[1-9]\d*$/.test(value) },
      kind: { initial: ALL, allowed: [ALL, ...DISCLOSURE_KINDS] },
    },
  });
  const firmText = superAdmin ? table.filters.firm : String(actor.profile._firm ?? NONE);
  const firmId = firmText === NONE ? null : Number(firmText);
  const firms = useQuery({ ...firmOptionsQuery, enabled: superAdmin });
  const firm = useQuery({ ...firmQuery(firmId ?? 0), enabled: firmId !== null });
  const list = useQuery({
    ...versionListQuery({
      firm: firmId,
      kind: table.filters.kind === ALL ? null : table.filters.kind,
      page: table.page,
      page_size: table.pageSize,
      ordering: table.ordering,
    }),
    enabled: firmId !== null,
  });
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<DisclosureVersion | null>(null);

  const remove = useMutation({
    mutationFn: (v: DisclosureVersion) => deleteVersion(v.id),
    onSuccess: () => notifySuccess(m.deleted),
    // A delivered version (409) is toasted with the server's reason by the query client.
    onSettled: () => {
      setDeleting(null);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: disclosureDocumentsKey }),
        queryClient.invalidateQueries({ queryKey: disclosureDeliveriesKey }),
      ]);
    },
  });

  const actions: RowAction<DisclosureVersion>[] = [
    {
      label: messages.lists.delete,
      icon: IconTrash,
      placement: 'inline',
      color: 'red',
      visible: (v) => v.deliveries === 0,
      onClick: setDeleting,
    },
  ];
  const firmName = firm.data?.name ?? '';
  const links = list.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{m.documentsTitle}</Title>
        {firmId !== null && (
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
            {m.uploadTitle}
          </Button>
        )}
      </Group>

      {superAdmin && (
        <Select
          label={m.firmLabel}
          placeholder={m.chooseFirm}
          searchable
          data={firms.data ?? []}
          value={firmText || null}
          onChange={(value) => table.setFilter('firm', value ?? NONE)}
          maw={{ sm: 420 }}
        />
      )}

      {firmId === null ? (
        <Text c="gray.8">{m.chooseFirmToManage}</Text>
      ) : (
        <>
          {links && (
            <Text size="sm" c="gray.8">
              {m.firmLinks} {m.formAdvLink}: {links.form_adv_url ? <ExternalLink url={links.form_adv_url} /> : m.noLink}
              ; {m.formCrsLink}: {links.form_crs_url ? <ExternalLink url={links.form_crs_url} /> : m.noLink}
            </Text>
          )}
          <DataTable
            label={firmName ? `${m.documentsTitle}, ${firmName}` : m.documentsTitle}
            state={table}
            query={list}
            columns={COLUMNS}
            rowKey={(v) => v.id}
            rowLabel={(v) => `${v.title} ${wireDateToText(v.effective_date)}`}
            filters={
              <Select
                label={m.kindLabel}
                data={KIND_CHOICES}
                value={table.filters.kind}
                allowDeselect={false}
                onChange={(value) => table.setFilter('kind', value ?? ALL)}
                w={{ base: '100%', xs: 240 }}
              />
            }
            emptyText={m.noVersions}
            actions={actions}
            minWidth={760}
          />
        </>
      )}

      <Modal
        opened={uploading && firmId !== null}
        fullScreen={phone}
        onClose={() => setUploading(false)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={firmName ? m.uploadFor(firmName) : m.uploadTitle}
      >
        {firmId !== null && <UploadForm firm={firmId} onDone={() => setUploading(false)} />}
      </Modal>

      <ConfirmModal
        opened={deleting !== null}
        title={m.deleteTitle}
        question={deleting ? m.deleteQuestion(deleting.title, wireDateToText(deleting.effective_date)) : ''}
        confirmLabel={messages.lists.delete}
        dismissLabel={messages.lists.cancel}
        color="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}

function ExternalLink({ url }: { url: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {url}
      <VisuallyHidden> {m.opensInNewTab}</VisuallyHidden>
    </Anchor>
  );
}
