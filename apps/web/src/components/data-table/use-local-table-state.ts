import { useState } from 'react';
import { useLater } from './use-later';
import type { TableState } from './use-list-state';

export interface LocalTableState extends TableState {
  /** The search the list asks for (trimmed, after the typing pause). */
  search: string;
  /** Back to the first page, the default ordering and no search. */
  reset(): void;
}

/**
 * A DataTable's page, ordering and search kept in the component, not in the URL: for a table inside a
 * modal, whose state would otherwise overwrite the page's own list state under it (same `page` and
 * `ordering` keys). Closing the modal forgets it, as a modal should.
 */
export function useLocalTableState(options: {
  pageSize: number;
  defaultOrdering: string;
  searchDelayMs?: number;
}): LocalTableState {
  const { pageSize, defaultOrdering, searchDelayMs = 300 } = options;
  const [page, setPage] = useState(1);
  const [ordering, setOrderingState] = useState(defaultOrdering);
  const [searchInput, setSearchInputState] = useState('');
  const [search, setSearch] = useState('');
  const later = useLater(searchDelayMs);

  return {
    page,
    pageSize,
    ordering,
    search,
    searchInput,
    setPage: (next) => setPage(Math.max(1, next)),
    setOrdering: (next) => {
      setOrderingState(next);
      setPage(1);
    },
    setSearchInput: (text) => {
      setSearchInputState(text);
      later.run(() => {
        setSearch(text.trim());
        setPage(1);
      });
    },
    reset: () => {
      later.cancel();
      setPage(1);
      setOrderingState(defaultOrdering);
      setSearchInputState('');
      setSearch('');
    },
  };
}
