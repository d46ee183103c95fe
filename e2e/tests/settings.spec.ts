import { messages } from '@portal/domain';
import { expect, expectAccessible, linkFrom, mailTo, TEST_PASSWORD, test } from '../support/fixtures.js';

test('a user updates personal info, confirms a new email from the mailed link and changes the password, then signs in with both', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const user = await db.createUser(db.db, { email: `settings.${stamp}@example.test`, firstName: 'Sol' });
  await page.goto('/account/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sol');

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Personal info' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Mobile phone')).toHaveAttribute('placeholder', '(xxx) xxx-xxxx');
  await expectAccessible(page);
  await page.getByLabel('Last name').fill('Solano');
  await page.getByLabel('City').fill('Portland');
  await page.getByRole('button', { name: 'Update personal info' }).click();
  await expect(page.getByText('Personal info updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Solano');

  await page
    .getByRole('tab', { name: 'Email' })
    .or(page.getByRole('link', { name: 'Email', exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/settings\/email$/);
  await expectAccessible(page);
  const newEmail = `renamed.${stamp}@example.test`;
  await page.getByLabel(/new email/i).fill(newEmail);
  await page.getByLabel('Current password').fill('not my password at all');
  await page.getByRole('button', { name: 'Update email' }).click();
  await expect(page.getByText(messages.auth.currentPasswordWrong).first()).toBeVisible();
  await page.getByLabel('Current password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Update email' }).click();
  // The address waits for its owner to open the link mailed there; the old one is told at once.
  await expect(page.getByText(messages.settings.emailChangeRequested(newEmail))).toBeVisible();
  await expect(page.getByText(messages.settings.emailChangePending(newEmail))).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await mailTo(user.email, newEmail);

  const confirmation = await mailTo(newEmail, '/account/email/confirm/');
  await page.goto(linkFrom(confirmation, /https?:\/\/\S+\/account\/email\/confirm\/[\w-]+\/[\w-]+/));
  await expect(page.getByRole('heading', { name: messages.settings.confirmEmailTitle })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: messages.settings.confirmEmailButton }).click();
  await expect(page.getByText('Email changed successfully')).toBeVisible();
  await expectAccessible(page);
  const notice = await mailTo(user.email, 'was changed to');
  expect(notice.text).toContain(newEmail);

  await page.goto('/settings/email');
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.settings.emailChangePending(newEmail))).toHaveCount(0);

  await page
    .getByRole('tab', { name: 'Password' })
    .or(page.getByRole('link', { name: 'Password', exact: true }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Current password').fill(TEST_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('my brand new password');
  await page.getByLabel('Confirm new password').fill('my brand new password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  await page.goto('/account/logout');
  await expect(page.getByText('You have successfully logged out.')).toBeVisible();
  await page
    .getByRole('button', { name: 'Log back in' })
    .or(page.getByRole('link', { name: 'Log back in' }))
    .first()
    .click();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill('my brand new password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sol');
});
