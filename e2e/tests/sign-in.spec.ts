import { messages } from '@portal/domain';
import { expect, expectAccessible, TEST_PASSWORD, test } from '../support/fixtures.js';

test('a user who mistypes the password is told so, then signs in and returns where they were going', async ({
  page,
  db,
}) => {
  const user = await db.createUser(db.db, { email: `ada.${Date.now()}@example.test`, firstName: 'Ada' });

  await page.goto('/settings/email');
  await expect(page).toHaveURL(/\/account\/login/);
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toContainText('registered investment advisor');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText(messages.auth.enterEmail)).toBeVisible();
  await expect(page.getByText(messages.auth.enterPassword)).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not my password at all');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText(messages.auth.loginFailed).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/settings\/email$/);
  await expect(page.getByText(user.email).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Ada' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByText(messages.auth.loggedOut)).toBeVisible();
  await expectAccessible(page);

  // The session is revoked on the server: going back does not get in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/account\/login/);
  const me = await page.request.get('/api/auth/user/');
  expect(me.status()).toBe(401);
});

test('the home page greets the user and offers Settings from the menu grid', async ({ page, db }) => {
  const user = await db.createUser(db.db, { email: `grace.${Date.now()}@example.test`, firstName: 'Grace' });
  await page.goto('/account/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace');
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test('on a phone the navigation collapses behind a menu toggle', async ({ page, db }) => {
  const user = await db.createUser(db.db, { email: `phone.${Date.now()}@example.test`, firstName: 'Pat' });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/account/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toBeVisible();
  await expectAccessible(page);
});

test('the built server words a validation error for people, not in the validator’s terms', async ({ request }) => {
  // The field messages are installed by a module only a bundler can drop: this checks the build.
  const res = await request.post('/api/auth/login/', { data: { email: 5, password: 'x' } });
  expect(res.status()).toBe(400);
  expect((await res.json()).fields.email).toBe(messages.validation.expected('string'));
});
