import { createHash } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema/index.js';
import { createFirm, createUser, TEST_PASSWORD } from '../../apps/server/src/testing/factories.js';
import type { ReceivedMail } from '../../apps/server/src/testing/smtp-sink.js';
import { DATABASE_URL, MAILBOX_PORT } from './env.js';

export { expect, TEST_PASSWORD };

/** Fails on serious or critical accessibility violations of the page as it stands. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Polls the test mailbox (a real SMTP server started by the global setup) for a mail to `to`. */
export async function mailTo(to: string, containing?: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (
      await fetch(`http://127.0.0.1:${MAILBOX_PORT}/mails?to=${encodeURIComponent(to)}`)
    ).json()) as ReceivedMail[];
    const found = mails.reverse().find((m) => !containing || m.text.includes(containing));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function linkFrom(mail: ReceivedMail, pattern: RegExp): string {
  const link = mail.text.match(pattern)?.[0];
  if (!link) throw new Error(`no link matching ${pattern} in:\n${mail.text}`);
  return new URL(link).pathname;
}

/** Signs in through the form and waits for the home page's welcome. */
export async function signIn(page: Page, email: string, password = TEST_PASSWORD) {
  await page.goto('/account/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
}

export async function signOut(page: Page) {
  await page.goto('/account/logout');
  await expect(page.getByText('You have successfully logged out.')).toBeVisible();
}

interface Fixtures {
  /** The portal's database, for creating a journey's own firms and people. */
  db: { db: Db; createFirm: typeof createFirm; createUser: typeof createUser };
  /** Console errors and CSP violations seen during the test; asserted empty at its end. */
  consoleProblems: string[];
}

export const test = base.extend<Fixtures>({
  // Each journey reaches the portal from an address of its own, as people do through the firm's proxy
  // (the test server trusts the forwarded header, as behind nginx): journeys run two at a time, and one
  // that fails sign-ins on purpose must not put the captcha in front of another's sign-in.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a, b, c] = createHash('sha256').update(testInfo.testId).digest();
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `10.${a}.${b}.${c}` });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture parameter list.
  db: async ({}, use) => {
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
    const db = drizzle(pool, { schema }) as unknown as Db;
    await use({ db, createFirm, createUser });
    await pool.end();
  },
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        // A failed call answers 4xx on purpose in some journeys; the browser logs the resource error.
        if (
          msg.type() === 'error' &&
          !/Failed to load resource: the server responded with a status of 4\d\d/.test(text)
        )
          problems.push(text);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      await use(problems);
      expect(problems, 'console errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
