import {
  type ClientAgreement,
  type InvestorProfile,
  isAdvisor,
  type OnboardingStatusResponse,
  ProfileType,
  type User,
  type UserListItem,
  type UserWithFirm,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError, type Page, queryString } from '../../lib/api';

/** Every onboarding query sits under this key: a save or a delivery refreshes the status and the records. */
export const onboardingKey = ['onboarding'] as const;

/** `GET /api/onboarding/{userId}/status/`: the four steps, `all_done` and the first open path. */
export const statusQuery = (userId: number) =>
  queryOptions({
    queryKey: [...onboardingKey, 'status', userId],
    queryFn: () => api.get<OnboardingStatusResponse>(`/api/onboarding/${userId}/status/`),
  });

/** The client's agreement (masked), or null when they have none yet (`?portalUserId=` answers 0 or 1 rows). */
export const agreementQuery = (clientId: number | null) =>
  queryOptions({
    queryKey: [...onboardingKey, 'agreement', clientId],
    queryFn: async () => {
      const page = await api.get<Page<ClientAgreement>>(
        `/api/client_agreements/${queryString({ portalUserId: clientId })}`,
      );
      return page.results[0] ?? null;
    },
    enabled: clientId !== null,
  });

/** The agreement with its PII in clear (`?reveal=true`, an audit event): only on the person's request. */
export const revealAgreement = (id: number) => api.get<ClientAgreement>(`/api/client_agreements/${id}/?reveal=true`);

/** POST for the first submit, PUT `{Id}/` afterwards (spec 001 §4 "Client agreement flow"). */
export const saveAgreement = (id: number | null, body: object) =>
  id === null
    ? api.post<ClientAgreement>('/api/client_agreements/', body)
    : api.put<ClientAgreement>(`/api/client_agreements/${id}/`, body);

/** A client's investor profile, or null when none is stored (404 'Investor profile not found.'). */
export async function fetchInvestorProfile(userId: number, email: string | null): Promise<InvestorProfile | null> {
  try {
    return await api.get<InvestorProfile>(`/api/investor_profile/${userId}/${queryString({ portalUserEmail: email })}`);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const investorProfileQuery = (userId: number | null, email: string | null) =>
  queryOptions({
    queryKey: [...onboardingKey, 'investor-profile', userId],
    queryFn: () => fetchInvestorProfile(userId as number, email),
    enabled: userId !== null,
  });

export const saveInvestorProfile = (userId: number, body: object) =>
  api.put<InvestorProfile>(`/api/investor_profile/${userId}/`, body);

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
    queryKey: [...onboardingKey, 'clients', actor.id, search],
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

/** A client's whole record: the list row lacks the Exhibit B flag. */
export const clientUserQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...onboardingKey, 'client-user', id],
    queryFn: () => api.get<UserWithFirm>(`/api/users/${id}/`),
    enabled: id !== null,
    staleTime: 30_000,
  });

export const clientLabel = (u: Pick<UserListItem, 'first_name' | 'last_name' | 'email'>) => {
  const name = `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim();
  return name ? `${name} (${u.email})` : u.email;
};
