import { messages, ProfileType, pageOf as pageSchema, userListItem, userWithFirm } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEvents, mailOutbox, oneTimeTokens, users } from '../../db/schema/index.js';
import { createFirm, createUser, TEST_PASSWORD } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let firmA: { id: number };
let firmB: { id: number };
beforeAll(async () => {
  t = await buildTestApp();
  firmA = await createFirm(t.deps.db, { name: 'Alpha Advisors' });
  firmB = await createFirm(t.deps.db, { name: 'Beta Advisors' });
});
afterAll(() => t.close());

const signIn = (overrides: Parameters<typeof signedInAs>[1]) => signedInAs(t, overrides);
const superAdmin = () =>
  signIn({ profile: { firmId: firmA.id, profileType: ProfileType.Administrator, isSuperAdmin: true } });
const firmAdmin = (firmId = firmA.id) => signIn({ profile: { firmId, profileType: ProfileType.Administrator } });
const advisor = (firmId = firmA.id) => signIn({ profile: { firmId, profileType: ProfileType.FinancialAdvisor } });
let n = 0;
const newEmail = () => `new.person.${++n}@example.test`;

describe('creating users', () => {
  it("when an advisor creates a user, the user becomes the advisor's client in the advisor's firm", async () => {
    const a = await advisor();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/?notifyUser=false',
      headers: a.headers,
      payload: {
        email: newEmail(),
        last_name: 'Client',
        profile: { _firm: firmB.id, profile_type: ProfileType.Administrator, is_using_schwab: true },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      advisor: a.user.id,
      is_active: false,
      created_by: a.user.id,
      profile: { _firm: firmA.id, profile_type: ProfileType.Client, is_using_schwab: true },
    });
  });

  it("when a firm administrator creates a user, the user gets the administrator's firm whatever the body says", async () => {
    const admin = await firmAdmin();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/?notifyUser=false',
      headers: admin.headers,
      payload: {
        email: newEmail(),
        last_name: 'Staff',
        profile: { _firm: firmB.id, profile_type: ProfileType.StandardUser, is_cco: true },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      profile: { _firm: firmA.id, profile_type: ProfileType.StandardUser, is_cco: true },
    });
  });

  it('refuses with 403 a privilege flag the caller may not set, and writes nothing', async () => {
    const admin = await firmAdmin();
    const a = await advisor();
    const email = newEmail();
    const attempts = [
      { headers: admin.headers, profile: { profile_type: ProfileType.Administrator, is_super_admin: true } },
      { headers: admin.headers, profile: { profile_type: ProfileType.Administrator, is_super_cco: true } },
      { headers: a.headers, is_admin: true, profile: {} },
      { headers: a.headers, profile: { is_cco: true } },
    ];
    for (const { headers, ...rest } of attempts) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/',
        headers,
        payload: { email, last_name: 'X', ...rest },
      });
      expect(res.statusCode).toBe(403);
    }
    const list = json<{ count: number }>(
      await t.app.inject({ url: `/api/users/filter/?search=X&status=all`, headers: admin.headers }),
    );
    expect(list.count).toBe(0);
  });

  it('lets only a super admin choose the firm and the super flags; the firm is then required', async () => {
    const s = await superAdmin();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: s.headers,
      payload: { email: newEmail(), last_name: 'Nofirm', profile: { profile_type: ProfileType.StandardUser } },
    });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ fields: { 'profile._firm': 'Select a firm.' } });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users/?notifyUser=false',
      headers: s.headers,
      payload: {
        email: newEmail(),
        last_name: 'Boss',
        is_admin: true,
        profile: { _firm: firmB.id, profile_type: ProfileType.Administrator, is_super_cco: true },
      },
    });
    expect(json(ok)).toMatchObject({ is_admin: true, profile: { _firm: firmB.id, is_super_cco: true } });
  });

  it('sends the activation mail by default, and the link activates the account', async () => {
    const admin = await firmAdmin();
    const email = newEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: admin.headers,
      payload: { email, first_name: 'Nia', last_name: 'New', profile: { profile_type: ProfileType.StandardUser } },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const [, uid, token] = mail.textBody.match(/\/account\/activate\/([\w-]+)\/([\w-]+)/) ?? [];
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/account/confirm/',
          payload: { uid, token, password: 'a long new password' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email, password: 'a long new password' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers 409 for a duplicate email, whatever its case', async () => {
    const admin = await firmAdmin();
    const existing = await createUser(t.deps.db, { profile: { firmId: firmB.id } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: admin.headers,
      payload: {
        email: existing.email.toUpperCase(),
        last_name: 'Dup',
        profile: { profile_type: ProfileType.StandardUser },
      },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      detail: messages.settings.emailTaken,
      fields: { email: messages.settings.emailTaken },
    });
  });

  it('refuses an advisor from another firm and a missing last name', async () => {
    const admin = await firmAdmin();
    const foreign = await createUser(t.deps.db, {
      profile: { firmId: firmB.id, profileType: ProfileType.FinancialAdvisor },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: admin.headers,
      payload: {
        email: newEmail(),
        last_name: 'C',
        advisor: foreign.id,
        profile: { profile_type: ProfileType.Client },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ fields: { advisor: "Select an advisor of the user's firm." } });
    const noName = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: admin.headers,
      payload: { email: newEmail(), profile: { profile_type: ProfileType.Client } },
    });
    expect(json(noName)).toMatchObject({ fields: { last_name: 'This field is required.' } });
  });

  it('is refused to standard users and clients', async () => {
    const staff = await signIn({ profile: { firmId: firmA.id, profileType: ProfileType.StandardUser } });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/',
          headers: staff.headers,
          payload: { email: newEmail(), last_name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('who sees whom', () => {
  it('a super admin sees all firms, a firm admin their firm, an advisor their clients, anyone else themself', async () => {
    const s = await superAdmin();
    const admin = await firmAdmin(firmB.id);
    const adv = await advisor(firmB.id);
    const client = await createUser(t.deps.db, {
      advisorId: adv.user.id,
      profile: { firmId: firmB.id, profileType: ProfileType.Client },
    });
    const other = await createUser(t.deps.db, { profile: { firmId: firmB.id, profileType: ProfileType.StandardUser } });
    const staff = await signIn({ profile: { firmId: firmB.id, profileType: ProfileType.StandardUser } });
    const ids = async (headers: Record<string, string>, query = '') =>
      json<{ results: { id: number }[] }>(
        await t.app.inject({ url: `/api/users/filter/?page_size=500${query}`, headers }),
      ).results.map((u) => u.id);

    const all = await ids(s.headers);
    expect(all).toEqual(expect.arrayContaining([client.id, other.id, s.user.id]));
    const firmOnly = await ids(admin.headers);
    expect(firmOnly).toEqual(expect.arrayContaining([client.id, other.id]));
    expect(firmOnly).not.toContain(s.user.id);
    expect(await ids(adv.headers)).toEqual([client.id]);
    expect(await ids(staff.headers)).toEqual([staff.user.id]);
    expect(await ids(admin.headers, `&firm=${firmA.id}`)).not.toContain(s.user.id);

    expect((await t.app.inject({ url: `/api/users/${s.user.id}/`, headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/users/${other.id}/`, headers: adv.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/users/${client.id}/`, headers: adv.headers })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/users/${s.user.id}/`,
          headers: admin.headers,
          payload: { email: 'x@y.zz', last_name: 'Hacked' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers GET /api/users/ with whole users: the same fields and values as the record itself', async () => {
    const admin = await firmAdmin(firmB.id);
    const list = json<{ results: Record<string, unknown>[] }>(
      await t.app.inject({ url: '/api/users/?page_size=500', headers: admin.headers }),
    ).results;
    const row = list.find((u) => u.id === admin.user.id);
    const record = json(await t.app.inject({ url: `/api/users/${admin.user.id}/`, headers: admin.headers }));
    expect(record.last_login).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row).toEqual({ ...record, firm_name: 'Beta Advisors', profile_type_name: 'Administrator' });
  });

  it("answers the users screen's lists with light rows: what the list shows and its row actions' rules read", async () => {
    const admin = await firmAdmin(firmB.id);
    const person = await createUser(t.deps.db, {
      firstName: 'Lena',
      lastName: 'Lightrow',
      profile: {
        firmId: firmB.id,
        profileType: ProfileType.StandardUser,
        phone: '(206) 555-0100',
        addressLine1: '1 Main St',
        city: 'Seattle',
        isUsingFidelity: true,
      },
    });
    const record = json<Record<string, unknown> & { profile: Record<string, unknown> }>(
      await t.app.inject({ url: `/api/users/${person.id}/`, headers: admin.headers }),
    );
    expect(record.profile).toMatchObject({ phone: '(206) 555-0100', city: 'Seattle', is_using_fidelity: true });
    for (const url of ['/api/users/filter/?search=Lightrow', '/api/users/firm_users/?search=Lightrow']) {
      const res = await t.app.inject({ url, headers: admin.headers });
      expect(() => pageSchema(userListItem.strict()).parse(json(res))).not.toThrow();
      const [row] = json<{ results: { profile: object }[] }>(res).results;
      // Exactly these: the heavy fields stay with the record (contact, address, custodians, the firm's name).
      expect(row).toEqual({
        id: person.id,
        email: record.email,
        first_name: 'Lena',
        last_name: 'Lightrow',
        is_active: record.is_active,
        last_login: record.last_login,
        invitation_pending: record.invitation_pending,
        advisor: null,
        profile_type_name: 'Standard User',
        profile: {
          _firm: firmB.id,
          profile_type: ProfileType.StandardUser,
          is_super_admin: false,
          is_super_cco: false,
        },
      });
      for (const heavy of ['phone', 'address_line_1', 'city', 'is_using_fidelity'])
        expect(row.profile).not.toHaveProperty(heavy);
      expect(row).not.toHaveProperty('firm_name');
    }
  });

  it('counts every match on each page, and the count follows each write at once', async () => {
    const firm = await createFirm(t.deps.db, { name: 'Counted Advisors' });
    const admin = await firmAdmin(firm.id);
    for (let i = 0; i < 3; i++)
      await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const count = async (query = '') =>
      json<{ count: number; results: unknown[] }>(
        await t.app.inject({ url: `/api/users/?page_size=2${query}`, headers: admin.headers }),
      );
    expect((await count()).count).toBe(4);
    expect(await count('&page=2')).toMatchObject({ count: 4 });
    expect((await count('&status=active')).count).toBe(4);

    const added = await createUser(t.deps.db, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    expect((await count()).count).toBe(5);
    const saved = json(await t.app.inject({ url: `/api/users/${added.id}/`, headers: admin.headers }));
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${added.id}/`,
      headers: admin.headers,
      payload: { ...saved, is_active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await count('&status=active')).count).toBe(4);
    await t.app.inject({ method: 'DELETE', url: `/api/users/${added.id}/`, headers: admin.headers });
    expect((await count()).count).toBe(4);
    expect(await count('&page=3')).toMatchObject({ count: 4, results: [] });
  });

  it('searches first or last name, filters status and profile type, and sorts on the server', async () => {
    const admin = await firmAdmin();
    await createUser(t.deps.db, {
      firstName: 'Zelda',
      lastName: 'Quill',
      isActive: false,
      profile: { firmId: firmA.id, profileType: ProfileType.StandardUser },
    });
    await createUser(t.deps.db, {
      firstName: 'Quentin',
      lastName: 'Aaron',
      profile: { firmId: firmA.id, profileType: ProfileType.FinancialAdvisor },
    });
    const names = async (q: string) =>
      json<{ results: { last_name: string }[] }>(
        await t.app.inject({ url: `/api/users/filter/?${q}`, headers: admin.headers }),
      ).results.map((u) => u.last_name);
    expect(await names('search=qu')).toEqual(['Aaron', 'Quill']);
    // The rows are the database's JSON text, answered as is: still exactly the documented shape.
    const res = await t.app.inject({ url: '/api/users/filter/?search=qu', headers: admin.headers });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = pageSchema(userListItem.strict()).parse(json(res));
    expect(page.results[0]).toMatchObject({
      last_name: 'Aaron',
      profile_type_name: 'Financial Advisor',
      invitation_pending: false,
    });
    expect(page.results[0]).not.toHaveProperty('password_hash');
    expect(await names('search=qu&ordering=-last_name')).toEqual(['Quill', 'Aaron']);
    expect(await names('search=qu&status=inactive')).toEqual(['Quill']);
    expect(await names('search=qu&profileTypeTk=2')).toEqual(['Aaron']);
    // Across first and last name, whatever the case; LIKE's wildcards are plain text.
    expect(await names('search=ZELDA%20qu')).toEqual(['Quill']);
    expect(await names('search=tin%20aar')).toEqual(['Aaron']);
    expect(await names('search=%25')).toEqual([]);
    expect((await t.app.inject({ url: '/api/users/filter/?status=maybe', headers: admin.headers })).statusCode).toBe(
      400,
    );
  });

  it("lists a firm's advisors for its staff, and hides another firm's list", async () => {
    const admin = await firmAdmin();
    const adv = await createUser(t.deps.db, {
      profile: { firmId: firmA.id, profileType: ProfileType.FinancialAdvisor },
    });
    const inactive = await createUser(t.deps.db, {
      isActive: false,
      profile: { firmId: firmA.id, profileType: ProfileType.FinancialAdvisor },
    });
    const all = json<{ results: { id: number }[] }>(
      await t.app.inject({ url: `/api/users/${firmA.id}/all_advisors/`, headers: admin.headers }),
    );
    expect(all.results.map((u) => u.id)).toEqual(expect.arrayContaining([adv.id, inactive.id]));
    const active = json<{ results: { id: number }[] }>(
      await t.app.inject({ url: `/api/users/${firmA.id}/firm_advisors/`, headers: admin.headers }),
    );
    expect(active.results.map((u) => u.id)).not.toContain(inactive.id);
    // The advisor lists answer whole users with their firm's name, not the screen's light rows.
    const [first] = z.array(userWithFirm.strict()).parse(active.results);
    expect(first).toMatchObject({ firm_name: 'Alpha Advisors', profile: { phone: null } });
    expect(
      (await t.app.inject({ url: `/api/users/${firmB.id}/all_advisors/`, headers: admin.headers })).statusCode,
    ).toBe(404);
  });
});

describe('editing and deleting users', () => {
  it('refuses a privilege change the caller may not make with 403 and ignores read-only echoes', async () => {
    const admin = await firmAdmin();
    const target = await createUser(t.deps.db, {
      profile: { firmId: firmA.id, profileType: ProfileType.StandardUser },
    });
    const current = json<Record<string, unknown> & { profile: object }>(
      await t.app.inject({ url: `/api/users/${target.id}/`, headers: admin.headers }),
    );
    const echoed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/`,
      headers: admin.headers,
      payload: { ...current, first_name: 'Edited', profile: { ...current.profile, is_cco: true } },
    });
    expect(echoed.statusCode).toBe(200);
    expect(json(echoed)).toMatchObject({ first_name: 'Edited', profile: { is_cco: true } });
    // The audit trail keeps each changed field before and after, a profile field under its group.
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'user'),
          eq(auditEvents.entityId, String(target.id)),
          eq(auditEvents.action, 'update'),
        ),
      );
    expect(event.changes).toEqual({
      first_name: { from: current.first_name, to: 'Edited' },
      'profile.is_cco': { from: false, to: true },
    });
    const trail = json<{ results: { changes: unknown[] }[] }>(
      await t.app.inject({
        url: `/api/audit_events/?entity=user&entity_id=${target.id}&action=update`,
        headers: admin.headers,
      }),
    );
    expect(trail.results[0].changes).toEqual(
      expect.arrayContaining([{ field: 'profile.is_cco', from: false, to: true }]),
    );
    const escalate = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/`,
      headers: admin.headers,
      payload: { ...current, profile: { ...current.profile, is_super_admin: true } },
    });
    expect(escalate.statusCode).toBe(403);
    const move = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/`,
      headers: admin.headers,
      payload: { ...current, profile: { ...current.profile, _firm: firmB.id } },
    });
    expect(move.statusCode).toBe(403);
    const lastLogin = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/`,
      headers: admin.headers,
      payload: { ...current, id: 999 },
    });
    expect(lastLogin.statusCode).toBe(403);
  });

  it('soft-deletes: the person cannot sign in, leaves lists, loses sessions, and the audit trail keeps them', async () => {
    const admin = await firmAdmin();
    const victim = await signIn({ profile: { firmId: firmA.id, profileType: ProfileType.StandardUser } });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${victim.user.id}/`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect(json(del)).toEqual({ detail: messages.users.deleted });
    expect((await t.app.inject({ url: '/api/auth/user/', headers: victim.headers })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: victim.user.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: `/api/users/${victim.user.id}/`, headers: admin.headers })).statusCode).toBe(404);
    const list = json<{ results: { id: number }[] }>(
      await t.app.inject({ url: '/api/users/?page_size=500', headers: admin.headers }),
    );
    expect(list.results.map((u) => u.id)).not.toContain(victim.user.id);
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(victim.user.id)));
    expect(events.map((e) => e.action)).toContain('delete');
    // The address is free again for a new account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/?notifyUser=false',
      headers: admin.headers,
      payload: { email: victim.user.email, last_name: 'Again', profile: { profile_type: ProfileType.StandardUser } },
    });
    expect(again.statusCode).toBe(201);
  });

  it('nobody can delete themself', async () => {
    const admin = await firmAdmin();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${admin.user.id}/`, headers: admin.headers });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ detail: 'You cannot delete your own account.' });
  });

  it('sends an account in use a password reset link at its own address, optionally clearing the old password', async () => {
    const admin = await firmAdmin();
    const target = await createUser(t.deps.db, {
      profile: { firmId: firmA.id, profileType: ProfileType.StandardUser },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/send_account_activation_link/`,
      headers: admin.headers,
      payload: { userId: target.id, generateNewPassword: true },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: target.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(400);
    expect(json(res)).toEqual({ detail: messages.users.passwordEndedLinkSent });
    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target.email));
    expect(mails.map((m) => m.textBody).join('\n')).toMatch(/\/account\/password\/reset\//);
    expect(mails.map((m) => m.textBody).join('\n')).not.toMatch(/\/account\/activate\//);
  });
});

describe('invitations', () => {
  /** An administrator creates an account with the activation mail on; the mail's uid and token. */
  async function invite(headers: Record<string, string>, extra: Record<string, unknown> = {}) {
    const email = newEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers,
      payload: { email, last_name: 'Invitee', profile: { profile_type: ProfileType.StandardUser }, ...extra },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const [, uid, token] = mail.textBody.match(/\/account\/activate\/([\w-]+)\/([\w-]+)/) ?? [];
    return { user: json<{ id: number; email: string; invitation_pending: boolean }>(res), uid, token };
  }
  const activate = (link: { uid: string; token: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/account/confirm/',
      payload: { uid: link.uid, token: link.token, password: 'a long new password' },
    });
  const cancel = (id: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/users/${id}/cancel_invitation/`, headers });
  const listed = async (id: number, headers: Record<string, string>) => {
    const list = json<{ results: { id: number; invitation_pending: boolean }[] }>(
      await t.app.inject({ url: '/api/users/filter/?search=Invitee&page_size=100', headers }),
    );
    return list.results.find((u) => u.id === id)?.invitation_pending;
  };

  it('marks an account invited while its mailed link is unused and unexpired and it was never activated', async () => {
    const admin = await firmAdmin();
    const invited = await invite(admin.headers);
    expect(invited.user.invitation_pending).toBe(true);
    expect(await listed(invited.user.id, admin.headers)).toBe(true);

    const quiet = await t.app.inject({
      method: 'POST',
      url: '/api/users/?notifyUser=false',
      headers: admin.headers,
      payload: { email: newEmail(), last_name: 'Invitee', profile: { profile_type: ProfileType.StandardUser } },
    });
    expect(json(quiet)).toMatchObject({ invitation_pending: false });

    const expired = json<{ id: number }>(quiet);
    await t.database.db.insert(oneTimeTokens).values({
      userId: expired.id,
      purpose: 'account_activation',
      tokenHash: `expired-${expired.id}`,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await listed(expired.id, admin.headers)).toBe(false);
    // A new link alone (no write to the account) shows on the same page at once, and stops showing when it
    // expires, with no write either.
    await t.database.db.insert(oneTimeTokens).values({
      userId: expired.id,
      purpose: 'account_activation',
      tokenHash: `fresh-${expired.id}`,
      expiresAt: new Date(Date.now() + 1500),
    });
    expect(await listed(expired.id, admin.headers)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await listed(expired.id, admin.headers)).toBe(false);

    expect((await activate(invited)).statusCode).toBe(200);
    expect(await listed(invited.user.id, admin.headers)).toBe(false);
  });

  it('cancelling an invitation stops the mailed link, answers the user, and is in the audit trail', async () => {
    const admin = await firmAdmin();
    const invited = await invite(admin.headers);
    const res = await cancel(invited.user.id, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: invited.user.id, invitation_pending: false, is_active: false });
    expect(json(await activate(invited))).toMatchObject({ detail: messages.auth.invalidLink });
    expect(await listed(invited.user.id, admin.headers)).toBe(false);
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(invited.user.id)), eq(auditEvents.action, 'invitation_cancelled')));
    expect(event).toMatchObject({ actorId: admin.user.id, entity: 'user' });

    // The account stays: a new link can be sent, and it invites again.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/users/${invited.user.id}/send_account_activation_link/`,
      headers: admin.headers,
      payload: { generateNewPassword: false },
    });
    expect(again.statusCode).toBe(200);
    expect(json(await t.app.inject({ url: `/api/users/${invited.user.id}/`, headers: admin.headers }))).toMatchObject({
      invitation_pending: true,
    });
  });

  it('answers 409 with a message when there is no pending invitation: activated, deactivated or cancelled', async () => {
    const admin = await firmAdmin();
    const activated = await invite(admin.headers);
    await activate(activated);
    const deactivated = await invite(admin.headers);
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.user.id));
    const cancelled = await invite(admin.headers);
    expect((await cancel(cancelled.user.id, admin.headers)).statusCode).toBe(200);
    for (const { user } of [activated, deactivated, cancelled]) {
      const res = await cancel(user.id, admin.headers);
      expect(res.statusCode).toBe(409);
      expect(json(res)).toEqual({ detail: messages.users.noPendingInvitation });
    }
  });

  it("is refused as the activation link is: a super account to a firm admin, another firm's, oneself", async () => {
    const s = await superAdmin();
    const admin = await firmAdmin();
    const superCco = await invite(s.headers, {
      profile: { _firm: firmA.id, profile_type: ProfileType.StandardUser, is_super_cco: true },
    });
    const res = await cancel(superCco.user.id, admin.headers);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ detail: messages.users.superAccountOnly });
    const otherFirm = await invite((await firmAdmin(firmB.id)).headers);
    expect((await cancel(otherFirm.user.id, admin.headers)).statusCode).toBe(404);
    expect((await cancel(admin.user.id, admin.headers)).statusCode).toBe(403);
    expect((await cancel(superCco.user.id, s.headers)).statusCode).toBe(200);
  });

  it('ignores a stale invitation_pending echoed by the user form', async () => {
    const admin = await firmAdmin();
    const invited = await invite(admin.headers);
    await cancel(invited.user.id, admin.headers);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${invited.user.id}/`,
      headers: admin.headers,
      payload: { ...invited.user, first_name: 'Renamed', invitation_pending: true },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ first_name: 'Renamed', invitation_pending: false });
  });
});
