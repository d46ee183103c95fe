import type { EndedSessions, User, UserListItem, UserWithFirm, UserWriteBody } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';

export const usersKey = ['users'] as const;

export const userListQuery = (params: PageParams) =>
  listPageQuery<UserListItem>(usersKey, '/api/users/filter/', params);

/**
 * The whole user, for the Edit form (a list row carries only what the list shows). Forgotten once the
 * form closes: the next Edit starts from the record as stored then, not from a copy of the last visit.
 * Outside `usersKey`, so a save's reload of the lists does not fetch again the record of a closing form.
 */
export const userQuery = (id: number) =>
  queryOptions({
    queryKey: ['user-record', id],
    queryFn: () => api.get<User>(`/api/users/${id}/`),
    gcTime: 0,
  });

/** The modal loads the firm's (active) advisors first. */
export const firmAdvisorsQuery = (firmId: number | null) =>
  queryOptions({
    queryKey: [...usersKey, 'advisors', firmId],
    queryFn: () => api.get<{ count: number; results: UserWithFirm[] }>(`/api/users/${firmId}/firm_advisors/`),
    enabled: firmId !== null,
    staleTime: 30_000,
  });

export const profileTypesQuery = queryOptions({
  queryKey: ['profile-types'],
  queryFn: () => api.get<{ results: { profile_type_tk: number; name: string }[] }>('/api/profile_types/'),
  staleTime: Number.POSITIVE_INFINITY,
  select: (data) => data.results.map((type) => ({ value: String(type.profile_type_tk), label: type.name })),
});

export const createUser = ({ body, notifyUser }: { body: UserWriteBody; notifyUser: boolean }) =>
  api.post<User>(`/api/users/?notifyUser=${notifyUser}`, body);

export const updateUser = ({ id, body }: { id: number; body: UserWriteBody }) =>
  api.put<User>(`/api/users/${id}/`, body);

export const deleteUser = (id: number) => api.delete<{ detail: string }>(`/api/users/${id}/`);

/**
 * On edit, 'Generate new password and notify user immediately' sends a new link: an
 * activation link to a never-activated account, else (the server decides) a password reset link to the
 * address the person has proven. `generateNewPassword: false` keeps the current password working.
 */
export const sendActivationLink = (userId: number, generateNewPassword = true) =>
  api.post<{ detail: string }>(`/api/users/${userId}/send_account_activation_link/`, {
    userId,
    generateNewPassword,
  });

/** Withdraws an address change waiting for its owner's confirmation (a mistyped address). */
export const cancelEmailChange = (userId: number) => api.post<User>(`/api/users/${userId}/cancel_email_change/`);

/** Withdraws the invitation of a never-activated account: its mailed activation link stops working. */
export const cancelInvitation = (userId: number) => api.post<User>(`/api/users/${userId}/cancel_invitation/`);

/** Removes the user's second factors (a lost phone); they are mailed and signed out. */
export const resetTwoFactor = (userId: number) => api.post<{ detail: string }>(`/api/users/${userId}/mfa_reset/`);

export const endUserSessions = (userId: number) => api.post<EndedSessions>(`/api/users/${userId}/end_sessions/`);
