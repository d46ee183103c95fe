import { readFileSync } from 'node:fs';
import { calendarDateIn, messages, ProfileType } from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { expect, expectAccessible, linkFrom, mailTo, signIn, TEST_PASSWORD, test } from '../support/fixtures.js';
import { expectNoHorizontalScroll } from '../support/onboarding.js';

const m = messages.auditTrail;

test('a CCO finds the change they made in the audit trail, sees it before → after, exports it, and checks the chain', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Aspen Oversight ${stamp}`, abbreviation: 'ASP' });
  const oldEmail = `asp.cco.${stamp}@example.test`;
  const newEmail = `asp.compliance.${stamp}@example.test`;
  await db.createUser(db.db, {
    email: oldEmail,
    firstName: 'Ada',
    lastName: `Auditor${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
  });
  const today = calendarDateIn('America/New_York', new Date());
  const [y, mo, d] = today.split('-');

  // 1. The CCO changes their email address in Settings: an event with the value before and after.
  await signIn(page, oldEmail);
  await page.goto('/settings/email');
  await page.getByLabel(/new email/i).fill(newEmail);
  await page.getByLabel('Current password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Update email' }).click();
  await expect(page.getByText(messages.settings.emailChangeRequested(newEmail))).toBeVisible();
  // The change applies when the link mailed to the new address is opened (nobody signed in opens it).
  const confirmation = await mailTo(newEmail, '/account/email/confirm/');
  await page.goto(linkFrom(confirmation, /https?:\/\/\S+\/account\/email\/confirm\/[\w-]+\/[\w-]+/));
  await page.getByRole('button', { name: messages.settings.confirmEmailButton }).click();
  await expect(page.getByText('Email changed successfully')).toBeVisible();
  await page.goto('/');

  // 2. They open the Audit Trail from the Compliance menu and filter it to that change: by their name,
  // the action, and today's date typed as MM/DD/YYYY.
  await page.getByRole('button', { name: 'Compliance' }).click();
  await page.getByRole('menuitem', { name: 'Audit Trail' }).click();
  await expect(page).toHaveURL(/\/compliance\/audit-trail$/);
  await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Actor', exact: true }).fill(`auditor${stamp}`);
  await page.getByRole('textbox', { name: 'Action', exact: true }).fill('email_changed');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(`${mo}/${d}/${y}`);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(`${mo}${d}${y}`);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`action=email_changed.*from=${today}&to=${today}`));

  const rows = page.getByRole('table', { name: m.tableLabel }).getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the one event
  const row = rows.nth(1);
  await expect(row).toContainText(`Ada Auditor${stamp}`);
  await expect(row).toContainText('email_changed');
  await expect(row.getByRole('list', { name: /^Changes, event \d+$/ })).toHaveText(`email: ${oldEmail} → ${newEmail}`);
  await expectAccessible(page);

  // 3. The CSV of what is filtered: the same one event, its change written before → after.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: m.exportCsv }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`asp-audit-trail-${today}.csv`);
  const csv = parse(readFileSync(await download.path(), 'utf8'), { columns: true, bom: true }) as Record<
    string,
    string
  >[];
  expect(csv).toHaveLength(1);
  // Whoever opened the mailed link was not signed in: nobody acted, the account is the subject.
  expect(csv[0]).toMatchObject({
    actor_name: 'anonymous',
    subject_name: `Ada Auditor${stamp}`,
    action: 'email_changed',
    entity: 'user',
    firm_name: firm.name,
    changes: `email: ${oldEmail} → ${newEmail}`,
  });
  expect(csv[0].hash).toMatch(/^[0-9a-f]{64}$/);
  expect(csv[0].ip).not.toBe('');
  expect(csv[0].user_agent).toContain('Chrome');

  // 4. The chain's check: intact.
  await page.getByRole('button', { name: m.verify }).click();
  await expect(page.getByText(/The audit trail is intact: [\d,]+ events checked/)).toBeVisible();

  // 5. On a phone: the same event, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByRole('list', { name: /^Changes, event \d+$/ })).toHaveText(`email: ${oldEmail} → ${newEmail}`);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
