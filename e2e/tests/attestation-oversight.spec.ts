import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { attestationPeriodOn, calendarDateIn, messages, ProfileType, submissionStatus } from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { addToRoster } from '../../apps/server/src/testing/factories.js';
import { expect, expectAccessible, linkFrom, mailTo, signIn, signOut, test } from '../support/fixtures.js';

const m = messages.attestations;

async function openCompliance(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Compliance' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

test('a CCO sees who has not attested, reminds them by mail, sees them attest, and exports the quarter', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  // A firm that gives 90 days: whatever day of the quarter this runs, the person is (most likely) still
  // Pending; the rule the server applies says which, and the journey expects just that.
  const firm = await db.createFirm(db.db, {
    name: `Oakridge Partners ${stamp}`,
    abbreviation: 'OAK',
    attestationGraceDays: 90,
  });
  const cco = await db.createUser(db.db, {
    email: `oak.cco.${stamp}@example.test`,
    firstName: 'Olive',
    lastName: 'Overseer',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
  });
  const staff = await db.createUser(db.db, {
    email: `oak.staff.${stamp}@example.test`,
    firstName: 'Quinn',
    lastName: `Unfiled${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  await addToRoster(db.db, staff.id);
  const today = calendarDateIn('America/New_York', new Date());
  const period = attestationPeriodOn(today);
  const expected = submissionStatus(null, period, today, 90);
  const person = `Unfiled${stamp}, Quinn`;

  // 1. The CCO opens the status screen from the Compliance menu: their firm, this period, Quinn not filed.
  await signIn(page, cco.email);
  await openCompliance(page, 'Attestation Submission Status');
  await expect(page).toHaveURL(/\/compliance\/quarterly-attestation-submission-status\/$/);
  await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toHaveValue(`FY ${period.fiscalYear}`);
  await expect(page.getByRole('combobox', { name: 'Fiscal quarter' })).toHaveValue(`Q${period.fiscalQuarter}`);
  const firms = page.getByRole('navigation', { name: 'Firms' });
  await expect(firms).toContainText(firm.name);
  await expect(firms).toContainText('0%');
  const row = page.getByRole('row').filter({ hasText: person });
  await expect(row).toContainText(expected);
  await expectAccessible(page);

  // 2. They send Quinn a reminder: the notice, the row's "last reminded", and the mail with the form's link.
  await row.getByRole('button', { name: `Send a reminder to ${person}` }).click();
  await expect(page.getByText(m.notificationSent)).toBeVisible();
  await expect(row).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM)/);
  const mail = await mailTo(staff.email, `FY${period.fiscalYear} Q${period.fiscalQuarter}`);
  const link = linkFrom(mail, /https?:\/\/\S+\/compliance\/attestations\/\d+\/new/);
  expect(link).toBe(`/compliance/attestations/${staff.id}/new`);
  await signOut(page);

  // 3. Quinn follows the link and files.
  await signIn(page, staff.email);
  await page.goto(link);
  await page.getByLabel('Employment date').fill('04/01/2019');
  await page.getByLabel('Job title').fill('Analyst');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(m.submitted)).toBeVisible();
  await signOut(page);

  // 4. The CCO sees Quinn Submitted and the firm complete.
  await signIn(page, cco.email);
  await page.goto('/compliance/quarterly-attestation-submission-status/');
  await expect(row).toContainText('Submitted');
  await expect(page.getByRole('navigation', { name: 'Firms' })).toContainText('100%');
  await expect(row.getByRole('button', { name: `Send a reminder to ${person}` })).toHaveCount(0);

  // 5. The manager's supervised-persons list has Quinn under Attested, with the time to the second.
  await openCompliance(page, 'Quarterly Attestations');
  await page.getByRole('button', { name: 'Supervised persons' }).click();
  const modal = page.getByRole('dialog', { name: 'Supervised persons' });
  await expect(modal.getByRole('tab', { name: 'Attested (1)' })).toBeVisible();
  await expect(modal.getByRole('tab', { name: 'Pending (0)' })).toBeVisible();
  await expect(modal.getByRole('row').filter({ hasText: person })).toContainText(
    /\d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d (AM|PM)/,
  );
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // 6. The quarter's export: one ZIP whose attestations file holds Quinn's filing.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV export' }).click();
  const download = await downloading;
  const suffix = `fy${period.fiscalYear}-q${period.fiscalQuarter}`;
  expect(download.suggestedFilename()).toBe(`oak-attestations-${suffix}.zip`);
  const files = unzipSync(readFileSync(await download.path()));
  expect(Object.keys(files)).toEqual([`oak-attestations-${suffix}.csv`]);
  const rows = parse(strFromU8(files[`oak-attestations-${suffix}.csv`]), { columns: true, bom: true }) as Record<
    string,
    string
  >[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    Name: `Quinn Unfiled${stamp} - OAK FY${period.fiscalYear} Q${period.fiscalQuarter}`,
    First_Name__c: 'Quinn',
    Last_Name__c: `Unfiled${stamp}`,
    Job_Title__c: 'Analyst',
    Employment_Date__c: '2019-04-01',
    Status__c: 'Submitted',
    Fiscal_Year__c: String(period.fiscalYear),
    Fiscal_Quarter__c: String(period.fiscalQuarter),
  });

  // 7. The filing as a text PDF from its View modal, named after it.
  const name = `Quinn Unfiled${stamp} - OAK FY${period.fiscalYear} Q${period.fiscalQuarter}`;
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  const view = page.getByRole('dialog', { name });
  const pdfDownload = page.waitForEvent('download');
  await view.getByRole('button', { name: 'PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`${name}.pdf`);
  const text = execFileSync('pdftotext', [await pdf.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain(name);
  expect(text).toContain('Analyst');
});
