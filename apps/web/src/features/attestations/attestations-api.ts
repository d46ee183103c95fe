import type {
  Attestation,
  AttestationBody,
  AttestationHistory,
  AttestationListItem,
  MyAcknowledgements,
  SupervisedPerson,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError, type Page, queryString } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';
import { rosterKey } from '../../lib/roster';

/** Every attestation query sits under this key, so a save refreshes the list, the record and the pre-fill. */
export const attestationsKey = ['attestations'] as const;

/** A 404 here is an answer ("none"), not a failure to report. */
async function orNone<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const attestationListQuery = (params: PageParams) =>
  listPageQuery<AttestationListItem>(attestationsKey, '/api/quarterly_attestations/', params);

export const attestationQuery = (id: number) =>
  queryOptions({
    queryKey: [...attestationsKey, 'detail', id],
    queryFn: () => api.get<Attestation>(`/api/quarterly_attestations/${id}/`),
  });

/** An attestation's audit trail and its original submission; under the attestations key, so a save refreshes it. */
export const attestationHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: [...attestationsKey, 'history', id],
    queryFn: () => api.get<AttestationHistory>(`/api/quarterly_attestations/${id}/history/`),
  });

/**
 * The person's acknowledgements of the firm's code of ethics and compliance manual (training resources):
 * the new attestation's two dates start from them.
 */
export const myAcknowledgementsQuery = () =>
  queryOptions({
    queryKey: ['resources', 'my-acknowledgements'],
    queryFn: () => api.get<MyAcknowledgements>('/api/resources/my_acknowledgements/'),
  });

/**
 * The person's most recent attestation, the new form's pre-fill; null when they have none. Found
 * through the list (the latest submission is the latest period: the server dates both), not through
 * `most_recent/`, whose 404 for a first-time filer the browser would log as an error in the console.
 */
export const mostRecentQuery = (userId: number) =>
  queryOptions({
    queryKey: [...attestationsKey, 'most-recent', userId],
    queryFn: async () => {
      const params = queryString({ user: userId, ordering: '-Submitted_Date__c', page_size: 1 });
      const { results } = await api.get<Page<AttestationListItem>>(`/api/quarterly_attestations/${params}`);
      const [latest] = results;
      return latest ? api.get<Attestation>(`/api/quarterly_attestations/${latest.Id}/`) : null;
    },
    staleTime: 0,
  });

/** The person's roster entry (which lists they must submit); null when they are not on the roster. */
export const rosterEntryOfUserQuery = (userId: number) =>
  queryOptions({
    queryKey: [...rosterKey, 'of-user', userId],
    queryFn: () =>
      orNone(api.get<SupervisedPerson>(`/api/supervised_persons/${userId}/get_supervised_person_by_user_id/`)),
    staleTime: 30_000,
  });

/** The signed-in person's own roster entry; null when they are not on the roster. */
export const myRosterEntryQuery = () =>
  queryOptions({
    queryKey: [...rosterKey, 'mine'],
    queryFn: () => api.get<SupervisedPerson | null>('/api/supervised_persons/me/'),
    staleTime: 30_000,
  });

export const createAttestation = (body: AttestationBody) => api.post<Attestation>('/api/quarterly_attestations/', body);
export const updateAttestation = ({ id, body }: { id: number; body: AttestationBody }) =>
  api.put<Attestation>(`/api/quarterly_attestations/${id}/`, body);
export const deleteAttestation = (id: number) => api.delete<null>(`/api/quarterly_attestations/${id}/`);

/** The child lists' own paths, for removing a saved row at once. */
export const CHILD_PATHS = {
  personalSecurities: 'personal_securities',
  outsideBusinessActivities: 'outside_business_activities',
  politicalContributions: 'political_contributions',
} as const;
export type ChildListName = keyof typeof CHILD_PATHS;
export const deleteChildRow = ({ list, id }: { list: ChildListName; id: number }) =>
  api.delete<null>(`/api/${CHILD_PATHS[list]}/${id}/`);
