import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import { api, type Page, queryString } from './api';

export type PageParams = Record<string, string | number | null | undefined>;

/**
 * One page of a server-side list, for a DataTable. The page being replaced stays on screen until the
 * next one arrives, so paging and sorting never flash an empty table.
 */
export const listPageQuery = <Row>(key: QueryKey, path: string, params: PageParams) =>
  queryOptions({
    queryKey: [...key, 'list', params],
    queryFn: () => api.get<Page<Row>>(`${path}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });
