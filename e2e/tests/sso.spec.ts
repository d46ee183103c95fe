import { createServer, type Server } from 'node:http';
import { messages, ProfileType } from '@portal/domain';
import { testServiceProvider } from '../../apps/server/src/testing/saml-fixtures.js';
import { BASE_URL, SSO_SP_PORT } from '../support/env.js';
import { expect, expectAccessible, signIn, signOut, test } from '../support/fixtures.js';
import { choose } from '../support/onboarding.js';

const m = messages.sso;
const fl = messages.firmLinks;
const SP_URL = `http://127.0.0.1:${SSO_SP_PORT}`;
/** A portfolio system's SAML side, as a vendor runs it: its own key pair, trusting the portal's metadata. */
const orion = testServiceProvider(`${SP_URL}/saml`, `${SP_URL}/saml/acs`);

const htmlText = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const spPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * The service provider's assertion consumer service: verifies the posted response with samlify against
 * the portal's published metadata and shows who it signed in, or why it refused.
 */
let sp: Server;
test.beforeAll(async () => {
  sp = createServer(async (req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (req.url === '/favicon.ico') {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (req.method !== 'POST' || req.url !== '/saml/acs') {
      res.statusCode = 404;
      res.end(spPage('Not found', ''));
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    try {
      const metadata = await (await fetch(`${BASE_URL}/api/sso/metadata/`)).text();
      const login = await orion.accept(metadata, form.get('SAMLResponse') ?? '');
      const attributes = Object.entries(login.attributes).map(
        ([k, v]) => `<li>${htmlText(k)}: ${htmlText(String(v))}</li>`,
      );
      res.end(
        spPage(
          'Orion test system',
          `<p>Signed in as ${htmlText(login.nameID)}</p><ul>${attributes.join('')}</ul><p>Start page: ${htmlText(form.get('RelayState') ?? '')}</p>`,
        ),
      );
    } catch (err) {
      res.statusCode = 403;
      res.end(spPage('Refused', `<p>${htmlText(String(err))}</p>`));
    }
  });
  await new Promise<void>((resolve) => sp.listen(SSO_SP_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => sp.close(() => resolve())));

test("an administrator sets up the firm's portfolio system; an advisor's home link signs them in to it in a new tab", async ({
  page,
  context,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Keystone Wealth ${stamp}`, abbreviation: 'KSW' });
  const admin = await db.createUser(db.db, {
    email: `ksw.admin.${stamp}@example.test`,
    profile: { firmId: firm.id, profileType: ProfileType.Administrator },
  });
  const advisor = await db.createUser(db.db, {
    email: `ksw.advisor.${stamp}@example.test`,
    firstName: 'Ada',
    lastName: `Advisor${stamp}`,
    emailVerifiedAt: new Date(),
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });

  // 1. The administrator finds Single Sign-On under Setup: none yet, and the portal's metadata to hand out.
  await signIn(page, admin.email);
  await page.goto('/setup/single-sign-on');
  await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();
  await expect(page.getByRole('link', { name: m.metadataLink })).toHaveAttribute('href', '/api/sso/metadata/');
  await expectAccessible(page);

  // 2. Adds the system: a key that is not fit for an address is refused beside its input first.
  await page.getByRole('button', { name: m.add }).click();
  const dialog = page.getByRole('dialog', { name: m.addTitle });
  await dialog.getByRole('textbox', { name: m.labelLabel, exact: false }).first().fill('Orion (test)');
  await dialog.getByRole('textbox', { name: new RegExp(`^${m.keyLabel}`) }).fill('Orion Test');
  await dialog.getByRole('textbox', { name: new RegExp(`^${m.entityIdLabel}`) }).fill(orion.entityId);
  await dialog.getByRole('textbox', { name: new RegExp(`^${m.acsUrlLabel}`) }).fill(orion.acsUrl);
  await dialog.getByRole('textbox', { name: new RegExp(`^${m.certificateLabel}`) }).fill(orion.certificate);
  await dialog.getByRole('checkbox', { name: m.attributeNames.role }).check();
  await dialog.getByRole('textbox', { name: m.relayStateLabel }).fill(`${SP_URL}/dashboard`);
  // No NameID to choose: the form says it is persistent and what the provider maps.
  await expect(dialog.getByText(m.nameIdMapping)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(m.keyInvalid)).toBeVisible();
  await dialog.getByRole('textbox', { name: new RegExp(`^${m.keyLabel}`) }).fill('orion-test');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(m.created)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Orion (test)' });
  await expect(row).toContainText('orion-test');
  await expect(row).toContainText(m.active);

  // 3. Under Firm Links, the firm's portfolio-system link signs in through it.
  await page.goto('/setup/firm-links');
  await page.getByRole('button', { name: fl.add }).click();
  const link = page.getByRole('dialog', { name: fl.addTitle });
  await choose(link, page, new RegExp(`^${fl.kindLabel}`), fl.kinds.portfolio);
  await link.getByRole('textbox', { name: new RegExp(`^${fl.labelLabel}`) }).fill('Orion');
  await link.getByRole('textbox', { name: new RegExp(`^${fl.urlLabel}`) }).fill('https://login.orionadvisor.com');
  await choose(link, page, new RegExp(`^${m.linkLabel}`), 'Orion (test)');
  await expectAccessible(page);
  await link.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(fl.created)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Orion' })).toContainText(`${m.linkLabel}: orion-test`);
  await signOut(page);

  // 4. The advisor's home grid: the Links card's Orion opens a new tab, which posts to the system.
  await signIn(page, advisor.email);
  const links = page.getByRole('region', { name: 'Links' });
  const orionLink = links.getByRole('link', { name: 'Orion' });
  await expect(orionLink).toHaveAttribute('href', '/api/sso/init/?sp=orion-test');
  await expect(orionLink).toHaveAttribute('target', '_blank');
  await expectAccessible(page);
  // The sign-on page's own errors too (a script its CSP refused would leave it standing).
  const tabProblems: string[] = [];
  context.on('page', (opened) => opened.on('console', (msg) => msg.type() === 'error' && tabProblems.push(msg.text())));
  const [tab] = await Promise.all([context.waitForEvent('page'), orionLink.click()]);
  await tab.waitForURL(orion.acsUrl);
  await expect(tab.getByRole('heading', { name: 'Orion test system' })).toBeVisible();
  // Known to the system by an opaque id; the verified address comes as an attribute.
  await expect(tab.getByText(/^Signed in as [A-Za-z0-9_-]{43}$/)).toBeVisible();
  await expect(tab.getByText(`email: ${advisor.email}`)).toBeVisible();
  await expect(tab.getByText('first_name: Ada')).toBeVisible();
  await expect(tab.getByText('role: Financial Advisor')).toBeVisible();
  await expect(tab.getByText(`Start page: ${SP_URL}/dashboard`)).toBeVisible();
  expect(tabProblems).toEqual([]);
  await tab.close();
});

test('a sign-on opened while signed out says so on a page of its own', async ({ page }) => {
  const res = await page.goto('/api/sso/init/?sp=orion-test');
  expect(res?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1, name: m.errorTitle })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(messages.auth.notAuthenticated);
  await expect(page.getByRole('link', { name: m.backToPortal })).toBeVisible();
  await expectAccessible(page);
});
