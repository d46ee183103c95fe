import { messages, ProfileType, SESSION_ENDED_CODE, SESSION_IDLE_CODE } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, firms, sessions } from '../../db/schema/index.js';
import { createFirm, createUser, TEST_PASSWORD } from '../../testing/factories.js';
import { buildTestApp, cookieHeader, json, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface SessionRow {
  id: string;
  device: string;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

/** A sign-in of `email` from a browser: its bearer header, its cookies and its session id. */
async function signIn(email: string, userAgent = CHROME_MAC, ip = '10.20.0.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  const { token } = json<{ token: string }>(res);
  const cookies = cookieHeader(res);
  return {
    headers: { authorization: `Bearer ${token}` },
    cookie: {
      cookie: `portal_session=${cookies.portal_session}; csrftoken=${cookies.csrftoken}`,
      'x-csrftoken': cookies.csrftoken,
    },
    token,
    id: JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string,
  };
}
const list = async (headers: Record<string, string>) =>
  json<{ count: number; results: SessionRow[] }>(await t.app.inject({ url: '/api/auth/sessions/', headers }));
const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/user/', headers });
const setLastUsed = (id: string, minutesAgo: number) =>
  t.database.db
    .update(sessions)
    .set({ lastUsedAt: sql`now() - make_interval(secs => ${minutesAgo * 60})` })
    .where(eq(sessions.id, id));

describe('a person’s sessions', () => {
  it('lists the live sessions, most recently used first, with the device read from the browser and this one marked', async () => {
    const user = await createUser(t.deps.db);
    const laptop = await signIn(user.email, CHROME_MAC, '10.20.0.1');
    const desktop = await signIn(user.email, FIREFOX_WINDOWS, '10.20.0.2');
    const ended = await signIn(user.email);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: ended.headers });
    await setLastUsed(laptop.id, 5);
    const page = await list(desktop.headers);
    expect(page.count).toBe(2);
    expect(page.results.map((s) => [s.id, s.device, s.ip, s.current])).toEqual([
      [desktop.id, 'Firefox on Windows', '10.20.0.2', true],
      [laptop.id, 'Chrome on macOS', '10.20.0.1', false],
    ]);
    expect(Date.parse(page.results[1].created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(page.results[1].last_used_at)).toBeLessThan(Date.now() - 4 * 60_000);
    // A page of one, and a page past the end, still count both.
    const paged = async (n: number) =>
      json<{ count: number; results: SessionRow[] }>(
        await t.app.inject({ url: `/api/auth/sessions/?page=${n}&page_size=1`, headers: desktop.headers }),
      );
    expect(await paged(2)).toMatchObject({ count: 2, results: [{ id: laptop.id }] });
    expect(await paged(3)).toMatchObject({ count: 2, results: [] });
    // Another person sees only their own.
    const other = await createUser(t.deps.db);
    expect((await list((await signIn(other.email)).headers)).results.map((s) => s.current)).toEqual([true]);
  });

  it('ends one of its own sessions, which is signed out at once; another person’s session is a 404', async () => {
    const user = await createUser(t.deps.db);
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phone.id}/`,
      headers: laptop.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ detail: messages.sessions.ended });
    // The phone is told why, every time it tries, so the web can say so on the sign-in page.
    for (let i = 0; i < 2; i++) {
      const gone = await me(phone.headers);
      expect(gone.statusCode).toBe(401);
      expect(json(gone)).toMatchObject({ detail: messages.auth.sessionEnded, code: SESSION_ENDED_CODE });
    }
    expect((await me(laptop.headers)).statusCode).toBe(200);
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session_ended'), eq(auditEvents.entityId, phone.id)));
    expect(event).toMatchObject({ actorId: user.id, entity: 'session' });
    // Ended already, someone else's, or not a session id at all: 404 alike, and nothing changes.
    const stranger = await signIn((await createUser(t.deps.db)).email);
    for (const id of [phone.id, stranger.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${id}/`,
        headers: laptop.headers,
      });
      expect(refused.statusCode).toBe(404);
      expect(json(refused)).toEqual({ detail: messages.http.notFound });
    }
    expect((await me(stranger.headers)).statusCode).toBe(200);
  });

  it('ending its own current session signs it out and clears the cookie', async () => {
    const user = await createUser(t.deps.db);
    const browser = await signIn(user.email);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${browser.id}/`,
      headers: browser.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'portal_session')?.value).toBe('');
    // A sign-out, not an end from elsewhere: a plain 401.
    const after = await me(browser.headers);
    expect(after.statusCode).toBe(401);
    expect(json(after)).not.toHaveProperty('code');
  });

  it('ends every other session and keeps this one', async () => {
    const user = await createUser(t.deps.db);
    const others = [await signIn(user.email), await signIn(user.email)];
    const here = await signIn(user.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end_others/', headers: here.cookie });
    expect(json(res)).toEqual({ detail: messages.sessions.othersEnded(2), ended: 2 });
    for (const s of others) expect(json(await me(s.headers))).toMatchObject({ code: SESSION_ENDED_CODE });
    expect((await list(here.headers)).results.map((s) => s.id)).toEqual([here.id]);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end_others/', headers: here.headers });
    expect(json(again)).toEqual({ detail: messages.sessions.othersEnded(0), ended: 0 });
  });
});

describe('an administrator ending a person’s sessions', () => {
  it('signs every session of a person of their firm out, audited; another firm’s person is a 404', async () => {
    const firm = await createFirm(t.deps.db);
    const elsewhere = await createFirm(t.deps.db);
    const admin = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
    const person = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const stranger = await createUser(t.deps.db, {
      profile: { firmId: elsewhere.id, profileType: ProfileType.StandardUser },
    });
    const adminSession = await signIn(admin.email);
    const personSessions = [await signIn(person.email), await signIn(person.email)];
    const strangerSession = await signIn(stranger.email);
    const end = (id: number, headers = adminSession.headers) =>
      t.app.inject({ method: 'POST', url: `/api/users/${id}/end_sessions/`, headers });
    const res = await end(person.id);
    expect(json(res)).toEqual({ detail: messages.sessions.userSessionsEnded(2), ended: 2 });
    for (const s of personSessions) expect((await me(s.headers)).statusCode).toBe(401);
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sessions_ended'), eq(auditEvents.entityId, String(person.id))));
    expect(event).toMatchObject({ actorId: admin.id, firmId: firm.id, changes: { sessions_ended: 2 } });
    // The person's password still works.
    expect((await signIn(person.email)).token).toBeTruthy();
    expect((await end(stranger.id)).statusCode).toBe(404);
    expect((await me(strangerSession.headers)).statusCode).toBe(200);
    // Oneself: Settings → Sessions is the place.
    expect((await end(admin.id)).statusCode).toBe(403);
    // A super admin reaches every firm.
    const superAdmin = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    expect(json(await end(stranger.id, (await signIn(superAdmin.email)).headers))).toMatchObject({ ended: 1 });
    expect((await me(strangerSession.headers)).statusCode).toBe(401);
  });
});

describe('the idle timeout', () => {
  it('ends a session unused for the firm’s 30 minutes with a 401 that says so, every time it is tried', async () => {
    const firm = await createFirm(t.deps.db);
    const user = await createUser(t.deps.db, { profile: { firmId: firm.id } });
    const session = await signIn(user.email);
    await setLastUsed(session.id, 29);
    expect((await me(session.cookie)).statusCode).toBe(200);
    await setLastUsed(session.id, 31);
    for (let i = 0; i < 2; i++) {
      const res = await me(session.cookie);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ detail: messages.auth.idleSignedOut(30), code: SESSION_IDLE_CODE });
    }
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row).toMatchObject({ endReason: 'idle' });
    expect(row.revokedAt).not.toBeNull();
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session_idle_timeout'), eq(auditEvents.entityId, session.id)));
    expect(events).toHaveLength(1);
    // Using it again does not bring it back, and a fresh sign-in works.
    await setLastUsed(session.id, 0);
    expect((await me(session.headers)).statusCode).toBe(401);
    expect((await me((await signIn(user.email)).headers)).statusCode).toBe(200);
  });

  it('follows the firm’s setting, and a person of no firm gets the default 30 minutes', async () => {
    const firm = await createFirm(t.deps.db);
    await t.database.db.update(firms).set({ idleTimeoutMinutes: 120 }).where(eq(firms.id, firm.id));
    const patient = await signIn((await createUser(t.deps.db, { profile: { firmId: firm.id } })).email);
    await setLastUsed(patient.id, 90);
    expect((await me(patient.headers)).statusCode).toBe(200);
    await setLastUsed(patient.id, 121);
    expect(json(await me(patient.headers))).toMatchObject({ detail: messages.auth.idleSignedOut(120) });
    const firmless = await signIn((await createUser(t.deps.db, { profile: { firmId: null } })).email);
    await setLastUsed(firmless.id, 31);
    expect(json(await me(firmless.headers))).toMatchObject({ code: SESSION_IDLE_CODE });
  });

  it('writes the last use at most once a minute, and a token refresh neither counts as use nor revives an idle session', async () => {
    const user = await createUser(t.deps.db);
    const session = await signIn(user.email);
    const lastUsed = async () =>
      (await t.deps.db.select().from(sessions).where(eq(sessions.id, session.id)))[0].lastUsedAt.getTime();
    await setLastUsed(session.id, 0.5);
    const before = await lastUsed();
    await me(session.headers);
    await me(session.headers);
    expect(await lastUsed()).toBe(before);
    await setLastUsed(session.id, 2);
    await me(session.headers);
    expect(await lastUsed()).toBeGreaterThan(Date.now() - 10_000);

    await setLastUsed(session.id, 20);
    const refreshedAt = await lastUsed();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { token: session.token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(await lastUsed()).toBe(refreshedAt);
    await setLastUsed(session.id, 31);
    const stale = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { token: session.token } });
    expect(stale.statusCode).toBe(400);
    const verify = await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token: session.token } });
    expect(verify.statusCode).toBe(400);
    // An idle session is not listed among the person's live ones.
    const fresh = await signIn(user.email);
    expect((await list(fresh.headers)).results.map((s) => s.id)).toEqual([fresh.id]);
  });

  it('is a firm setting from 5 to 480 minutes, 30 by default, set where the firm is edited', async () => {
    const home = await createFirm(t.deps.db);
    const superAdmin = await signIn(
      (
        await createUser(t.deps.db, {
          profile: { firmId: home.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
        })
      ).email,
    );
    const created = json<Record<string, unknown> & { id: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/firms/',
        headers: superAdmin.headers,
        payload: { name: 'Idle Co' },
      }),
    );
    expect(created).toMatchObject({ idle_timeout_minutes: 30 });
    const put = (value: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/firms/${created.id}/`,
        headers: superAdmin.headers,
        payload: { ...created, idle_timeout_minutes: value },
      });
    expect(json(await put(15))).toMatchObject({ idle_timeout_minutes: 15 });
    for (const bad of [4, 481, 12.5, 'ten']) {
      const res = await put(bad);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        detail: messages.firms.idleTimeout,
        fields: { idle_timeout_minutes: messages.firms.idleTimeout },
      });
    }
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'firm'),
          eq(auditEvents.entityId, String(created.id)),
          eq(auditEvents.action, 'update'),
        ),
      );
    expect(JSON.stringify(event?.changes)).toContain('idle_timeout_minutes');
  });
});
