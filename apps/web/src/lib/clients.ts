import { isAdvisor, ProfileType, type User, type UserListItem } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, type Page, queryString } from './api';

/** The first page of clients the picker lists before anything is typed (and where a picked client is found). */
const CLIENTS_PAGE = 500;
/** What the server answers to a search typed in the picker. */
const CLIENTS_SEARCH_PAGE = 50;

/**
 * The clients whose forms the signed-in staff member opens: an advisor's own clients (the list answers
 * them by advisor id); a firm administrator's, the firm's clients. `search` is matched by the server
 * (names and email), so a client beyond the first page is found too.
 */
export const staffClientsQuery = (actor: User, search = '') =>
  queryOptions({
    queryKey: ['clients', actor.id, search],
    queryFn: () =>
      api.get<Page<UserListItem>>(
        `/api/users/firm_advisor_clients/${queryString({
          status: 'active',
          ordering: 'last_name',
          page_size: search ? CLIENTS_SEARCH_PAGE : CLIENTS_PAGE,
          search: search || undefined,
          profileTypeTk: isAdvisor(actor) ? undefined : ProfileType.Client,
        })}`,
      ),
    staleTime: 30_000,
  });

export const clientLabel = (u: Pick<UserListItem, 'first_name' | 'last_name' | 'email'>) => {
  const name = `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim();
  return name ? `${name} (${u.email})` : u.email;
};
