/** Access tokens live 2 hours by default; a token can be refreshed while its original issue is under 7 days old. */
export const ACCESS_TOKEN_TTL_SECONDS = 2 * 60 * 60;
export const REFRESH_WINDOW_SECONDS = 7 * 24 * 60 * 60;
/**
 * A cookie session's token is re-issued on a request when under 1800 s remain and the session's first token
 * was issued under 628200 s ago; past that, the person signs in again.
 */
export const CLIENT_REFRESH_BEFORE_EXPIRY_SECONDS = 1800;
export const CLIENT_REFRESH_MAX_AGE_SECONDS = 628_200;

export function canRefresh(origIat: number, nowSeconds: number): boolean {
  return nowSeconds - origIat < REFRESH_WINDOW_SECONDS;
}

export function shouldRefresh(token: { exp: number; origIat: number }, nowSeconds: number): boolean {
  return (
    token.exp > nowSeconds &&
    token.exp - nowSeconds < CLIENT_REFRESH_BEFORE_EXPIRY_SECONDS &&
    nowSeconds - token.origIat < CLIENT_REFRESH_MAX_AGE_SECONDS
  );
}
