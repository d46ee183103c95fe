import { messages, ProfileType, type User } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox, oneTimeTokens, users } from '../../db/schema/index.js';
import { createFirm, createUser, TEST_PASSWORD } from '../../testing/factories.js';
import { buildTestApp, json, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function signIn(email: string, password = TEST_PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
  const body = json<{ token: string; user: User }>(res);
  return { ...body, headers: { authorization: `Bearer ${body.token}` } };
}

describe('changing the password', () => {
  it('gives a token of a new session id: the old token of this very session and every other session get 401', async () => {
    const user = await createUser(t.deps.db);
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_password/',
      headers: mine.headers,
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'my new long password',
        new_password_confirmation: 'my new long password',
      },
    });
    expect(res.statusCode).toBe(200);
    const { token } = json<{ token: string }>(res);
    expect(
      (await t.app.inject({ url: '/api/auth/user/', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);
    const sid = (tok: string) => JSON.parse(Buffer.from(tok.split('.')[1], 'base64url').toString()).sid;
    expect(sid(token)).not.toBe(sid(mine.token));
    expect((await t.app.inject({ url: '/api/auth/user/', headers: mine.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user/', headers: other.headers })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: user.email, password: 'my new long password' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong current password, a mismatch and a weak password with field messages', async () => {
    const user = await createUser(t.deps.db);
    const { headers } = await signIn(user.email);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/account_settings/change_password/', headers, payload });
    expect(
      json(
        await put({
          current_password: 'not it at all',
          new_password: 'my new long password',
          new_password_confirmation: 'my new long password',
        }),
      ),
    ).toMatchObject({
      fields: { current_password: messages.auth.currentPasswordWrong },
    });
    expect(
      json(
        await put({
          current_password: TEST_PASSWORD,
          new_password: 'my new long password',
          new_password_confirmation: 'my new long passwort',
        }),
      ),
    ).toMatchObject({
      fields: { new_password_confirmation: messages.auth.passwordMismatch },
    });
    expect(
      json(await put({ current_password: TEST_PASSWORD, new_password: 'tiny', new_password_confirmation: 'tiny' })),
    ).toMatchObject({
      fields: { new_password: messages.password.tooShort },
    });
    expect((await put({ current_password: TEST_PASSWORD })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: user.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });
});

let addresses = 0;
const otherAddress = () => `192.0.2.${++addresses}`;

describe('changing the email', () => {
  /** The confirmation link mailed to `address` (the newest), as uid and token. */
  async function linkMailedTo(address: string) {
    const mails = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, address))
      .orderBy(desc(mailOutbox.id));
    const mail = mails.find((m) => m.subject === 'Confirm your new portal email address');
    const [, uid, token] = mail?.textBody.match(/\/account\/email\/confirm\/([\w-]+)\/([\w-]+)/) ?? [];
    return { uid, token, text: mail?.textBody ?? '' };
  }
  const subjectsTo = async (address: string) =>
    (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))).map((m) => m.subject);
  const confirm = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/account_settings/confirm_email/', payload });
  // Sign-ins expected to fail come from addresses of their own, so the captcha they earn stays there.
  const login = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: otherAddress(),
    });
  const requestChange = (headers: Record<string, string>, email: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_email/',
      headers,
      payload: { email, current_password: TEST_PASSWORD },
    });

  it('waits for the link mailed to the new address: until it is opened, sign-in and mail keep the old one', async () => {
    const user = await createUser(t.deps.db);
    const { headers } = await signIn(user.email);
    const res = await requestChange(headers, '  fresh.address@example.test ');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      token: expect.any(String),
      user: { id: user.id, email: user.email, pending_email: 'fresh.address@example.test' },
      detail: messages.settings.emailChangeRequested('fresh.address@example.test'),
    });
    expect(json(await t.app.inject({ url: '/api/account_settings/change_email/', headers }))).toMatchObject({
      email: user.email,
      pending_email: 'fresh.address@example.test',
      expires_at: expect.any(String),
    });
    expect(json(await t.app.inject({ url: '/api/auth/user/', headers }))).toMatchObject({
      email: user.email,
      pending_email: 'fresh.address@example.test',
    });
    // The old address is told of the request, and still signs in; the new one does not yet.
    expect(await subjectsTo(user.email)).toContain('A change of your portal email address was requested');
    expect((await login(user.email)).statusCode).toBe(200);
    expect((await login('fresh.address@example.test')).statusCode).toBe(400);

    const link = await linkMailedTo('fresh.address@example.test');
    const opened = await confirm({ uid: link.uid, token: link.token });
    expect(opened.statusCode).toBe(200);
    expect(json(opened)).toEqual({ detail: messages.settings.emailChanged });
    expect((await login('fresh.address@example.test')).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(400);
    expect(await subjectsTo(user.email)).toContain('Your portal email address was changed');
    const [stored] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.email).toBe('fresh.address@example.test');
    expect(stored.emailVerifiedAt).not.toBeNull();
    // Single use: the same link again is refused.
    expect(json(await confirm({ uid: link.uid, token: link.token }))).toMatchObject({
      fields: { token: messages.auth.invalidLink },
    });
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(user.id)), eq(auditEvents.action, 'email_changed')));
    expect(event.changes).toEqual({ email: { from: user.email, to: 'fresh.address@example.test' } });
  });

  it('a newer request, a cancel, a day passing or a password change each end the link', async () => {
    const user = await createUser(t.deps.db);
    const { headers } = await signIn(user.email);
    await requestChange(headers, `first.${user.id}@example.test`);
    const first = await linkMailedTo(`first.${user.id}@example.test`);
    await requestChange(headers, `second.${user.id}@example.test`);
    expect((await confirm({ uid: first.uid, token: first.token })).statusCode).toBe(400);

    const second = await linkMailedTo(`second.${user.id}@example.test`);
    const resent = await t.app.inject({ method: 'POST', url: '/api/account_settings/change_email/resend/', headers });
    expect(json(resent)).toEqual({ detail: messages.settings.emailChangeResent(`second.${user.id}@example.test`) });
    expect((await confirm({ uid: second.uid, token: second.token })).statusCode).toBe(400);
    const third = await linkMailedTo(`second.${user.id}@example.test`);
    expect(third.token).not.toBe(second.token);

    const cancelled = await t.app.inject({ method: 'DELETE', url: '/api/account_settings/change_email/', headers });
    expect(json(cancelled)).toEqual({ detail: messages.settings.emailChangeCancelled });
    expect((await confirm({ uid: third.uid, token: third.token })).statusCode).toBe(400);
    const none = await t.app.inject({ method: 'DELETE', url: '/api/account_settings/change_email/', headers });
    expect(none.statusCode).toBe(409);
    expect(json(none)).toMatchObject({ detail: messages.settings.noEmailChangePending });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/account_settings/change_email/resend/', headers })).statusCode,
    ).toBe(409);

    await requestChange(headers, `late.${user.id}@example.test`);
    const late = await linkMailedTo(`late.${user.id}@example.test`);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'email_change')));
    expect((await confirm({ uid: late.uid, token: late.token })).statusCode).toBe(400);

    await requestChange(headers, `again.${user.id}@example.test`);
    const again = await linkMailedTo(`again.${user.id}@example.test`);
    const passwordChanged = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_password/',
      headers,
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'a different long password',
        new_password_confirmation: 'a different long password',
      },
    });
    expect(passwordChanged.statusCode).toBe(200);
    expect((await confirm({ uid: again.uid, token: again.token })).statusCode).toBe(400);
    const [stored] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.email).toBe(user.email);
  });

  it('answers 409 when the address is taken (in any case), at request and when the link is opened', async () => {
    const taken = await createUser(t.deps.db, { email: 'taken@example.test' });
    const user = await createUser(t.deps.db);
    const { headers } = await signIn(user.email);
    const res = await requestChange(headers, 'TAKEN@example.test');
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ detail: messages.settings.emailTaken });
    const bad = await requestChange(headers, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ fields: { email: 'Enter a valid email address.' } });
    const same = await requestChange(headers, user.email);
    expect(json(same)).toMatchObject({ fields: { email: messages.settings.sameEmail } });
    expect(taken.email).toBe('taken@example.test');

    // Someone else takes the address while the link waits.
    await requestChange(headers, `contested.${user.id}@example.test`);
    const link = await linkMailedTo(`contested.${user.id}@example.test`);
    await createUser(t.deps.db, { email: `Contested.${user.id}@example.test` });
    const late = await confirm({ uid: link.uid, token: link.token });
    expect(late.statusCode).toBe(409);
    expect(json(late)).toMatchObject({ detail: messages.settings.emailTaken });
  });

  it('mails a few links an hour, for an account or to an address, and none of them carries text anyone typed', async () => {
    const user = await createUser(t.deps.db, { firstName: 'URGENT verify at http://evil.test' });
    const { headers } = await signIn(user.email);
    const flooded = `flooded.${user.id}@example.test`;
    for (let i = 0; i < 5; i++) expect((await requestChange(headers, flooded)).statusCode).toBe(200);
    const sixth = await requestChange(headers, flooded);
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).detail).toMatch(/^Too many email address changes were asked for\. Try again in \d+ minutes?\.$/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/account_settings/change_email/resend/', headers })).statusCode,
    ).toBe(429);
    // Another account cannot send that address more links either.
    const other = await signIn((await createUser(t.deps.db)).email);
    expect((await requestChange(other.headers, flooded)).statusCode).toBe(429);
    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, flooded));
    expect(mails).toHaveLength(5);
    for (const mail of mails) expect(mail.textBody).not.toContain('evil.test');
  });

  it('asks for the current password, so a stolen session alone cannot move the account to another address', async () => {
    const user = await createUser(t.deps.db);
    const { headers } = await signIn(user.email);
    const change = (current_password?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account_settings/change_email/',
        headers,
        payload: { email: 'thief@example.test', current_password },
      });
    expect(json(await change())).toMatchObject({ fields: { current_password: messages.validation.required } });
    const wrong = await change('a guess at the password');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ fields: { current_password: messages.auth.currentPasswordWrong } });
    const me = json<{ email: string; pending_email: string | null }>(
      await t.app.inject({ url: '/api/auth/user/', headers }),
    );
    expect(me).toMatchObject({ email: user.email, pending_email: null });
  });
});

describe("an administrator or advisor changing someone's address", () => {
  const put = (headers: Record<string, string>, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}/`, headers, payload });

  it('an advisor who re-addresses a client to their own mailbox can neither confirm it nor get a password link there', async () => {
    const firm = await createFirm(t.deps.db);
    const advisorUser = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    const client = await createUser(t.deps.db, {
      advisorId: advisorUser.id,
      profile: { firmId: firm.id, profileType: ProfileType.Client },
    });
    const advisor = await signIn(advisorUser.email);
    const mine = `advisor.inbox.${client.id}@example.test`;
    const res = await put(advisor.headers, client.id, { email: mine, last_name: client.lastName });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ email: client.email, pending_email: mine });

    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, mine));
    expect(mail.textBody).toContain('enter the account’s portal password');
    const [, uid, token] = mail.textBody.match(/\/account\/email\/confirm\/([\w-]+)\/([\w-]+)/) ?? [];
    const confirm = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account_settings/confirm_email/',
        payload: { uid, token, ...payload },
      });
    // Opening the link is not enough: it asks for the client's password, and the advisor's own is wrong.
    expect(json(await confirm({}))).toMatchObject({
      fields: { password: messages.settings.confirmEmailPasswordRequired },
    });
    expect(json(await confirm({ password: 'the advisor guesses' }))).toMatchObject({
      fields: { password: messages.settings.confirmEmailPasswordWrong },
    });
    // Each guess is in the audit trail: nobody signed in acted, the client's account is the subject.
    const guesses = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, client.id), eq(auditEvents.action, 'login_failed')));
    expect(guesses).toMatchObject([{ actorId: null, changes: { step: 'email_link' }, ip: expect.any(String) }]);
    // The preview shows the link's holder what it would do, the account masked.
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/account_settings/confirm_email/preview/',
      payload: { uid, token },
    });
    expect(json(preview)).toEqual({
      account: `${client.email[0]}•••@example.test`,
      new_email: mine,
      password_required: true,
    });

    // The "activation" link the advisor sends is a password reset link, to the client's proven address.
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/users/${client.id}/send_account_activation_link/`,
      headers: advisor.headers,
      payload: { userId: client.id, generateNewPassword: false },
    });
    expect(json(sent)).toEqual({ detail: messages.users.resetLinkSent });
    const toAdvisor = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, mine));
    expect(toAdvisor.map((m) => m.textBody).join('\n')).not.toMatch(/account\/(activate|password\/reset)\//);
    const toClient = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, client.email));
    expect(toClient.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['A change of your portal email address was requested', 'Reset your portal password']),
    );
    const [stored] = await t.deps.db.select().from(users).where(eq(users.id, client.id));
    expect(stored.email).toBe(client.email);

    // The client, at the new address, confirms with their own password.
    const owned = await confirm({ password: TEST_PASSWORD });
    expect(owned.statusCode).toBe(200);
    const [moved] = await t.deps.db.select().from(users).where(eq(users.id, client.id));
    expect(moved.email).toBe(mine);
  });

  it("a never-activated account's address changes at once: its activation link will prove it", async () => {
    const firm = await createFirm(t.deps.db);
    const admin = await signIn(
      (await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } })).email,
    );
    const invitee = await createUser(t.deps.db, {
      passwordHash: null,
      isActive: false,
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
    });
    const fixed = `fixed.typo.${invitee.id}@example.test`;
    const res = await put(admin.headers, invitee.id, { email: fixed, last_name: invitee.lastName });
    expect(json(res)).toMatchObject({ email: fixed, pending_email: null });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/users/${invitee.id}/send_account_activation_link/`,
      headers: admin.headers,
      payload: { userId: invitee.id, generateNewPassword: false },
    });
    expect(json(sent)).toEqual({ detail: messages.users.activationSent });
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, fixed));
    expect(mail.textBody).toMatch(/\/account\/activate\//);
  });

  it("a few wrong passwords end the link, without counting against the owner's own sign-in", async () => {
    const firm = await createFirm(t.deps.db);
    const admin = await signIn(
      (await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } })).email,
    );
    const member = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const target = `guessed.${member.id}@example.test`;
    await put(admin.headers, member.id, { email: target, last_name: member.lastName });
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target));
    const [, uid, token] = mail.textBody.match(/\/account\/email\/confirm\/([\w-]+)\/([\w-]+)/) ?? [];
    const guess = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account_settings/confirm_email/',
        payload: { uid, token, password },
        remoteAddress: otherAddress(),
      });
    expect((await guess('guess one')).statusCode).toBe(400);
    expect((await guess('guess two')).statusCode).toBe(400);
    expect(json(await guess('guess three'))).toMatchObject({ fields: { token: messages.auth.invalidLink } });
    expect(json(await guess(TEST_PASSWORD))).toMatchObject({ fields: { token: messages.auth.invalidLink } });
    // The owner is not held back in their own settings by someone else's guesses.
    const own = await signIn(member.email);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_email/',
      headers: own.headers,
      payload: { email: `mine.${member.id}@example.test`, current_password: TEST_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
  });

  it('a deactivated account takes no address change, and an administrator can withdraw a mistyped one', async () => {
    const firm = await createFirm(t.deps.db);
    const admin = await signIn(
      (await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } })).email,
    );
    const member = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const both = await put(admin.headers, member.id, {
      email: `away.${member.id}@example.test`,
      last_name: member.lastName,
      is_active: false,
    });
    expect(both.statusCode).toBe(409);
    expect(json(both)).toMatchObject({ detail: messages.users.deactivatedNoEmailChange });

    const typo = await put(admin.headers, member.id, {
      email: `tpyo.${member.id}@example.test`,
      last_name: member.lastName,
    });
    expect(json(typo)).toMatchObject({ pending_email: `tpyo.${member.id}@example.test` });
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/cancel_email_change/`,
      headers: admin.headers,
    });
    expect(json(withdrawn)).toMatchObject({ email: member.email, pending_email: null });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/cancel_email_change/`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a change an administrator asked for outlives a password the administrator ended: the owner confirms with the new one', async () => {
    const firm = await createFirm(t.deps.db);
    const admin = await signIn(
      (await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } })).email,
    );
    const member = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const target = `kept.${member.id}@example.test`;
    await put(admin.headers, member.id, { email: target, last_name: member.lastName });
    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/send_account_activation_link/`,
      headers: admin.headers,
      payload: { userId: member.id, generateNewPassword: true },
    });
    expect(json(ended)).toEqual({ detail: messages.users.passwordEndedLinkSent });
    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email));
    const resetMail = mails.find((m) => m.subject === 'Reset your portal password');
    expect(resetMail?.textBody).toContain('Your old password no longer works.');
    const [, resetUid, resetToken] = resetMail?.textBody.match(/\/account\/password\/reset\/([\w-]+)\/([\w-]+)/) ?? [];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/confirm/',
      payload: {
        uid: resetUid,
        token: resetToken,
        new_password1: 'my fresh passphrase',
        new_password2: 'my fresh passphrase',
      },
    });
    expect(reset.statusCode).toBe(200);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target));
    const [, uid, token] = mail.textBody.match(/\/account\/email\/confirm\/([\w-]+)\/([\w-]+)/) ?? [];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/account_settings/confirm_email/',
      payload: { uid, token, password: 'my fresh passphrase' },
    });
    expect(confirmed.statusCode).toBe(200);
    const [stored] = await t.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(stored.email).toBe(target);
  });

  it('deactivating the account ends its pending change', async () => {
    const firm = await createFirm(t.deps.db);
    const admin = await signIn(
      (await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } })).email,
    );
    const member = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const target = `elsewhere.${member.id}@example.test`;
    await put(admin.headers, member.id, { email: target, last_name: member.lastName });
    await put(admin.headers, member.id, { email: member.email, last_name: member.lastName, is_active: false });
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target));
    const [, uid, token] = mail.textBody.match(/\/account\/email\/confirm\/([\w-]+)\/([\w-]+)/) ?? [];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account_settings/confirm_email/',
      payload: { uid, token, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('updating personal info', () => {
  it('stores the personal fields of the whole user sent back, ignoring read-only echoes, and audits it', async () => {
    const firm = await createFirm(t.deps.db);
    const user = await createUser(t.deps.db, { profile: { firmId: firm.id } });
    const { headers, user: me } = await signIn(user.email);
    const body = {
      ...me,
      salutation: 'Ms.',
      first_name: '  Grace ',
      profile: { ...me.profile, mobile_phone: '(555) 123-4567', state: 'Maine', city: 'Portland' },
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/account_settings/update_personal_info/${user.id}/`,
      headers,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      salutation: 'Ms.',
      first_name: 'Grace',
      profile: { mobile_phone: '(555) 123-4567', state: 'Maine', _firm: firm.id },
    });
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(user.id)));
    expect(events.find((e) => e.action === 'update')?.changes).toMatchObject({
      first_name: { from: user.firstName, to: 'Grace' },
      'profile.city': { from: null, to: 'Portland' },
    });
  });

  it('refuses with 403 a change to a field the person may not change, and stores nothing', async () => {
    const user = await createUser(t.deps.db);
    const { headers, user: me } = await signIn(user.email);
    for (const body of [
      { ...me, first_name: 'Sneaky', is_admin: true },
      { ...me, profile: { ...me.profile, is_super_admin: true } },
      { ...me, email: 'other@example.test' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/account_settings/update_personal_info/${user.id}/`,
        headers,
        payload: body,
      });
      expect(res.statusCode).toBe(403);
    }
    const after = await t.app.inject({ url: '/api/auth/user/', headers });
    expect(json(after)).toMatchObject({
      first_name: me.first_name,
      is_admin: false,
      profile: { is_super_admin: false },
    });
  });

  it("is 403 for a colleague's id, 404 for another firm's user, and allowed to an administrator of the user's firm", async () => {
    const firm = await createFirm(t.deps.db);
    const otherFirm = await createFirm(t.deps.db);
    const colleague = await createUser(t.deps.db, { profile: { firmId: firm.id } });
    const stranger = await createUser(t.deps.db, { profile: { firmId: otherFirm.id } });
    const staff = await signIn((await createUser(t.deps.db, { profile: { firmId: firm.id } })).email);
    const admin = await signIn(
      (await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } })).email,
    );
    const put = (headers: object, id: number, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/account_settings/update_personal_info/${id}/`,
        headers: headers as Record<string, string>,
        payload,
      });
    expect((await put(staff.headers, colleague.id, { first_name: 'X' })).statusCode).toBe(403);
    expect((await put(admin.headers, stranger.id, { first_name: 'X' })).statusCode).toBe(404);
    expect((await put(admin.headers, 999999, { first_name: 'X' })).statusCode).toBe(404);
    const ok = await put(admin.headers, colleague.id, { first_name: 'Renamed' });
    expect(json(ok)).toMatchObject({ id: colleague.id, first_name: 'Renamed' });
  });

  it('refuses bad input with 400: wrong types, over-long strings, an unknown salutation, a bad id', async () => {
    const user = await createUser(t.deps.db);
    const { headers } = await signIn(user.email);
    const put = (payload: object, id: string | number = user.id) =>
      t.app.inject({ method: 'PUT', url: `/api/account_settings/update_personal_info/${id}/`, headers, payload });
    expect((await put({ first_name: 12 })).statusCode).toBe(400);
    expect((await put({ first_name: 'x'.repeat(5000) })).statusCode).toBe(400);
    expect((await put({ salutation: 'Dr.' })).statusCode).toBe(400);
    expect((await put({ profile: { city: ['a'] } })).statusCode).toBe(400);
    for (const id of ['abc', '0x1', '1e3', '0', '2147483648', '99999999999999999999'])
      expect((await put({}, id)).statusCode, id).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/account_settings/update_personal_info/${user.id}/`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '[',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/account_settings/update_personal_info/1/', payload: {} }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/account_settings/change_email/', payload: { email: 'a@b.co' } }))
        .statusCode,
    ).toBe(401);
  });
});
