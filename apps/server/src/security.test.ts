import { PassThrough } from 'node:stream';
import { messages, ProfileType } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, loginFailures, mailOutbox, passwordResetRequests, users } from './db/schema/index.js';
import { queueActivationMail } from './modules/auth/auth.service.js';
import { issueOneTimeToken } from './modules/auth/one-time-tokens.repository.js';
import { loggableError } from './platform/errors.js';
import { MailWorker } from './platform/mail.js';
import { createFirm, createUser, fixtureTx, TEST_PASSWORD } from './testing/factories.js';
import { SmtpSink } from './testing/smtp-sink.js';
import { buildTestApp, json, type TestApp } from './testing/test-app.js';

/**
 * Regression tests for what an outside security probe of the foundation found. Each scenario failed
 * on the code the probe tried.
 */
let t: TestApp;
let firm: { id: number };
const logLines: string[] = [];
const sink = new SmtpSink();

beforeAll(async () => {
  await sink.listen();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  t = await buildTestApp({ logLevel: 'info', smtpUrl: sink.url }, logStream);
  firm = await createFirm(t.deps.db);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});
beforeEach(async () => {
  await t.database.db.delete(loginFailures);
  await t.database.db.delete(passwordResetRequests);
});

type Overrides = Parameters<typeof createUser>[1];
async function signIn(overrides: Overrides = {}) {
  const user = await createUser(t.deps.db, { ...overrides, profile: { firmId: firm.id, ...overrides?.profile } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { user, cookies, headers: { authorization: `Bearer ${json<{ token: string }>(res).token}` } };
}
const admin = () => signIn({ profile: { profileType: ProfileType.Administrator } });
const superAdmin = () => signIn({ profile: { profileType: ProfileType.Administrator, isSuperAdmin: true } });

/** A fresh link of `purpose` for `userId`, as the mail would carry it. */
async function linkFor(userId: number, purpose: 'account_activation' | 'password_reset') {
  const token = await fixtureTx(t.deps.db, (tx) => issueOneTimeToken(tx, userId, purpose, 60_000));
  return { uid: Buffer.from(String(userId)).toString('base64url'), token };
}
const activate = (link: { uid: string; token: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/account/confirm/',
    payload: { ...link, password: 'a brand new passphrase' },
  });
const reset = (link: { uid: string; token: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset/confirm/',
    payload: { ...link, new_password1: 'a brand new passphrase', new_password2: 'a brand new passphrase' },
  });

describe('one-time links end with the access they grant', () => {
  it('a deactivated person cannot get back in with a link an administrator mailed before the deactivation', async () => {
    const a = await admin();
    const member = await createUser(t.deps.db, { profile: { firmId: firm.id } });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/send_account_activation_link/`,
      headers: a.headers,
      payload: { generateNewPassword: false },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email));
    // An account in use is sent a password reset link, not an activation link.
    const [, uid, token] = mail.textBody.match(/password\/reset\/([\w-]+)\/([\w-]+)/) ?? [];
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.id}/`,
      headers: a.headers,
      payload: { email: member.email, last_name: 'Member', is_active: false },
    });
    expect(put.statusCode).toBe(200);
    expect(json(await reset({ uid, token }))).toMatchObject({ detail: messages.auth.invalidLink });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(row.isActive).toBe(false);
  });

  it('a deactivated account is refused even with a link issued after the deactivation', async () => {
    const a = await admin();
    const member = await createUser(t.deps.db, { profile: { firmId: firm.id } });
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.id}/`,
      headers: a.headers,
      payload: { email: member.email, last_name: 'Member', is_active: false },
    });
    expect((await activate(await linkFor(member.id, 'account_activation'))).statusCode).toBe(400);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/send_account_activation_link/`,
      headers: a.headers,
      payload: { generateNewPassword: false },
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).detail).toBe(messages.users.deactivatedNoLink);
    expect((await t.app.inject({ url: `/api/users/${member.id}/`, headers: a.headers })).json()).toMatchObject({
      is_active: false,
    });
  });

  it('deleting an account, changing its password or its email cancels its outstanding links', async () => {
    const a = await admin();
    const deleted = await createUser(t.deps.db, { profile: { firmId: firm.id } });
    const deletedLink = await linkFor(deleted.id, 'password_reset');
    await t.app.inject({ method: 'DELETE', url: `/api/users/${deleted.id}/`, headers: a.headers });
    expect((await reset(deletedLink)).statusCode).toBe(400);

    const me = await signIn();
    const beforePasswordChange = await linkFor(me.user.id, 'password_reset');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_password/',
      headers: me.headers,
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'another long passphrase',
        new_password_confirmation: 'another long passphrase',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(beforePasswordChange)).statusCode).toBe(400);

    // An address change ends the links mailed to the old address when it takes effect (its link opened).
    const other = await signIn();
    const beforeEmailChange = await linkFor(other.user.id, 'password_reset');
    const movedTo = `moved.${other.user.id}@example.test`;
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_email/',
      headers: other.headers,
      payload: { email: movedTo, current_password: TEST_PASSWORD },
    });
    expect(moved.statusCode).toBe(200);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, movedTo));
    const [, uid, token] = mail.textBody.match(/\/account\/email\/confirm\/([\w-]+)\/([\w-]+)/) ?? [];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/account_settings/confirm_email/',
      payload: { uid, token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await reset(beforeEmailChange)).statusCode).toBe(400);
  });
});

describe('invitations can be withdrawn', () => {
  it('an invited account that is cancelled cannot be activated with the link mailed before', async () => {
    const a = await admin();
    const email = `invitee.${Date.now()}@example.test`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: a.headers,
      payload: { email, last_name: 'Invitee', profile: { profile_type: ProfileType.StandardUser } },
    });
    const invited = json<{ id: number; invitation_pending: boolean }>(created);
    expect(invited.invitation_pending).toBe(true);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const [, uid, token] = mail.textBody.match(/activate\/([\w-]+)\/([\w-]+)/) ?? [];
    // Finding B: "deactivating" a never-activated account is an unchanged echo, the link kept working.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/users/${invited.id}/cancel_invitation/`,
      headers: a.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    const refused = await activate({ uid, token });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ detail: messages.auth.invalidLink });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, invited.id));
    expect(row).toMatchObject({ isActive: false, passwordHash: null });
  });
});

describe('findings of the second probe', () => {
  it('setting a password through an activation link ends the other sessions of an account in use', async () => {
    const me = await signIn();
    const link = await linkFor(me.user.id, 'account_activation');
    expect((await activate(link)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/user/', headers: me.headers })).statusCode).toBe(401);
  });

  it('an administrator cannot empty a user’s firm or profile type', async () => {
    const s = await superAdmin();
    const member = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const put = (profile: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${member.id}/`,
        headers: s.headers,
        payload: { email: member.email, last_name: 'Member', profile },
      });
    expect(json(await put({ _firm: null }))).toMatchObject({
      fields: { 'profile._firm': messages.users.firmRequired },
    });
    expect(json(await put({ profile_type: null }))).toMatchObject({
      fields: { 'profile.profile_type': messages.users.profileTypeRequired },
    });
  });

  it('does not tell a colleague which accounts are super accounts', async () => {
    const client = await signIn({ profile: { profileType: ProfileType.Client } });
    const sa = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/account_settings/update_personal_info/${sa.id}/`,
      headers: client.headers,
      payload: { first_name: 'X' },
    });
    expect(json(res)).toEqual({ detail: messages.settings.notYourAccount });
  });

  it('masks a link token however the path is written, and answers an undecodable path with the 404 shape', async () => {
    await t.app.inject({ url: '//account/activate/MTI/dOuBlE-SlAsH-tOkEn' });
    expect(logLines.join('\n')).not.toContain('dOuBlE-SlAsH-tOkEn');
    const bad = await t.app.inject({ url: '/api/users/%FF/' });
    expect(bad.statusCode).toBe(404);
    expect(json(bad)).toEqual({ detail: messages.http.notFound });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a&password=b',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('super accounts are changed only by a super admin', () => {
  it("refuses a firm administrator every change of a super CCO's or super admin's account", async () => {
    const a = await admin();
    const superCco = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isSuperCco: true },
    });
    const sa = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    for (const target of [superCco, sa]) {
      const attempts = [
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${target.id}/`,
          headers: a.headers,
          payload: { email: 'attacker@example.test', last_name: 'Taken' },
        }),
        t.app.inject({
          method: 'PUT',
          url: `/api/account_settings/update_personal_info/${target.id}/`,
          headers: a.headers,
          payload: { first_name: 'Taken' },
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/users/${target.id}/send_account_activation_link/`,
          headers: a.headers,
          payload: { generateNewPassword: true },
        }),
        t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}/`, headers: a.headers }),
      ];
      for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
    }
    const s = await superAdmin();
    const byTheSuper = await t.app.inject({
      method: 'PUT',
      url: `/api/account_settings/update_personal_info/${superCco.id}/`,
      headers: s.headers,
      payload: { first_name: 'Renamed' },
    });
    expect(byTheSuper.statusCode).toBe(200);
    const [mails] = await Promise.all([
      t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'attacker@example.test')),
    ]);
    expect(mails).toEqual([]);
  });
});

describe('email changes and self-service through the user form', () => {
  it('a person cannot change their own email or deactivate themself through PUT /api/users/{id}/', async () => {
    const me = await signIn({ profile: { profileType: ProfileType.Client } });
    const body = (json(await t.app.inject({ url: '/api/auth/user/', headers: me.headers })) ?? {}) as object;
    const email = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.user.id}/`,
      headers: me.headers,
      payload: { ...body, email: 'elsewhere@example.test', last_name: 'Client' },
    });
    expect(email.statusCode).toBe(403);
    expect(json(email).detail).toBe(messages.users.ownEmailInSettings);
    const a = await admin();
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${a.user.id}/`,
      headers: a.headers,
      payload: { email: a.user.email, last_name: 'Admin', is_active: false },
    });
    expect(self.statusCode).toBe(403);
    expect(json(self).detail).toBe(messages.users.cannotDeactivateSelf);
  });

  it('when an administrator changes the email of an account never activated, it applies and the old address is told', async () => {
    const a = await admin();
    const member = await createUser(t.deps.db, { passwordHash: null, isActive: false, profile: { firmId: firm.id } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.id}/`,
      headers: a.headers,
      payload: { email: `renamed.${member.id}@example.test`, last_name: 'Member' },
    });
    expect(res.statusCode).toBe(200);
    const [notice] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email));
    expect(notice.subject).toBe('Your portal email address was changed');
    expect(notice.textBody).toContain(`renamed.${member.id}@example.test`);
  });
});

describe('secrets stay out of logs and tables', () => {
  it('a request log shows the path of a one-time link but never its token', async () => {
    await t.app.inject({ url: '/account/activate/MTI/sEcReT-ToKeN-123' });
    await t.app.inject({ url: '/account/password/reset/MTI/aNoThEr-SeCrEt?x=1' });
    await t.app.inject({ url: '/account/email/confirm/MTI/tHiRd-SeCrEt' });
    const text = logLines.join('\n');
    expect(text).not.toContain('tHiRd-SeCrEt');
    expect(text).toContain('/account/activate/MTI/[redacted]');
    expect(text).not.toContain('sEcReT-ToKeN-123');
    expect(text).not.toContain('aNoThEr-SeCrEt');
  });

  it("a failed query's error keeps the query text but none of its parameters or the values the database quotes", async () => {
    const err = await t.deps.db.execute(sql`select ${'hunter2-secret'}::int`).catch((e: unknown) => e);
    const logged = JSON.stringify(loggableError(err));
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain('hunter2-secret');
    t.app.log.error({ err }, 'probe');
    expect(logLines.join('\n')).not.toContain('hunter2-secret');
  });

  it('a sent mail keeps only a masked copy of its one-time link', async () => {
    const user = await createUser(t.deps.db, { email: 'masked@example.test', isActive: false, passwordHash: null });
    const link = await fixtureTx(t.deps.db, (tx) => queueActivationMail(t.deps, tx, user));
    const token = link.split('/').at(-1) as string;
    const worker = new MailWorker(
      t.database.db,
      { smtpUrl: sink.url, from: 'p@portal.test', pollMs: 50, retryBaseMs: 50, maxAttempts: 3 },
      t.app.log,
    );
    await worker.drain();
    await worker.stop();
    expect((await sink.waitFor('masked@example.test')).text).toContain(token);
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'masked@example.test'));
    expect(row.status).toBe('sent');
    expect(row.textBody).not.toContain(token);
    expect(row.textBody).toContain('/account/activate/');
    expect(row.textBody).toContain('[redacted]');
  });
});

describe('throttling', () => {
  const requestReset = (email: string, ip = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email }, remoteAddress: ip });

  it('allows 3 reset requests an hour per address typed, known or not, then answers 429 alike', async () => {
    const known = await createUser(t.deps.db);
    for (const email of [known.email, 'nobody.here@example.test']) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email, `10.9.1.${i}`)).statusCode).toBe(200);
      const fourth = await requestReset(email, '10.9.1.9');
      expect(fourth.statusCode).toBe(429);
      expect(json(fourth).detail).toMatch(/^Too many password reset requests\. Try again in \d+ minutes?\.$/);
      expect(fourth.headers['retry-after']).toBeTruthy();
    }
  });

  it('allows 20 reset requests an hour per client address', async () => {
    for (let i = 0; i < 20; i++)
      expect((await requestReset(`someone${i}@example.test`, '10.9.2.1')).statusCode).toBe(200);
    expect((await requestReset('one.more@example.test', '10.9.2.1')).statusCode).toBe(429);
  });

  it('answers a reset request before the account is even looked up, so its time tells nothing', async () => {
    const known = await createUser(t.deps.db);
    // Hold back what runs after the answer, to see what the answer itself did.
    const held: (() => Promise<unknown>)[] = [];
    const run = t.deps.background.run;
    t.deps.background.run = (_what, task) => void held.push(task);
    try {
      const answers = [
        await requestReset(known.email, '10.9.3.1'),
        await requestReset('unknown.x@example.test', '10.9.3.2'),
      ];
      expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
        [200, answers[1].body],
        [200, answers[1].body],
      ]);
      const mailsBefore = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, known.email));
      expect(mailsBefore).toEqual([]);
      expect(held).toHaveLength(2);
    } finally {
      t.deps.background.run = run;
    }
    for (const task of held) await task();
    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, known.email));
    expect(mails).toHaveLength(1);
  });

  it('a wrong current password when changing the password counts as a failed sign-in', async () => {
    const me = await signIn();
    const change = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account_settings/change_password/',
        headers: me.headers,
        remoteAddress: '10.9.5.1',
        payload: {
          current_password: 'not my password',
          new_password: 'x'.repeat(14),
          new_password_confirmation: 'x'.repeat(14),
        },
      });
    for (let i = 0; i < 10; i++) expect((await change()).statusCode).toBe(400);
    // Inside a session no captcha can be asked: the re-entry stops for the window.
    expect((await change()).statusCode).toBe(429);
    // Sign-in is not locked: it asks for the captcha.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: me.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(400);
    expect(json(login)).toMatchObject({ captcha_required: true });
  });
});

describe('sessions and CSRF', () => {
  it('refuses a cookie/header CSRF pair that an attacker chose, and accepts the one of the session', async () => {
    const me = await signIn();
    const planted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies: { ...me.cookies, csrftoken: 'attacker-chosen' },
      headers: { 'x-csrftoken': 'attacker-chosen' },
    });
    expect(planted.statusCode).toBe(403);
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies: me.cookies,
      headers: { 'x-csrftoken': me.cookies.csrftoken },
    });
    expect(real.statusCode).toBe(200);
  });

  it('a password change through the web gives a new session cookie and CSRF token that work, and the old ones do not', async () => {
    const me = await signIn();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_password/',
      cookies: me.cookies,
      headers: { 'x-csrftoken': me.cookies.csrftoken },
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'rotated long passphrase',
        new_password_confirmation: 'rotated long passphrase',
      },
    });
    expect(res.statusCode).toBe(200);
    const fresh = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    expect(fresh.csrftoken).toBeTruthy();
    expect(fresh.csrftoken).not.toBe(me.cookies.csrftoken);
    expect((await t.app.inject({ url: '/api/auth/user/', cookies: me.cookies })).statusCode).toBe(401);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies: fresh,
      headers: { 'x-csrftoken': fresh.csrftoken },
    });
    expect(logout.statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  it('answers 404 to an id that is not plain decimal digits within 1..2147483647, on every kind of id', async () => {
    const s = await superAdmin();
    const bad = ['0x1', '1e3', '0', '-1', '2147483648', '99999999999999999999', '1.0', '%201', 'abc', '%00'];
    for (const id of bad) {
      for (const url of [`/api/users/${id}/`, `/api/firms/${id}/`, `/api/users/${id}/all_advisors/`]) {
        const res = await t.app.inject({ url, headers: s.headers });
        expect(`${url} ${res.statusCode}`).toBe(`${url} 404`);
      }
    }
    const query = await t.app.inject({ url: '/api/users/filter/?firm=2147483648', headers: s.headers });
    expect(query.statusCode).toBe(400);
  });

  it('refuses a NUL byte or a lone surrogate anywhere with a 400 and a field message, before and after sign-in', async () => {
    const signedOut = [
      { url: '/api/auth/login/', payload: { email: 'a\u0000@example.test', password: 'x' }, field: 'email' },
      { url: '/api/auth/login/', payload: { email: 'a@example.test', password: 'x\ud800' }, field: 'password' },
      { url: '/api/auth/password/reset/', payload: { email: 'a\u0000b@example.test' }, field: 'email' },
      { url: '/api/auth/account/confirm/', payload: { uid: 'M\u0000', token: 't', password: 'p' }, field: 'uid' },
    ];
    for (const { url, payload, field } of signedOut) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ fields: { [field]: messages.http.badCharacter } });
    }
    const s = await superAdmin();
    const search = await t.app.inject({ url: '/api/users/filter/?search=a%00b', headers: s.headers });
    expect(search.statusCode).toBe(400);
    expect(json(search)).toMatchObject({ fields: { search: messages.http.badCharacter } });
    const nested = await t.app.inject({
      method: 'PUT',
      url: `/api/account_settings/update_personal_info/${s.user.id}/`,
      headers: s.headers,
      payload: { profile: { city: 'Bad\ud83dCity' } },
    });
    expect(json(nested)).toMatchObject({ fields: { 'profile.city': messages.http.badCharacter } });
  });

  it('answers an invalid link, not an error, to a uid naming an id out of range', async () => {
    const uid = Buffer.from('99999999999').toString('base64url');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/confirm/',
      payload: { uid, token: 'x', password: 'a brand new passphrase' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('firm logos', () => {
  it('refuses bytes that are not the image type they claim, and any other type, naming image types', async () => {
    const s = await superAdmin();
    const upload = (type: string, payload: Buffer | string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/firms/${firm.id}/logo/`,
        headers: { ...s.headers, 'content-type': type },
        payload,
      });
    const html = await upload('image/png', '<html><script>alert(1)</script></html>');
    expect(html.statusCode).toBe(415);
    expect(json(html).detail).toMatch(/not a PNG image/);
    const pdf = await upload('application/pdf', Buffer.from('%PDF-1.7'));
    expect(pdf.statusCode).toBe(415);
    expect(json(pdf).detail).toBe(messages.firms.logoType);
    const png = await upload('image/png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect(png.statusCode).toBe(200);
  });
});

describe('the API documentation', () => {
  it('is for signed-in staff and carries the app CSP, without upgrade-insecure-requests over http', async () => {
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(401);
    const client = await signIn({ profile: { profileType: ProfileType.Client } });
    expect((await t.app.inject({ url: '/api/openapi.json', headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/docs/', headers: client.headers })).statusCode).toBe(403);
    const staff = await signIn({ profile: { profileType: ProfileType.StandardUser } });
    const doc = await t.app.inject({ url: '/api/openapi.json', headers: staff.headers });
    expect(doc.statusCode).toBe(200);
    const page = await t.app.inject({ url: '/api/docs/', headers: staff.headers });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('request ids', () => {
  it("makes its own id and keeps a client's X-Request-Id beside it, never instead", async () => {
    const me = await signIn();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/account_settings/update_personal_info/${me.user.id}/`,
      headers: { ...me.headers, 'x-request-id': 'forged-request-id-0001' },
      payload: { first_name: 'Traced' },
    });
    expect(res.headers['x-request-id']).not.toBe('forged-request-id-0001');
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(me.user.id)), eq(auditEvents.action, 'update')));
    expect(event.requestId).toBe(res.headers['x-request-id']);
    expect(
      logLines.some((l) => l.includes('forged-request-id-0001') && l.includes(String(res.headers['x-request-id']))),
    ).toBe(true);
  });
});

describe('common passwords', () => {
  it('refuses common passwords beyond the first 10,000 of the ranked list', async () => {
    const invited = await createUser(t.deps.db, { isActive: false, passwordHash: null });
    const link = await linkFor(invited.id, 'account_activation');
    for (const password of ['websolutions', 'finalfantasy', '123456789987654321']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/account/confirm/',
        payload: { ...link, password },
      });
      expect(json(res)).toMatchObject({ fields: { password: messages.password.tooCommon } });
    }
  });
});
