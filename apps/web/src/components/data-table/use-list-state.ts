import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { useLater } from './use-later';

/**
 * A filter's value when the URL does not name one; with `allowed` (a list or a test), a value in the
 * URL that it refuses (a hand-edited link) means the initial value too.
 */
export type FilterSpec = string | { initial: string; allowed: readonly string[] | ((value: string) => boolean) };

export interface ListStateOptions<F extends string> {
  /** Rows per page; sent as `page_size`, not kept in the URL. */
  pageSize: number;
  /** The server ordering key used until a header is clicked, say `last_name`. */
  defaultOrdering: string;
  /** Ordering keys the server accepts (`-name` included or not); another value in the URL means the default. */
  orderings?: readonly string[];
  /** The screen's filters and their initial values, left out of the URL while unchanged. */
  filters?: Record<F, FilterSpec>;
  /** How long typing pauses before the search is sent. */
  searchDelayMs?: number;
}

/**
 * A server-paged list's page, ordering, search and filters, kept in the query string so a refresh,
 * a shared link and the Back button show the same rows. Typing in the search box replaces the
 * current history entry; paging, sorting and filtering push one, as following a link would.
 */
export interface ListState<F extends string = string> {
  page: number;
  pageSize: number;
  /** `field` ascending, `-field` descending. */
  ordering: string;
  /** The search the list was asked for (trimmed, after the typing pause). */
  search: string;
  /** What the search box shows right now. */
  searchInput: string;
  filters: Readonly<Record<F, string>>;
  /** The list call's parameters: `page`, `page_size`, `ordering`, `search` and each filter. */
  params: { page: number; page_size: number; ordering: string; search: string } & Readonly<Record<F, string>>;
  setPage(page: number, options?: { replace?: boolean }): void;
  /** Sorts by another key and goes back to the first page. */
  setOrdering(ordering: string): void;
  /** Updates the box at once and the URL (and so the list) after the typing pause, on page 1. */
  setSearchInput(text: string): void;
  /** Filters by another value and goes back to the first page. */
  setFilter(name: F, value: string): void;
  /** Several filters at once (a filter form's Apply): one history entry, back to the first page. */
  setFilters(values: Partial<Record<F, string>>): void;
}

/** What the DataTable itself reads and changes; filters are the screen's own controls. */
export type TableState = Pick<
  ListState,
  'page' | 'pageSize' | 'ordering' | 'searchInput' | 'setPage' | 'setOrdering' | 'setSearchInput'
>;

/** A table's page, its size, ordering and search, as a list call's parameters. */
export const pageParamsOf = (t: Pick<ListState, 'page' | 'pageSize' | 'ordering' | 'search'>) => ({
  page: t.page,
  page_size: t.pageSize,
  ordering: t.ordering,
  search: t.search,
});

const initialOf = (spec: FilterSpec) => (typeof spec === 'string' ? spec : spec.initial);
const accepts = (spec: FilterSpec, value: string) =>
  typeof spec === 'string' || (typeof spec.allowed === 'function' ? spec.allowed(value) : spec.allowed.includes(value));

export function useListState<F extends string = never>(options: ListStateOptions<F>): ListState<F> {
  const { pageSize, defaultOrdering, orderings, searchDelayMs = 300 } = options;
  const specs = (options.filters ?? {}) as Record<F, FilterSpec>;
  const [searchParams, setSearchParams] = useSearchParams();
  // The timer below fires after later renders; it must write onto the query string as it is then.
  const setParamsRef = useRef(setSearchParams);
  setParamsRef.current = setSearchParams;
  // While the person is on the way to another screen (its loaders running), this one is still shown;
  // writing its query string then would cancel that navigation and keep them here.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
  const leavingRef = useRef(leaving);
  leavingRef.current = leaving;

  const rawPage = Number(searchParams.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 1 ? rawPage : 1;
  const rawOrdering = searchParams.get('ordering');
  const ordering =
    rawOrdering && (!orderings || orderings.includes(rawOrdering) || orderings.includes(rawOrdering.replace(/^-/, '')))
      ? rawOrdering
      : defaultOrdering;
  const search = searchParams.get('search')?.trim() ?? '';
  const filters = {} as Record<F, string>;
  for (const name of Object.keys(specs) as F[]) {
    const value = searchParams.get(name);
    filters[name] = value !== null && accepts(specs[name], value) ? value : initialOf(specs[name]);
  }

  const update = (changes: Record<string, string | null>, replace: boolean) => {
    if (leavingRef.current) return;
    setParamsRef.current(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  };

  // The box follows the URL when it changes from outside (Back, a link), not while the person types.
  const [searchInput, setSearchInputState] = useState(search);
  const written = useRef(search);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setSearchInputState(search);
  }, [search]);
  const later = useLater(searchDelayMs);
  useEffect(() => {
    if (leaving) later.cancel();
  }, [leaving, later]);

  return {
    page,
    pageSize,
    ordering,
    search,
    searchInput,
    filters,
    params: { page, page_size: pageSize, ordering, search, ...filters },
    setPage: (next, { replace = false } = {}) => update({ page: next > 1 ? String(next) : null }, replace),
    setOrdering: (next) => update({ ordering: next === defaultOrdering ? null : next, page: null }, false),
    setFilter: (name, value) =>
      update(
        { [name]: value === initialOf(specs[name]) ? null : value, page: null } as Record<string, string | null>,
        false,
      ),
    setFilters: (values) =>
      update(
        Object.fromEntries([
          ...(Object.entries(values) as [F, string][]).map(([name, value]) => [
            name,
            value === initialOf(specs[name]) ? null : value,
          ]),
          ['page', null],
        ]),
        false,
      ),
    setSearchInput: (text) => {
      setSearchInputState(text);
      later.run(() => {
        const value = text.trim();
        if (value === written.current) return;
        written.current = value;
        update({ search: value || null, page: null }, true);
      });
    },
  };
}
