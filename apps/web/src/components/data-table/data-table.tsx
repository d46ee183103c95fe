import {
  ActionIcon,
  Checkbox,
  Group,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { messages } from '@portal/domain';
import { IconDots, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import type { Page } from '../../lib/api';
import { DataTablePagination } from './data-table-pagination';
import { SortableHeader } from './sortable-header';
import type { TableState } from './use-list-state';

export interface DataTableColumn<Row> {
  /** The header's text, also for screen readers when `hideLabel` is set. */
  label: string;
  /** The server's ordering key; a column without one does not sort. */
  sortKey?: string;
  render: (row: Row) => ReactNode;
  hideLabel?: boolean;
  nowrap?: boolean;
}

export interface RowAction<Row> {
  /** 'Edit'; an icon button is named with the row, 'Edit Doe, Jane'. */
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  onClick: (row: Row) => void;
  /** Whether this row offers the action (a permission check); always when left out. */
  visible?: (row: Row) => boolean;
  color?: 'red';
  /** An icon button in the row, an item of the row's "…" menu (the default), or both. */
  placement?: 'inline' | 'menu' | 'both';
}

type RowKey = string | number;

export interface RowSelection {
  selected: ReadonlySet<RowKey>;
  onChange: (selected: Set<RowKey>) => void;
  /** The header checkbox's name, say 'Select all users on this page'. */
  allLabel: string;
}

export interface DataTableProps<Row> {
  /** The table's accessible name, say 'Users'. */
  label: string;
  state: TableState;
  query: Pick<UseQueryResult<Page<Row>>, 'data' | 'isPending' | 'isPlaceholderData'>;
  columns: DataTableColumn<Row>[];
  rowKey: (row: Row) => RowKey;
  /** Names the row in the labels of its checkbox and buttons ('Actions for Doe, Jane'). */
  rowLabel: (row: Row) => string;
  search?: { label: string; placeholder: string };
  /** The screen's filter controls, shown beside the search box; they call `state.setFilter`. */
  filters?: ReactNode;
  emptyText: string;
  rowNumbers?: boolean;
  selection?: RowSelection;
  actions?: RowAction<Row>[];
  /** Shows the actions column's header ('Actions') instead of keeping it for screen readers. */
  showActionsHeader?: boolean;
  /** Below this width the table scrolls sideways inside its box (phones). */
  minWidth?: number;
}

const ACTIONS = 'Actions';

/**
 * The list pattern of every server-paged screen: search box and filters, sortable headers, rows with
 * their actions, the empty text and the pages, all state in the URL (see `useListState`).
 * While the next page loads the previous one stays, dimmed, so the table never jumps.
 */
export function DataTable<Row>({
  label,
  state,
  query,
  columns,
  rowKey,
  rowLabel,
  search,
  filters,
  emptyText,
  rowNumbers = false,
  selection,
  actions = [],
  showActionsHeader = false,
  minWidth,
}: DataTableProps<Row>) {
  const { data } = query;
  const rows = data?.results ?? [];
  const lastPage = data ? Math.max(1, Math.ceil(data.count / state.pageSize)) : 1;
  const beyondLastPage = data !== undefined && rows.length === 0 && state.page > lastPage;

  // A page that no longer exists (the last row of the last page was deleted, an old link): show the last one.
  useEffect(() => {
    if (beyondLastPage && !query.isPlaceholderData) state.setPage(lastPage, { replace: true });
  }, [beyondLastPage, lastPage, query.isPlaceholderData, state]);

  const columnCount = columns.length + (rowNumbers ? 1 : 0) + (selection ? 1 : 0) + (actions.length > 0 ? 1 : 0);
  const loadingNext = query.isPlaceholderData;

  const allSelected =
    selection !== undefined && rows.length > 0 && rows.every((row) => selection.selected.has(rowKey(row)));
  const someSelected = selection !== undefined && rows.some((row) => selection.selected.has(rowKey(row)));
  const toggle = (key: RowKey) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const row of rows) {
      if (allSelected) next.delete(rowKey(row));
      else next.add(rowKey(row));
    }
    selection.onChange(next);
  };

  return (
    <Stack gap="md">
      {(search || filters) && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {search && (
            <TextInput
              aria-label={search.label}
              placeholder={search.placeholder}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={state.searchInput}
              onChange={(event) => state.setSearchInput(event.currentTarget.value)}
              flex="1 1 16rem"
              maw={filters ? undefined : { sm: 420 }}
            />
          )}
          {filters}
        </Group>
      )}

      <Table.ScrollContainer minWidth={minWidth ?? 0}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label={label}
          aria-busy={query.isPending || loadingNext}
        >
          <Table.Thead>
            <Table.Tr>
              {rowNumbers && (
                <Table.Th>
                  <span aria-hidden>#</span>
                  <VisuallyHidden>Row number</VisuallyHidden>
                </Table.Th>
              )}
              {selection && (
                <Table.Th>
                  <Checkbox
                    aria-label={selection.allLabel}
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={toggleAll}
                  />
                </Table.Th>
              )}
              {columns.map((column) =>
                column.sortKey ? (
                  <SortableHeader
                    key={column.label}
                    sortKey={column.sortKey}
                    ordering={state.ordering}
                    onSort={state.setOrdering}
                  >
                    {column.label}
                  </SortableHeader>
                ) : (
                  <Table.Th key={column.label}>
                    {column.hideLabel ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
                  </Table.Th>
                ),
              )}
              {actions.length > 0 && (
                <Table.Th>
                  {showActionsHeader ? (
                    <Text span size="sm" fw={700}>
                      {ACTIONS}
                    </Text>
                  ) : (
                    <VisuallyHidden>{ACTIONS}</VisuallyHidden>
                  )}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={loadingNext ? { opacity: 0.6 } : undefined}>
            {rows.map((row, index) => {
              const key = rowKey(row);
              const name = rowLabel(row);
              return (
                <Table.Tr key={key}>
                  {rowNumbers && <Table.Td>{(state.page - 1) * state.pageSize + index + 1}</Table.Td>}
                  {selection && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${name}`}
                        checked={selection.selected.has(key)}
                        onChange={() => toggle(key)}
                      />
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td key={column.label} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                  {actions.length > 0 && (
                    <Table.Td>
                      <RowActions row={row} name={name} actions={actions} alignEnd={!showActionsHeader} />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
            {query.isPending && (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Group justify="center" gap="xs" py="md">
                    <Loader size="sm" aria-hidden />
                    <Text c="dimmed">{messages.lists.loading}</Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
            {data && rows.length === 0 && !beyondLastPage && (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Text ta="center" py="md" c="dimmed">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {data && (
        <DataTablePagination page={state.page} pageSize={state.pageSize} count={data.count} onChange={state.setPage} />
      )}
    </Stack>
  );
}

interface RowActionsProps<Row> {
  row: Row;
  name: string;
  actions: RowAction<Row>[];
  alignEnd: boolean;
}

function RowActions<Row>({ row, name, actions, alignEnd }: RowActionsProps<Row>) {
  const offered = actions.filter((action) => action.visible?.(row) ?? true);
  const inline = offered.filter((action) => action.placement === 'inline' || action.placement === 'both');
  const menu = offered.filter((action) => (action.placement ?? 'menu') !== 'inline');
  return (
    <Group gap={4} wrap="nowrap" justify={alignEnd ? 'flex-end' : 'flex-start'}>
      {inline.map((action) => (
        <ActionIcon
          key={action.label}
          variant="subtle"
          color={action.color ?? 'gray'}
          c={action.color ? undefined : 'gray.8'}
          aria-label={`${action.label} ${name}`}
          onClick={() => action.onClick(row)}
        >
          <action.icon size={18} aria-hidden />
        </ActionIcon>
      ))}
      {menu.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" c="gray.8" aria-label={`Actions for ${name}`}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((action) => (
              <Menu.Item
                key={action.label}
                color={action.color}
                leftSection={<action.icon size={16} aria-hidden />}
                onClick={() => action.onClick(row)}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
