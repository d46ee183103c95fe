import { readFileSync } from 'node:fs';
import { messages, ProfileType } from '@portal/domain';
import { expect, expectAccessible, signIn, signOut, test } from '../support/fixtures.js';
import { choose, expectNoHorizontalScroll } from '../support/onboarding.js';

const m = messages.clientDocuments;
const fl = messages.firmLinks;
const SIGNED_FORM = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n% signed advisory agreement\n%%EOF\n');

test('a client uploads a signed form into their vault and their advisor downloads it', async ({ page, db }) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Brookside Wealth ${stamp}`, abbreviation: 'BSW' });
  const advisor = await db.createUser(db.db, {
    email: `bsw.advisor.${stamp}@example.test`,
    firstName: 'Ada',
    lastName: `Advisor${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const client = await db.createUser(db.db, {
    email: `bsw.client.${stamp}@example.test`,
    firstName: 'Cleo',
    lastName: `Client${stamp}`,
    advisorId: advisor.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });

  // 1. The client opens the Document Vault from the navigation: their own vault, empty, the limit said.
  await signIn(page, client.email);
  // A group of one entry is a plain link on the bar.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Document Vault' }).click();
  await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();
  await expect(page.getByText(m.fileHint('25 MB'))).toBeVisible();
  await expectAccessible(page);

  // 2. A file the vault does not take is refused beside the input, before anything is sent.
  await page.getByRole('button', { name: m.upload, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m.uploadTitle });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await dialog.getByRole('button', { name: m.upload, exact: true }).click();
  await expect(dialog.getByText(m.fileType)).toBeVisible();

  // 3. The signed agreement, as a PDF: uploaded, listed with who and when.
  await choose(dialog, page, /^Document type/, m.categories.signed_agreement);
  await dialog.getByRole('textbox', { name: m.descriptionLabel }).fill('Advisory agreement, signed');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'signed-agreement.pdf',
    mimeType: 'application/pdf',
    buffer: SIGNED_FORM,
  });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: m.upload, exact: true }).click();
  await expect(page.getByText(m.uploaded)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'signed-agreement.pdf' });
  await expect(row).toContainText(m.categories.signed_agreement);
  await expect(row).toContainText(`Cleo Client${stamp}`);
  await expect(row).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM)/);
  await expectAccessible(page);
  await signOut(page);

  // 4. The advisor opens the vault, picks the client, and downloads the form as it was given.
  await signIn(page, advisor.email);
  await page.goto('/document-vault/');
  await expect(page.getByText(m.chooseClientFirst)).toBeVisible();
  await choose(page, page, /^Client$/, `Cleo Client${stamp} (${client.email})`);
  await expect(page).toHaveURL(new RegExp(`client=${client.id}`));
  const advisorRow = page.getByRole('row').filter({ hasText: 'signed-agreement.pdf' });
  await expect(advisorRow).toContainText('Advisory agreement, signed');
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await advisorRow.getByRole('button', { name: `${m.download} signed-agreement.pdf` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('signed-agreement.pdf');
  expect(readFileSync(await download.path()).equals(SIGNED_FORM)).toBe(true);

  // The advisor did not upload it: no row menu (Remove) for them. On a phone the vault fits the screen.
  await expect(advisorRow.getByRole('button', { name: 'Actions for signed-agreement.pdf' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('vault-390.png'), fullPage: true });
});

test("a firm's administrator configures the Financial Planning link its clients follow", async ({ page, db }) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Northgate Advisors ${stamp}`, abbreviation: 'NGA' });
  const admin = await db.createUser(db.db, {
    email: `nga.admin.${stamp}@example.test`,
    firstName: 'Noor',
    lastName: `Admin${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.Administrator },
  });
  const client = await db.createUser(db.db, {
    email: `nga.client.${stamp}@example.test`,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });

  await signIn(page, admin.email);
  await page.getByRole('button', { name: 'Setup' }).click();
  await page.getByRole('menuitem', { name: fl.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: fl.title })).toBeVisible();
  await expect(page.getByText(fl.empty)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: fl.add }).click();
  const dialog = page.getByRole('dialog', { name: fl.addTitle });
  await choose(dialog, page, /^Shown as/, fl.kinds.financial_planning);
  await dialog.getByRole('textbox', { name: fl.labelLabel }).fill('Plan with eMoney');
  await dialog.getByRole('textbox', { name: fl.urlLabel }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(fl.urlInvalid)).toBeVisible();
  await dialog.getByRole('textbox', { name: fl.urlLabel }).fill('https://wealth.emoneyadvisor.com/');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(fl.created)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Plan with eMoney', exact: true })).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  // The client's Financial Planning menu opens the firm's link in a new tab.
  await signIn(page, client.email);
  await page.getByRole('button', { name: 'Financial Planning' }).click();
  const item = page.getByRole('menuitem', { name: 'Plan with eMoney' });
  await expect(item).toHaveAttribute('href', 'https://wealth.emoneyadvisor.com/');
  await expect(item).toHaveAttribute('target', '_blank');
  await expectAccessible(page);
});
