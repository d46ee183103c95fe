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

export const loginPathFor = (next: string) =>
  next === '/' ? '/account/login' : `/account/login?next=${encodeURIComponent(next)}`;
