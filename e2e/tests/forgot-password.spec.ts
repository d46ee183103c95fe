import { messages } from '@portal/domain';
import { expect, expectAccessible, linkFrom, mailTo, test } from '../support/fixtures.js';

test('a user who forgot the password resets it from the mailed link and signs in with the new one', async ({
  page,
  db,
}) => {
  const user = await db.createUser(db.db, { email: `forgetful.${Date.now()}@example.test`, firstName: 'Fran' });

  await page.goto('/account/login');
  await page.getByRole('link', { name: 'Forgot your password' }).click();
  await expect(page).toHaveURL(/\/account\/password\/reset$/);
  await expect(page.getByRole('link', { name: 'Return to LogIn' })).toBeVisible();
  await expect(page.getByText('OR', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(page.getByText(messages.auth.checkInbox)).toBeVisible();

  const mail = await mailTo(user.email, '/account/password/reset/');
  await page.goto(linkFrom(mail, /https?:\/\/\S+\/account\/password\/reset\/[\w-]+\/[\w-]+/));
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('New password', { exact: true }).fill('a fresh long password');
  await page.getByLabel('Confirm password', { exact: true }).fill('a different password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText(messages.auth.passwordMismatch)).toBeVisible();

  await page.getByLabel('Confirm password', { exact: true }).fill('a fresh long password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password reset complete' })).toBeVisible();
  await expect(page.getByText(messages.auth.resetComplete)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Log in?' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('a fresh long password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Fran');

  // The link was single-use.
  await page.goto(linkFrom(mail, /https?:\/\/\S+\/account\/password\/reset\/[\w-]+\/[\w-]+/));
  await page.getByLabel('New password', { exact: true }).fill('yet another password');
  await page.getByLabel('Confirm password', { exact: true }).fill('yet another password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText(messages.auth.invalidLink).first()).toBeVisible();
});
