import { messages } from '@portal/domain';
import { encodeUid } from '../../apps/server/src/modules/auth/link-uid.js';
import { issueOneTimeToken } from '../../apps/server/src/modules/auth/one-time-tokens.repository.js';
import { fixtureTx } from '../../apps/server/src/testing/factories.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';

test('a person whose account an administrator created sets a password and activates it', async ({ page, db }) => {
  const user = await db.createUser(db.db, {
    email: `newcomer.${Date.now()}@example.test`,
    firstName: 'Nia',
    isActive: false,
    passwordHash: null,
  });
  const token = await fixtureTx(db.db, (tx) =>
    issueOneTimeToken(tx, user.id, 'account_activation', 7 * 24 * 3600 * 1000),
  );

  await page.goto(`/account/activate/${encodeUid(user.id)}/${token}`);
  await expect(page.getByText('Activate your account.')).toBeVisible();
  await expect(page.getByText(messages.auth.setPasswordPrompt)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText(messages.password.tooShort).first()).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Confirm password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText(messages.auth.accountActivated)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Log In' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Nia');
});
