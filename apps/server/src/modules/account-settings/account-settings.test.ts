import { messages, type User } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
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

describe('changing the email', () => {
  it('gives token and user with the new address, trimmed', async () => {
    const user = await createUser(t.deps.db);
    const { headers } = await signIn(user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_email/',
      headers,
      payload: { email: '  fresh.address@example.test ', current_password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      token: expect.any(String),
      user: { id: user.id, email: 'fresh.address@example.test' },
    });
  });

  it('answers 409 when the address is taken (in any case) and 400 when it is not an email', async () => {
    const taken = await createUser(t.deps.db, { email: 'taken@example.test' });
    const user = await createUser(t.deps.db);
    const { headers } = await signIn(user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_email/',
      headers,
      payload: { email: 'TAKEN@example.test', current_password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ detail: messages.settings.emailTaken });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/account_settings/change_email/',
      headers,
      payload: { email: 'not-an-email', current_password: TEST_PASSWORD },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ fields: { email: 'Enter a valid email address.' } });
    expect(taken.email).toBe('taken@example.test');
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
    const me = json<{ email: string }>(await t.app.inject({ url: '/api/auth/user/', headers }));
    expect(me.email).toBe(user.email);
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
    const admin = await signIn((await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: 1 } })).email);
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
