import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type DeliverResponse,
  type DeliveryCell,
  DISCLOSURE_DELIVERY_SORTS,
  DISCLOSURE_DELIVERY_STATUS_FILTERS,
  DISCLOSURE_KINDS,
  type DisclosureDeliveryRow,
  messages,
  personListName,
  seesEveryFirmsDisclosures,
  wireDateToText,
} from '@portal/domain';
import { IconMailForward, IconReceipt } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { SegmentedFilter } from '../../components/data-table/segmented-filter';
import { pageParamsOf, useListState } from '../../components/data-table/use-list-state';
import { ExportButton } from '../../components/export-button';
import { useCurrentUser } from '../../lib/current-user';
import { firmOptionsQuery, firmQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { cellText, hasReceipt, owesSomething } from './delivery-cells';
import { DeliveryStatusBadge } from './delivery-status-badge';
import classes from './disclosures.module.css';
import { deliver, deliveryListQuery, disclosureDeliveriesKey, exportPath } from './disclosures-api';
import { ReceiptsDrawer } from './receipts-drawer';

const m = messages.disclosures;
const c = m.columns;
const ALL = 'all';
const STATUS_CHOICES = [
  { value: ALL, label: m.allStatuses },
  ...DISCLOSURE_DELIVERY_STATUS_FILTERS.map((s) => ({ value: s, label: m.statuses[s] })),
];

/** "Doe, Jane" as the Client column shows it; the address when the account has no name. */
export const clientOf = (r: Pick<DisclosureDeliveryRow, 'first_name' | 'last_name' | 'email'>) => personListName(r);

function Cell({ cell }: { cell: DeliveryCell }) {
  const { status, lines } = cellText(cell);
  return (
    <Stack gap={2} align="flex-start">
      <DeliveryStatusBadge status={status} />
      {lines.map((line) => (
        <Text key={line} size="xs" c="gray.8">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

const documentColumns: DataTableColumn<DisclosureDeliveryRow>[] = DISCLOSURE_KINDS.map((kind) => ({
  label: m.kinds[kind],
  visibleFrom: 'xs',
  render: (r) => <Cell cell={r[kind]} />,
}));

/** On a phone, the client's cell names what they owe (the document columns are left out there). */
function PhoneDocuments({ row }: { row: DisclosureDeliveryRow }) {
  return (
    <Stack gap={2} className={classes.phoneOnly}>
      {DISCLOSURE_KINDS.filter((kind) => row[kind].status !== 'none').map((kind) => {
        const { label, lines } = cellText(row[kind]);
        return (
          <Text key={kind} size="xs" c="gray.8">
            {m.kinds[kind]}: {[label, ...lines].join(', ')}
          </Text>
        );
      })}
    </Stack>
  );
}

const COLUMNS: DataTableColumn<DisclosureDeliveryRow>[] = [
  {
    label: c.client,
    sortKey: 'last_name',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{clientOf(r)}</Text>
        <Text size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
          {r.email}
        </Text>
        <PhoneDocuments row={r} />
      </Stack>
    ),
  },
  { label: c.status, sortKey: 'status', nowrap: true, render: (r) => <DeliveryStatusBadge status={r.status} /> },
  { label: c.firm, sortKey: 'firm_name', visibleFrom: 'md', render: (r) => r.firm_name },
  { label: c.advisor, visibleFrom: 'md', render: (r) => r.advisor_name ?? '' },
  {
    label: c.agreementDate,
    nowrap: true,
    visibleFrom: 'sm',
    render: (r) =>
      r.agreement_date ? (
        wireDateToText(r.agreement_date)
      ) : (
        <Text size="sm" c="gray.8">
          {m.noAgreement}
        </Text>
      ),
  },
  ...documentColumns,
];

/** The result of a Deliver: how many were mailed, or that the mails go out in the background. */
function reportDelivered(result: DeliverResponse) {
  if (result.queued)
    notifications.show({ id: `deliver:${result.detail}`, color: 'blue', message: result.detail, autoClose: 10_000 });
  else notifySuccess(result.detail);
}

type Asking = { kind: 'one'; row: DisclosureDeliveryRow } | { kind: 'all'; firm: { id: number; name: string } } | null;

/**
 * Disclosure Deliveries: per client of a firm, which Form ADV Part 2A/2B and Form CRS
 * version they received and when, and who is due or overdue the current one, with 'Deliver' (a mail
 * with the links) per client or to every due client of the firm, and the CSV. CCOs and administrators
 * see their firm; super CCOs and super admins every firm (the server scopes it too).
 */
export function DisclosureDeliveriesPage() {
  usePageTitle(m.deliveriesTitle);
  const actor = useCurrentUser();
  const everyFirm = seesEveryFirmsDisclosures(actor);
  const queryClient = useQueryClient();
  const table = useListState({
    pageSize: 25,
    defaultOrdering: 'status',
    orderings: DISCLOSURE_DELIVERY_SORTS,
    filters: {
      firm: { initial: ALL, allowed: (value) => value === ALL || /^[1-9]\d*$/.test(value) },
      status: { initial: ALL, allowed: [ALL, ...DISCLOSURE_DELIVERY_STATUS_FILTERS] },
    },
  });
  const firmText = everyFirm ? table.filters.firm : String(actor.profile._firm ?? ALL);
  const firmId = firmText === ALL ? null : Number(firmText);
  const status = table.filters.status === ALL ? null : table.filters.status;
  const filters = { firm: firmId, status, search: table.search, ordering: table.ordering };

  const firms = useQuery({ ...firmOptionsQuery, enabled: everyFirm });
  const firm = useQuery({ ...firmQuery(firmId ?? 0), enabled: firmId !== null });
  const list = useQuery(deliveryListQuery({ ...pageParamsOf(table), firm: firmId, status }));
  // How many of the chosen firm are due: 'Deliver to all due' has nothing to do without one.
  const due = useQuery({
    ...deliveryListQuery({ firm: firmId, status: 'due', page_size: 1 }),
    enabled: firmId !== null,
  });
  const dueCount = due.data?.count ?? 0;

  const [asking, setAsking] = useState<Asking>(null);
  // Kept while the drawer closes, so its content stays until it has slid away.
  const [viewing, setViewing] = useState<{ row: DisclosureDeliveryRow; opened: boolean } | null>(null);
  const send = useMutation({
    mutationFn: (a: NonNullable<Asking>) =>
      a.kind === 'one' ? deliver({ firm: a.row.firm_id, portalUserId: a.row.client_id }) : deliver({ firm: a.firm.id }),
    onSuccess: reportDelivered,
    onSettled: () => {
      setAsking(null);
      return queryClient.invalidateQueries({ queryKey: disclosureDeliveriesKey });
    },
  });

  const actions: RowAction<DisclosureDeliveryRow>[] = [
    {
      label: m.deliver,
      icon: IconMailForward,
      placement: 'inline',
      visible: owesSomething,
      disabled: () => send.isPending,
      onClick: (row) => setAsking({ kind: 'one', row }),
    },
    {
      label: m.receiptDetails,
      icon: IconReceipt,
      placement: 'menu',
      visible: hasReceipt,
      onClick: (row) => setViewing({ row, opened: true }),
    },
  ];
  const chosenFirm = firmId !== null && firm.data ? { id: firmId, name: firm.data.name } : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{m.deliveriesTitle}</Title>
        <Group gap="sm">
          <ExportButton path={exportPath(filters)} fallbackName="disclosure-deliveries.csv" progress={m.exportProgress}>
            {m.csvExport}
          </ExportButton>
          {chosenFirm && (
            <Button
              leftSection={<IconMailForward size={16} aria-hidden />}
              disabled={dueCount === 0}
              title={dueCount === 0 ? m.sent(0) : undefined}
              onClick={() => setAsking({ kind: 'all', firm: chosenFirm })}
            >
              {m.deliverAll}
            </Button>
          )}
        </Group>
      </Group>
      {everyFirm && firmId === null && (
        <Text size="sm" c="gray.8">
          {m.chooseFirmToDeliver}
        </Text>
      )}

      <DataTable
        label={chosenFirm ? `${m.deliveriesTitle}, ${chosenFirm.name}` : m.deliveriesTitle}
        state={table}
        query={list}
        columns={firmId === null ? COLUMNS : COLUMNS.filter((col) => col.label !== c.firm)}
        rowKey={(r) => r.client_id}
        rowLabel={clientOf}
        rowTone={(r) => (r.status === 'overdue' ? 'problem' : undefined)}
        search={{ label: m.searchClientsLabel, placeholder: m.searchClientsPlaceholder }}
        filters={
          <>
            {everyFirm && (
              <Select
                label={m.firmLabel}
                searchable
                allowDeselect={false}
                data={[{ value: ALL, label: m.allFirms }, ...(firms.data ?? [])]}
                value={firmText}
                onChange={(value) => table.setFilter('firm', value ?? ALL)}
                w={{ base: '100%', xs: 260 }}
              />
            )}
            <SegmentedFilter
              label={m.statusFilter}
              value={table.filters.status}
              onChange={(value) => table.setFilter('status', value)}
              data={STATUS_CHOICES}
            />
          </>
        }
        emptyText={table.search ? m.noMatch : m.empty}
        actions={actions}
        minWidth={1040}
      />

      <ReceiptsDrawer
        row={viewing?.row ?? null}
        opened={viewing?.opened ?? false}
        name={viewing ? clientOf(viewing.row) : ''}
        onClose={() => setViewing((v) => v && { ...v, opened: false })}
      />

      <ConfirmModal
        opened={asking !== null}
        title={m.deliverTitle}
        question={
          asking?.kind === 'one'
            ? m.deliverQuestion(clientOf(asking.row))
            : asking?.kind === 'all'
              ? m.deliverAllQuestion(asking.firm.name)
              : ''
        }
        confirmLabel={m.deliverConfirm}
        dismissLabel={messages.lists.cancel}
        loading={send.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && send.mutate(asking)}
      />
    </Stack>
  );
}
