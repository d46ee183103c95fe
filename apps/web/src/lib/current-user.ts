import type { User } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export const currentUserKey = ['auth', 'user'] as const;

/** The signed-in user; a 401 here means "not signed in", which the guard handles, so it is never toasted. */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: () => api.get<User>('/api/auth/user/'),
  retry: false,
  staleTime: 30_000,
  meta: { silent: true },
});

/** The user the guard loaded; only for screens under the guard, where it is always present. */
export function useCurrentUser(): User {
  const { data } = useQuery(currentUserQuery);
  if (!data) throw new Error('useCurrentUser used outside the login-required routes');
  return data;
}

export const displayName = (user: Pick<User, 'first_name' | 'email'>) => user.first_name?.trim() || user.email;
