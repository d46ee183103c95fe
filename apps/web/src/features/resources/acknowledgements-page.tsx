import { Anchor, Box, Flex, Stack, Text, Title } from '@mantine/core';
import {
  ACKNOWLEDGEMENT_SORTS,
  ACKNOWLEDGEMENT_STATUSES,
  type AcknowledgementRow,
  messages,
  personListName,
  wireDateToText,
} from '@portal/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../app/shell/not-found-page';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { SegmentedFilter } from '../../components/data-table/segmented-filter';
import { useListState } from '../../components/data-table/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { acknowledgementListQuery, resourceQuery } from './resources-api';
import { ResourcesSideMenu } from './resources-page';

const m = messages.resources;
const c = m.acknowledgementColumns;

const COLUMNS: DataTableColumn<AcknowledgementRow>[] = [
  { label: c.last, sortKey: 'last_name', render: (r) => r.last_name ?? '' },
  { label: c.first, sortKey: 'first_name', render: (r) => r.first_name ?? '' },
  { label: c.email, sortKey: 'email', visibleFrom: 'sm', render: (r) => r.email },
  {
    label: c.acknowledgedOn,
    sortKey: 'acknowledged_on',
    nowrap: true,
    render: (r) => (r.acknowledged_on ? wireDateToText(r.acknowledged_on) : m.acknowledgementStatus.pending),
  },
  { label: c.lastVersion, visibleFrom: 'md', render: (r) => (r.last_version === null ? '' : String(r.last_version)) },
];

const STATUS_CHOICES = ACKNOWLEDGEMENT_STATUSES.map((s) => ({ value: s, label: m.acknowledgementStatus[s] }));

/**
 * Who on the firm's staff has not acknowledged the current version of a Compliance document (Rule
 * 204A-1): for the CCO (a super CCO any firm's) and administrators, paged and searched on the server.
 */
export function AcknowledgementsPage() {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? <AcknowledgementsReport key={id} id={id} /> : <NotFoundPage />;
}

export function AcknowledgementsReport({ id }: { id: number }) {
  const resource = useQuery(resourceQuery(id));
  const name = resource.data?.name ?? '';
  usePageTitle(resource.data ? m.acknowledgementsTitle(name) : m.acknowledgements);
  const table = useListState({
    pageSize: 25,
    defaultOrdering: 'last_name',
    orderings: ACKNOWLEDGEMENT_SORTS.flatMap((s) => [s, `-${s}`]),
    filters: { status: { initial: 'pending', allowed: ACKNOWLEDGEMENT_STATUSES } },
  });
  const list = useQuery(acknowledgementListQuery(id, table.params));
  const version = list.data?.version ?? resource.data?.version;

  return (
    <Flex direction={{ base: 'column', sm: 'row' }} gap="lg" align="flex-start">
      <Box w={{ base: '100%', sm: 220 }} style={{ flex: 'none' }}>
        <ResourcesSideMenu active="compliance" />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }} w="100%">
        <Stack gap="md">
          <Anchor component={Link} to="/resources/compliance" size="sm">
            <IconArrowLeft size={14} aria-hidden /> {m.returnToResources}
          </Anchor>
          <Title order={1}>{resource.data ? m.acknowledgementsTitle(name) : m.acknowledgements}</Title>
          {version !== undefined && <Text size="sm">{m.acknowledgementsIntro(version)}</Text>}
          <DataTable
            label={m.acknowledgements}
            state={table}
            query={list}
            columns={COLUMNS}
            rowKey={(r) => r.user}
            rowLabel={personListName}
            search={{ label: m.staffSearchLabel, placeholder: m.staffSearchPlaceholder }}
            filters={
              <SegmentedFilter
                label={m.statusLabel}
                value={table.filters.status}
                onChange={(value) => table.setFilter('status', value)}
                data={STATUS_CHOICES}
              />
            }
            emptyText={m.acknowledgementsEmpty}
            minWidth={640}
          />
        </Stack>
      </Box>
    </Flex>
  );
}
