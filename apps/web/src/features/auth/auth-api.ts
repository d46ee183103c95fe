import type { EmailChangePreview, LoginResponse, PasswordLoginResponse } from '@portal/domain';
import { api } from '../../lib/api';

export const login = (body: { email: string; password: string; captcha?: string }) =>
  api.post<PasswordLoginResponse>('/api/auth/login/', body);

/** The second sign-in step: a code (authenticator or recovery) or a passkey's assertion. */
export const loginMfa = (body: { mfa_token: string; code?: string; webauthn?: unknown }) =>
  api.post<LoginResponse>('/api/auth/login/mfa/', body);

export const logout = () => api.post<{ detail: string }>('/api/auth/logout/');

export const requestPasswordReset = (body: { email: string }) =>
  api.post<{ detail: string }>('/api/auth/password/reset/', body);

export const confirmPasswordReset = (body: {
  uid: string;
  token: string;
  new_password1: string;
  new_password2: string;
}) => api.post<{ detail: string }>('/api/auth/password/reset/confirm/', body);

export const activateAccount = (body: { uid: string; token: string; password: string }) =>
  api.post<{ detail: string }>('/api/auth/account/confirm/', body);

/** The link mailed to a new address; `password` when someone else asked for the change. */
export const confirmEmailChange = (body: { uid: string; token: string; password?: string | null }) =>
  api.post<{ detail: string }>('/api/account_settings/confirm_email/', body);

export const previewEmailChange = (body: { uid: string; token: string }) =>
  api.post<EmailChangePreview>('/api/account_settings/confirm_email/preview/', body);
