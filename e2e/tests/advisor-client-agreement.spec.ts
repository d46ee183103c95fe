import { messages, ProfileType } from '@portal/domain';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.js';
import {
  agreementColumn,
  choose,
  expectNoHorizontalScroll,
  fillAddress,
  fillPerson,
  section,
} from '../support/onboarding.js';

const ca = messages.clientAgreements;
const l = messages.onboarding.clientAgreement;

test('an advisor fills the agreement of a joint client', async ({ page, db }) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Linden Wealth ${stamp}`, abbreviation: 'LDW' });
  const advisor = await db.createUser(db.db, {
    email: `ldw.advisor.${stamp}@example.test`,
    firstName: 'Arlo',
    lastName: 'Advisor',
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const client = await db.createUser(db.db, {
    email: `ldw.client.${stamp}@example.test`,
    firstName: 'Jane',
    lastName: `Joint${stamp}`,
    advisorId: advisor.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });

  // 1. The advisor opens the agreement from the Forms menu and picks their client.
  await signIn(page, advisor.email);
  await page.getByRole('button', { name: 'Forms' }).click();
  await page.getByRole('menuitem', { name: messages.onboarding.steps.client_agreement }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.onboarding.steps.client_agreement })).toBeVisible();
  await expect(page.getByText(l.chooseClient)).toBeVisible();
  await expectAccessible(page);
  await choose(page, page, /^Client$/, `Jane Joint${stamp} (${client.email})`);
  await expect(page).toHaveURL(new RegExp(`\\?client=${client.id}$`));
  await expect(page.getByText(l.chooseType)).toBeVisible();

  // 2. Joint Clients: two columns, the joint client's addresses copied from the client's.
  await page.getByRole('radio', { name: ca.formTypes.joint }).check();
  const first = agreementColumn(page, ca.columns.client);
  const second = agreementColumn(page, ca.columns.jointClient);
  await expect(second).toBeVisible();
  await expectAccessible(page);

  await fillPerson(page, first, {
    name: `Jane Q. Joint${stamp}`,
    cell: '(302) 555-0101',
    business: '302-555-0102',
    home: '302-555-0103',
    email: client.email,
    mailPreference: 'U.S. Mail',
    employment: 'Retired',
    dob: '07/04/1958',
    ssn: '123-45-6789',
    license: 'J1234567',
    licenseState: 'Delaware',
    licenseIssued: '03/01/2021',
    licenseExpires: '03/01/2029',
  });
  const home = { street: '1 Main Street', city: 'Dover', state: 'Delaware', zip: '19901' };
  await first.getByRole('checkbox', { name: ca.homeSameAsMailing }).check();
  await fillAddress(page, section(first, l.sections.home), home);
  // The mailing address follows the home address as it is typed.
  const mailing = section(first, l.sections.mailing);
  await expect(mailing.getByRole('textbox', { name: /^Street/ })).toHaveValue(home.street);
  await expect(mailing.getByRole('textbox', { name: /^Zip code/ })).toHaveValue(home.zip);

  await second.getByRole('checkbox', { name: ca.sameAsClientAddress }).check();
  for (const name of [l.sections.home, l.sections.mailing]) {
    const group = section(second, name);
    await expect(group.getByRole('textbox', { name: /^Street/ })).toHaveValue(home.street);
    await expect(group.getByRole('textbox', { name: /^City/ })).toHaveValue(home.city);
    await expect(group.getByRole('combobox', { name: /^State/ })).toHaveValue(home.state);
    await expect(group.getByRole('textbox', { name: /^Zip code/ })).toHaveValue(home.zip);
  }
  await fillPerson(page, second, {
    name: `John R. Joint${stamp}`,
    cell: '302-555-0201',
    business: '302-555-0202',
    home: '302-555-0103',
    email: `john.joint.${stamp}@example.test`,
    mailPreference: 'Email and U.S. Mail',
    employment: 'Self-Employed',
    dob: '11/30/1960',
    ssn: '987-65-4321',
    license: 'J7654321',
    licenseState: 'Delaware',
    licenseIssued: '05/10/2022',
    licenseExpires: '05/10/2030',
  });
  await page.getByRole('button', { name: l.save }).click();
  await expect(page.getByText(ca.submitted)).toBeVisible();
  // The advisor stays with the client.
  await expect(page).toHaveURL(new RegExp(`/forms/client-agreement/\\?client=${client.id}$`));

  // 3. Reopened: the social security numbers masked; Show reveals them.
  await page.reload();
  await expect(page.getByRole('radio', { name: ca.formTypes.joint })).toBeChecked();
  const ssnOf = (column: typeof first) =>
    section(column, l.sections.identity).getByRole('textbox', { name: /^Social security number/ });
  await expect(ssnOf(first)).toHaveValue('***-**-6789');
  await expect(ssnOf(second)).toHaveValue('***-**-4321');
  await expect(first.getByRole('textbox', { name: /^First name/ })).toHaveValue(`Jane Q. Joint${stamp}`);
  await expect(section(second, l.sections.mailing).getByRole('textbox', { name: /^Street/ })).toHaveValue(home.street);
  await expectAccessible(page);
  await page.getByRole('button', { name: l.showPii }).click();
  await expect(ssnOf(first)).toHaveValue(/^123-?45-?6789$/);
  await expect(ssnOf(second)).toHaveValue(/^987-?65-?4321$/);

  // 4. A custodial account: the client is the Minor, the joint client the Custodian.
  await choose(page, page, /^Client Type/, 'Custodial');
  await expect(agreementColumn(page, ca.columns.minor)).toBeVisible();
  await expect(agreementColumn(page, ca.columns.custodian)).toBeVisible();
  await expect(agreementColumn(page, ca.columns.jointClient)).toHaveCount(0);
  await page.getByRole('button', { name: l.save }).click();
  await expect(page.getByText(ca.updated)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: /^Client Type/ })).toHaveValue('Custodial');
  await expect(ssnOf(agreementColumn(page, ca.columns.custodian))).toHaveValue('***-**-4321');
  await expectAccessible(page);

  // 5. On a phone (390 px wide): the columns one under the other, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(agreementColumn(page, ca.columns.minor)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
