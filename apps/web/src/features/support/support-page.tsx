import { Button, Group, Select, Stack, Title } from '@mantine/core';
import {
  caseStatuses,
  isSupportHandler,
  messages,
  PRAYER_REQUEST,
  type SupportTicketListItem,
  supportTicketListQuery,
  supportScreenMessages as ui,
} from '@portal/domain';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { formatPortalDateTime } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';
import { CaseModal } from './case-modal';
import classes from './support.module.css';
import { caseListQuery } from './support-api';

const m = messages.support;
const c = m.columns;
const ALL = 'all';
/** The case a mailed link opens: `?case={Id}`. */
const CASE = 'case';

const caseIdOf = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The list's columns, dates as MM/DD/YYYY hh:mm A on the portal's clock. */
const COLUMNS: DataTableColumn<SupportTicketListItem>[] = [
  { label: c.CaseNumber, sortKey: 'CaseNumber', nowrap: true, render: (r) => r.CaseNumber },
  { label: c.Subject, sortKey: 'Subject', render: (r) => <span className={classes.subject}>{r.Subject}</span> },
  { label: c.Status, sortKey: 'Status', visibleFrom: 'xs', render: (r) => r.Status },
  { label: c.Category__c, sortKey: 'Category__c', visibleFrom: 'sm', render: (r) => r.Category__c },
  { label: c.Type, sortKey: 'Type', visibleFrom: 'md', render: (r) => r.Type },
  { label: c.Priority, sortKey: 'Priority', visibleFrom: 'md', render: (r) => r.Priority },
  {
    label: c.CreatedDate,
    sortKey: 'CreatedDate',
    nowrap: true,
    visibleFrom: 'sm',
    render: (r) => formatPortalDateTime(r.CreatedDate),
  },
  {
    label: c.ClosedDate,
    sortKey: 'ClosedDate',
    nowrap: true,
    visibleFrom: 'md',
    render: (r) => formatPortalDateTime(r.ClosedDate),
  },
];

/** The handlers also see who opened each case. */
const SUBMITTER: DataTableColumn<SupportTicketListItem> = {
  label: c.SuppliedName,
  visibleFrom: 'md',
  render: (r) => r.SuppliedName,
};

interface SupportScreen {
  title: string;
  /** Prayer Requests: the same screen with the category preset and filtered. */
  category: string | null;
}

/**
 * Cases (support tickets): a staff member's own cases, or the firm's for its handlers;
 * search, status filter, server paging and sorting; 'New' and each row open the case's modal, with its
 * conversation.
 */
function SupportPage({ title, category }: SupportScreen) {
  usePageTitle(title);
  const actor = useCurrentUser();
  const handler = isSupportHandler(actor);
  const table = useListState({
    pageSize: 25,
    defaultOrdering: '-CreatedDate',
    orderings: supportTicketListQuery.shape.ordering.unwrap().options,
    filters: { status: { initial: ALL, allowed: [ALL, ...caseStatuses] } },
  });
  const { status } = table.filters;
  const list = useQuery(
    caseListQuery<SupportTicketListItem>({ ...table.params, status: status === ALL ? null : status, category }),
  );
  const [creating, setCreating] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const opened = caseIdOf(searchParams.get(CASE));
  const setOpened = useCallback(
    (id: number | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(CASE);
          else next.set(CASE, String(id));
          return next;
        },
        // Closing it takes the address back rather than adding a step to Back.
        { replace: id === null },
      ),
    [setSearchParams],
  );
  const close = useCallback(() => {
    setCreating(false);
    setOpened(null);
  }, [setOpened]);

  const actions: RowAction<SupportTicketListItem>[] = [
    { label: ui.view, icon: IconEye, placement: 'inline', onClick: (r) => setOpened(r.Id) },
  ];
  const filters = (
    <Select
      aria-label={m.labels.Status}
      data={[{ value: ALL, label: m.allStatuses }, ...caseStatuses]}
      value={status}
      onChange={(value) => table.setFilter('status', value ?? ALL)}
      allowDeselect={false}
      w={{ base: '100%', xs: 220 }}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{title}</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {m.newButton}
        </Button>
      </Group>
      <DataTable
        label={title}
        state={table}
        query={list}
        columns={handler ? [...COLUMNS.slice(0, 2), SUBMITTER, ...COLUMNS.slice(2)] : COLUMNS}
        rowKey={(r) => r.Id}
        rowLabel={(r) => `${r.CaseNumber} ${r.Subject}`}
        search={{ label: messages.commonScreen.searchIn(title), placeholder: m.searchPlaceholder }}
        filters={filters}
        emptyText={m.empty}
        actions={actions}
        showActionsHeader
        minWidth={960}
      />
      <CaseModal open={creating ? 'new' : opened} handler={handler} presetCategory={category} onClose={close} />
    </Stack>
  );
}

export function HelpRequestsPage() {
  return <SupportPage title={m.listTitle} category={null} />;
}

export function PrayerRequestsPage() {
  return <SupportPage title={m.prayerTitle} category={PRAYER_REQUEST} />;
}
