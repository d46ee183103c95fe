import { Anchor, Badge, Group, Modal, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages, type Resource, type ResourceVersion, resourcesScreenMessages as ui } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useLocalTableState } from '../../components/data-table/use-local-table-state';
import { formatPortalDateTime } from '../../lib/dates';
import { versionListQuery } from './resources-api';

const m = messages.resources;
const c = m.versionColumns;

const COLUMNS: DataTableColumn<ResourceVersion>[] = [
  {
    label: c.version,
    nowrap: true,
    render: (v) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" span>
          {v.version}
        </Text>
        {v.is_current && (
          <Badge color="teal.9" variant="filled" tt="none">
            {m.current}
          </Badge>
        )}
      </Group>
    ),
  },
  {
    label: c.source,
    render: (v) => (
      <Anchor href={v.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {v.file_name ?? v.url}
        <VisuallyHidden> {m.opensInNewTab}</VisuallyHidden>
      </Anchor>
    ),
  },
  { label: m.acknowledgements, visibleFrom: 'sm', render: (v) => String(v.acknowledgements) },
  { label: c.uploadedBy, visibleFrom: 'sm', render: (v) => v.uploaded_by_name ?? '' },
  { label: c.uploadedAt, nowrap: true, visibleFrom: 'xs', render: (v) => formatPortalDateTime(v.uploaded_at) },
];

/** A resource's version history, newest first: each file or link it has been, kept on replacement. */
export function VersionsModal({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={resource !== null}
      onClose={onClose}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': ui.close }}
      title={resource ? m.versionsTitle(resource.name) : ''}
      size="xl"
    >
      {resource && <VersionsTable key={resource.id} id={resource.id} />}
    </Modal>
  );
}

function VersionsTable({ id }: { id: number }) {
  const table = useLocalTableState({ pageSize: 10, defaultOrdering: '-version' });
  const list = useQuery(versionListQuery(id, { page: table.page, page_size: table.pageSize }));
  return (
    <DataTable
      label={m.versions}
      state={table}
      query={list}
      columns={COLUMNS}
      rowKey={(v) => v.version}
      rowLabel={(v) => `${c.version} ${v.version}`}
      emptyText={m.acknowledgementsEmpty}
      minWidth={560}
    />
  );
}
