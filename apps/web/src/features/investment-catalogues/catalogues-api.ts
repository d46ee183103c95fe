import type { FeeSchedule, FirmFeeSchedule, FirmModel, InvestmentModel } from '@portal/domain';
import { personName } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, type Page } from '../../lib/api';
import { cataloguesKey, firmPath } from '../../lib/investment-catalogues';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';

// The key is shared with the request forms' dropdowns (lib/investment-catalogues.ts).
export { cataloguesKey };

export type CataloguePath = 'investment_models' | 'fee_schedules';
export type AssignmentPath = 'firm_models' | 'firm_fee_schedules';
export type CatalogueEntry = InvestmentModel | FeeSchedule;
export type Assignment = FirmModel | FirmFeeSchedule;

export const catalogueListQuery = (path: CataloguePath, params: PageParams) =>
  listPageQuery<CatalogueEntry>([...cataloguesKey, path], `/api/${path}/`, params);

/**
 * The entries of one firm, by name: the firm assignment modal's choices. A firm is offered only its
 * own models and fee schedules (the server refuses another firm's), so the list follows the chosen firm.
 */
export const catalogueOptionsQuery = (path: CataloguePath, firmId: number | null) =>
  queryOptions({
    queryKey: [...cataloguesKey, path, 'options', firmId],
    queryFn: () =>
      api.get<Page<CatalogueEntry>>(`/api/${path}/${firmId}/${firmPath[path]}/?ordering=name&page_size=500`),
    enabled: firmId !== null,
    select: (page) => page.results.map((entry) => ({ value: String(entry.id), label: entry.name })),
  });

export const saveEntry = (path: CataloguePath, id: number | null, body: object) =>
  id === null ? api.post<CatalogueEntry>(`/api/${path}/`, body) : api.put<CatalogueEntry>(`/api/${path}/${id}/`, body);
export const deleteEntry = (path: CataloguePath, id: number) => api.delete<null>(`/api/${path}/${id}/`);

export const assignmentListQuery = (path: AssignmentPath, params: PageParams) =>
  listPageQuery<Assignment>([...cataloguesKey, path], `/api/${path}/`, params);

export const saveAssignment = (path: AssignmentPath, id: number | null, body: object) =>
  id === null ? api.post<Assignment>(`/api/${path}/`, body) : api.put<Assignment>(`/api/${path}/${id}/`, body);
export const deleteAssignment = (path: AssignmentPath, id: number) => api.delete<null>(`/api/${path}/${id}/`);

/** The firm's financial advisors (profile type 2): whose own entry a model or fee schedule may be. */
export const firmAdvisorOptionsQuery = (firmId: number | null) =>
  queryOptions({
    queryKey: [...cataloguesKey, 'advisors', firmId],
    queryFn: () =>
      api.get<{ results: { id: number; first_name: string | null; last_name: string; email: string }[] }>(
        `/api/users/${firmId}/firm_advisors/`,
      ),
    enabled: firmId !== null,
    staleTime: 30_000,
    select: (page) =>
      page.results.map((u) => ({
        value: String(u.id),
        label: personName(u),
      })),
  });
