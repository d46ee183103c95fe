import { calendarDateIn, messages, ProfileType, wireDateToText } from '@portal/domain';
import { expect, expectAccessible, signIn, signOut, test } from '../support/fixtures.js';

const m = messages.resources;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

test('an administrator adds the code of ethics, a staff member opens and acknowledges it, the CCO sees who has not', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const today = wireDateToText(calendarDateIn('America/New_York', new Date()));
  const firm = await db.createFirm(db.db, { name: `Cedar Advisors ${stamp}`, abbreviation: 'CDR' });
  const person = (role: string, lastName: string, profile: Record<string, unknown>) =>
    db.createUser(db.db, {
      email: `cdr.${role}.${stamp}@example.test`,
      firstName: role[0].toUpperCase() + role.slice(1),
      lastName,
      profile: { firmId: firm.id, ...profile },
    });
  const admin = await person('admin', `Admin${stamp}`, { profileType: ProfileType.Administrator });
  const staff = await person('staff', `Staff${stamp}`, { profileType: ProfileType.StandardUser });
  const cco = await person('cco', `Cco${stamp}`, { profileType: ProfileType.StandardUser, isCco: true });
  const advisor = await person('advisor', `Advisor${stamp}`, { profileType: ProfileType.FinancialAdvisor });

  // 1. The administrator opens Compliance from the Training Resources menu: nothing yet.
  await signIn(page, admin.email);
  await page.getByRole('button', { name: 'Training Resources' }).click();
  await page.getByRole('menuitem', { name: 'Compliance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();
  await expect(page.getByText(m.empty('Compliance'))).toBeVisible();
  await expectAccessible(page);

  // The side menu leads to the other categories, each with its own empty text.
  await page.getByRole('navigation', { name: m.sideMenu }).getByRole('link', { name: 'Videos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await expect(page.getByText(m.empty('Videos'))).toBeVisible();
  await page.getByRole('navigation', { name: m.sideMenu }).getByRole('link', { name: 'Compliance' }).click();

  // 2. They add the code of ethics as a PDF that staff must acknowledge.
  await page.getByRole('button', { name: m.add }).click();
  const dialog = page.getByRole('dialog', { name: m.addTitle });
  // Nothing filled in: each field says what it needs, nothing is sent.
  await dialog.getByRole('button', { name: m.save }).click();
  await expect(dialog.getByText(m.nameRequired)).toBeVisible();
  await expect(dialog.getByText(m.fileOrUrl)).toBeVisible();
  await dialog.getByRole('textbox', { name: m.name }).fill('Code of Ethics');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: m.file }).click();
  await (await chooser).setFiles({ name: 'code-of-ethics.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('combobox', { name: m.acknowledgement }).click();
  await page.getByRole('option', { name: m.acknowledgementKinds.code_of_ethics }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(m.added)).toBeVisible();
  const row = page.getByRole('row', { name: /Code of Ethics/ });
  await expect(row.getByRole('link', { name: /Code of Ethics/ })).toHaveAttribute('target', '_blank');
  await expect(row.getByRole('cell', { name: today, exact: true })).toHaveCount(2);
  await expectAccessible(page);
  await signOut(page);

  // 3. A staff member opens the document in a new tab and acknowledges it in one click.
  await signIn(page, staff.email);
  await page.goto('/resources/compliance');
  const staffRow = page.getByRole('row', { name: /Code of Ethics/ });
  const popup = page.waitForEvent('popup');
  await staffRow.getByRole('link', { name: /Code of Ethics/ }).click();
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/\/api\/resources\/\d+\/file\/$/);
  await tab.close();
  // Staff have no row menu: they neither change nor remove resources.
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: m.add })).toHaveCount(0);
  await staffRow.getByRole('button', { name: m.acknowledgeLabel('Code of Ethics') }).click();
  await expect(page.getByText(m.acknowledged)).toBeVisible();
  await expect(staffRow.getByText(m.acknowledgedOn(today))).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  // 4. The CCO opens who has not acknowledged from the row: the staff member is no longer among them.
  await signIn(page, cco.email);
  await page.goto('/resources/compliance');
  await page.getByRole('button', { name: 'Actions for Code of Ethics' }).click();
  await page.getByRole('menuitem', { name: m.acknowledgements }).click();
  await expect(page.getByRole('heading', { level: 1, name: m.acknowledgementsTitle('Code of Ethics') })).toBeVisible();
  await expect(page.getByRole('cell', { name: advisor.email, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: cco.email, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: staff.email, exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page
    .getByRole('radiogroup', { name: m.statusLabel })
    .getByText(m.acknowledgementStatus.acknowledged, { exact: true })
    .click();
  await expect(page.getByRole('cell', { name: staff.email, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: advisor.email, exact: true })).toHaveCount(0);
  await expectAccessible(page);
});
