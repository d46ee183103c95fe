import { describe, expect, it } from 'vitest';
import { canRefresh, REFRESH_WINDOW_SECONDS, shouldRefresh } from './session-token.js';

describe('token refresh window', () => {
  const issued = 1_000_000;

  it('allows a refresh while the original issue is under 7 days old', () => {
    expect(canRefresh(issued, issued + REFRESH_WINDOW_SECONDS - 1)).toBe(true);
    expect(canRefresh(issued, issued + REFRESH_WINDOW_SECONDS)).toBe(false);
  });

  it('refreshes when under 1800 s remain and the token is under 628200 s old', () => {
    expect(shouldRefresh({ exp: issued + 7200, origIat: issued }, issued + 7200 - 1799)).toBe(true);
    expect(shouldRefresh({ exp: issued + 7200, origIat: issued }, issued + 7200 - 1801)).toBe(false);
    expect(shouldRefresh({ exp: issued + 628_300, origIat: issued }, issued + 628_200)).toBe(false);
  });

  it('never refreshes an expired token', () => {
    expect(shouldRefresh({ exp: issued, origIat: issued - 100 }, issued + 1)).toBe(false);
  });
});
