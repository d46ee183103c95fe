import { messages, ProfileType } from '@portal/domain';
import { expect, expectAccessible, signIn, TEST_PASSWORD, test } from '../support/fixtures.js';

test('after three wrong passwords the sign-in asks for the captcha, which solves itself, and the owner gets in', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Captcha Advisors ${stamp}` });
  const user = await db.createUser(db.db, {
    email: `captcha.${stamp}@example.test`,
    firstName: 'Cato',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  await page.goto('/account/login');
  const logIn = page.getByRole('button', { name: 'Log In' });
  for (let i = 0; i < 3; i++) {
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(`not the password ${i}`);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login/'));
    await logIn.click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText(messages.auth.loginFailed);
  }
  // The third failure says the captcha is due: the widget appears and solves its puzzle on its own.
  const widget = page.locator('altcha-widget');
  await expect(widget).toBeVisible();
  // Log In waits for the solution (held disabled until then; at the test's difficulty that is a blink).
  await expect(logIn).toBeEnabled({ timeout: 30_000 });
  await expect(widget.getByText(/verified/i)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await logIn.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cato');
});

test('Settings → Sessions lists both browsers and ends the other one, which is signed out', async ({
  page,
  browser,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Session Advisors ${stamp}` });
  const user = await db.createUser(db.db, {
    email: `sessions.${stamp}@example.test`,
    firstName: 'Sesa',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  const elsewhere = await browser.newContext({ reducedMotion: 'reduce' });
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, user.email);
  await signIn(page, user.email);

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Sessions', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/sessions$/);
  const rows = page.getByRole('table', { name: 'Sessions' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: messages.sessions.thisSession })).toHaveCount(1);
  await expect(rows.first()).toContainText('Chrome on Linux');
  await expectAccessible(page);

  await page.getByRole('button', { name: /^End the session on / }).click();
  await expect(page.getByText(messages.sessions.ended)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('button', { name: messages.sessions.endOthers })).toBeDisabled();

  // The other browser's next step finds its session gone and goes to sign-in, which says why.
  await otherPage.goto('/settings/profile');
  await expect(otherPage).toHaveURL(/\/account\/login/);
  await expect(otherPage.getByText(messages.auth.sessionEnded)).toBeVisible();
  await elsewhere.close();
});
