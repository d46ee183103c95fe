import { calendarDateIn, messages, ProfileType, wireDateToText } from '@portal/domain';
import { expect, expectAccessible, mailTo, signIn, signOut, test } from '../support/fixtures.js';

const m = messages.disclosures;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('an administrator uploads a Form CRS version, a CCO sees the client due, delivers, and the client is mailed the link', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const today = calendarDateIn('America/New_York', new Date());
  const firm = await db.createFirm(db.db, { name: `Beacon Advisors ${stamp}`, abbreviation: 'BCN' });
  const admin = await db.createUser(db.db, {
    email: `bcn.admin.${stamp}@example.test`,
    firstName: 'Ada',
    lastName: 'Admin',
    profile: { firmId: firm.id, profileType: ProfileType.Administrator },
  });
  const cco = await db.createUser(db.db, {
    email: `bcn.cco.${stamp}@example.test`,
    firstName: 'Cato',
    lastName: 'Compliance',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
  });
  const advisor = await db.createUser(db.db, {
    email: `bcn.advisor.${stamp}@example.test`,
    firstName: 'Arlo',
    lastName: 'Advisor',
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const client = await db.createUser(db.db, {
    email: `bcn.client.${stamp}@example.test`,
    firstName: 'Cora',
    lastName: `Client${stamp}`,
    advisorId: advisor.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  const clientName = `Client${stamp}, Cora`;

  // 1. The administrator uploads the firm's Form CRS, effective today, from the gear menu.
  await signIn(page, admin.email);
  await page.getByRole('button', { name: 'Setup' }).click();
  await page.getByRole('menuitem', { name: 'Disclosure Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: m.documentsTitle })).toBeVisible();
  await expect(page.getByText(m.noVersions)).toBeVisible();
  await page.getByRole('button', { name: m.uploadTitle }).click();
  const dialog = page.getByRole('dialog', { name: m.uploadFor(firm.name) });
  // Nothing chosen: each field says what it needs, nothing is sent.
  await dialog.getByRole('button', { name: m.upload }).click();
  await expect(dialog.getByText(m.selectKind)).toBeVisible();
  await expect(dialog.getByText(m.fileMissing)).toBeVisible();
  await dialog.getByRole('combobox', { name: m.kindLabel }).click();
  await page.getByRole('option', { name: m.kinds.crs, exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: m.materialChangeLabel })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: m.effectiveDateLabel }).fill(wireDateToText(today));
  // The file input is a button that opens the system's file chooser.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: m.fileLabel }).click();
  await (await chooser).setFiles({ name: 'form-crs.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText(m.fileSize(`${PDF.length} B`))).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: m.upload }).click();
  await expect(page.getByText(m.uploaded)).toBeVisible();
  const row = page.getByRole('row', { name: /Form CRS/ });
  await expect(row.getByText(m.current)).toBeVisible();
  await expect(row.getByRole('link', { name: /form-crs\.pdf/ })).toHaveAttribute('target', '_blank');
  await expect(row.getByRole('cell', { name: wireDateToText(today), exact: true })).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  // 2. The CCO sees the client due (no agreement yet: due at the agreement) and delivers.
  await signIn(page, cco.email);
  await page.getByRole('button', { name: 'Compliance' }).click();
  await page.getByRole('menuitem', { name: 'Disclosure Deliveries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: m.deliveriesTitle })).toBeVisible();
  // The filter's radios are drawn as segments: their labels take the click.
  await page.getByRole('radiogroup', { name: m.statusFilter }).getByText(m.statuses.due, { exact: true }).click();
  await expect(page.getByRole('radio', { name: m.statuses.due, exact: true })).toBeChecked();
  const clientRow = page.getByRole('row', { name: new RegExp(clientName) });
  await expect(clientRow.getByText(m.dueAtAgreement, { exact: true })).toBeVisible();
  await expect(clientRow.getByRole('cell', { name: 'Advisor, Arlo' })).toBeVisible();
  await expectAccessible(page);
  await clientRow.getByRole('button', { name: `${m.deliver} ${clientName}` }).click();
  const confirm = page.getByRole('dialog', { name: m.deliverTitle });
  await expect(confirm.getByText(m.deliverQuestion(clientName))).toBeVisible();
  await confirm.getByRole('button', { name: m.deliverConfirm }).click();
  await expect(page.getByText(m.sent(1))).toBeVisible();
  await expect(clientRow.getByText(m.notified(wireDateToText(today)), { exact: true })).toBeVisible();

  // 3. The client is mailed the link to the Form CRS page.
  const mail = await mailTo(client.email, '/forms/form-crs/');
  expect(mail.text).toContain(`${firm.name} has published disclosure documents you have not yet received.`);
  expect(mail.text).toMatch(/Form CRS: http\S+\/forms\/form-crs\//);
});
