import { authMessages, SESSION_ENDED_CODE, SESSION_IDLE_CODE } from '@portal/domain';
import type { ApiError } from './api';

/**
 * Where to go after sign-in. Only a same-site path is followed, so a crafted link such as
 * `?next=//evil.example` or `?next=https://evil.example` cannot send someone off the portal.
 */
export function safeNext(raw: string | null | undefined, fallback = '/'): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Control characters can make a browser read the path differently from this check.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is being refused
  if (/[\u0000-\u001f\\]/.test(raw)) return fallback;
  if (raw.startsWith('/account/')) return fallback;
  return raw;
}

/**
 * Why a 401 signed a person out, when the sign-in page should say so: the session went
 * idle (after so many minutes), or was ended from elsewhere (another session, an administrator, a
 * password change).
 */
export type SignOutReason = { idleMinutes: number } | { ended: true } | null;

/**
 * Sign-in, coming back to `next` afterwards, with the reason it signed the person out so the page says
 * why. Only a number or a flag travels: the sentence is the page's own.
 */
export function loginPathFor(next: string, reason: SignOutReason = null) {
  const params = new URLSearchParams();
  if (next !== '/') params.set('next', next);
  if (reason && 'idleMinutes' in reason) params.set('idle', String(reason.idleMinutes));
  if (reason && 'ended' in reason) params.set('ended', '1');
  const query = params.toString();
  return query ? `/account/login?${query}` : '/account/login';
}

/** Why a 401 ended a session, or null for any other refusal. */
export function signOutReasonOf(error: ApiError): SignOutReason {
  if (error.status !== 401) return null;
  if (error.code === SESSION_ENDED_CODE) return { ended: true };
  if (error.code !== SESSION_IDLE_CODE) return null;
  const minutes = Number(error.detail.match(/\d+/)?.[0]);
  return Number.isInteger(minutes) && minutes > 0 ? { idleMinutes: minutes } : null;
}

/** The sign-in page's sentence for its `idle` or `ended` parameter, read back strictly (a link could carry anything). */
export function signOutNotice(params: URLSearchParams): string | null {
  const idle = params.get('idle');
  if (idle && /^\d{1,4}$/.test(idle)) {
    const minutes = Number(idle);
    if (minutes >= 1 && minutes <= 1440) return authMessages.idleSignedOut(minutes);
  }
  return params.get('ended') === '1' ? authMessages.sessionEnded : null;
}
