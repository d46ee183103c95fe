import type { Locator, Page } from '@playwright/test';
import { messages, ProfileType } from '@portal/domain';
import { expect, expectAccessible, linkFrom, mailTo, signIn, TEST_PASSWORD, test } from '../support/fixtures.js';

/** Fills the New User form: names, address, profile type and (a super admin's choice) the firm. */
async function fillNewUser(
  page: Page,
  dialog: Locator,
  user: { first?: string; last: string; email: string; type: string; firm: string },
) {
  if (user.first) await dialog.getByLabel('First name').fill(user.first);
  await dialog.getByLabel('Last name').fill(user.last);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('combobox', { name: 'Profile type' }).click();
  await page.getByRole('option', { name: user.type }).click();
  await dialog.getByRole('combobox', { name: 'Firm' }).fill(user.firm.split(' ')[0]);
  await page.getByRole('option', { name: user.firm }).click();
}

test('a super admin creates a firm and its administrator, who activates from the mail and sees only their firm', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const homeFirm = await db.createFirm(db.db, { name: `Head Office ${stamp}` });
  const other = await db.createUser(db.db, {
    email: `other.${stamp}@example.test`,
    lastName: `Otherfirm${stamp}`,
    profile: { firmId: homeFirm.id, profileType: ProfileType.StandardUser },
  });
  const superAdmin = await db.createUser(db.db, {
    email: `super.${stamp}@example.test`,
    firstName: 'Sage',
    profile: { isSuperAdmin: true, profileType: ProfileType.Administrator, firmId: homeFirm.id },
  });
  await signIn(page, superAdmin.email, TEST_PASSWORD);

  // Firm Management, from the gear menu.
  await page.getByRole('button', { name: 'Setup' }).click();
  await page.getByRole('menuitem', { name: 'Firm Management' }).click();
  await expect(page).toHaveURL(/\/setup\/firms$/);
  await expect(page.getByRole('columnheader', { name: 'Zip/Postal Code' })).toBeVisible();
  await expectAccessible(page);

  const firmName = `Northwind Advisors ${stamp}`;
  await page.getByRole('button', { name: 'New Firm' }).click();
  const firmDialog = page.getByRole('dialog', { name: 'New Firm' });
  await firmDialog.getByRole('button', { name: 'Save' }).click();
  await expect(firmDialog.getByText('Firm name is required.')).toBeVisible();
  await expectAccessible(page);
  await firmDialog.getByLabel('Firm name').fill(firmName);
  await firmDialog.getByLabel('Abbreviation').fill('NWA');
  await firmDialog.getByLabel('City').fill('Seattle');
  await firmDialog.getByRole('combobox', { name: 'State' }).fill('Washing');
  await page.getByRole('option', { name: 'Washington' }).click();
  // A new firm requires a second factor of its administrators; this one leaves it to
  // each person, so its administrator below signs in with the password alone.
  await expect(firmDialog.getByRole('combobox', { name: messages.twoFactor.policyLabel })).toHaveValue(
    messages.twoFactor.policyRequired,
  );
  await firmDialog.getByRole('combobox', { name: messages.twoFactor.policyLabel }).click();
  await page.getByRole('option', { name: messages.twoFactor.policyOptional }).click();
  await firmDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.firms.created)).toBeVisible();
  await page.getByPlaceholder('Search by name or abbreviation...').fill('NWA');
  await expect(page.getByRole('cell', { name: firmName, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Seattle', exact: true })).toBeVisible();
  // The list's search is in the address: a refresh shows the same list.
  await expect(page).toHaveURL(/\/setup\/firms\?search=NWA$/);
  await page.reload();
  await expect(page.getByPlaceholder('Search by name or abbreviation...')).toHaveValue('NWA');
  await expect(page.getByRole('cell', { name: firmName, exact: true })).toBeVisible();

  // The firm's administrator, in User Management, with the activation mail on.
  await page.getByRole('button', { name: 'Setup' }).click();
  await page.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/users\/$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByPlaceholder('Enter user name to search list...')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Firm' })).toHaveValue('All Firms');
  await expectAccessible(page);

  const adminEmail = `nadia.${stamp}@example.test`;
  await page.getByRole('button', { name: 'New User' }).click();
  const userDialog = page.getByRole('dialog', { name: 'New User' });
  await expect(userDialog.getByLabel('Generate new password and notify user immediately')).toBeChecked();
  await fillNewUser(page, userDialog, {
    first: 'Nadia',
    last: 'Northwind',
    email: adminEmail,
    type: 'Administrator',
    firm: firmName,
  });
  await userDialog.getByLabel('System Administrator', { exact: true }).check();
  await expectAccessible(page);
  await userDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.users.created)).toBeVisible();
  await page.getByPlaceholder('Enter user name to search list...').fill('Northwind');
  await expect(page.getByRole('cell', { name: 'Northwind, Nadia', exact: true })).toBeVisible();

  // The same address again is a conflict, shown as an error toast.
  await page.getByRole('button', { name: 'New User' }).click();
  await fillNewUser(page, userDialog, { last: 'Again', email: adminEmail, type: 'Standard User', firm: firmName });
  await userDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.settings.emailTaken }).first()).toBeVisible();
  await userDialog.getByRole('button', { name: 'Cancel' }).click();

  // Someone invited by mistake: the invitation is withdrawn, and the mailed link stops working.
  const inviteeEmail = `ivan.${stamp}@example.test`;
  await page.getByRole('button', { name: 'New User' }).click();
  await fillNewUser(page, userDialog, {
    first: 'Ivan',
    last: 'Northwind',
    email: inviteeEmail,
    type: 'Standard User',
    firm: firmName,
  });
  await userDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.users.created).first()).toBeVisible();
  const inviteeRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Northwind, Ivan' }) });
  await expect(inviteeRow.getByText(messages.users.invited, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await inviteeRow.getByRole('button', { name: 'Actions for Northwind, Ivan' }).click();
  await page.getByRole('menuitem', { name: messages.users.cancelInvitation }).click();
  const cancelDialog = page.getByRole('dialog', { name: messages.users.cancelInvitationTitle('Ivan Northwind') });
  await expect(cancelDialog.getByText(messages.users.cancelInvitationQuestion(inviteeEmail))).toBeVisible();
  // Axe judges colours as drawn: wait until the menu has gone and the modal has faded in.
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(cancelDialog).toHaveCSS('opacity', '1');
  await expectAccessible(page);
  await cancelDialog.getByRole('button', { name: messages.users.cancelInvitation }).click();
  await expect(page.getByText(messages.users.invitationCancelled)).toBeVisible();
  await expect(inviteeRow.getByText(messages.users.invited, { exact: true })).toHaveCount(0);
  const inviteeLink = linkFrom(
    await mailTo(inviteeEmail, '/account/activate/'),
    /https?:\/\/\S+\/account\/activate\/[\w-]+\/[\w-]+/,
  );
  // The Nadia row has the invitation still (her mail is used below).
  const nadiaRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Northwind, Nadia' }) });
  await expect(nadiaRow.getByText(messages.users.invited, { exact: true })).toBeVisible();

  // The administrator activates the account from the mail and signs in.
  await page.goto('/account/logout');
  const mail = await mailTo(adminEmail, '/account/activate/');
  await page.goto(linkFrom(mail, /https?:\/\/\S+\/account\/activate\/[\w-]+\/[\w-]+/));
  await page.getByLabel('New password', { exact: true }).fill('northwind admin password');
  await page.getByLabel('Confirm password', { exact: true }).fill('northwind admin password');
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText(messages.auth.accountActivated)).toBeVisible();
  await page.goto(inviteeLink);
  await page.getByLabel('New password', { exact: true }).fill('ivan would be in now');
  await page.getByLabel('Confirm password', { exact: true }).fill('ivan would be in now');
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText(messages.auth.invalidLink)).toBeVisible();
  await signIn(page, adminEmail, 'northwind admin password');

  // Their gear menu has User Management and no Firm Management.
  await page.getByRole('button', { name: 'Setup' }).click();
  await expect(page.getByRole('menuitem', { name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Firm Management' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(page.getByRole('cell', { name: 'Northwind, Nadia', exact: true })).toBeVisible();
  await expect(page.getByText('2 records', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(`Otherfirm${stamp}`) })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Firm' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Firm' })).toHaveValue(firmName);
  await expectAccessible(page);
  expect(other.id).toBeGreaterThan(0);

  // Firm Management is not theirs, even by address.
  await page.goto('/setup/firms');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expectAccessible(page);
});
