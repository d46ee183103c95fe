import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it("gives the JSON API helmet's headers, fixed (no nonce), on answers and refusals alike", async () => {
    for (const res of [await t.app.inject({ url: '/api/health' }), await t.app.inject({ url: '/api/auth/user/' })]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).not.toContain('nonce-');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('keeps per-request nonces for pages (the API documentation)', async () => {
    const a = await t.app.inject({ url: '/api/docs' });
    const b = await t.app.inject({ url: '/api/docs' });
    const nonce = (h: unknown) => String(h).match(/'nonce-([0-9a-f]+)'/)?.[1];
    expect(nonce(a.headers['content-security-policy'])).toBeDefined();
    expect(nonce(a.headers['content-security-policy'])).not.toBe(nonce(b.headers['content-security-policy']));
  });
});
