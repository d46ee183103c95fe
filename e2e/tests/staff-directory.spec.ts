import { messages, ProfileType } from '@portal/domain';
import { expect, expectAccessible, signIn, signOut, test } from '../support/fixtures.js';

const m = messages.employees;

test('a manager edits a directory entry, removes a colleague from the directory, and a colleague reads it without the row menu', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Lakeside Advisors ${stamp}`, abbreviation: 'LSA' });
  const manager = await db.createUser(db.db, {
    email: `lsa.manager.${stamp}@example.test`,
    firstName: 'Maya',
    lastName: `Manager${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.Manager, isManager: true },
  });
  const analyst = await db.createUser(db.db, {
    email: `lsa.analyst.${stamp}@example.test`,
    firstName: 'Theodore',
    lastName: `Analyst${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, phone: '555-0142' },
  });
  const leaver = await db.createUser(db.db, {
    email: `lsa.leaver.${stamp}@example.test`,
    firstName: 'Lena',
    lastName: `Leaver${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });

  // 1. The manager opens the directory from the Training Resources menu and finds the analyst by prefix.
  await signIn(page, manager.email);
  await page.getByRole('button', { name: 'Training Resources' }).click();
  await page.getByRole('menuitem', { name: 'Staff Directory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Directory' })).toBeVisible();
  await expect(page.getByRole('cell', { name: analyst.email, exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Search staff' }).fill('theo');
  await expect(page.getByRole('cell', { name: leaver.email, exact: true })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '555-0142', exact: true })).toBeVisible();

  // 2. They edit the analyst's entry: a preferred name, a title and a mobile number.
  await page.getByRole('button', { name: `Actions for Theodore Analyst${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Edit member' }).click();
  const dialog = page.getByRole('dialog', { name: m.editTitle });
  await dialog.getByRole('textbox', { name: 'Preferred name' }).fill('Teddy');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Senior Analyst');
  await dialog.getByRole('textbox', { name: 'Mobile phone' }).fill('555-0199');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(m.updated)).toBeVisible();
  await expect(page.getByRole('cell', { name: `Teddy Analyst${stamp}`, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '555-0199', exact: true })).toBeVisible();

  // The preferred name is searched too, and the view shows what was saved.
  await page.getByRole('textbox', { name: 'Search staff' }).fill('tedd');
  await page.getByRole('button', { name: `Actions for Teddy Analyst${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'View member' }).click();
  const view = page.getByRole('dialog', { name: `Teddy Analyst${stamp}` });
  await expect(view.getByRole('textbox', { name: 'Title' })).toHaveValue('Senior Analyst');
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);

  // 3. They remove the leaver from the directory, after confirming.
  await page.getByRole('textbox', { name: 'Search staff' }).fill('lena');
  await page.getByRole('button', { name: `Actions for Lena Leaver${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: m.removeTitle }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(m.removed)).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();
  await signOut(page);

  // 4. The analyst reads the directory without a row menu; the leaver is no longer listed.
  await signIn(page, analyst.email);
  await page.goto('/staff-directory/');
  await expect(page.getByRole('cell', { name: manager.email, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: leaver.email, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expectAccessible(page);
});
