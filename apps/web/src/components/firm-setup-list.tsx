import { Select } from '@mantine/core';
import { isSuperAdmin, commonScreenMessages as ui } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../lib/current-user';
import { firmOptionsQuery } from '../lib/firms';
import { useListState } from './data-table/use-list-state';

/**
 * The list of a setup screen that keeps one firm's records (its links, its service providers): the
 * administrator's own firm, or the firm a super admin picks (kept in the address with the list's page,
 * order and search). `firm` is null until there is one; `picker` is the super admin's firm choice.
 */
export function useFirmSetupList(options: { defaultOrdering: string; orderings: readonly string[] }): {
  table: ReturnType<typeof useListState<'firm'>>;
  firm: number | null;
  picker: ReactNode;
} {
  const actor = useCurrentUser();
  const superAdmin = isSuperAdmin(actor);
  const own = actor.profile._firm === null ? '' : String(actor.profile._firm);
  const table = useListState({
    pageSize: 25,
    defaultOrdering: options.defaultOrdering,
    orderings: options.orderings,
    filters: { firm: { initial: own, allowed: (value) => value === '' || /^[1-9]\d{0,9}$/.test(value) } },
  });
  const firm = Number(superAdmin ? table.filters.firm : own) || null;
  const firms = useQuery({ ...firmOptionsQuery, enabled: superAdmin });
  const picker = superAdmin && (
    <Select
      label={ui.firm}
      data={firms.data ?? []}
      value={firm === null ? null : String(firm)}
      onChange={(value) => table.setFilter('firm', value ?? '')}
      searchable
      maw={360}
    />
  );
  return { table, firm, picker };
}
