import type { ChangeEmailResponse, PendingEmailChange, User } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The server answers with a token too; the web app relies on the cookie it sets and ignores it.
export const updatePersonalInfo = (user: User) =>
  api.put<User>(`/api/account_settings/update_personal_info/${user.id}/`, user);

/** Asks for the change: a link goes to the new address, which applies once it is opened. */
export const changeEmail = (body: { email: string }) =>
  api.put<ChangeEmailResponse>('/api/account_settings/change_email/', body);

export const pendingEmailChangeQuery = queryOptions({
  queryKey: ['account', 'email-change'] as const,
  queryFn: () => api.get<PendingEmailChange>('/api/account_settings/change_email/'),
});

export const resendEmailChange = () => api.post<{ detail: string }>('/api/account_settings/change_email/resend/');
export const cancelEmailChange = () => api.delete<{ detail: string }>('/api/account_settings/change_email/');

export const changePassword = (body: {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}) => api.put<{ token: string }>('/api/account_settings/change_password/', body);
