import { SESSION_IDLE_CODE } from '@portal/domain';
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
 * Sign-in, coming back to `next` afterwards; `idleMinutes` when the session ended for idleness (issue 12
 * §4), so the page says why. Only the number travels: the sentence is the page's own.
 */
export function loginPathFor(next: string, idleMinutes?: number | null) {
  const params = new URLSearchParams();
  if (next !== '/') params.set('next', next);
  if (idleMinutes) params.set('idle', String(idleMinutes));
  const query = params.toString();
  return query ? `/account/login?${query}` : '/account/login';
}

/** The idle timeout a 401 ended a session after, or null for any other refusal. */
export function idleMinutesOf(error: ApiError): number | null {
  if (error.status !== 401 || error.code !== SESSION_IDLE_CODE) return null;
  const minutes = Number(error.detail.match(/\d+/)?.[0]);
  return Number.isInteger(minutes) && minutes > 0 ? minutes : null;
}

/** The `idle` query parameter of the sign-in page, read back strictly (a link could carry anything). */
export function idleMinutesParam(raw: string | null): number | null {
  if (!raw || !/^\d{1,4}$/.test(raw)) return null;
  const minutes = Number(raw);
  return minutes >= 1 && minutes <= 1440 ? minutes : null;
}
