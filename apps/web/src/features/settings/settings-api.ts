import type { LoginResponse, User } from '@portal/domain';
import { api } from '../../lib/api';

// The server answers with a token too; the web app relies on the cookie it sets and ignores it.
export const updatePersonalInfo = (user: User) =>
  api.put<User>(`/api/account_settings/update_personal_info/${user.id}/`, user);

export const changeEmail = (body: { email: string }) =>
  api.put<LoginResponse>('/api/account_settings/change_email/', body);

export const changePassword = (body: {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}) => api.put<{ token: string }>('/api/account_settings/change_password/', body);
