import { custodianLinks, messages, ProfileType } from '@portal/domain';
import { expect, expectAccessible, linkFrom, mailTo, signIn, TEST_PASSWORD, test } from '../support/fixtures.js';

test('an advisor creates a client who uses Schwab; the client activates and finds the Schwab link', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Lakeside Wealth ${stamp}` });
  const advisor = await db.createUser(db.db, {
    email: `advisor.${stamp}@example.test`,
    firstName: 'Ava',
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  await signIn(page, advisor.email, TEST_PASSWORD);

  await page.getByRole('button', { name: 'Setup' }).click();
  await page.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByText('No users found.')).toBeVisible();
  await expectAccessible(page);

  const clientEmail = `carla.${stamp}@example.test`;
  await page.getByRole('button', { name: 'New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'New User' });
  // An advisor's new user is their client: no profile type, firm, advisor or privilege flags to choose.
  await expect(dialog.getByRole('combobox', { name: 'Profile type' })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Firm' })).toHaveCount(0);
  await expect(dialog.getByLabel('System Administrator', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('First name').fill('Carla');
  await dialog.getByLabel('Last name').fill('Client');
  await dialog.getByLabel('Email').fill(clientEmail);
  await dialog.getByLabel('Schwab').check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.users.created)).toBeVisible();
  const row = page.getByRole('row', { name: /Client, Carla/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Client', exact: true })).toBeVisible();

  await page.goto('/account/logout');
  const mail = await mailTo(clientEmail, '/account/activate/');
  await page.goto(linkFrom(mail, /https?:\/\/\S+\/account\/activate\/[\w-]+\/[\w-]+/));
  await page.getByLabel('New password', { exact: true }).fill('carla client password');
  await page.getByLabel('Confirm password', { exact: true }).fill('carla client password');
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText(messages.auth.accountActivated)).toBeVisible();
  await signIn(page, clientEmail, 'carla client password');

  // The client navigation: Account Management with the Schwab site, no staff menus.
  await expect(page.getByRole('heading', { name: 'Account Management' })).toBeVisible();
  const homeLink = page.getByRole('main').getByRole('link', { name: custodianLinks.is_using_schwab.label });
  await expect(homeLink).toHaveAttribute('href', custodianLinks.is_using_schwab.url);
  await expect(homeLink).toHaveAttribute('target', '_blank');
  await expect(homeLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('main').getByRole('link', { name: custodianLinks.is_using_fidelity.label })).toHaveCount(
    0,
  );
  await expect(page.getByRole('button', { name: 'Setup' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Links' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Account Management' }).click();
  await expect(page.getByRole('menuitem', { name: custodianLinks.is_using_schwab.label })).toHaveAttribute(
    'href',
    custodianLinks.is_using_schwab.url,
  );
  await expectAccessible(page);

  await page.goto('/users/');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});
