import type { Page } from '@playwright/test';
import { calendarDateIn, messages, ProfileType, wireDateToText } from '@portal/domain';
import { expect, expectAccessible, signIn, signOut, test } from '../support/fixtures.js';
import {
  agreementColumn,
  apiHeaders,
  expectNoHorizontalScroll,
  fillAddress,
  fillPerson,
  section,
} from '../support/onboarding.js';

const ca = messages.clientAgreements;
const ip = messages.investorProfiles;
const o = messages.onboarding;
const d = messages.disclosures;
const l = messages.onboarding;

/** Opens a document link of the Form ADV / Form CRS page: a new tab with the PDF, closed once it is there. */
async function openDocument(page: Page, name: RegExp) {
  const link = page.getByRole('link', { name });
  await expect(link).toHaveAttribute('target', '_blank');
  const popup = page.waitForEvent('popup');
  await link.click();
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/\/api\/disclosure_documents\/\d+\/file\/$/);
  await tab.close();
}

test('a client walks all four steps from first sign-in to "You completed and viewed all forms."', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const today = calendarDateIn('America/New_York', new Date());
  const firm = await db.createFirm(db.db, { name: `Juniper Advisors ${stamp}`, abbreviation: 'JNP' });
  const admin = await db.createUser(db.db, {
    email: `jnp.admin.${stamp}@example.test`,
    profile: { firmId: firm.id, profileType: ProfileType.Administrator },
  });
  const cco = await db.createUser(db.db, {
    email: `jnp.cco.${stamp}@example.test`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
  });
  const advisor = await db.createUser(db.db, {
    email: `jnp.advisor.${stamp}@example.test`,
    firstName: 'Arlo',
    lastName: 'Advisor',
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const client = await db.createUser(db.db, {
    email: `jnp.client.${stamp}@example.test`,
    firstName: 'Cora',
    lastName: `Client${stamp}`,
    advisorId: advisor.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client, isExhibitBInvestorProfileFormUser: true },
  });

  // The firm has published its Form ADV Part 2A, Part 2B and Form CRS, effective today.
  await signIn(page, admin.email);
  const headers = { ...(await apiHeaders(page)), 'content-type': 'application/pdf' };
  for (const kind of ['adv_2a', 'adv_2b', 'crs']) {
    const uploaded = await page.request.post(
      `/api/disclosure_documents/?firm=${firm.id}&kind=${kind}&effective_date=${today}&file_name=${kind}.pdf`,
      { headers, data: Buffer.from(`%PDF-1.4\n${kind}\n%%EOF\n`) },
    );
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  await signOut(page);

  // 1. First sign-in: the Forms menu lists 'All Forms' and the four steps; the steps page says what is open.
  await signIn(page, client.email);
  await page.getByRole('button', { name: 'Forms' }).click();
  for (const step of Object.values(o.steps)) await expect(page.getByRole('menuitem', { name: step })).toBeVisible();
  await page.getByRole('menuitem', { name: o.allForms }).click();
  await expect(page).toHaveURL(/\/forms\/$/);
  await expect(page.getByRole('heading', { level: 1, name: l.forms.title })).toBeVisible();
  const steps = page.getByRole('listitem');
  await expect(steps).toHaveText([
    `${o.steps.client_agreement}${l.forms.state.open}`,
    `${o.steps.investor_profile}${l.forms.state.locked}`,
    `${o.steps.form_adv}${l.forms.state.locked}`,
    `${o.steps.form_crs}${l.forms.state.locked}`,
  ]);
  await expect(page.getByRole('link', { name: o.steps.form_adv })).toHaveCount(0);
  await expect(page.getByText(o.allDone)).toHaveCount(0);
  await expectAccessible(page);

  // Form ADV first: not open yet, so the agreement.
  await page.goto('/forms/form-adv/');
  await expect(page).toHaveURL(/\/forms\/client-agreement\/$/);
  await expect(page.getByRole('heading', { level: 1, name: o.steps.client_agreement })).toBeVisible();
  await expect(page.getByText(l.clientAgreement.chooseType)).toBeVisible();
  await expectAccessible(page);

  // 2. The agreement sent empty: the toast, and each field says what it needs.
  await page.getByRole('radio', { name: ca.formTypes.individual }).check();
  await expect(agreementColumn(page, ca.columns.jointClient)).toHaveCount(0);
  await page.getByRole('button', { name: l.clientAgreement.save }).click();
  await expect(page.getByText(ca.requiredFields)).toBeVisible();
  const column = agreementColumn(page, ca.columns.client);
  for (const message of [
    ca.nameRequired,
    ca.cellPhoneRequired,
    ca.businessPhoneRequired,
    ca.homePhoneRequired,
    ca.emailRequired,
    ca.mailPreferenceRequired,
    ca.employmentStatusRequired,
    ca.dobRequired,
    ca.ssnRequired,
    ca.licenseRequired,
    ca.licenseIssueStateRequired,
    ca.licenseIssueDateRequired,
    ca.licenseExpirationRequired,
  ])
    await expect(column.getByText(message, { exact: true })).toBeVisible();
  await expect(section(column, l.clientAgreement.sections.home).getByText(ca.streetRequired)).toBeVisible();
  await expect(section(column, l.clientAgreement.sections.mailing).getByText(ca.mailingAddressRequired)).toBeVisible();
  await expectAccessible(page);

  // Filled in, dates typed: submitted, and on to the investor profile.
  await fillPerson(page, column, {
    name: `Cora J. Client${stamp}`,
    cell: '410-555-0101',
    business: '410-555-0102',
    home: '410-555-0103',
    email: client.email,
    mailPreference: 'Email',
    employment: 'Employed',
    dob: '04/01/1980',
    ssn: '123-45-6789',
    license: 'C123456789',
    licenseState: 'Maryland',
    licenseIssued: '01/15/2020',
    licenseExpires: '01/15/2030',
  });
  const home = { street: '12 Harbor Road', city: 'Annapolis', state: 'Maryland', zip: '21401' };
  await fillAddress(page, section(column, l.clientAgreement.sections.home), home);
  await fillAddress(page, section(column, l.clientAgreement.sections.mailing), home);
  await page.getByRole('button', { name: l.clientAgreement.save }).click();
  await expect(page.getByText(ca.submitted)).toBeVisible();

  // 3. The investor profile: the nine questions, each answered.
  await expect(page).toHaveURL(/\/forms\/investor-profile\/$/);
  await expect(page.getByRole('heading', { level: 1, name: o.steps.investor_profile })).toBeVisible();
  await expect(page.getByText(ip.clientNote)).toBeVisible();
  await expectAccessible(page);
  const questions = Object.values(l.investorProfile.questions);
  expect(questions).toHaveLength(9);
  for (const question of questions)
    await page.getByRole('radiogroup', { name: question }).getByRole('radio').first().check();
  await page.getByRole('button', { name: l.investorProfile.save }).click();
  await expect(page.getByText(ip.saved)).toBeVisible();

  // 4. Form ADV: each part opens in a new tab; once both are received, Form CRS.
  await expect(page).toHaveURL(/\/forms\/form-adv\/$/);
  await expect(page.getByRole('heading', { level: 1, name: o.steps.form_adv })).toBeVisible();
  await expectAccessible(page);
  await openDocument(page, new RegExp(`^${messages.disclosures.kinds.adv_2a}`));
  await expect(
    page.getByText(messages.disclosures.received(wireDateToText(today)), { exact: false }).first(),
  ).toBeVisible();
  await openDocument(page, new RegExp(`^${messages.disclosures.kinds.adv_2b}`));
  await expect(page).toHaveURL(/\/forms\/form-crs\/$/);
  await expect(page.getByRole('heading', { level: 1, name: o.steps.form_crs })).toBeVisible();
  await expectAccessible(page);
  await openDocument(page, new RegExp(`^${messages.disclosures.kinds.crs}`));

  // 5. Every step done: the steps page says so, until dismissed.
  await expect(page).toHaveURL(/\/forms\/$/);
  await expect(page.getByText(o.allDone)).toBeVisible();
  await expect(steps).toHaveText([
    `${o.steps.client_agreement}${l.forms.state.done}`,
    `${o.steps.investor_profile}${l.forms.state.done}`,
    `${o.steps.form_adv}${l.forms.state.viewed}`,
    `${o.steps.form_crs}${l.forms.state.viewed}`,
  ]);
  await expectAccessible(page);
  await page.getByRole('button', { name: l.forms.dismiss }).click();
  await expect(page.getByText(o.allDone)).toHaveCount(0);
  await signOut(page);

  // 6. The CCO sees what the client received, and when.
  await signIn(page, cco.email);
  await page.getByRole('button', { name: 'Compliance' }).click();
  await page.getByRole('menuitem', { name: 'Disclosure Deliveries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: d.deliveriesTitle })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`Client${stamp}, Cora`) });
  // Form ADV Part 2A, Part 2B and Form CRS: each received today, in the version published today.
  await expect(
    row.getByRole('cell', {
      name: `${d.statuses.received} ${d.received(wireDateToText(today))} ${d.versionOf(wireDateToText(today))}`,
    }),
  ).toHaveCount(3);
  await expect(row.getByRole('cell', { name: d.statuses.received, exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('on a phone (390 px wide) the client agreement fits the screen', async ({ page, db }) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Narrow Advisors ${stamp}`, abbreviation: 'NRW' });
  const client = await db.createUser(db.db, {
    email: `nrw.onb.client.${stamp}@example.test`,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, client.email);
  await page.goto('/forms/client-agreement/');
  await page.getByRole('radio', { name: ca.formTypes.joint }).check();
  await expect(agreementColumn(page, ca.columns.jointClient)).toBeVisible();
  await page.getByRole('button', { name: l.clientAgreement.save }).click();
  await expect(page.getByText(ca.requiredFields)).toBeVisible();
  await expectNoHorizontalScroll(page);
  // Each column takes the whole width, one under the other.
  const [a, b] = await Promise.all(
    [ca.columns.client, ca.columns.jointClient].map((c) => agreementColumn(page, c).boundingBox()),
  );
  expect(b?.y).toBeGreaterThan((a?.y ?? 0) + (a?.height ?? 0) - 1);
  expect(a?.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
