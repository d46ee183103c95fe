import { attestationDueDate, attestationPeriodOn, calendarDateIn, type FiscalPeriod, messages } from '@portal/domain';
import { supervisedPersons } from '../../apps/server/src/db/schema/index.js';
import { expect, expectAccessible, signIn, signOut, test } from '../support/fixtures.js';

const m = messages.calendar;
const shots = process.env.E2E_SCREENSHOTS;

/** The navigation bar (the home grid repeats its links). */
const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

/** The calendar's month buttons, pressed until `month` (YYYY-MM) shows. */
async function goToMonth(page: import('@playwright/test').Page, from: string, month: string) {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = month.split('-').map(Number);
  const diff = (ty - fy) * 12 + (tm - fm);
  for (let i = 0; i < Math.abs(diff); i++)
    await page.getByRole('button', { name: diff < 0 ? m.previousMonth : m.nextMonth }).click();
}

test('an administrator adds an event and writes the Life Impact page; a client reads both; staff see the attestation deadline; a switched-off entry shows the countdown', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Maple Advisors ${stamp}`, attestationGraceDays: 10 });
  const person = (role: string, profileType: number) =>
    db.createUser(db.db, {
      email: `maple.${role}.${stamp}@example.test`,
      firstName: role[0].toUpperCase() + role.slice(1),
      lastName: `Maple${stamp}`,
      profile: { firmId: firm.id, profileType },
    });
  const admin = await person('admin', 1);
  const staff = await person('staff', 3);
  const client = await person('client', 4);
  await db.db.insert(supervisedPersons).values({ userId: staff.id });

  const today = calendarDateIn('America/New_York', new Date());
  const thisMonth = today.slice(0, 7);
  const eventDay = `${thisMonth}-15`;
  const [y, mo] = thisMonth.split('-');
  const eventTitle = `Client appreciation evening ${stamp}`;

  // 1. The administrator opens the calendar from the bar and adds a timed event, dates and times typed.
  await signIn(page, admin.email);
  await nav(page).getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
  await page.getByRole('button', { name: m.newEvent }).click();
  const form = page.getByRole('dialog', { name: m.newEvent });
  await form.getByRole('textbox', { name: m.eventTitle }).fill(eventTitle);
  await form.getByRole('checkbox', { name: m.allDay }).uncheck();
  await form.getByRole('textbox', { name: m.startDate }).fill(`${mo}/15/${y}`);
  await form.getByLabel(m.startTime).fill('18:30');
  await form.getByRole('textbox', { name: m.endDate }).fill(`${mo}15${y}`);
  await form.getByLabel(m.endTime).fill('17:00');
  await form.getByRole('textbox', { name: m.location }).fill('Main office, 2nd floor');
  await form.getByRole('button', { name: 'Save' }).click();
  // The end before the start is named on the end date, before any call.
  await expect(form.getByText(m.endBeforeStart)).toBeVisible();
  await form.getByLabel(m.endTime).fill('20:00');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(m.created)).toBeVisible();
  const chip = page.locator(`td[data-date="${eventDay}"]`).getByRole('button', { name: new RegExp(eventTitle) });
  await expect(chip).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/calendar-month-1280.png`, fullPage: true });
  await expectAccessible(page);

  // 2. They write the Life Impact page in the rich text editor.
  await nav(page).getByRole('link', { name: 'Life Impact', exact: true }).click();
  await expect(page.getByText(messages.lifeImpact.empty)).toBeVisible();
  await page.getByRole('button', { name: messages.lifeImpact.edit }).click();
  const editor = page.getByRole('textbox', { name: messages.lifeImpact.editorLabel });
  await editor.click();
  await page.keyboard.type('Our volunteers gave ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('1,240 hours');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' to local schools this year.');
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/life-impact-editor-1280.png`, fullPage: true });
  await page.getByRole('button', { name: messages.lifeImpact.save }).click();
  await expect(page.getByText(messages.lifeImpact.saved)).toBeVisible();
  const content = page.getByTestId('life-impact-content');
  await expect(content.locator('strong')).toHaveText('1,240 hours');
  await signOut(page);

  // 3. A client of the firm reads the page and the event, and no compliance deadline.
  await signIn(page, client.email);
  await page.goto('/life-impact/');
  await expect(page.getByTestId('life-impact-content')).toContainText(
    'Our volunteers gave 1,240 hours to local schools',
  );
  await expectAccessible(page);
  await nav(page).getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(
    page.locator(`td[data-date="${eventDay}"]`).getByRole('button', { name: new RegExp(eventTitle) }),
  ).toBeVisible();
  await page.getByText(m.listView, { exact: true }).click();
  await expect(page.getByText('Main office, 2nd floor')).toBeVisible();
  await expect(page.getByText(m.complianceDeadline)).toHaveCount(0);
  await expectAccessible(page);
  await signOut(page);

  // 4. A staff member on the roster finds the attestation deadline (10 grace days) on the calendar.
  const period: FiscalPeriod = attestationPeriodOn(today);
  const due = attestationDueDate(period, 10);
  const dueTitle = m.deadline.due(messages.reminders.periodName(period.fiscalYear, period.fiscalQuarter));
  await signIn(page, staff.email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/calendar');
  await goToMonth(page, thisMonth, due.slice(0, 7));
  const deadline = page.locator(`td[data-date="${due}"]`).getByRole('button', { name: dueTitle });
  await expect(deadline).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/calendar-deadline-390.png`, fullPage: true });
  await expectAccessible(page);
  await deadline.click();
  const details = page.getByRole('dialog', { name: dueTitle });
  await expect(details.getByText(m.complianceDeadline)).toBeVisible();
  await expect(details.getByText(/the firm allows 10 days/)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByText(m.listView, { exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(due.slice(5, 7)) }).first()).toBeVisible();
  await expect(page.getByText(dueTitle)).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/calendar-list-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);

  // 5. The administrator switches Life Impact off with a launch date; the client then meets the countdown.
  await signIn(page, admin.email);
  await page.getByRole('button', { name: 'Setup' }).click();
  await page.getByRole('menuitem', { name: 'Coming Soon Pages' }).click();
  const cs = messages.comingSoon;
  await expect(page.getByRole('heading', { level: 1, name: cs.settingsTitle })).toBeVisible();
  await page.getByRole('combobox', { name: cs.switchedOff }).click();
  await page.getByRole('option', { name: 'Life Impact' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: cs.targetDate }).fill(`01/15/${Number(y) + 1}`);
  await page.getByLabel(cs.targetTime).fill('09:00');
  await page.getByRole('textbox', { name: cs.message }).fill('Our stories page reopens in January.');
  await expectAccessible(page);
  await page.getByRole('button', { name: cs.save }).click();
  await expect(page.getByText(cs.saved)).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/coming-soon-settings-1280.png`, fullPage: true });
  await signOut(page);

  await signIn(page, client.email);
  await nav(page).getByRole('link', { name: 'Life Impact', exact: true }).click();
  await expect(page.getByRole('heading', { name: cs.entryTitle('Life Impact') })).toBeVisible();
  await expect(page.getByText('Our stories page reopens in January.')).toBeVisible();
  await expect(page.getByTestId('countdown')).toContainText(cs.days);
  await expect(page.getByTestId('life-impact-content')).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/coming-soon-card-1280.png`, fullPage: true });
  await expectAccessible(page);
  await page.goto('/coming-soon');
  await expect(page.getByRole('heading', { level: 1, name: cs.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectAccessible(page);
});
