import type { ClientAgreement, InvestorProfile, OnboardingStatusResponse } from '@portal/domain';
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

/** POST for the first submit, PUT `{Id}/` afterwards. */
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
