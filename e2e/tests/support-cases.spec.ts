import { messages, ProfileType } from '@portal/domain';
import * as schema from '../../apps/server/src/db/schema/index.js';
import { expect, expectAccessible, mailTo, signIn, signOut, test } from '../support/fixtures.js';
import { choose } from '../support/onboarding.js';

const m = messages.support;

test('a staff member opens a case, a handler replies and closes it, the staff member sees the reply and the mail', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Harborview Advisors ${stamp}`, abbreviation: 'HVA' });
  const staff = await db.createUser(db.db, {
    email: `hva.staff.${stamp}@example.test`,
    firstName: 'Stella',
    lastName: `Staff${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  const handler = await db.createUser(db.db, {
    email: `hva.handler.${stamp}@example.test`,
    firstName: 'Hank',
    lastName: `Handler${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isSupportHandler: true },
  });
  // The Support menu's help portal is the firm's configured link.
  await db.db
    .insert(schema.firmLinks)
    .values({ firmId: firm.id, kind: 'help_portal', label: 'Harborview Help Desk', url: 'https://help.example.com' });
  const subject = `Cannot open the compliance manual ${stamp}`;

  // 1. The staff member opens Help Requests from the Support menu: nothing yet.
  await signIn(page, staff.email);
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('menuitem', { name: 'Harborview Help Desk' })).toHaveAttribute(
    'href',
    'https://help.example.com',
  );
  await page.getByRole('menuitem', { name: 'Help Requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: m.listTitle })).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();
  await expectAccessible(page);

  // 2. 'New' opens 'New Case'; subject and category are required, the status is the server's.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const form = page.getByRole('dialog', { name: m.newTitle });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText(m.subjectRequired)).toBeVisible();
  await form.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  await choose(form, page, /^Category/, 'Technology');
  await choose(form, page, /^Priority/, 'High');
  await form.getByRole('textbox', { name: /^Description/ }).fill('The link answers an error since this morning.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(m.submitted)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row.getByRole('cell', { name: 'New', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/ })).toHaveCount(1);
  await signOut(page);

  // 3. The handler is mailed; the link opens the case, they reply and close it.
  const opened = await mailTo(handler.email, subject);
  const link = opened.text.match(/http\S+\/support\/\?case=\d+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link as string);
  await signIn(page, handler.email);
  await page.goto(`${url.pathname}${url.search}`);
  const handling = page.getByRole('dialog', { name: subject });
  await expect(handling.getByText(`${staff.firstName} ${staff.lastName}`)).toBeVisible();
  await handling.getByRole('textbox', { name: m.replyLabel }).fill('Fixed: the manual opens again. Try now.');
  await handling.getByRole('button', { name: m.sendReply }).click();
  await expect(page.getByText(m.replied)).toBeVisible();
  await expect(handling.getByText('Fixed: the manual opens again. Try now.')).toBeVisible();
  await choose(handling, page, /^Status/, 'Closed');
  await expectAccessible(page);
  await handling.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(m.updated)).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: subject }).getByRole('cell', { name: 'Closed', exact: true }),
  ).toBeVisible();
  await signOut(page);

  // 4. The staff member has the reply and the closing by mail, and reads them in the case.
  const reply = await mailTo(staff.email, 'Fixed: the manual opens again.');
  expect(reply.raw).toContain('Reply on support case');
  const closed = await mailTo(staff.email, 'to Closed');
  expect(closed.text).toContain(subject);
  await signIn(page, staff.email);
  await page.goto('/support/');
  const mine = page.getByRole('row').filter({ hasText: subject });
  await expect(mine.getByRole('cell', { name: 'Closed', exact: true })).toBeVisible();
  await mine.getByRole('button', { name: /^View/ }).click();
  const reading = page.getByRole('dialog', { name: subject });
  await expect(reading.getByText('Fixed: the manual opens again. Try now.')).toBeVisible();
  await expect(reading.getByText(`Hank Handler${stamp} (${m.fromSupport})`)).toBeVisible();
  await expect(reading.getByRole('combobox', { name: /^Status/ })).toBeDisabled();
  await expectAccessible(page);

  // Prayer Requests is the same screen, filtered to its category: the closed technology case is not there.
  await page.keyboard.press('Escape');
  await page.goto('/support/prayer-requests/');
  await expect(page.getByRole('heading', { level: 1, name: m.prayerTitle })).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();
  await expectAccessible(page);
});
