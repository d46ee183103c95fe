import { type CalendarEvent, type CalendarFeed, type CalendarRange, messages, ProfileType } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableUrl } from '../../app.js';
import { auditEvents, calendarFeeds, users } from '../../db/schema/index.js';
import { addToRoster, TEST_PASSWORD } from '../../testing/factories.js';
import { firmWithPeople } from '../../testing/firm-fixture.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

// Monday October 5, 2026 in New York: FY2026 Q2 (Jul–Sep) is being filed, its filing opened October 1.
const now = new Date('2026-10-05T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
});
afterAll(() => t.close());

const m = messages.calendar;
type Headers = Record<string, string>;

/** A firm allowing 10 grace days, with an administrator, a standard user on the roster, a CCO, a client; and another firm. */
async function calendarFirm() {
  const { firm, admin, staff, cco, client } = await firmWithPeople(t, ['admin', 'staff', 'cco', 'client'], {
    name: 'Harbor, Hill; & Co',
    attestationGraceDays: 10,
  });
  await addToRoster(t.deps.db, staff.user.id);
  const { firm: other, admin: outsider } = await firmWithPeople(t, ['admin']);
  return { firm, other, admin, staff, cco, client, outsider };
}

const add = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/calendar/events/', headers, payload });
const rangeOf = async (headers: Headers, from = '2026-10-01', to = '2026-10-31') => {
  const res = await t.app.inject({ url: `/api/calendar/events/?from=${from}&to=${to}`, headers });
  expect(res.statusCode).toBe(200);
  return json<CalendarRange>(res);
};

describe('the firm calendar', () => {
  it('an administrator adds all-day and timed events; everyone of the firm reads them, nobody else', async () => {
    const { admin, staff, client, outsider } = await calendarFirm();
    const allDay = await add(admin.headers, {
      title: 'Client appreciation day',
      all_day: true,
      start: '2026-10-20',
      end: '2026-10-21',
      location: 'Main office',
    });
    expect(allDay.statusCode).toBe(201);
    expect(json<CalendarEvent>(allDay)).toMatchObject({ all_day: true, start: '2026-10-20', end: '2026-10-21' });
    // 7 pm in New York on October 9 is October 9 for the calendar, though already the 10th in UTC.
    const timed = await add(admin.headers, {
      title: 'Market outlook webinar',
      start: '2026-10-09T19:00:00-04:00',
      end: '2026-10-09T20:30:00-04:00',
      description: 'Quarterly review of the markets.',
    });
    expect(json<CalendarEvent>(timed)).toMatchObject({
      all_day: false,
      start: '2026-10-09T23:00:00.000Z',
      end: '2026-10-10T00:30:00.000Z',
      location: null,
    });

    for (const who of [admin, staff, client]) {
      const { events } = await rangeOf(who.headers);
      expect(events.map((e) => e.title)).toEqual(['Market outlook webinar', 'Client appreciation day']);
    }
    expect((await rangeOf(outsider.headers)).events).toEqual([]);
    // A range that ends the day before, or starts the day after, leaves an event out.
    expect((await rangeOf(staff.headers, '2026-10-10', '2026-10-19')).events).toEqual([]);
    expect((await rangeOf(staff.headers, '2026-10-21', '2026-10-22')).events.map((e) => e.title)).toEqual([
      'Client appreciation day',
    ]);
  });

  it('staff see the attestation deadlines of the firm’s grace days, CCOs also the escalation, clients none', async () => {
    const { staff, cco, client } = await calendarFirm();
    const staffDays = (await rangeOf(staff.headers)).deadlines;
    expect(staffDays.map((d) => [d.date, d.kind, d.title])).toEqual([
      ['2026-10-01', 'filing_opens', m.deadline.filingOpens('FY2026 Q2')],
      ['2026-10-08', 'reminder', m.deadline.reminder('FY2026 Q2')],
      ['2026-10-11', 'due', m.deadline.due('FY2026 Q2')],
    ]);
    // Not filed yet by a person on the roster.
    expect(staffDays[2].filed).toBe(false);
    expect(staffDays[2].description).toContain('10 days');
    const ccoDays = (await rangeOf(cco.headers)).deadlines;
    expect(ccoDays.map((d) => d.kind)).toEqual(['filing_opens', 'reminder', 'due', 'escalation']);
    expect(ccoDays[3].date).toBe('2026-10-12');
    // The CCO is not on the roster: nothing to say about their own filing.
    expect(ccoDays[2].filed).toBeNull();
    expect((await rangeOf(client.headers)).deadlines).toEqual([]);
  });

  it('the due date shows as filed once the person filed the quarter', async () => {
    const { staff } = await calendarFirm();
    // Read once before: the range shown then must not be the one shown after the filing.
    expect((await rangeOf(staff.headers)).deadlines.find((d) => d.kind === 'due')?.filed).toBe(false);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/quarterly_attestations/',
      headers: staff.headers,
      payload: { Employment_Date__c: '2020-01-01' },
    });
    expect(filed.statusCode).toBe(201);
    const due = (await rangeOf(staff.headers)).deadlines.find((d) => d.kind === 'due');
    expect(due?.filed).toBe(true);
  });

  it('refuses a range that is not two dates in order, or longer than 400 days, with the message', async () => {
    const { staff } = await calendarFirm();
    for (const [query, message] of [
      ['', m.rangeRequired],
      ['from=2026-10-01', m.rangeRequired],
      ['from=2026-02-30&to=2026-03-01', m.rangeRequired],
      ['from=2026-10-31&to=2026-10-01', m.rangeOrder],
      ['from=2026-01-01&to=2027-02-06', m.rangeTooLong(400)],
    ]) {
      const res = await t.app.inject({ url: `/api/calendar/events/?${query}`, headers: staff.headers });
      expect(res.statusCode, query).toBe(400);
      expect(Object.values(json<{ fields: Record<string, string> }>(res).fields), query).toContain(message);
    }
    expect((await rangeOf(staff.headers, '2026-01-01', '2027-02-05')).from).toBe('2026-01-01');
  });

  it('refuses an event without a title, with the end before the start, or dates of the wrong kind', async () => {
    const { admin } = await calendarFirm();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: ' ', all_day: true, start: '2026-10-01', end: '2026-10-01' }, 'title', m.titleRequired],
      [{ title: 'x', all_day: true, start: '2026-10-02', end: '2026-10-01' }, 'end', m.endBeforeStart],
      [{ title: 'x', all_day: true, start: '2026-10-02T10:00:00Z', end: '2026-10-03' }, 'start', m.date],
      [{ title: 'x', start: '2026-10-02', end: '2026-10-02T10:00:00Z' }, 'start', m.dateTime],
      [{ title: 'x', start: '2026-10-02T10:00:00Z', end: '2026-10-02T09:00:00Z' }, 'end', m.endBeforeStart],
      [{ title: 'x', all_day: true, start: '2026-01-01', end: '2027-01-02' }, 'end', m.tooLong(366)],
      [{ title: 'x', all_day: true, end: '2026-10-02' }, 'start', m.startRequired],
    ];
    for (const [payload, field, message] of cases) {
      const res = await add(admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<{ fields: Record<string, string> }>(res).fields[field], JSON.stringify(payload)).toBe(message);
    }
  });

  it('an administrator edits and removes an event (audited); others may not, another firm’s is absent', async () => {
    const { admin, staff, client, outsider, firm } = await calendarFirm();
    const { id } = json<CalendarEvent>(
      await add(admin.headers, { title: 'Team offsite', all_day: true, start: '2026-10-14', end: '2026-10-14' }),
    );
    const body = { title: 'Team offsite (moved)', all_day: true, start: '2026-10-15', end: '2026-10-16' };
    const put = (headers: Headers) =>
      t.app.inject({ method: 'PUT', url: `/api/calendar/events/${id}/`, headers, payload: body });
    expect((await put(staff.headers)).statusCode).toBe(403);
    expect((await put(client.headers)).statusCode).toBe(403);
    expect((await put(outsider.headers)).statusCode).toBe(404);
    const titles = async () => (await rangeOf(staff.headers)).events.map((e) => e.title);
    expect(await titles()).toEqual(['Team offsite']);
    const edited = await put(admin.headers);
    expect(edited.statusCode).toBe(200);
    expect(json<CalendarEvent>(edited)).toMatchObject({ title: 'Team offsite (moved)', start: '2026-10-15' });
    expect(await titles()).toEqual(['Team offsite (moved)']);

    const del = (headers: Headers) => t.app.inject({ method: 'DELETE', url: `/api/calendar/events/${id}/`, headers });
    expect((await del(staff.headers)).statusCode).toBe(403);
    expect((await del(outsider.headers)).statusCode).toBe(404);
    expect((await del(admin.headers)).statusCode).toBe(204);
    expect((await rangeOf(staff.headers)).events).toEqual([]);
    expect((await del(admin.headers)).statusCode).toBe(404);

    const trail = await t.deps.db
      .select({ action: auditEvents.action, changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'calendar event'), eq(auditEvents.entityId, String(id))));
    expect(trail.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[1].changes).toMatchObject({
      title: { from: 'Team offsite', to: 'Team offsite (moved)' },
      start: { from: '2026-10-14', to: '2026-10-15' },
    });
    expect(firm.id).toBeGreaterThan(0);
  });
});

/** Parses a feed as a calendar app does (ical.js), after checking the RFC 5545 framing by hand. */
function parseFeed(text: string) {
  const lines = text.split('\r\n');
  expect(text.endsWith('\r\n')).toBe(true);
  // No bare LF, and no line longer than 75 octets: long values are folded.
  expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      location: e.location,
      description: e.description,
      start: e.startDate.toString(),
      end: e.endDate.toString(),
      allDay: e.startDate.isDate,
      stamp: v.getFirstPropertyValue('dtstamp')?.toString(),
    };
  });
}

describe('the private ICS feed', () => {
  const fetchFeed = (url: string) => t.app.inject({ url: url.replace('http://portal.test', '') });

  it('answers a stable private address that calendar apps read without signing in', async () => {
    const { admin, staff, firm } = await calendarFirm();
    await add(admin.headers, {
      title: 'Year-end planning, taxes; and "gifts" \\ a title long enough to be folded across lines',
      all_day: true,
      start: '2026-10-20',
      end: '2026-10-21',
      location: 'Room 4, 2nd floor',
      description: 'Bring:\n- statements\n- questions',
    });
    await add(admin.headers, {
      title: 'Webinar',
      start: '2026-10-09T19:00:00-04:00',
      end: '2026-10-09T20:00:00-04:00',
    });

    const first = json<CalendarFeed>(await t.app.inject({ url: '/api/calendar/feed/', headers: staff.headers }));
    const again = json<CalendarFeed>(await t.app.inject({ url: '/api/calendar/feed/', headers: staff.headers }));
    expect(first.url).toMatch(/^http:\/\/portal\.test\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
    expect(again.url).toBe(first.url);

    const res = await fetchFeed(first.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain(`X-WR-CALNAME:${m.feed.calendarName('Harbor\\, Hill\\; & Co')}`);
    const events = parseFeed(res.body);
    const planning = events.find((e) => e.summary.startsWith('Year-end'));
    expect(planning).toMatchObject({
      summary: 'Year-end planning, taxes; and "gifts" \\ a title long enough to be folded across lines',
      location: 'Room 4, 2nd floor',
      description: 'Bring:\n- statements\n- questions',
      allDay: true,
      start: '2026-10-20',
      // DTEND of an all-day event is the day after its last day.
      end: '2026-10-22',
    });
    expect(planning?.uid).toMatch(/^event-\d+@portal\.test$/);
    expect(planning?.stamp).toMatch(/^2026-/);
    expect(events.find((e) => e.summary === 'Webinar')).toMatchObject({
      allDay: false,
      start: '2026-10-09T23:00:00Z',
      end: '2026-10-10T00:00:00Z',
    });
    // The staff member's compliance deadlines come with it, as all-day items.
    expect(events.find((e) => e.summary === m.deadline.due('FY2026 Q2'))).toMatchObject({
      allDay: true,
      start: '2026-10-11',
      uid: 'attestation-FY2026Q2-due@portal.test',
    });
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(firm.id).toBeGreaterThan(0);
  });

  it("a client's feed has the firm's events but no compliance deadlines", async () => {
    const { admin, client } = await calendarFirm();
    await add(admin.headers, { title: 'Open house', all_day: true, start: '2026-10-22', end: '2026-10-22' });
    const { url } = json<CalendarFeed>(await t.app.inject({ url: '/api/calendar/feed/', headers: client.headers }));
    const events = parseFeed((await fetchFeed(url)).body);
    expect(events.map((e) => e.summary)).toEqual(['Open house']);
  });

  it('a reset replaces the address: the old one is gone (404), as are a wrong token and a deactivated owner’s', async () => {
    const { staff } = await calendarFirm();
    const old = json<CalendarFeed>(await t.app.inject({ url: '/api/calendar/feed/', headers: staff.headers }));
    const reset = await t.app.inject({ method: 'POST', url: '/api/calendar/feed/reset/', headers: staff.headers });
    expect(reset.statusCode).toBe(200);
    const fresh = json<CalendarFeed>(reset);
    expect(fresh.url).not.toBe(old.url);
    expect((await fetchFeed(old.url)).statusCode).toBe(404);
    expect(json(await fetchFeed(old.url)).detail).toBe(messages.http.notFound);
    expect((await fetchFeed(fresh.url)).statusCode).toBe(200);
    expect(json<CalendarFeed>(await t.app.inject({ url: '/api/calendar/feed/', headers: staff.headers })).url).toBe(
      fresh.url,
    );
    for (const bad of ['A'.repeat(43), 'short', `${'A'.repeat(42)}%2F`])
      expect((await t.app.inject({ url: `/api/calendar/feed/${bad}/calendar.ics` })).statusCode, bad).toBe(404);

    await t.database.db
      .update(users)
      .set({ isActive: false, deactivatedAt: new Date() })
      .where(eq(users.id, staff.user.id));
    expect((await fetchFeed(fresh.url)).statusCode).toBe(404);
  });

  const feedOf = async (headers: Headers) => {
    const res = await t.app.inject({ url: '/api/calendar/feed/', headers });
    expect(res.statusCode, res.body).toBe(200);
    return json<CalendarFeed>(res).url;
  };
  const feedRows = (userId: number) => t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));

  it('a password change revokes the address with the other credentials; the feed settings then give a new one', async () => {
    const { staff } = await calendarFirm();
    const old = await feedOf(staff.headers);
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_password/',
      headers: staff.headers,
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'a long new password of mine',
        new_password_confirmation: 'a long new password of mine',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect(await feedRows(staff.user.id)).toEqual([]);
    const fresh = await feedOf({ authorization: `Bearer ${json<{ token: string }>(changed).token}` });
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
  });

  it('deactivation revokes it for good: reactivated, the person gets a new address and the old one stays gone', async () => {
    const { admin, staff } = await calendarFirm();
    const old = await feedOf(staff.headers);
    const record = json(await t.app.inject({ url: `/api/users/${staff.user.id}/`, headers: admin.headers }));
    const put = (isActive: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${staff.user.id}/`,
        headers: admin.headers,
        payload: { ...record, is_active: isActive },
      });
    expect((await put(false)).statusCode).toBe(200);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await put(true)).statusCode).toBe(200);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: staff.user.email, password: TEST_PASSWORD },
    });
    const fresh = await feedOf({ authorization: `Bearer ${json<{ token: string }>(signIn).token}` });
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect((await fetchFeed(old)).statusCode).toBe(404);
  });

  it("an administrator's end-all-sessions and the person's own sign-out everywhere else revoke it too", async () => {
    const { admin, staff, firm } = await calendarFirm();
    const first = await feedOf(staff.headers);
    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/users/${staff.user.id}/end_sessions/`,
      headers: admin.headers,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await fetchFeed(first)).statusCode).toBe(404);

    const again = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const second = await feedOf(again.headers);
    const own = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end_others/', headers: again.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    // The session that asked goes on, and is given a new address.
    const third = await feedOf(again.headers);
    expect(third).not.toBe(second);
    expect((await fetchFeed(third)).statusCode).toBe(200);
  });

  it("a log shows the feed's path without its token", () => {
    const token = 'A'.repeat(43);
    expect(loggableUrl(`/api/calendar/feed/${token}/calendar.ics`)).toBe('/api/calendar/feed/[redacted]/calendar.ics');
    expect(loggableUrl('/api/calendar/feed/reset/')).toBe('/api/calendar/feed/reset/');
  });

  it('two first requests at once answer the same address, and one audited feed is made', async () => {
    const { staff } = await calendarFirm();
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ url: '/api/calendar/feed/', headers: staff.headers })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => json<CalendarFeed>(a).url)).size).toBe(1);
    const rows = await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, staff.user.id));
    expect(rows).toHaveLength(1);
  });

  it('after a change of SECRET_KEY the address shown is a working one', async () => {
    const { staff } = await calendarFirm();
    await t.app.inject({ url: '/api/calendar/feed/', headers: staff.headers });
    // The stored hash is of a token the current key does not make (as after a key change).
    await t.database.db
      .update(calendarFeeds)
      .set({ tokenHash: 'f'.repeat(64) })
      .where(eq(calendarFeeds.userId, staff.user.id));
    const { url } = json<CalendarFeed>(await t.app.inject({ url: '/api/calendar/feed/', headers: staff.headers }));
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it('only the hash of a token is stored', async () => {
    const { staff } = await calendarFirm();
    const { url } = json<CalendarFeed>(await t.app.inject({ url: '/api/calendar/feed/', headers: staff.headers }));
    const token = url.split('/').at(-2) as string;
    const rows = await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, staff.user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
