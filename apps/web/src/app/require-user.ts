import type { User } from '@portal/domain';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { api, isApiError } from '../lib/api';
import { currentUserKey } from '../lib/current-user';
import { portalSettingsQuery } from '../lib/portal-settings';
import { loginPathFor, signOutReasonOf } from '../lib/safe-next';
import { queryClient } from './query-client';

const FRESH_MS = 5_000;

/**
 * The navigation guard: every login-required navigation refreshes the signed-in user;
 * without a session the person goes to sign-in and comes back here afterwards.
 */
export async function requireUser({ request }: LoaderFunctionArgs): Promise<null> {
  const state = queryClient.getQueryState(currentUserKey);
  // Several loaders of one navigation (and StrictMode) should not ask the server twice in a row.
  if (state?.data && Date.now() - state.dataUpdatedAt < FRESH_MS) return null;
  // The firm's switched-off entries decide what the screen draws (app/switched-off-gate.tsx): asked
  // beside the user (kept for minutes, so rarely asked at all), never after it.
  const settings = queryClient.prefetchQuery(portalSettingsQuery);
  try {
    const user = await api.get<User & { mfa_setup_required?: true }>('/api/auth/user/');
    queryClient.setQueryData(currentUserKey, user);
    // Held at two-factor set-up: nothing else answers until a factor is confirmed.
    if (user.mfa_setup_required) throw redirect(twoFactorSetupPath(request.url));
    await settings;
    return null;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isApiError(error) && error.status === 401) {
      queryClient.clear();
      const url = new URL(request.url);
      throw redirect(loginPathFor(`${url.pathname}${url.search}${url.hash}`, signOutReasonOf(error)));
    }
    throw error;
  }
}

/** The set-up screen, coming back to `href` (a full URL or a path) once a factor is confirmed. */
export function twoFactorSetupPath(href: string) {
  const url = new URL(href, window.location.origin);
  return `/account/two-factor?next=${encodeURIComponent(`${url.pathname}${url.search}${url.hash}`)}`;
}

/** The set-up screen's own guard: signed in (held or not), else sign-in. */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  try {
    queryClient.setQueryData(currentUserKey, await api.get<User>('/api/auth/user/'));
    return null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      queryClient.clear();
      const url = new URL(request.url);
      throw redirect(loginPathFor(`${url.pathname}${url.search}`));
    }
    throw error;
  }
}
