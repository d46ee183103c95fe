import type { FeeSchedule, InvestmentModel } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, type Page } from './api';

/**
 * Every catalogue query sits under this key: a save in the catalogue managers refreshes their lists
 * and the request forms' dropdowns alike.
 */
export const cataloguesKey = ['investment-catalogues'] as const;

export type CatalogueKind = 'investment_models' | 'fee_schedules';
/** `{firm}/…/`: a firm's entries, by the firm's id. */
export const firmPath: Record<CatalogueKind, string> = {
  investment_models: 'firm_investment_models',
  fee_schedules: 'firm_fee_schedules',
};

/**
 * What an advisor may pick on a strategy: their own models or fee schedules and the
 * shared ones offered to their firm (Firm Models, Firm Fee Schedules), the set the server accepts.
 * `{firm}/firm_…/?userId=` answers exactly that set by the firm's id, which
 * every user carries; the `{firmTk}/advisor_…/` twin needs the firm's `firm_tk`, which may be unset.
 */
export const requestCatalogueOptionsQuery = (kind: CatalogueKind, firmId: number | null, advisorId: number) =>
  queryOptions({
    queryKey: [...cataloguesKey, kind, 'request-options', firmId, advisorId],
    queryFn: () =>
      api.get<Page<InvestmentModel | FeeSchedule>>(
        `/api/${kind}/${firmId}/${firmPath[kind]}/?userId=${advisorId}&ordering=name&page_size=500`,
      ),
    enabled: firmId !== null,
    staleTime: 30_000,
    select: (page) => page.results.map((entry) => ({ value: String(entry.id), label: entry.name })),
  });
