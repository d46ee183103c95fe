import { Button, Group, Select, Stack, Title } from '@mantine/core';
import {
  CASH_REQUEST_STATUSES,
  type CashRequestListItem,
  canEditInvestmentRequest,
  canFileInvestmentRequest,
  canWorkInvestmentRequests,
  cashRequestListQuery,
  INVESTMENT_STRATEGY_STATUSES,
  type InvestmentRequestKind,
  type InvestmentStrategyListItem,
  investmentStrategyListQuery,
  messages,
  nextStatuses,
  investmentRequestsScreenMessages as ui,
} from '@portal/domain';
import { IconArrowsExchange, IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';
import { type OpenRequest, RequestModal } from './request-modal';
import { StatusBadge } from './request-status-line';
import { requestListQuery } from './requests-api';
import classes from './requests-page.module.css';
import { type MovingRequest, StatusModal } from './status-modal';

const ALL = 'all';
const VIEW = 'view';

/** The request a `?view=` names: a positive id, or none for anything else (a hand-edited link). */
const viewedId = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** What every row of both lists carries for its actions. */
interface RequestRow {
  Id: number;
  Financial_Account_Name__c: string;
  Status__c: string;
  Submitter_ID__c: number;
  Firm_Tk__c: number;
  CreatedDate: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Dollars with cents, as the Amount (USD) column shows them: '$12,500.00'. */
export const formatUsd = (amount: number | null | undefined) => (amount == null ? '' : usd.format(amount));

const statusColumn = <Row extends RequestRow>(label: string): DataTableColumn<Row> => ({
  label,
  sortKey: 'Status__c',
  nowrap: true,
  render: (r) => <StatusBadge status={r.Status__c} />,
});
const submittedColumn = <Row extends RequestRow>(label: string): DataTableColumn<Row> => ({
  label,
  sortKey: 'CreatedDate',
  nowrap: true,
  visibleFrom: 'xs',
  render: (r) => formatDate(r.CreatedDate),
});

const accountName = (r: RequestRow) => <span className={classes.accountName}>{r.Financial_Account_Name__c}</span>;

const sc = messages.investmentStrategies.columns;
const STRATEGY_COLUMNS: DataTableColumn<InvestmentStrategyListItem>[] = [
  {
    label: sc.Financial_Account_Name__c,
    sortKey: 'Financial_Account_Name__c',
    render: accountName,
  },
  {
    label: sc.Custodian_Account_Number__c,
    sortKey: 'Custodian_Account_Number__c',
    // '5583-1007' is one number: it does not break at its hyphen.
    nowrap: true,
    visibleFrom: 'sm',
    render: (r) => r.Custodian_Account_Number__c,
  },
  {
    label: sc.Account_Master_Code__c,
    sortKey: 'Account_Master_Code__c',
    nowrap: true,
    visibleFrom: 'md',
    render: (r) => r.Account_Master_Code__c,
  },
  { label: sc.Custodian__c, sortKey: 'Custodian__c', visibleFrom: 'md', render: (r) => r.Custodian__c },
  {
    label: sc.Relationship_Name__c,
    sortKey: 'Relationship_Name__c',
    visibleFrom: 'sm',
    render: (r) => r.Relationship_Name__c,
  },
  {
    label: sc.Investment_Model_Name__c,
    sortKey: 'Investment_Model_Name__c',
    visibleFrom: 'md',
    render: (r) => r.Investment_Model_Name__c,
  },
  statusColumn(sc.Status__c),
  submittedColumn(sc.CreatedDate),
];

const cc = messages.cashRequests.columns;
const CASH_REQUEST_COLUMNS: DataTableColumn<CashRequestListItem>[] = [
  {
    label: cc.Cash_Request_Type__c,
    sortKey: 'Cash_Request_Type__c',
    nowrap: true,
    // A phone keeps the account, its amount and its status beside the row's actions.
    visibleFrom: 'xs',
    render: (r) => r.Cash_Request_Type__c,
  },
  { label: cc.Amount__c, sortKey: 'Amount__c', nowrap: true, render: (r) => formatUsd(r.Amount__c) },
  {
    label: cc.Financial_Account_Name__c,
    sortKey: 'Financial_Account_Name__c',
    render: accountName,
  },
  {
    label: cc.Custodian_Account_Number__c,
    sortKey: 'Custodian_Account_Number__c',
    // '5583-1007' is one number: it does not break at its hyphen.
    nowrap: true,
    visibleFrom: 'sm',
    render: (r) => r.Custodian_Account_Number__c,
  },
  { label: cc.Custodian__c, sortKey: 'Custodian__c', visibleFrom: 'md', render: (r) => r.Custodian__c },
  {
    label: cc.Relationship_Name__c,
    sortKey: 'Relationship_Name__c',
    visibleFrom: 'md',
    render: (r) => r.Relationship_Name__c,
  },
  statusColumn(cc.Status__c),
  submittedColumn(cc.CreatedDate),
];

interface RequestsScreen<Row extends RequestRow> {
  kind: InvestmentRequestKind;
  title: string;
  empty: string;
  newPath: string;
  statuses: readonly string[];
  orderings: readonly string[];
  columns: DataTableColumn<Row>[];
  searchBy: string;
}

/**
 * A requests list: status filter, search, server paging and sorting, 'New' for an
 * advisor; each row's View and Edit (its submitter, while Submitted) open the modal, and the firm's
 * investment department moves it along.
 */
function RequestsPage<Row extends RequestRow>({
  kind,
  title,
  empty,
  newPath,
  statuses,
  orderings,
  columns,
  searchBy,
}: RequestsScreen<Row>) {
  usePageTitle(title);
  const actor = useCurrentUser();
  const table = useListState({
    pageSize: 25,
    defaultOrdering: '-CreatedDate',
    orderings,
    filters: { status: { initial: ALL, allowed: [ALL, ...statuses] } },
  });
  const { status } = table.filters;
  const list = useQuery(requestListQuery<Row>(kind, { ...table.params, status: status === ALL ? null : status }));
  // An edit is this screen's own; a View is in the address (`?view={Id}`), the link the server mails.
  const [editing, setEditing] = useState<number | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const viewed = viewedId(searchParams.get(VIEW));
  const open: OpenRequest | null =
    editing !== null ? { id: editing, mode: 'edit' } : viewed !== null ? { id: viewed, mode: 'view' } : null;
  const setViewed = (id: number | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(VIEW);
        else next.set(VIEW, String(id));
        return next;
      },
      // Closing it takes the address back rather than adding a step to Back.
      { replace: id === null },
    );
  const close = () => {
    setEditing(null);
    if (viewed !== null) setViewed(null);
  };
  const [moving, setMoving] = useState<MovingRequest | null>(null);

  const targetOf = (r: Row) => ({ firmId: r.Firm_Tk__c, submitterId: r.Submitter_ID__c, status: r.Status__c });
  const actions: RowAction<Row>[] = [
    { label: ui.view, icon: IconEye, placement: 'inline', onClick: (r) => setViewed(r.Id) },
    {
      label: ui.edit,
      icon: IconPencil,
      placement: 'inline',
      visible: (r) => canEditInvestmentRequest(actor, targetOf(r)),
      onClick: (r) => setEditing(r.Id),
    },
    {
      label: messages.investmentRequests.changeStatus,
      icon: IconArrowsExchange,
      placement: 'inline',
      visible: (r) => canWorkInvestmentRequests(actor, r.Firm_Tk__c) && nextStatuses(kind, r.Status__c).length > 0,
      onClick: (r) => setMoving({ id: r.Id, status: r.Status__c, name: r.Financial_Account_Name__c }),
    },
  ];

  const filters = (
    <Select
      aria-label={messages.investmentRequests.statusLabel}
      data={[{ value: ALL, label: messages.investmentRequests.allStatuses }, ...statuses]}
      value={status}
      onChange={(value) => table.setFilter('status', value ?? ALL)}
      allowDeselect={false}
      w={{ base: '100%', xs: 200 }}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{title}</Title>
        {canFileInvestmentRequest(actor) && (
          <Button component={Link} to={newPath} leftSection={<IconPlus size={16} aria-hidden />}>
            {ui.new}
          </Button>
        )}
      </Group>

      <DataTable
        label={title}
        state={table}
        query={list}
        columns={columns}
        rowKey={(r) => r.Id}
        rowLabel={(r) => r.Financial_Account_Name__c}
        search={{ label: messages.commonScreen.searchIn(title), placeholder: searchBy }}
        filters={filters}
        emptyText={empty}
        actions={actions}
        showActionsHeader
        minWidth={900}
      />

      <RequestModal kind={kind} actor={actor} open={open} onClose={close} />
      <StatusModal kind={kind} moving={moving} onClose={() => setMoving(null)} />
    </Stack>
  );
}

export function InvestmentStrategiesPage() {
  const m = messages.investmentStrategies;
  return (
    <RequestsPage
      kind="strategy"
      title={m.listTitle}
      empty={m.empty}
      newPath="/investments/investment-strategy/new"
      statuses={INVESTMENT_STRATEGY_STATUSES}
      orderings={investmentStrategyListQuery.shape.ordering.unwrap().options}
      columns={STRATEGY_COLUMNS}
      searchBy="Search by account, custodian, relationship or client..."
    />
  );
}

export function CashRequestsPage() {
  const m = messages.cashRequests;
  return (
    <RequestsPage
      kind="cashRequest"
      title={m.listTitle}
      empty={m.empty}
      newPath="/investments/cash-request/new"
      statuses={CASH_REQUEST_STATUSES}
      orderings={cashRequestListQuery.shape.ordering.unwrap().options}
      columns={CASH_REQUEST_COLUMNS}
      searchBy="Search by account, custodian or relationship..."
    />
  );
}
