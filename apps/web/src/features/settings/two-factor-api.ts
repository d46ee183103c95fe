import type { Factor, FactorList } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api';

/** Two-factor sign-in's calls. */
export const factorsKey = ['auth', 'mfa'] as const;
export const factorsQuery = queryOptions({
  queryKey: factorsKey,
  queryFn: () => api.get<FactorList>('/api/auth/mfa/'),
});

export const startTotp = () => api.post<{ secret: string; otpauth_url: string }>('/api/auth/mfa/totp/setup/');
export const confirmTotp = (code: string) =>
  api.post<{ recovery_codes: string[] }>('/api/auth/mfa/totp/confirm/', { code });
export const regenerateRecoveryCodes = (password: string) =>
  api.post<{ recovery_codes: string[] }>('/api/auth/mfa/recovery_codes/', { password });
export const removeFactor = (id: number, password: string) =>
  apiRequest<{ detail: string }>('DELETE', `/api/auth/mfa/${id}/`, { password });

/** Creates a passkey in the browser (its WebAuthn code loaded only now) and registers it. */
export async function addPasskey(label: string) {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    api.post<Parameters<typeof import('@simplewebauthn/browser').startRegistration>[0]['optionsJSON']>(
      '/api/auth/mfa/webauthn/options/',
    ),
  ]);
  const response = await startRegistration({ optionsJSON });
  return api.post<{ factor: Factor; recovery_codes: string[] }>('/api/auth/mfa/webauthn/register/', {
    label: label || undefined,
    response,
  });
}
