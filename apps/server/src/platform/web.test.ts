import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ProfileType } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../testing/factories.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

// A built web app as `vite build` leaves it: hashed assets with their .br and .gz beside them, the
// index.html template, and the table of each path's screen chunks.
const script = `export const screen = ${JSON.stringify('x'.repeat(4000))};\n`;
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta name="csp-nonce" content="__CSP_NONCE__" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const routePreloads = [
  { path: '/account/password/reset', js: ['/assets/forgot-def456.js'], css: ['/assets/forgot-def456.css'] },
  { path: '/account/activate/:uid/:token', js: ['/assets/activate-ghi789.js'], css: [], fetch: [] },
  { path: '/users/', js: ['/assets/users-page-jkl012.js'], css: [], fetch: ['/api/auth/user/'] },
];

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  const asset = path.join(dist, 'assets/index-abc123.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  writeFileSync(path.join(dist, '.vite/route-preloads.json'), JSON.stringify(routePreloads));
  t = await buildTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('serving the web app', () => {
  it('sends a browser that takes brotli the brotli file, cacheable for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a browser that takes only gzip, and the plain file to one that takes neither', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('does not expose the compressed files or the template as files of their own', async () => {
    expect((await get('/assets/index-abc123.js.br')).statusCode).toBe(404);
    expect((await get('/assets/gone-000000.js')).statusCode).toBe(404);
    const index = await get('/index.html');
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.body).not.toContain('__CSP_NONCE__');
  });

  it("answers a screen's path with index.html carrying the request's style nonce, never cached", async () => {
    const res = await get('/setup/firms', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const nonce = /<meta name="csp-nonce" content="([0-9a-f]+)"/.exec(res.body)?.[1];
    expect(nonce).toBeDefined();
    expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(res.body).not.toContain('modulepreload');
  });

  it("starts downloading the screen's chunks with the page (behind the frame's stylesheet), for the screen of that path only", async () => {
    const forgot = await get('/account/password/reset/?email=ada%40example.test');
    expect(forgot.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/forgot-def456.js">',
    );
    expect(forgot.body).toContain(
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/forgot-def456.css">',
    );
    expect(forgot.body.indexOf('forgot-def456')).toBeLessThan(forgot.body.indexOf('</head>'));

    const activate = await get('/account/activate/MQ/abc-def/');
    expect(activate.body).toContain('/assets/activate-ghi789.js');
    expect(activate.body).not.toContain('forgot-def456');
    expect((await get('/account/activate/MQ')).body).not.toContain('activate-ghi789');
  });

  it("fetches a login-required screen's first API call with the page, for a visitor who has a session", async () => {
    const call = '<link rel="preload" as="fetch" crossorigin href="/api/auth/user/">';
    const anonymous = await get('/users/');
    expect(anonymous.body).toContain('/assets/users-page-jkl012.js');
    expect(anonymous.body).not.toContain(call);

    const withSession = await t.app.inject({ url: '/users/', cookies: { portal_session: 'some-session' } });
    expect(withSession.body).toContain(call);
  });
});

describe('compressing API responses', () => {
  it('compresses a large JSON response for a client that accepts it', async () => {
    const staff = await createUser(t.deps.db, { profile: { profileType: ProfileType.StandardUser } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    const res = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip', authorization: `Bearer ${login.json().token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('leaves a small response as it is', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
