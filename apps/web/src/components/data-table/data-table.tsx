import { Checkbox, Group, Loader, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { messages, commonScreenMessages as ui } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  type ComponentType,
  type CSSProperties,
  memo,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import type { Page } from '../../lib/api';
import classes from './data-table.module.css';
import { DataTablePagination } from './data-table-pagination';
import { type RowActionLook, RowActions } from './row-actions';
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
  /**
   * Shown from this breakpoint up only: a column a phone can do without (the list's name and status
   * stay; a second date, a count, a detail go). Always shown when left out.
   */
  visibleFrom?: Breakpoint;
}

export type Breakpoint = 'xs' | 'sm' | 'md';
const FROM: Record<Breakpoint, string> = { xs: classes.fromXs, sm: classes.fromSm, md: classes.fromMd };
const fromClass = (breakpoint: Breakpoint | undefined) => (breakpoint ? FROM[breakpoint] : undefined);

export interface RowAction<Row> {
  /** 'Edit'; an icon button is named with the row, 'Edit Doe, Jane'. */
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  onClick: (row: Row) => void;
  /** Whether this row offers the action (a permission check); always when left out. */
  visible?: (row: Row) => boolean;
  /** Whether the action is offered but cannot be chosen now (its call for this row is under way). */
  disabled?: (row: Row) => boolean;
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
  /**
   * Below this width the table scrolls sideways inside its box (a tablet), its actions pinned to the
   * right edge. On a phone (below xs) it fits the screen instead: mark columns with `visibleFrom`.
   */
  minWidth?: number;
  /**
   * Marks a row that needs attention (a person late to attest): tinted, with a bar at its start. Not
   * by colour alone: the row's cells must say why too (a status badge with its word and icon).
   */
  rowTone?: (row: Row) => RowTone | undefined;
}

export type RowTone = 'problem';

const ACTIONS = 'Actions';

/** The table's look; the rows, drawn without Mantine's components (see `DataTableRow`), repeat it. */
const STRIPED = 'odd';
// A row is about this tall (a line of text, or a 28px icon button, with `xs` spacing above and below);
// the loading state keeps a page's worth of room so the page below does not jump when the rows arrive.
const ROW_HEIGHT_REM = 3.0625;

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
  rowTone,
}: DataTableProps<Row>) {
  // A query's answer arrives as a synchronous update: drawing a page of rows in it held the main thread
  // for one long task (on a mid-range phone, most of a second). Deferred, the rows are drawn in React's
  // interruptible background pass, a few milliseconds at a time; until then the table shows what it
  // showed before (the loading state, or the previous page dimmed).
  const data = useDeferredValue(query.data);
  const drawing = data !== query.data;
  const rows = data?.results ?? [];
  const lastPage = data ? Math.max(1, Math.ceil(data.count / state.pageSize)) : 1;
  const beyondLastPage = data !== undefined && rows.length === 0 && state.page > lastPage;
  const pending = data === undefined;
  const loadingNext = !pending && (query.isPlaceholderData || drawing);

  // A page that no longer exists (the last row of the last page was deleted, an old link): show the last one.
  useEffect(() => {
    if (beyondLastPage && !query.isPlaceholderData) state.setPage(lastPage, { replace: true });
  }, [beyondLastPage, lastPage, query.isPlaceholderData, state]);

  const columnCount = columns.length + (rowNumbers ? 1 : 0) + (selection ? 1 : 0) + (actions.length > 0 ? 1 : 0);

  // Screens pass new arrays and callbacks on every render (closures over their state). The rows are
  // memoised, so they get stable stand-ins: the columns and the actions' looks only change when what
  // they draw changes, and choosing an action or a checkbox calls the screen's latest callback.
  const stableColumns = useStableList(columns, COLUMN_FIELDS);
  const looks = useStableList(actions, ACTION_FIELDS);
  const latest = useRef({ actions, selection, rows, rowKey });
  useLayoutEffect(() => {
    latest.current = { actions, selection, rows, rowKey };
  });
  const runAction = useCallback((label: string, row: unknown) => {
    latest.current.actions.find((action) => action.label === label)?.onClick(row as Row);
  }, []);
  const toggle = useCallback((key: RowKey) => {
    const { selection } = latest.current;
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  }, []);

  const allSelected =
    selection !== undefined && rows.length > 0 && rows.every((row) => selection.selected.has(rowKey(row)));
  const someSelected = selection !== undefined && rows.some((row) => selection.selected.has(rowKey(row)));
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

      <Table.ScrollContainer
        // Left to the stylesheet, which drops it on phones (Mantine's prop would set it inline).
        minWidth={undefined}
        className={classes.scroll}
        style={{ '--data-table-min-width': `${(minWidth ?? 0) / 16}rem` } as CSSProperties}
      >
        <Table
          striped={STRIPED}
          highlightOnHover
          verticalSpacing="xs"
          aria-label={label}
          aria-busy={pending || loadingNext}
        >
          <Table.Thead>
            <Table.Tr>
              {rowNumbers && (
                <Table.Th className={classes.fromXs}>
                  <span aria-hidden>#</span>
                  <VisuallyHidden>{ui.rowNumber}</VisuallyHidden>
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
                    className={fromClass(column.visibleFrom)}
                  >
                    {column.label}
                  </SortableHeader>
                ) : (
                  <Table.Th key={column.label} className={fromClass(column.visibleFrom)}>
                    {column.hideLabel ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
                  </Table.Th>
                ),
              )}
              {actions.length > 0 && (
                <Table.Th className={classes.actions}>
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
              const offered = looks.filter((_, i) => actions[i]?.visible?.(row) ?? true);
              const disabled = looks.filter((_, i) => actions[i]?.disabled?.(row) ?? false);
              return (
                <DataTableRow
                  key={key}
                  row={row}
                  rowId={key}
                  name={rowLabel(row)}
                  tone={rowTone?.(row)}
                  number={rowNumbers ? (state.page - 1) * state.pageSize + index + 1 : undefined}
                  selected={selection ? selection.selected.has(key) : undefined}
                  columns={stableColumns as DataTableColumn<unknown>[]}
                  actions={actions.length > 0 ? offered.map((look) => look.label).join('\n') : undefined}
                  disabledActions={disabled.map((look) => look.label).join('\n')}
                  looks={looks}
                  alignEnd={!showActionsHeader}
                  onToggle={toggle}
                  onAction={runAction}
                />
              );
            })}
            {pending && (
              <tr className={Table.classes.tr} data-with-row-border>
                <td
                  className={Table.classes.td}
                  colSpan={columnCount}
                  style={{ height: `${state.pageSize * ROW_HEIGHT_REM}rem`, verticalAlign: 'top' }}
                >
                  <Group justify="center" gap="xs" py="md">
                    <Loader size="sm" aria-hidden />
                    <Text c="dimmed">{messages.lists.loading}</Text>
                  </Group>
                </td>
              </tr>
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

const COLUMN_FIELDS = ['label', 'sortKey', 'render', 'hideLabel', 'nowrap', 'visibleFrom'] as const;
const ACTION_FIELDS = ['label', 'icon', 'color', 'placement'] as const;

/** `list` itself, or the array returned last time when each item's `fields` are the same as then. */
function useStableList<T, K extends keyof T>(list: readonly T[], fields: readonly K[]): readonly Pick<T, K>[] {
  const kept = useRef<readonly T[]>(list);
  const previous = kept.current;
  const same =
    previous.length === list.length &&
    list.every((item, i) => fields.every((field) => item[field] === previous[i]?.[field]));
  if (!same) kept.current = list;
  return same ? previous : list;
}

interface DataTableRowProps {
  row: unknown;
  rowId: RowKey;
  name: string;
  tone: RowTone | undefined;
  number: number | undefined;
  selected: boolean | undefined;
  columns: DataTableColumn<unknown>[];
  /** The labels of the actions this row offers, one a line ('' for none, undefined without an actions column). */
  actions: string | undefined;
  /** The labels of the offered actions that cannot be chosen now, one a line. */
  disabledActions: string;
  looks: readonly RowActionLook[];
  alignEnd: boolean;
  onToggle: (key: RowKey) => void;
  onAction: (label: string, row: unknown) => void;
}

/**
 * One row, redrawn only when its own props change: the screen re-renders for many reasons (another
 * query answering, a modal opening, the selection) and a page of rows each time was the slow part.
 * Plain elements with the classes and attributes Mantine's `Table.Tr` and `Table.Td` would give them
 * (striped, hover, row borders): the same look without a component per cell.
 */
const DataTableRow = memo(function DataTableRow({
  row,
  rowId,
  name,
  tone,
  number,
  selected,
  columns,
  actions,
  disabledActions,
  looks,
  alignEnd,
  onToggle,
  onAction,
}: DataTableRowProps) {
  const td = Table.classes.td;
  const offered = actions ? actions.split('\n') : [];
  const disabled = disabledActions ? disabledActions.split('\n') : [];
  return (
    <tr
      className={tone ? `${Table.classes.tr} ${classes[tone]}` : Table.classes.tr}
      data-with-row-border
      data-striped={STRIPED}
      data-hover
    >
      {number !== undefined && <td className={`${td} ${classes.fromXs}`}>{number}</td>}
      {selected !== undefined && (
        <td className={td}>
          <Checkbox aria-label={ui.selectRow(name)} checked={selected} onChange={() => onToggle(rowId)} />
        </td>
      )}
      {columns.map((column) => (
        <td
          key={column.label}
          className={column.visibleFrom ? `${td} ${FROM[column.visibleFrom]}` : td}
          style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
        >
          {column.render(row)}
        </td>
      ))}
      {actions !== undefined && (
        <td className={`${td} ${classes.actions}`}>
          <RowActions
            actions={looks.filter((look) => offered.includes(look.label))}
            disabled={disabled}
            name={name}
            alignEnd={alignEnd}
            onAction={(label) => onAction(label, row)}
          />
        </td>
      )}
    </tr>
  );
});
