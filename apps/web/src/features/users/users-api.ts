import type { User, UserListItem } from '@portal/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Page, queryString } from '../../lib/api';

export const usersKey = ['users'] as const;

export interface UserListParams {
  search: string;
  status: 'all' | 'active' | 'inactive';
  firm: string | null;
  ordering: string;
  page: number;
  page_size: number;
}

export const userListQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: [...usersKey, 'list', params],
    queryFn: () => api.get<Page<UserListItem>>(`/api/users/filter/${queryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });

/** Spec 000 §2: the modal loads the firm's (active) advisors first. */
export const firmAdvisorsQuery = (firmId: number | null) =>
  queryOptions({
    queryKey: [...usersKey, 'advisors', firmId],
    queryFn: () => api.get<{ count: number; results: UserListItem[] }>(`/api/users/${firmId}/firm_advisors/`),
    enabled: firmId !== null,
    staleTime: 30_000,
  });

export const profileTypesQuery = queryOptions({
  queryKey: ['profile-types'],
  queryFn: () => api.get<{ results: { profile_type_tk: number; name: string }[] }>('/api/profile_types/'),
  staleTime: Number.POSITIVE_INFINITY,
  select: (data) => data.results.map((type) => ({ value: String(type.profile_type_tk), label: type.name })),
});

export const createUser = ({ body, notifyUser }: { body: Record<string, unknown>; notifyUser: boolean }) =>
  api.post<User>(`/api/users/?notifyUser=${notifyUser}`, body);

export const updateUser = ({ id, body }: { id: number; body: Record<string, unknown> }) =>
  api.put<User>(`/api/users/${id}/`, body);

export const deleteUser = (id: number) => api.delete<{ detail: string }>(`/api/users/${id}/`);

/** Spec 000 §4: on edit, 'Generate new password and notify user immediately' sends a new activation link. */
export const sendActivationLink = (userId: number) =>
  api.post<{ detail: string }>(`/api/users/${userId}/send_account_activation_link/`, {
    userId,
    generateNewPassword: true,
  });
