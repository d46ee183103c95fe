import { messages } from '@portal/domain';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captchaUses, loginFailures } from '../../db/schema/index.js';
import { solve, solvedCaptcha } from '../../testing/captcha.js';
import { createUser, TEST_PASSWORD } from '../../testing/factories.js';
import { buildTestApp, json, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let now = new Date();
beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
});
afterAll(() => t.close());
beforeEach(async () => {
  now = new Date();
  await t.database.db.delete(loginFailures);
});

const login = (email: string, password: string, ip: string, captcha?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password, ...(captcha === undefined ? {} : { captcha }) },
    remoteAddress: ip,
  });
const failTimes = async (n: number, email: string, ip: string) => {
  for (let i = 0; i < n; i++) {
    const captcha = i >= 3 ? await solvedCaptcha(t, email, ip) : undefined;
    expect((await login(email, `wrong password ${i}`, ip, captcha)).statusCode).toBe(400);
  }
};
const challengeOf = async (email: string, ip: string) =>
  json<Challenge>(
    await t.app.inject({ url: `/api/captcha/challenge/?email=${encodeURIComponent(email)}`, remoteAddress: ip }),
  );
const verify = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/verify_captcha/', payload: { token } });

describe('the sign-in captcha', () => {
  it('is not asked before 3 failed sign-ins; the third failure says it is now required', async () => {
    const user = await createUser(t.deps.db);
    for (let i = 0; i < 2; i++) {
      const res = await login(user.email, 'wrong password!', '10.10.0.1');
      expect(json(res)).toEqual({ detail: messages.auth.loginFailed });
    }
    const third = await login(user.email, 'wrong password!', '10.10.0.1');
    expect(third.statusCode).toBe(400);
    expect(json(third)).toEqual({ detail: messages.auth.loginFailed, captcha_required: true });
  });

  it('after 3 failures a sign-in without a solved captcha gets 400 with the flag, even with the right password', async () => {
    const user = await createUser(t.deps.db);
    await failTimes(3, user.email, '10.11.0.1');
    // From another address too: the account's failures ask for it.
    const res = await login(user.email, TEST_PASSWORD, '10.11.0.2');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ detail: messages.auth.captchaRequired, captcha_required: true });
    const ok = await login(user.email, TEST_PASSWORD, '10.11.0.2', await solvedCaptcha(t, user.email, '10.11.0.2'));
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ user: { id: user.id } });
  });

  it('takes a solution once: the same one replayed is refused', async () => {
    const user = await createUser(t.deps.db);
    const ip = '10.12.0.1';
    await failTimes(3, user.email, ip);
    const captcha = await solvedCaptcha(t, user.email, ip);
    expect(json(await login(user.email, 'still wrong!!', ip, captcha))).toEqual({
      detail: messages.auth.loginFailed,
      captcha_required: true,
    });
    const replay = await login(user.email, TEST_PASSWORD, ip, captcha);
    expect(replay.statusCode).toBe(400);
    expect(json(replay)).toEqual({ detail: messages.auth.captchaInvalid, captcha_required: true });
    expect(json(await verify(captcha))).toEqual({ success: false, score: 0 });
  });

  it('refuses an expired challenge, a forged one, a wrong answer and garbage', async () => {
    const user = await createUser(t.deps.db);
    const ip = '10.13.0.1';
    await failTimes(3, user.email, ip);
    // Issued 11 minutes ago: its 10 minutes are over.
    now = new Date(Date.now() - 11 * 60_000);
    const expired = await solvedCaptcha(t, user.email, ip);
    now = new Date();
    const challenge = await challengeOf(user.email, ip);
    const good = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString());
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    // Made easier by hand: the signature no longer matches its parameters.
    const forged = encode({
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1, data: { level: 9 } } },
    });
    // The derived key is the proof (only a search finds it); another one, well-formed, is not.
    const flipped = `${good.solution.derivedKey[0] === '0' ? '1' : '0'}${good.solution.derivedKey.slice(1)}`;
    const wrong = encode({ ...good, solution: { ...good.solution, derivedKey: flipped } });
    for (const captcha of [expired, forged, wrong, 'not base64 json', encode({ challenge: 1 })]) {
      const res = await login(user.email, TEST_PASSWORD, ip, captcha);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ detail: messages.auth.captchaInvalid, captcha_required: true });
    }
    // None of those used the challenge up: its real solution still opens the door.
    expect((await login(user.email, TEST_PASSWORD, ip, encode(good))).statusCode).toBe(200);
  });

  it('lets the owner in after 12 failures by solving the captcha: no lock, but more work for each guess', async () => {
    const user = await createUser(t.deps.db);
    const ip = '10.14.0.1';
    await failTimes(12, user.email, ip);
    // The work has grown: level 4 (8 times the first) for this account, asked from any address.
    const hard = await challengeOf(user.email, '10.14.0.9');
    expect(hard.parameters.data).toEqual({ level: 4 });
    // A light challenge fetched for another address is not enough for this account.
    const light = await solvedCaptcha(t, '', '10.14.0.8');
    expect(json(await login(user.email, TEST_PASSWORD, '10.14.0.9', light))).toEqual({
      detail: messages.auth.captchaInvalid,
      captcha_required: true,
    });
    const res = await login(user.email, TEST_PASSWORD, '10.14.0.9', await solve(hard));
    expect(res.statusCode).toBe(200);
    expect(res.headers['retry-after']).toBeUndefined();
    // A success clears the account's count: the next sign-in from a fresh address needs no captcha.
    expect((await login(user.email, TEST_PASSWORD, '10.14.0.7')).statusCode).toBe(200);
  });

  it('still lets a person in by the hardest captcha once failures are past the last level (30 from their address)', async () => {
    const ip = '10.14.1.1';
    await t.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 30 }, (_, i) => ({ email: `office${i}@example.test`, ip })));
    const user = await createUser(t.deps.db);
    const hardest = await challengeOf(user.email, ip);
    expect(hardest.parameters.data).toEqual({ level: 4 });
    expect((await login(user.email, TEST_PASSWORD, ip, await solve(hardest))).statusCode).toBe(200);
  });

  it('asks it of every account from an address with 3 failures, and of no other address', async () => {
    const ip = '10.15.0.1';
    for (let i = 0; i < 3; i++) await login(`probe${i}@example.test`, 'guess guess', ip);
    const user = await createUser(t.deps.db);
    expect(json(await login(user.email, TEST_PASSWORD, ip))).toMatchObject({ captcha_required: true });
    expect((await login(user.email, TEST_PASSWORD, '10.15.0.2')).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, ip, await solvedCaptcha(t, user.email, ip))).statusCode).toBe(200);
  });

  it("counts the connection's address: a forwarded one only behind a trusted proxy (TRUST_PROXY)", async () => {
    // Failures against addresses nobody has: only the address counts them; then the person signs in.
    const attempt = (app: TestApp, ip: string, forwardedFor: string, email?: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: email ? { email, password: TEST_PASSWORD } : { email: 'nobody@example.test', password: 'guess guess' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // Not trusted (the default): a header naming another address each time changes nothing.
    const user = await createUser(t.deps.db);
    for (let i = 0; i < 3; i++) await attempt(t, '10.17.0.1', `198.51.100.${i}`);
    expect(json(await attempt(t, '10.17.0.1', '198.51.100.9', user.email))).toMatchObject({ captcha_required: true });
    // Behind a trusted proxy every person comes from the proxy: the header tells them apart.
    const proxied = await buildTestApp({ now: () => now, trustProxy: true });
    try {
      const person = await createUser(proxied.deps.db);
      for (let i = 0; i < 3; i++) await attempt(proxied, '127.0.0.1', '198.51.100.20');
      expect(json(await attempt(proxied, '127.0.0.1', '198.51.100.20', person.email))).toMatchObject({
        captcha_required: true,
      });
      expect((await attempt(proxied, '127.0.0.1', '198.51.100.21', person.email)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a flooding address (50 failures) with 429 even with a solved captcha', async () => {
    const ip = '10.16.0.1';
    await t.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 50 }, (_, i) => ({ email: `flood${i}@example.test`, ip })));
    const user = await createUser(t.deps.db);
    const res = await login(user.email, TEST_PASSWORD, ip, await solvedCaptcha(t, user.email, ip));
    expect(res.statusCode).toBe(429);
    expect(json<{ detail: string }>(res).detail).toMatch(
      /^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/,
    );
    expect((await login(user.email, TEST_PASSWORD, '10.16.0.2')).statusCode).toBe(200);
  });

  it('GET /api/captcha/challenge/ answers a fresh, signed, uncached challenge', async () => {
    const res = await t.app.inject({ url: '/api/captcha/challenge/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json<Challenge>(res);
    expect(body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', data: { level: 1 } });
    expect(body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + 9 * 60);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    const again = json<Challenge>(await t.app.inject({ url: '/api/captcha/challenge/' }));
    expect(again.parameters.nonce).not.toBe(body.parameters.nonce);
  });
});

describe('POST /api/verify_captcha/', () => {
  it('answers success and score 1 for a valid solution, 0 for anything else, and does not use it up', async () => {
    const token = await solvedCaptcha(t);
    expect(json(await verify(token))).toEqual({ success: true, score: 1 });
    expect(json(await verify(token))).toEqual({ success: true, score: 1 });
    expect(json(await verify('garbage'))).toEqual({ success: false, score: 0 });
    now = new Date(Date.now() - 11 * 60_000);
    const expired = await solvedCaptcha(t);
    now = new Date();
    expect(json(await verify(expired))).toEqual({ success: false, score: 0 });
    // Used by a sign-in, it scores 0.
    const user = await createUser(t.deps.db);
    const ip = '10.17.0.1';
    await failTimes(3, user.email, ip);
    const used = await solvedCaptcha(t, user.email, ip);
    expect((await login(user.email, TEST_PASSWORD, ip, used)).statusCode).toBe(200);
    expect(json(await verify(used))).toEqual({ success: false, score: 0 });
    expect(await t.deps.db.select().from(captchaUses)).not.toHaveLength(0);
  });

  it('refuses a missing or over-long token with a field message', async () => {
    const missing = await verify(undefined);
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ fields: { token: expect.any(String) } });
    expect((await verify('x'.repeat(5000))).statusCode).toBe(400);
  });
});
