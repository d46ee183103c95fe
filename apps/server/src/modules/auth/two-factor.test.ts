import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { messages, ProfileType } from '@portal/domain';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEvents,
  loginFailures,
  mailOutbox,
  mfaFactors,
  mfaRecoveryCodes,
  sessions,
} from '../../db/schema/index.js';
import type { AuthState } from '../../platform/auth.js';
import { piiKeyring } from '../../platform/pii.js';
import { createFirm, createUser, fixtureTx, TEST_PASSWORD } from '../../testing/factories.js';
import { buildTestApp, json, type TestApp } from '../../testing/test-app.js';
import * as authService from './auth.service.js';
import { rotateSession, rotateTotpSecrets } from './auth.service.js';
import { insertFactor, recordPasskeyUse } from './two-factor.repository.js';

/**
 * Two-factor sign-in. The portal's clock is movable: TOTP codes are computed for the
 * instant the test chooses, and an mfa_token is left to expire by moving the clock on.
 */
let t: TestApp;
const realNow = Date.now();
let clock = new Date(realNow);
const m = messages.twoFactor;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = new Date(realNow);
  await t.database.db.delete(loginFailures);
});

type Headers = Record<string, string>;
const post = (url: string, payload?: object, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const passwordLogin = (email: string, password = TEST_PASSWORD) => post('/api/auth/login/', { email, password });
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
const later = (seconds: number) => new Date(clock.getTime() + seconds * 1000);

/** A person of a demo firm signed in with the password alone: their bearer header. */
type Profile = NonNullable<NonNullable<Parameters<typeof createUser>[1]>['profile']>;
async function personOf(profile: Profile = {}) {
  const firm = await createFirm(t.deps.db);
  const user = await createUser(t.deps.db, { profile: { firmId: firm.id, ...profile } });
  const res = await passwordLogin(user.email);
  return { user, firm, headers: bearer(json<{ token: string }>(res).token) };
}

/** Sets up and confirms an authenticator for a signed-in person: its secret and recovery codes. */
async function withTotp(headers: Headers) {
  const setup = json<{ secret: string; otpauth_url: string }>(
    await post('/api/auth/mfa/totp/setup/', undefined, headers),
  );
  const confirmed = await post('/api/auth/mfa/totp/confirm/', { code: codeAt(setup.secret, clock) }, headers);
  expect(confirmed.statusCode).toBe(200);
  return { secret: setup.secret, codes: json<{ recovery_codes: string[] }>(confirmed).recovery_codes };
}

const failuresOf = async (email: string) =>
  (await t.deps.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.email, email.toLowerCase())))[0].n;

describe('setting up an authenticator app', () => {
  it('gives a secret and its otpauth URL, confirms with a code, and answers 10 recovery codes once', async () => {
    const { user, headers } = await personOf();
    const setup = await post('/api/auth/mfa/totp/setup/', undefined, headers);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = json<{ secret: string; otpauth_url: string }>(setup);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Portal');
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    // Pending until confirmed: not listed, and sign-in stays one step.
    expect(json(await get('/api/auth/mfa/', headers))).toMatchObject({ factors: [], recovery_codes_remaining: 0 });

    const wrong = await post('/api/auth/mfa/totp/confirm/', { code: '000000' }, headers);
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ detail: m.codeWrong, fields: { code: m.codeWrong } });

    const ok = await post('/api/auth/mfa/totp/confirm/', { code: codeAt(secret, clock) }, headers);
    expect(ok.statusCode).toBe(200);
    const codes = json<{ recovery_codes: string[] }>(ok).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);

    const list = json<{ factors: { kind: string; label: string }[]; recovery_codes_remaining: number }>(
      await get('/api/auth/mfa/', headers),
    );
    expect(list.factors).toMatchObject([{ kind: 'totp', label: m.totpLabel }]);
    expect(list.recovery_codes_remaining).toBe(10);

    // At rest: the secret encrypted under the PII key, the codes only as hashes.
    const [row] = await t.deps.db.select().from(mfaFactors).where(eq(mfaFactors.userId, user.id));
    expect(row.secret).not.toContain(secret);
    expect(t.deps.pii.decrypt(row.secret, 'mfa_factors.secret')).toBe(secret);
    const stored = await t.deps.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const r of stored) for (const code of codes) expect(r.codeHash).not.toContain(code.replaceAll('-', ''));

    const events = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.actorId, user.id));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['mfa_totp_setup_started', 'mfa_factor_added']));
    expect(JSON.stringify(events)).not.toContain(secret);

    // A second app is refused while one is on.
    expect((await post('/api/auth/mfa/totp/setup/', undefined, headers)).statusCode).toBe(409);
  });

  it('refuses a confirmation before a set-up', async () => {
    const { headers } = await personOf();
    const res = await post('/api/auth/mfa/totp/confirm/', { code: '123456' }, headers);
    expect(res.statusCode).toBe(400);
    expect(json(res).detail).toBe(m.setupFirst);
  });
});

describe('signing in with a second factor', () => {
  it('answers the second step instead of a session, then signs in with a code and sets the cookies', async () => {
    const { user, headers } = await personOf({ profileType: ProfileType.FinancialAdvisor });
    const { secret } = await withTotp(headers);
    const sessionsBefore = (
      await t.deps.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id))
    )[0].n;

    const first = await passwordLogin(user.email);
    expect(first.statusCode).toBe(200);
    const step = json<{ mfa_required: boolean; mfa_token: string; methods: string[] }>(first);
    expect(step).toEqual({ mfa_required: true, mfa_token: expect.any(String), methods: ['totp', 'recovery_code'] });
    expect(first.cookies).toEqual([]);
    expect(step).not.toHaveProperty('token');
    const sessionsAfter = (await t.deps.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id)))[0]
      .n;
    expect(sessionsAfter).toBe(sessionsBefore);

    clock = later(30);
    const done = await post('/api/auth/login/mfa/', { mfa_token: step.mfa_token, code: codeAt(secret, clock) });
    expect(done.statusCode).toBe(200);
    const body = json<{ token: string; user: { id: number } }>(done);
    expect(body.user.id).toBe(user.id);
    const cookies = Object.fromEntries(done.cookies.map((c) => [c.name, c]));
    expect(cookies.portal_session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.csrftoken?.value).toBeTruthy();
    expect((await get('/api/auth/user/', bearer(body.token))).statusCode).toBe(200);

    const [login] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'login')))
      .orderBy(desc(auditEvents.id));
    expect(login.changes).toMatchObject({ mfa: 'totp' });
    const actions = (
      await t.deps.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, String(user.id)))
    ).map((e) => e.action);
    expect(actions).toContain('login_mfa_required');
    // The password alone signs nobody in: the step's event has no actor, the account as its subject.
    const [required] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'login_mfa_required'), eq(auditEvents.subjectId, user.id)));
    expect(required).toMatchObject({ actorId: null, entityId: String(user.id) });
  });

  it('refuses a wrong code (counted as a failed sign-in) and a code already used (replay)', async () => {
    const { user, headers } = await personOf();
    const { secret } = await withTotp(headers);
    const { mfa_token } = json<{ mfa_token: string }>(await passwordLogin(user.email));

    const wrong = await post('/api/auth/login/mfa/', { mfa_token, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ detail: m.codeWrong, fields: { code: m.codeWrong } });
    expect(await failuresOf(user.email)).toBe(1);
    // An attempt on the account, recorded as nobody's act: the code's guesser is not known to be its owner.
    const failed = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'login_failed'), eq(auditEvents.subjectId, user.id)));
    expect(failed).toEqual([
      expect.objectContaining({ actorId: null, changes: { step: 'second_factor' }, ip: '127.0.0.1' }),
    ]);

    // The step the set-up confirmed with is spent: the same code again is a replay.
    const replayed = await post('/api/auth/login/mfa/', { mfa_token, code: codeAt(secret, clock) });
    expect(replayed.statusCode).toBe(400);
    expect(json(replayed).detail).toBe(m.codeReused);
    expect(await failuresOf(user.email)).toBe(2);

    clock = later(30);
    const code = codeAt(secret, clock);
    expect((await post('/api/auth/login/mfa/', { mfa_token, code })).statusCode).toBe(200);
    // A success clears the count; the code of that step is not accepted a second time.
    expect(await failuresOf(user.email)).toBe(0);
    const again = json<{ mfa_token: string }>(await passwordLogin(user.email));
    const reuse = await post('/api/auth/login/mfa/', { mfa_token: again.mfa_token, code });
    expect(json(reuse).detail).toBe(m.codeReused);
  });

  it('a sign-in step takes 5 wrong codes, then ends; failures of the account do not lock its owner out', async () => {
    const { user, headers } = await personOf();
    const { secret } = await withTotp(headers);
    const { mfa_token } = json<{ mfa_token: string }>(await passwordLogin(user.email));
    for (let i = 1; i < 5; i++) {
      expect(json(await post('/api/auth/login/mfa/', { mfa_token, code: '000000' })).detail).toBe(m.codeWrong);
    }
    const fifth = await post('/api/auth/login/mfa/', { mfa_token, code: '000000' });
    expect(json(fifth)).toEqual({ detail: m.tooManyCodes });
    clock = later(30);
    const spent = await post('/api/auth/login/mfa/', { mfa_token, code: codeAt(secret, clock) });
    expect(json(spent).detail).toBe(m.mfaTokenInvalid);

    // Someone else's 20 wrong passwords for the account (the old rule locked it for 15 minutes): the
    // owner, past the password step (a captcha once due: here the window has passed), still gets in.
    await t.database.db.delete(loginFailures);
    const step = json<{ mfa_token: string }>(await passwordLogin(user.email));
    await t.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 20 }, () => ({ email: user.email.toLowerCase(), ip: '203.0.113.9' })));
    clock = later(30);
    const ok = await post('/api/auth/login/mfa/', { mfa_token: step.mfa_token, code: codeAt(secret, clock) });
    expect(ok.statusCode).toBe(200);
  });

  it('a recovery code signs in once; used again it is refused', async () => {
    const { user, headers } = await personOf();
    const { codes } = await withTotp(headers);
    const one = json<{ mfa_token: string }>(await passwordLogin(user.email));
    const used = await post('/api/auth/login/mfa/', { mfa_token: one.mfa_token, code: codes[3].toLowerCase() });
    expect(used.statusCode).toBe(200);
    const [login] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'login')))
      .orderBy(desc(auditEvents.id));
    expect(login.changes).toEqual({ mfa: 'recovery_code' });

    const two = json<{ mfa_token: string }>(await passwordLogin(user.email));
    const reused = await post('/api/auth/login/mfa/', { mfa_token: two.mfa_token, code: codes[3] });
    expect(reused.statusCode).toBe(400);
    expect(json(reused).detail).toBe(m.codeWrong);
    expect(
      json<{ recovery_codes_remaining: number }>(await get('/api/auth/mfa/', headers)).recovery_codes_remaining,
    ).toBe(9);
  });

  it('one mfa_token raced with two recovery codes signs in once and spends only one code', async () => {
    const { user, headers } = await personOf();
    const { codes } = await withTotp(headers);
    const { mfa_token } = json<{ mfa_token: string }>(await passwordLogin(user.email));
    const raced = await Promise.all([
      post('/api/auth/login/mfa/', { mfa_token, code: codes[0] }),
      post('/api/auth/login/mfa/', { mfa_token, code: codes[1] }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = raced[0].statusCode === 400 ? raced[0] : raced[1];
    expect(json(loser).detail).toBe(m.mfaTokenInvalid);
    const used = await t.deps.db
      .select({ n: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, user.id), isNotNull(mfaRecoveryCodes.usedAt)));
    expect(used[0].n).toBe(1);
    expect(
      json<{ recovery_codes_remaining: number }>(await get('/api/auth/mfa/', headers)).recovery_codes_remaining,
    ).toBe(9);
  });

  it('a wrong code leaves the mfa_token usable: its use is rolled back with the failed check', async () => {
    const { user, headers } = await personOf();
    const { codes } = await withTotp(headers);
    const { mfa_token } = json<{ mfa_token: string }>(await passwordLogin(user.email));
    expect(json(await post('/api/auth/login/mfa/', { mfa_token, code: 'AAAA-AAAA-AAAA' })).detail).toBe(m.codeWrong);
    expect((await post('/api/auth/login/mfa/', { mfa_token, code: codes[0] })).statusCode).toBe(200);
  });

  it('the password alone opens no session: auth.service has no one-step login to call by mistake', () => {
    expect(authService).not.toHaveProperty('login');
  });

  it('an mfa_token expires after 5 minutes and is single-use', async () => {
    const { user, headers } = await personOf();
    const { codes } = await withTotp(headers);
    const stale = json<{ mfa_token: string }>(await passwordLogin(user.email));
    clock = later(5 * 60 + 1);
    const expired = await post('/api/auth/login/mfa/', { mfa_token: stale.mfa_token, code: codes[0] });
    expect(expired.statusCode).toBe(400);
    expect(json(expired)).toEqual({ detail: m.mfaTokenInvalid, fields: { mfa_token: m.mfaTokenInvalid } });

    const fresh = json<{ mfa_token: string }>(await passwordLogin(user.email));
    expect((await post('/api/auth/login/mfa/', { mfa_token: fresh.mfa_token, code: codes[0] })).statusCode).toBe(200);
    const reused = await post('/api/auth/login/mfa/', { mfa_token: fresh.mfa_token, code: codes[1] });
    expect(reused.statusCode).toBe(400);
    expect(json(reused).detail).toBe(m.mfaTokenInvalid);
    // An unknown token, and a body with neither a code nor a passkey, are 400s too.
    expect(json(await post('/api/auth/login/mfa/', { mfa_token: 'nope', code: '123456' })).detail).toBe(
      m.mfaTokenInvalid,
    );
    expect((await post('/api/auth/login/mfa/', { mfa_token: fresh.mfa_token })).statusCode).toBe(400);
  });

  it('POST /api/token/ answers the same second step for a person with a factor', async () => {
    const { user, headers } = await personOf();
    await withTotp(headers);
    const res = await post('/api/token/', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ mfa_required: true, methods: ['totp', 'recovery_code'] });
    expect(json(res)).not.toHaveProperty('token');
  });
});

describe("the firm's two-factor policy", () => {
  it('holds an administrator of a firm that requires a factor at set-up: 403 everywhere but set-up, until confirmed', async () => {
    const firm = await createFirm(t.deps.db, { twoFactorPolicy: 'required' });
    const admin = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
    const res = await passwordLogin(admin.email);
    expect(res.statusCode).toBe(200);
    const body = json<{ token: string; mfa_setup_required: boolean }>(res);
    expect(body.mfa_setup_required).toBe(true);
    const headers = bearer(body.token);

    const blocked = await get('/api/users/', headers);
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked).detail).toBe(m.setupRequired);
    expect((await get(`/api/firms/${firm.id}/`, headers)).statusCode).toBe(403);
    const me = await get('/api/auth/user/', headers);
    expect(me.statusCode).toBe(200);
    expect(json(me)).toMatchObject({ id: admin.id, mfa_setup_required: true });
    expect(json(await get('/api/auth/mfa/', headers))).toMatchObject({ factors: [], required: true });

    await withTotp(headers);
    expect((await get('/api/users/', headers)).statusCode).toBe(200);
    expect(json(await get('/api/auth/user/', headers))).not.toHaveProperty('mfa_setup_required');
  });

  it('a held session rotated to a new id (as after a password change) stays held', async () => {
    const firm = await createFirm(t.deps.db, { twoFactorPolicy: 'required' });
    const admin = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
    const body = json<{ token: string; user: AuthState['actor'] }>(await passwordLogin(admin.email));
    const [held] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(held.mfaPending).toBe(true);
    const auth: AuthState = {
      user: { id: admin.id } as AuthState['user'],
      actor: body.user,
      sessionId: held.id,
      origIat: Math.floor(Date.now() / 1000),
      via: 'header',
      mfaPending: true,
    };
    const meta = { ip: '127.0.0.1', userAgent: null, requestId: null, actorId: admin.id };
    const rotated = await fixtureTx(t.deps.db, (tx) => rotateSession(t.deps, tx, auth, meta));
    const [fresh] = await t.deps.db.select().from(sessions).where(eq(sessions.id, rotated.sessionId));
    expect(fresh.mfaPending).toBe(true);
    const blocked = await get('/api/users/', bearer(rotated.token));
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked).detail).toBe(m.setupRequired);
  });

  it('holds CCOs, investments users and super accounts too; a standard user is not held', async () => {
    const firm = await createFirm(t.deps.db, { twoFactorPolicy: 'required' });
    const held = async (profile: Profile) => {
      const u = await createUser(t.deps.db, { profile: { firmId: firm.id, ...profile } });
      return json<{ mfa_setup_required?: boolean }>(await passwordLogin(u.email)).mfa_setup_required === true;
    };
    expect(await held({ profileType: ProfileType.StandardUser, isCco: true })).toBe(true);
    expect(await held({ profileType: ProfileType.StandardUser, isInvestmentsUser: true })).toBe(true);
    expect(await held({ profileType: ProfileType.StandardUser })).toBe(false);
    expect(await held({ profileType: ProfileType.FinancialAdvisor })).toBe(false);
    // A super admin without a firm is held to the strictest policy.
    const superAdmin = await createUser(t.deps.db, {
      profile: { profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    expect(json<{ mfa_setup_required?: boolean }>(await passwordLogin(superAdmin.email)).mfa_setup_required).toBe(true);
  });

  it('an optional policy holds only super accounts; a demo firm lets even a super admin in with the password', async () => {
    const optional = await createFirm(t.deps.db, { twoFactorPolicy: 'optional' });
    const demo = await createFirm(t.deps.db, { twoFactorPolicy: 'demo' });
    const loginOf = async (firmId: number, profile: Profile) => {
      const u = await createUser(t.deps.db, { profile: { firmId, ...profile } });
      return json<{ token: string; mfa_setup_required?: boolean }>(await passwordLogin(u.email));
    };
    expect((await loginOf(optional.id, { profileType: ProfileType.Administrator })).mfa_setup_required).toBeUndefined();
    expect(
      (await loginOf(optional.id, { profileType: ProfileType.StandardUser, isSuperCco: true, isCco: true }))
        .mfa_setup_required,
    ).toBe(true);
    const demoSuper = await loginOf(demo.id, { profileType: ProfileType.Administrator, isSuperAdmin: true });
    expect(demoSuper.mfa_setup_required).toBeUndefined();
    expect((await get('/api/users/', bearer(demoSuper.token))).statusCode).toBe(200);
  });

  it('where the server does not honour the demo policy (production), a demo firm is held to required and no firm can be moved onto it', async () => {
    const demo = await createFirm(t.deps.db, { twoFactorPolicy: 'demo' });
    const required = await createFirm(t.deps.db, { twoFactorPolicy: 'required' });
    const sa = await personOf({ profileType: ProfileType.Administrator, isSuperAdmin: true });
    t.deps.config.allowDemoSignIn = false;
    try {
      const admin = await createUser(t.deps.db, {
        profile: { firmId: demo.id, profileType: ProfileType.Administrator },
      });
      const login = json<{ token: string; mfa_setup_required?: boolean }>(await passwordLogin(admin.email));
      expect(login.mfa_setup_required).toBe(true);
      expect((await get('/api/users/', bearer(login.token))).statusCode).toBe(403);
      const staff = await createUser(t.deps.db, {
        profile: { firmId: demo.id, profileType: ProfileType.StandardUser },
      });
      expect(
        json<{ mfa_setup_required?: boolean }>(await passwordLogin(staff.email)).mfa_setup_required,
      ).toBeUndefined();

      const put = (id: number, name: string, policy: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/firms/${id}/`,
          headers: sa.headers,
          payload: { name, two_factor_policy: policy },
        });
      const refused = await put(required.id, required.name, 'demo');
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({ detail: messages.firms.demoPolicyOff });
      expect(
        json<{ two_factor_policy: string }>(await get(`/api/firms/${required.id}/`, sa.headers)).two_factor_policy,
      ).toBe('required');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/firms/',
        headers: sa.headers,
        payload: { name: 'Not A Demo', two_factor_policy: 'demo' },
      });
      expect(created.statusCode).toBe(400);
      // A firm already on demo can still be edited, and moved off it.
      expect((await put(demo.id, `${demo.name} renamed`, 'demo')).statusCode).toBe(200);
      expect(json<{ two_factor_policy: string }>(await put(demo.id, demo.name, 'required')).two_factor_policy).toBe(
        'required',
      );
    } finally {
      t.deps.config.allowDemoSignIn = true;
    }
  });

  it('a person held at set-up cannot remove their last factor while the policy requires one', async () => {
    const firm = await createFirm(t.deps.db, { twoFactorPolicy: 'required' });
    const cco = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
    });
    const headers = bearer(json<{ token: string }>(await passwordLogin(cco.email)).token);
    await withTotp(headers);
    const [factor] = json<{ factors: { id: number }[] }>(await get('/api/auth/mfa/', headers)).factors;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/mfa/${factor.id}/`,
      headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).detail).toBe(m.lastFactorRequired);
  });

  it('only a super admin sets a firm to the demo policy (firms are theirs to edit)', async () => {
    const firm = await createFirm(t.deps.db, { twoFactorPolicy: 'required' });
    const sa = await personOf({ profileType: ProfileType.Administrator, isSuperAdmin: true });
    const read = json<{ two_factor_policy: string }>(await get(`/api/firms/${firm.id}/`, sa.headers));
    expect(read.two_factor_policy).toBe('required');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/firms/${firm.id}/`,
      headers: sa.headers,
      payload: { name: firm.name, two_factor_policy: 'demo' },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toMatchObject({ two_factor_policy: 'demo' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/firms/${firm.id}/`,
      headers: sa.headers,
      payload: { name: firm.name, two_factor_policy: 'never' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('removing a factor and new recovery codes', () => {
  it('needs the password: a wrong one is a 400 on the field and counts as a failed sign-in', async () => {
    const { user, headers } = await personOf();
    await withTotp(headers);
    const [factor] = json<{ factors: { id: number }[] }>(await get('/api/auth/mfa/', headers)).factors;
    const remove = (password: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/mfa/${factor.id}/`, headers, payload: { password } });
    const wrong = await remove('not my password');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({
      detail: messages.auth.currentPasswordWrong,
      fields: { password: messages.auth.currentPasswordWrong },
    });
    expect(await failuresOf(user.email)).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/mfa/${factor.id}/`, headers })).statusCode).toBe(
      400,
    );

    const ok = await remove(TEST_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(json(await get('/api/auth/mfa/', headers))).toMatchObject({ factors: [], recovery_codes_remaining: 0 });
    // Without a factor, sign-in is one step again.
    expect(json(await passwordLogin(user.email))).toHaveProperty('token');
    expect((await remove(TEST_PASSWORD)).statusCode).toBe(404);
  });

  it('regenerates the recovery codes (shown once) after the password; the old ones stop working', async () => {
    const { user, headers } = await personOf();
    const { codes } = await withTotp(headers);
    const wrong = await post('/api/auth/mfa/recovery_codes/', { password: 'nope' }, headers);
    expect(wrong.statusCode).toBe(400);
    const res = await post('/api/auth/mfa/recovery_codes/', { password: TEST_PASSWORD }, headers);
    expect(res.statusCode).toBe(200);
    const fresh = json<{ recovery_codes: string[] }>(res).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    const step = json<{ mfa_token: string }>(await passwordLogin(user.email));
    expect(json(await post('/api/auth/login/mfa/', { mfa_token: step.mfa_token, code: codes[0] })).detail).toBe(
      m.codeWrong,
    );
    expect((await post('/api/auth/login/mfa/', { mfa_token: step.mfa_token, code: fresh[0] })).statusCode).toBe(200);
  });
});

describe("an administrator resets a user's factors", () => {
  it('removes them, ends the sessions, mails the user and audits it; own firm only, a super admin any', async () => {
    const firm = await createFirm(t.deps.db);
    const adminUser = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.Administrator },
    });
    const admin = bearer(json<{ token: string }>(await passwordLogin(adminUser.email)).token);
    const target = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const targetHeaders = bearer(json<{ token: string }>(await passwordLogin(target.email)).token);
    await withTotp(targetHeaders);

    const res = await post(`/api/users/${target.id}/mfa_reset/`, undefined, admin);
    expect(res.statusCode).toBe(200);
    expect(json(res).detail).toBe(m.resetDone);
    expect(await t.deps.db.select().from(mfaFactors).where(eq(mfaFactors.userId, target.id))).toEqual([]);
    expect(await t.deps.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, target.id))).toEqual([]);
    expect((await get('/api/auth/user/', targetHeaders)).statusCode).toBe(401);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target.email));
    expect(mail.subject).toBe('Your two-factor sign-in was reset');
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'mfa_reset'), eq(auditEvents.entityId, String(target.id))));
    expect(event).toMatchObject({ actorId: adminUser.id, firmId: firm.id, changes: { factors_removed: 1 } });
    // Signed in again with the password alone.
    expect(json(await passwordLogin(target.email))).toHaveProperty('token');

    // Another firm's administrator does not see the user; a super admin of another firm resets anyone.
    const other = await personOf({ profileType: ProfileType.Administrator });
    expect((await post(`/api/users/${target.id}/mfa_reset/`, undefined, other.headers)).statusCode).toBe(404);
    const sa = await personOf({ profileType: ProfileType.Administrator, isSuperAdmin: true });
    expect((await post(`/api/users/${target.id}/mfa_reset/`, undefined, sa.headers)).statusCode).toBe(200);
    // Not oneself, and not a standard user's to do.
    expect((await post(`/api/users/${adminUser.id}/mfa_reset/`, undefined, admin)).statusCode).toBe(403);
    expect((await post(`/api/users/${target.id}/mfa_reset/`, undefined, targetHeaders)).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
// A software passkey: an ES256 key pair, 'none' attestation, assertions signed with node:crypto.

function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor> | Record<string, never>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

class SoftwarePasskey {
  readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = randomBytes(16);
  private counter = 0;
  constructor(
    private readonly rpId = 'portal.test',
    private readonly origin = 'http://portal.test',
  ) {}

  private authData(flags: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const rpIdHash = createHash('sha256').update(this.rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  create(challenge: string) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(0x45, attested)],
      ]),
    );
    const id = this.credentialId.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', challenge).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  get(challenge: string, opts: { tamper?: boolean } = {}) {
    this.counter += 1;
    const authenticatorData = this.authData(0x05);
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = sign(
      'sha256',
      opts.tamper ? Buffer.concat([signed, Buffer.from([1])]) : signed,
      this.keys.privateKey,
    );
    const id = this.credentialId.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
      clientExtensionResults: {},
    };
  }
}

describe('passkeys', () => {
  it('registers a passkey (its first factor brings recovery codes) and signs in with its assertion', async () => {
    const { user, headers } = await personOf();
    const options = json<{ challenge: string; rp: { id: string }; attestation: string }>(
      await post('/api/auth/mfa/webauthn/options/', undefined, headers),
    );
    expect(options.rp.id).toBe('portal.test');
    const passkey = new SoftwarePasskey();
    const registered = await post(
      '/api/auth/mfa/webauthn/register/',
      { label: 'Laptop', response: passkey.create(options.challenge) },
      headers,
    );
    expect(registered.statusCode).toBe(200);
    const reg = json<{ factor: { kind: string; label: string }; recovery_codes: string[] }>(registered);
    expect(reg.factor).toMatchObject({ kind: 'webauthn', label: 'Laptop' });
    expect(reg.recovery_codes).toHaveLength(10);
    // The registration's challenge is used up.
    const again = await post(
      '/api/auth/mfa/webauthn/register/',
      { response: new SoftwarePasskey().create(options.challenge) },
      headers,
    );
    expect(json(again).detail).toBe(m.passkeyChallengeExpired);

    const step = json<{
      mfa_token: string;
      methods: string[];
      webauthn: { challenge: string; allowCredentials: { id: string }[] };
    }>(await passwordLogin(user.email));
    expect(step.methods).toEqual(['recovery_code', 'webauthn']);
    expect(step.webauthn.allowCredentials.map((c) => c.id)).toEqual([passkey.credentialId.toString('base64url')]);

    const forged = await post('/api/auth/login/mfa/', {
      mfa_token: step.mfa_token,
      webauthn: passkey.get(step.webauthn.challenge, { tamper: true }),
    });
    expect(forged.statusCode).toBe(400);
    expect(json(forged).detail).toBe(m.passkeyFailed);
    expect(await failuresOf(user.email)).toBe(1);

    const signedIn = await post('/api/auth/login/mfa/', {
      mfa_token: step.mfa_token,
      webauthn: passkey.get(step.webauthn.challenge),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(json<{ user: { id: number } }>(signedIn).user.id).toBe(user.id);
    const [login] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'login')))
      .orderBy(desc(auditEvents.id));
    expect(login.changes).toMatchObject({ mfa: 'webauthn' });
  });

  it("stores a passkey's signature counter only when it moves forward (0: the key keeps none)", async () => {
    const { user } = await personOf();
    const counterOf = async (id: number) =>
      (await t.deps.db.select().from(mfaFactors).where(eq(mfaFactors.id, id)))[0].signCount;
    const passkey = (label: string, signCount: number) =>
      fixtureTx(t.deps.db, (tx) =>
        insertFactor(tx, {
          userId: user.id,
          kind: 'webauthn',
          label,
          credentialId: randomBytes(16).toString('base64url'),
          publicKey: 'x',
          signCount,
        }),
      );
    const key = await passkey('Key', 5);
    expect(await fixtureTx(t.deps.db, (tx) => recordPasskeyUse(tx, key.id, 3))).toBe(false);
    expect(await fixtureTx(t.deps.db, (tx) => recordPasskeyUse(tx, key.id, 5))).toBe(false);
    expect(await counterOf(key.id)).toBe(5);
    expect(await fixtureTx(t.deps.db, (tx) => recordPasskeyUse(tx, key.id, 6))).toBe(true);
    expect(await counterOf(key.id)).toBe(6);
    const synced = await passkey('Synced', 0);
    expect(await fixtureTx(t.deps.db, (tx) => recordPasskeyUse(tx, synced.id, 0))).toBe(true);
  });

  it("refuses a passkey made for another site, and another person's passkey", async () => {
    const { user, headers } = await personOf();
    const options = json<{ challenge: string }>(await post('/api/auth/mfa/webauthn/options/', undefined, headers));
    const phishing = new SoftwarePasskey('evil.test', 'http://evil.test');
    const res = await post(
      '/api/auth/mfa/webauthn/register/',
      { response: phishing.create(options.challenge) },
      headers,
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).detail).toBe(m.passkeyRegistrationFailed);

    // Someone else's passkey against this person's sign-in step.
    const other = await personOf();
    const otherOptions = json<{ challenge: string }>(
      await post('/api/auth/mfa/webauthn/options/', undefined, other.headers),
    );
    const otherKey = new SoftwarePasskey();
    await post(
      '/api/auth/mfa/webauthn/register/',
      { response: otherKey.create(otherOptions.challenge) },
      other.headers,
    );
    await withTotp(headers);
    const step = json<{ mfa_token: string; webauthn?: unknown }>(await passwordLogin(user.email));
    expect(step.webauthn).toBeUndefined();
    const stolen = await post('/api/auth/login/mfa/', {
      mfa_token: step.mfa_token,
      webauthn: otherKey.get('whatever'),
    });
    expect(stolen.statusCode).toBe(400);
    expect(json(stolen).detail).toBe(m.passkeyFailed);
  });
});

describe('the PII key rotation', () => {
  it('re-encrypts authenticator secrets under the new key; the old key is then no longer needed', async () => {
    const { user, headers } = await personOf();
    const { secret } = await withTotp(headers);
    const newKey = randomBytes(32).toString('base64url');
    const rotating = piiKeyring(newKey, [t.deps.config.piiKey]);
    expect(await rotateTotpSecrets(t.deps.db, rotating)).toBeGreaterThanOrEqual(1);
    const [row] = await t.deps.db.select().from(mfaFactors).where(eq(mfaFactors.userId, user.id));
    expect(piiKeyring(newKey).decrypt(row.secret, 'mfa_factors.secret')).toBe(secret);
    expect(await rotateTotpSecrets(t.deps.db, rotating)).toBe(0);
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'rotate_pii_key'), eq(auditEvents.entity, 'mfa_factor')));
    expect(event.changes).toMatchObject({ key_id: rotating.currentKeyId });
    // Back under the app's key, for whatever runs after.
    await rotateTotpSecrets(t.deps.db, piiKeyring(t.deps.config.piiKey, [newKey]));
  });
});
