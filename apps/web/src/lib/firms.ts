import type { Firm } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, type Page } from './api';

/** Every firm query sits under this key, so saving a firm refreshes lists, dropdowns and the logo. */
export const firmsKey = ['firms'] as const;

/** One firm, as the navigation bar needs it for the logo. */
export const firmQuery = (id: number) =>
  queryOptions({
    queryKey: [...firmsKey, 'detail', id],
    queryFn: () => api.get<Firm>(`/api/firms/${id}/`),
    staleTime: 5 * 60_000,
  });

/** The firms a person may see (a super admin all, anyone else their own), for firm dropdowns. */
export const firmOptionsQuery = queryOptions({
  queryKey: [...firmsKey, 'options'],
  queryFn: () => api.get<Page<Firm>>('/api/firms/?ordering=name&page_size=500'),
  staleTime: 60_000,
  select: (page) => page.results.map((firm) => ({ value: String(firm.id), label: firm.name })),
});
