import type { Page } from '@playwright/test';
import { messages } from '@portal/domain';
import { expect, test } from '../support/fixtures.js';

/** The budget for the sign-in page: JavaScript as a browser downloads it, gzipped. */
const SIGN_IN_JS_BUDGET = 170_000;

interface Loaded {
  url: string;
  encoding: string | undefined;
  /** Bytes on the wire (the encoded body). */
  bodyBytes: number;
}

/** Every script the page downloads until it has settled, as the browser received it. */
async function scriptsLoadedBy(page: Page, open: () => Promise<void>): Promise<Loaded[]> {
  const pending: Promise<Loaded>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          url: request.url(),
          encoding: await response?.headerValue('content-encoding').then((v) => v ?? undefined),
          bodyBytes: sizes.responseBodySize,
        };
      })(),
    );
  });
  await open();
  await page.waitForLoadState('networkidle');
  return Promise.all(pending);
}

test.describe('what the sign-in page costs', () => {
  // The budget is stated for gzip; a browser that takes brotli (Chromium does) gets less still.
  test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

  test('the sign-in page loads at most 170 KB of gzipped JavaScript', async ({ page }) => {
    const scripts = await scriptsLoadedBy(page, async () => {
      await page.goto('/account/login');
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    });
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.encoding, script.url).toBe('gzip');
    const total = scripts.reduce((sum, s) => sum + s.bodyBytes, 0);
    const list = scripts.map((s) => `${s.bodyBytes} ${new URL(s.url).pathname}`).join('\n');
    expect(total, `gzipped JavaScript of the sign-in page:\n${list}`).toBeLessThanOrEqual(SIGN_IN_JS_BUDGET);
  });
});

test('the web app is the production build of React, however the server was started', async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, async () => {
    await page.goto('/account/login');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });
  for (const { url } of scripts) {
    const code = await (await page.request.get(url)).text();
    // Markers of React's development build, and of Vite's development mode.
    for (const marker of ['react-dom-client.development', 'Download the React DevTools', '/@vite/client'])
      expect(code.includes(marker), `${url} contains "${marker}"`).toBe(false);
  }
});

test('assets are cached for a year and compressed; the page itself is revalidated', async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, () => page.goto('/account/login').then(() => undefined));
  const asset = await page.request.get(scripts[0].url, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers().vary).toMatch(/accept-encoding/i);

  const html = await page.request.get('/account/login');
  expect(html.headers()['cache-control']).toBe('no-cache');
  expect(await html.text()).not.toContain('__CSP_NONCE__');
});

test('the page draws its frame (the loading bar and the disclaimer) before any script has run', async ({ browser }) => {
  // A phone on a slow line waits seconds for the scripts; the frame is in index.html itself.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/users/');
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveText(messages.footer.disclaimer);
  // Styled by the entry's stylesheet, which is not a script.
  await expect(page.getByText(messages.footer.disclaimer)).toHaveCSS('text-align', 'center');
  // A browser that runs no scripts at all says why the page goes no further. (This browser only has
  // scripts switched off for the page, so it still parses <noscript> as text: the page's HTML is checked.)
  const html = await (await page.request.get('/users/')).text();
  expect(html).toContain(`<noscript><div class="portal-container"><p>${messages.frame.noScript}</p>`);
  await context.close();
});
