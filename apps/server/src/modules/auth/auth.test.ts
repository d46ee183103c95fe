import { messages, ProfileType } from '@portal/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, loginFailures, oneTimeTokens, sessions } from '../../db/schema/index.js';
import { createFirm, createUser, fixtureTx, TEST_PASSWORD } from '../../testing/factories.js';
import { SmtpSink } from '../../testing/smtp-sink.js';
import { buildTestApp, json, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const sink = new SmtpSink();

beforeAll(async () => {
  await sink.listen();
  t = await buildTestApp({ smtpUrl: sink.url });
  t.deps.mailer.start();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});
beforeEach(async () => {
  await t.database.db.delete(loginFailures);
});

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password }, remoteAddress: ip });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('signing in', () => {
  it('when the email differs in case and has spaces, the user still signs in and gets token, user and cookies', async () => {
    const firm = await createFirm(t.deps.db);
    const user = await createUser(t.deps.db, {
      email: 'Ada.Lovelace@example.test',
      firstName: 'Ada',
      profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    const res = await login('  ada.lovelace@EXAMPLE.test ', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = json<{ token: string; user: Record<string, unknown> & { profile: Record<string, unknown> } }>(res);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({
      id: user.id,
      email: 'Ada.Lovelace@example.test',
      first_name: 'Ada',
      is_active: true,
    });
    expect(body.user.profile).toMatchObject({
      _firm: firm.id,
      profile_type: ProfileType.FinancialAdvisor,
      is_super_admin: false,
    });
    expect(body.user.last_login).toEqual(expect.any(String));
    expect(body.user).not.toHaveProperty('password_hash');
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cookies.portal_session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.csrftoken?.value).toBeTruthy();
    expect(cookies.csrftoken?.httpOnly).toBeFalsy();
  });

  it('answers every failure with the same 400 and message, and records a failure', async () => {
    const active = await createUser(t.deps.db);
    const inactive = await createUser(t.deps.db, { isActive: false });
    const answers = await Promise.all([
      login('nobody@example.test', TEST_PASSWORD, '10.0.1.1'),
      login(active.email, 'wrong password here', '10.0.1.2'),
      login(inactive.email, TEST_PASSWORD, '10.0.1.3'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ detail: messages.auth.loginFailed });
    }
    const [{ n }] = await t.deps.db.select({ n: count() }).from(loginFailures);
    expect(n).toBe(3);
  });

  it('does the same work for an unknown address as for a wrong password', async () => {
    const user = await createUser(t.deps.db);
    // CPU time of this process (argon2's worker threads included) rather than wall time, which other
    // test files running on the same cores would disturb.
    const cost = async (email: string) => {
      const start = process.cpuUsage();
      await login(email, 'not the password at all');
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    await cost(user.email);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await cost(user.email));
      unknown.push(await cost('ghost@example.test'));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // The known account's failure does a few more database round trips (their cost shows on PostgreSQL's
    // driver), so the bounds are loose; skipping the hash for an unknown address would fall far below them.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.35);
    expect(median(unknown)).toBeLessThan(median(known) * 2.5);
  });

  it('refuses missing, mistyped and over-long fields with field messages and writes nothing', async () => {
    const before = await t.deps.db.select({ n: count() }).from(auditEvents);
    const cases = [
      { payload: {}, fields: ['email', 'password'] },
      { payload: { email: 42, password: true }, fields: ['email', 'password'] },
      { payload: { email: 'a@b.c', password: 'x'.repeat(2000) }, fields: ['password'] },
      { payload: { email: `${'a'.repeat(300)}@b.c`, password: 'x' }, fields: ['email'] },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: c.payload });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(json<{ fields: object }>(res).fields).sort()).toEqual(c.fields);
    }
    expect(
      json(await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { password: 'x' } })),
    ).toMatchObject({
      fields: { email: 'This field is required.' },
    });
    const after = await t.deps.db.select({ n: count() }).from(auditEvents);
    expect(after).toEqual(before);
  });

  it('refuses malformed JSON, a wrong content type and a 10 MB body with 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toEqual({ detail: messages.http.malformedJson });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a&password=b',
    });
    expect(form.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(json(huge)).toEqual({ detail: messages.http.tooLarge });
  });
});

describe('throttling (the captcha itself: modules/captcha/captcha.test.ts)', () => {
  it('a success resets the account count', async () => {
    const user = await createUser(t.deps.db);
    for (let i = 0; i < 2; i++) await login(user.email, 'wrong password!!', `10.2.0.${i + 1}`);
    expect((await login(user.email, TEST_PASSWORD, '10.2.0.5')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await login(user.email, 'wrong password!!', `10.2.1.${i + 1}`);
    expect((await login(user.email, TEST_PASSWORD, '10.2.1.5')).statusCode).toBe(200);
  });

  it('after 50 failures from one address, that address is throttled for every account', async () => {
    const ip = '10.3.0.1';
    await t.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 50 }, (_, i) => ({ email: `probe${i}@example.test`, ip })));
    const user = await createUser(t.deps.db);
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('holds across two server instances on one database', async () => {
    const { buildApp } = await import('../../app.js');
    const { testConfig } = await import('../../testing/test-app.js');
    const second = await buildApp(testConfig(), t.database);
    const user = await createUser(t.deps.db);
    for (let i = 0; i < 3; i++) {
      const app = i % 2 ? t.app : second.app;
      await app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: user.email, password: 'nope nope nope' },
        remoteAddress: `10.4.0.${i + 1}`,
      });
    }
    const res = await second.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.4.0.9',
    });
    expect(json(res)).toEqual({ detail: messages.auth.captchaRequired, captcha_required: true });
    await second.app.close();
  });
});

describe('sessions and tokens', () => {
  it('logout revokes the session: the same token gets 401 afterwards', async () => {
    const user = await createUser(t.deps.db);
    const { token } = json<{ token: string }>(await login(user.email, TEST_PASSWORD));
    expect((await t.app.inject({ url: '/api/auth/user/', headers: bearer(token) })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/auth/user/', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(json(after)).toEqual({ detail: messages.auth.sessionExpired });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('GET /api/auth/user/ answers 401 without credentials and accepts both Bearer and JWT headers', async () => {
    const user = await createUser(t.deps.db);
    expect((await t.app.inject({ url: '/api/auth/user/' })).statusCode).toBe(401);
    const { token } = json<{ token: string }>(await login(user.email, TEST_PASSWORD));
    const jwt = await t.app.inject({ url: '/api/auth/user/', headers: { authorization: `JWT ${token}` } });
    expect(json(jwt)).toMatchObject({ id: user.id, email: user.email });
    expect((await t.app.inject({ url: '/api/auth/user/', headers: bearer(`${token}x`) })).statusCode).toBe(401);
  });

  it('refuses a token signed with another algorithm or key', async () => {
    const user = await createUser(t.deps.db);
    const { token } = json<{ token: string }>(await login(user.email, TEST_PASSWORD));
    const [, payload] = token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await t.app.inject({ url: '/api/auth/user/', headers: bearer(none) })).statusCode).toBe(401);
  });

  it('/api/token/ gives a token, /api/token/verify/ checks it, /api/token/refresh keeps the original issue time', async () => {
    const user = await createUser(t.deps.db);
    const obtained = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(obtained.statusCode).toBe(200);
    const { token } = json<{ token: string }>(obtained);
    expect(Object.keys(json(obtained))).toEqual(['token']);
    expect((await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token } })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token: 'garbage' } })).statusCode,
    ).toBe(400);
    await new Promise((r) => setTimeout(r, 1100));
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { token } });
    expect(refreshed.statusCode).toBe(200);
    const decode = (tok: string) => JSON.parse(Buffer.from(tok.split('.')[1], 'base64url').toString());
    const before = decode(token);
    const after = decode(json<{ token: string }>(refreshed).token);
    expect(after.orig_iat).toBe(before.orig_iat);
    expect(after.iat).toBeGreaterThan(before.iat);
    expect(after.exp - after.iat).toBe(7200);
  });

  it('refuses to refresh once the original issue is 7 days old', async () => {
    const user = await createUser(t.deps.db);
    const { token } = json<{ token: string }>(await login(user.email, TEST_PASSWORD));
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const old = await t.deps.tokens.sign(user.id, sid, now - 7 * 24 * 3600 - 10, now - 60);
    const res = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { token: old } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toHaveProperty('fields.token');
  });

  it('cookie sessions need the CSRF header on unsafe requests', async () => {
    const user = await createUser(t.deps.db);
    const res = await login(user.email, TEST_PASSWORD);
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    const without = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', cookies });
    expect(without.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies,
      headers: { 'x-csrftoken': cookies.csrftoken, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const foreignOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies,
      headers: { 'x-csrftoken': cookies.csrftoken, origin: 'https://evil.example' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/auth/user/', cookies })).statusCode).toBe(200);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies,
      headers: { 'x-csrftoken': cookies.csrftoken, origin: 'http://portal.test' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/user/', cookies })).statusCode).toBe(401);
  });

  it('GET /api/auth/user/ gives a web session back its lost CSRF cookie, and a bearer client none', async () => {
    const user = await createUser(t.deps.db);
    const res = await login(user.email, TEST_PASSWORD);
    const { token } = json<{ token: string }>(res);
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    const lost = await t.app.inject({ url: '/api/auth/user/', cookies: { portal_session: cookies.portal_session } });
    expect(lost.cookies.find((c) => c.name === 'csrftoken')?.value).toBe(cookies.csrftoken);
    const kept = await t.app.inject({ url: '/api/auth/user/', cookies });
    expect(kept.cookies.find((c) => c.name === 'csrftoken')).toBeUndefined();
    const bearerClient = await t.app.inject({ url: '/api/auth/user/', headers: bearer(token) });
    expect(bearerClient.statusCode).toBe(200);
    expect(bearerClient.headers['set-cookie']).toBeUndefined();
  });

  it('a deactivated user is signed out at once', async () => {
    const user = await createUser(t.deps.db);
    const { token } = json<{ token: string }>(await login(user.email, TEST_PASSWORD));
    const { updateAccount } = await import('../accounts/accounts.service.js');
    await fixtureTx(t.deps.db, (tx) => updateAccount(tx, user.id, { isActive: false }));
    expect((await t.app.inject({ url: '/api/auth/user/', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails a link only when it does', async () => {
    const user = await createUser(t.deps.db, { email: 'reset.me@example.test' });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/',
      payload: { email: 'nobody.here@example.test' },
    });
    expect(known.statusCode).toBe(200);
    expect(json(known)).toEqual(json(unknown));
    const mail = await sink.waitFor(user.email);
    expect(mail.text).toMatch(/http:\/\/portal\.test\/account\/password\/reset\/[\w-]+\/[\w-]+/);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.mails.some((m) => m.to.includes('nobody.here@example.test'))).toBe(false);
  });

  it('sets the password with a single-use token stored hashed, and revokes every session', async () => {
    const user = await createUser(t.deps.db, { email: 'forgetful@example.test' });
    const { token: sessionToken } = json<{ token: string }>(await login(user.email, TEST_PASSWORD));
    await t.app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email: user.email } });
    const mail = await sink.waitFor(user.email);
    const [, uid, token] = mail.text.match(/\/account\/password\/reset\/([\w-]+)\/([\w-]+)/) ?? [];
    const stored = await t.deps.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    const confirm = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { uid, token, ...payload } });
    const mismatch = await confirm({ new_password1: 'a brand new password', new_password2: 'another one entirely' });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toMatchObject({ fields: { new_password2: messages.auth.passwordMismatch } });
    const short = await confirm({ new_password1: 'short', new_password2: 'short' });
    expect(json(short)).toMatchObject({ fields: { new_password1: messages.password.tooShort } });
    const common = await confirm({ new_password1: 'qwerty123456', new_password2: 'qwerty123456' });
    expect(json(common)).toMatchObject({ fields: { new_password1: messages.password.tooCommon } });

    const ok = await confirm({ new_password1: 'a brand new password', new_password2: 'a brand new password' });
    expect(ok.statusCode).toBe(200);
    // Whoever held the link is not the account's owner signed in: no actor, the account as subject.
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(user.id)));
    for (const action of ['password_reset_requested', 'password_reset'])
      expect(events.find((e) => e.action === action)).toMatchObject({
        actorId: null,
        actorName: null,
        subjectId: user.id,
        ip: '127.0.0.1',
      });
    expect((await t.app.inject({ url: '/api/auth/user/', headers: bearer(sessionToken) })).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new password')).statusCode).toBe(200);
    const again = await confirm({ new_password1: 'yet another password', new_password2: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ detail: messages.auth.invalidLink });
  });

  it('refuses an expired token and a token presented for another user', async () => {
    const user = await createUser(t.deps.db, { email: 'late@example.test' });
    const other = await createUser(t.deps.db);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email: user.email } });
    const mail = await sink.waitFor(user.email);
    const [, uid, token] = mail.text.match(/\/account\/password\/reset\/([\w-]+)\/([\w-]+)/) ?? [];
    const otherUid = Buffer.from(String(other.id)).toString('base64url');
    const wrongUser = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/confirm/',
      payload: { uid: otherUid, token, new_password1: 'a fine new password', new_password2: 'a fine new password' },
    });
    expect(wrongUser.statusCode).toBe(400);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/confirm/',
      payload: { uid, token, new_password1: 'a fine new password', new_password2: 'a fine new password' },
    });
    expect(expired.statusCode).toBe(400);
    expect(json(expired)).toMatchObject({ detail: messages.auth.invalidLink });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/password/reset/confirm/',
          payload: { uid: '!!', token: 'x', new_password1: 'a', new_password2: 'a' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('account activation', () => {
  it('activates an administrator-created account once, within 7 days', async () => {
    const { queueActivationMail } = await import('./auth.service.js');
    const user = await createUser(t.deps.db, { email: 'newcomer@example.test', isActive: false, passwordHash: null });
    const link = await fixtureTx(t.deps.db, (tx) => queueActivationMail(t.deps, tx, user));
    expect(link).toMatch(/^http:\/\/portal\.test\/account\/activate\/[\w-]+\/[\w-]+$/);
    const [, uid, token] = link.match(/activate\/([\w-]+)\/([\w-]+)$/) ?? [];
    expect((await login(user.email, 'the chosen password')).statusCode).toBe(400);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/confirm/',
      payload: { uid, token, password: 'newcomer@example.test' },
    });
    expect(json(weak)).toMatchObject({ fields: { password: messages.password.sameAsEmail } });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/confirm/',
      payload: { uid, token, password: 'the chosen password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(user.email, 'the chosen password')).statusCode).toBe(200);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/confirm/',
      payload: { uid, token, password: 'the chosen password' },
    });
    expect(reuse.statusCode).toBe(400);
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'account_activated'));
    expect(audit[0]).toMatchObject({
      actorId: null,
      subjectId: user.id,
      entity: 'user',
      entityId: String(user.id),
      changes: { is_active: { from: false, to: true }, password: { from: '[redacted]', to: '[redacted]' } },
    });
  });
});

describe('the session table', () => {
  it('keeps no raw token', async () => {
    const user = await createUser(t.deps.db);
    const { token } = json<{ token: string }>(await login(user.email, TEST_PASSWORD));
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
