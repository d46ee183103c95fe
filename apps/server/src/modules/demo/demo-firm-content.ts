import { addDays, calendarEventBody } from '@portal/domain';
import { todayOf } from '../../platform/clock.js';
import type { AppDeps } from '../../platform/context.js';
import { accountByEmail } from '../accounts/accounts.service.js';
import * as calendar from '../calendar/calendar.service.js';
import * as pages from '../firm-pages/firm-pages.service.js';
import * as portalSettings from '../portal-settings/portal-settings.service.js';
import { actingAs } from './acting.js';

/** A day of this month or the next, by the day of the month (clamped to the month's last day). */
function dayOf(today: string, monthsAhead: number, day: number) {
  const [y, m] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + monthsAhead, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return addDays(first.toISOString().slice(0, 10), Math.min(day, last) - 1);
}

/** A time of day in New York (the demo's portal time zone; EST, close enough for demo events). */
const at = (date: string, time: string) => `${date}T${time}:00-05:00`;

function demoEvents(today: string) {
  return [
    {
      title: 'Investment committee meeting',
      all_day: false,
      start: at(dayOf(today, 0, 8), '09:00'),
      end: at(dayOf(today, 0, 8), '10:30'),
      location: 'Conference room A',
      description: 'Monthly review of the model portfolios and the watch list.',
    },
    {
      title: 'Market outlook webinar for clients',
      all_day: false,
      start: at(dayOf(today, 0, 17), '12:00'),
      end: at(dayOf(today, 0, 17), '13:00'),
      location: 'Online (link in the client newsletter)',
      description: 'Our chief investment officer on rates, earnings and what they mean for your plan.',
    },
    {
      title: 'Community food drive',
      all_day: true,
      start: dayOf(today, 0, 22),
      end: dayOf(today, 0, 23),
      location: 'Springfield Community Center',
      description: 'Volunteers from every team; families welcome.',
    },
    {
      title: 'Year-end tax planning workshop',
      all_day: false,
      start: at(dayOf(today, 1, 6), '17:30'),
      end: at(dayOf(today, 1, 6), '19:00'),
      location: '100 Main Street, Springfield',
      description: 'Required minimum distributions, charitable giving and tax-loss harvesting.',
    },
    {
      title: 'Office closed',
      all_day: true,
      start: dayOf(today, 1, 25),
      end: dayOf(today, 1, 25),
      location: null,
      description: 'The office is closed; urgent requests go to your advisor by email.',
    },
  ];
}

const LIFE_IMPACT = `<h2>Making a difference together</h2>
<p>At Demo Wealth Advisors we believe that planning well is about more than numbers: it is about the people and causes our clients care about. This page shares what our firm and our clients accomplished this year.</p>
<h3>This year in numbers</h3>
<ul>
<li><strong>1,240 volunteer hours</strong> given by our team to local schools and shelters</li>
<li><strong>38 families</strong> helped through our free financial literacy evenings</li>
<li><strong>$215,000</strong> directed to charities through client donor-advised funds</li>
</ul>
<h3>Stories</h3>
<blockquote><p>“Setting up a scholarship in my mother's name was something I had wanted for years. Our advisor made it simple.” — a client since 2012</p></blockquote>
<p>Want to get involved? Ask your advisor about our <em>giving circle</em>, or read more at <a href="https://www.example.org/community">our community page</a>.</p>`;

/**
 * The firm's calendar (a few events this month and next), its Life Impact page, and a coming-soon
 * countdown (no entry switched off, so every screen stays open; the setup screen shows the countdown).
 * Running the seed again replaces the demo events rather than adding copies.
 */
export async function seedDemoFirmContent(deps: AppDeps, adminEmail: string) {
  const admin = await accountByEmail(deps.db, adminEmail);
  if (!admin) return;
  const ctx = await actingAs(deps, admin.id);
  const today = todayOf(deps.config);
  const events = demoEvents(today);
  const titles = new Set(events.map((e) => e.title));
  const range = await calendar.range(ctx, { from: addDays(today, -40), to: addDays(today, 100) });
  for (const e of range.events) if (titles.has(e.title)) await calendar.removeEvent(ctx, e.id);
  for (const e of events) await calendar.createEvent(ctx, calendarEventBody.parse(e));
  await pages.saveLifeImpact(ctx, { content: LIFE_IMPACT });
  await portalSettings.update(ctx, {
    switched_off: [],
    coming_soon_target: `${dayOf(today, 2, 1)}T09:00:00-05:00`,
    coming_soon_message: 'Our new client newsletter archive is on its way.',
  });
}
