import type { Locator, Page } from '@playwright/test';
import { attestationPeriodOn, calendarDateIn, messages, ProfileType } from '@portal/domain';
import { createAttestation } from '../../apps/server/src/testing/factories.js';
import { expect, expectAccessible, signIn, signOut, test } from '../support/fixtures.js';

const m = messages.attestations;

async function openCompliance(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Compliance' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

async function pick(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a super CCO puts a person on the roster; they attest; the CCO reviews it; it is locked and pre-fills the next form', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Juniper Advisors ${stamp}`, abbreviation: 'JUN' });
  const cco = await db.createUser(db.db, {
    email: `cco.${stamp}@example.test`,
    firstName: 'Carmen',
    lastName: 'Checker',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
  });
  const staff = await db.createUser(db.db, {
    email: `pat.${stamp}@example.test`,
    firstName: 'Pat',
    lastName: `Roster${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  // The period an attestation filed today covers, in the portal's time zone (the server's clock is real).
  const period = attestationPeriodOn(calendarDateIn('America/New_York', new Date()));
  const name = `Pat Roster${stamp} - JUN FY${period.fiscalYear} Q${period.fiscalQuarter}`;

  // 1. The super CCO puts Pat on the roster with all three lists.
  await signIn(page, cco.email);
  await openCompliance(page, 'Supervised Persons');
  await expect(page).toHaveURL(/\/compliance\/supervised-persons\/$/);
  await expect(page.getByRole('combobox', { name: 'Firm' })).toHaveValue('All');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Supervised Person' }).click();
  const add = page.getByRole('dialog', { name: 'Add Supervised Person' });
  await add.getByLabel('Email').fill(staff.email);
  await add.getByLabel('Personal Securities').check();
  await add.getByLabel('Outside Business Activities').check();
  await add.getByLabel('Political Contributions').check();
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.supervisedPersons.added)).toBeVisible();
  await page.getByPlaceholder('Search by first name, last name or email...').fill(`Roster${stamp}`);
  await expect(page.getByRole('cell', { name: `Roster${stamp}, Pat`, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: firm.name, exact: true })).toBeVisible();
  await signOut(page);

  // 2. Pat files an attestation with a personal security and a political contribution.
  await signIn(page, staff.email);
  await openCompliance(page, 'Quarterly Attestations');
  await expect(page).toHaveURL(/\/compliance\/attestations$/);
  await expect(page.getByText(m.empty)).toBeVisible();
  // A person who is not a CCO has no firm filter: the server shows them their own only.
  await expect(page.getByRole('combobox', { name: 'Firm' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'New Attestation' }).click();
  await expect(page).toHaveURL(new RegExp(`/compliance/attestations/${staff.id}/new$`));
  await expect(page.getByRole('link', { name: 'Return to Attestations' })).toBeVisible();
  await expect(page.getByText(m.personalSecuritiesNote)).toBeVisible();
  await expect(page.getByText(m.politicalContributionsNote)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Pat');
  // No review fields on the new-attestation page.
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);

  // The required employment date is asked for before anything is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Enter the employment date.')).toBeVisible();
  await page.getByLabel('Employment date').fill('04/01/2019');
  await page.getByLabel('CFP').check();
  const statesRegistered = page.getByRole('combobox', { name: 'States registered' });
  await statesRegistered.click();
  await statesRegistered.fill('New Y');
  await page.getByRole('option', { name: 'New York', exact: true }).click();
  await page.keyboard.press('Escape');
  await page
    .getByRole('radiogroup', { name: m.questions.Is_Access_Person__c })
    .getByRole('radio', { name: 'Yes' })
    .check();

  await page.getByRole('button', { name: 'Add personal security' }).click();
  const security = page.getByRole('group', { name: 'Personal security 1' });
  await security.getByLabel('Account owner').fill('Pat Roster');
  await security.getByLabel('Custodian').fill('Schwab');
  await security.getByLabel('Account number').fill('SCH-1001');

  await page.getByRole('button', { name: 'Add political contribution' }).click();
  const contribution = page.getByRole('group', { name: 'Political contribution 1' });
  await contribution.getByLabel('Amount').fill('500');
  await contribution.getByLabel('Candidate name').fill('Jane Doe');
  await contribution.getByLabel('Political race').fill('Governor');
  await contribution.getByLabel('Election date').fill('11/03/2026');
  await contribution.getByLabel('Approved by').fill('Carmen Checker');
  await contribution.getByLabel('Approved date').fill('08012026');
  // Over the $150 de minimis amount (the person may not vote for the candidate), shown as typed.
  await expect(contribution.getByText(m.overDeMinimis, { exact: true })).toBeVisible();
  await contribution.getByLabel('May vote for the candidate').check();
  await expect(contribution.getByText(m.overDeMinimisHint('$350.00'))).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(m.submitted)).toBeVisible();
  await expect(page).toHaveURL(/\/compliance\/attestations$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText(m.overDeMinimis);
  await signOut(page);

  // 3. The CCO finds it under the default filters (their firm, the period filed today) and reviews it.
  await signIn(page, cco.email);
  await openCompliance(page, 'Quarterly Attestations');
  await expect(page.getByRole('combobox', { name: 'Firm' })).toHaveValue(firm.name);
  await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toHaveValue(`FY ${period.fiscalYear}`);
  await expect(page.getByRole('combobox', { name: 'Fiscal quarter' })).toHaveValue(`Q${period.fiscalQuarter}`);
  await expect(row).toContainText(`Roster${stamp}, Pat`);
  await expectAccessible(page);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name });
  await expect(edit.getByRole('group', { name: 'Personal security 1' }).getByLabel('Account number')).toHaveValue(
    'SCH-1001',
  );
  await expect(edit.getByLabel('Employment date')).toHaveValue('04/01/2019');
  await expectAccessible(page);
  await pick(page, edit.getByRole('combobox', { name: 'Status' }), 'Reviewed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(m.updated)).toBeVisible();
  await expect(row).toContainText('Reviewed');
  await signOut(page);

  // 4. Pat may view it but no longer edit it.
  await signIn(page, staff.email);
  await page.goto('/compliance/attestations');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'View' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'View' }).click();
  const view = page.getByRole('dialog', { name });
  await expect(view.getByText(m.reviewedReadOnly)).toBeVisible();
  await expect(view.getByLabel('Job title')).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(page);
  await view.getByRole('button', { name: 'Cancel' }).click();
  // Focus goes back to the row's menu button, not to the top of the page.
  await expect(page.getByRole('button', { name: `Actions for ${name}` })).toBeFocused();

  // 5. The next form is pre-filled from it, rows included. This period is filed already: a second
  // submission is refused with the server's reason in a toast, and the form stays as it was.
  await page.getByRole('link', { name: 'New Attestation' }).click();
  // Before anything is typed, the form says this period is filed already, and links to it.
  await expect(page.getByText(m.alreadyFiledNotice(name, true))).toBeVisible();
  await expect(page.getByRole('link', { name: m.openFiled })).toHaveAttribute(
    'href',
    `/compliance/attestations?search=${encodeURIComponent(name)}`,
  );
  await expect(page.getByLabel('Employment date')).toHaveValue('04/01/2019');
  await expect(page.getByLabel('CFP')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Personal security 1' }).getByLabel('Account number')).toHaveValue(
    'SCH-1001',
  );
  await expect(page.getByRole('group', { name: 'Political contribution 1' }).getByLabel('Amount')).toHaveValue(
    '$500.00',
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'An attestation for this period already exists' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/compliance/attestations/${staff.id}/new$`));
});

test("at phone width the manager shows each row's status and row menu without a sideways scroll", async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Phone Advisors ${stamp}`, abbreviation: 'PHN' });
  const staff = await db.createUser(db.db, {
    email: `phone.${stamp}@example.test`,
    firstName: 'Robin',
    lastName: `Narrow${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  const filed = await createAttestation(db.db, { ownerId: staff.id, firmId: firm.id });
  const name = filed.attestation.name;

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, staff.email);
  await page.goto('/compliance/attestations');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Submitted', { exact: true })).toBeInViewport({ ratio: 1 });
  const menu = page.getByRole('button', { name: `Actions for ${name}` });
  await expect(menu).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: process.env.E2E_SCREENSHOT ?? 'test-results/attestations-phone.png' });
  await expectAccessible(page);
});
