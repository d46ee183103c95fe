import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirm, createUser, TEST_PASSWORD } from './testing/factories.js';
import { buildTestApp, json, type TestApp } from './testing/test-app.js';

/**
 * Every API route × every kind of caller × a target in the caller's firm and in another firm → the
 * status the caller gets. A route missing from the matrix fails the suite, so a new route cannot ship
 * without its authorization being decided here.
 */
type Role = 'superAdmin' | 'firmAdmin' | 'advisor' | 'staff' | 'client' | 'signedOut';
type Scope = 'own' | 'other';
type Expect = Record<Exclude<Role, 'signedOut'>, number>;
interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
interface Case {
  build(scope: Scope, role: Role): Promise<Req> | Req;
  own: Expect;
  other?: Expect;
}

const ROLES: Role[] = ['superAdmin', 'firmAdmin', 'advisor', 'staff', 'client', 'signedOut'];
const all = (status: number): Expect => ({
  superAdmin: status,
  firmAdmin: status,
  advisor: status,
  staff: status,
  client: status,
});
const onlySuper = (ok: number, others: number): Expect => ({ ...all(others), superAdmin: ok });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let t: TestApp;
const firms: Record<Scope, { id: number }> = {} as never;
const tokens: Partial<Record<Role, string>> = {};
const ids: Record<string, number> = {};

async function tokenFor(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password: TEST_PASSWORD },
  });
  return json<{ token: string }>(res).token;
}

/** A person the caller may or may not reach: in the caller's firm a client of the advisor, else anyone of firm B. */
async function targetUser(scope: Scope) {
  const u =
    scope === 'own'
      ? await createUser(t.deps.db, { advisorId: ids.advisor, profile: { firmId: firms.own.id, profileType: 4 } })
      : await createUser(t.deps.db, { profile: { firmId: firms.other.id, profileType: 3 } });
  return u.id;
}

const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/openapi.json',
  'POST /api/auth/login/',
  'POST /api/auth/password/reset/',
  'POST /api/auth/password/reset/confirm/',
  'POST /api/auth/account/confirm/',
  'POST /api/token/',
  'POST /api/token/refresh',
  'POST /api/token/verify/',
  'GET /*',
]);

const matrix: Record<string, Case> = {
  'POST /api/auth/logout/': {
    // Logging out ends the session, so each caller logs out a session of its own made for the purpose.
    build: async (_s, role): Promise<Req> => ({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: role === 'signedOut' ? {} : { authorization: `Bearer ${await tokenFor(emails[role])}` },
    }),
    own: all(200),
  },
  'GET /api/auth/user/': { build: () => ({ method: 'GET', url: '/api/auth/user/' }), own: all(200) },
  'PUT /api/account_settings/change_password/': {
    build: () => ({
      method: 'PUT',
      url: '/api/account_settings/change_password/',
      payload: {
        current_password: 'wrong wrong wrong',
        new_password: 'a new long password',
        new_password_confirmation: 'a new long password',
      },
    }),
    own: all(400),
  },
  'PUT /api/account_settings/change_email/': {
    build: () => ({ method: 'PUT', url: '/api/account_settings/change_email/', payload: { email: 'not an email' } }),
    own: all(400),
  },
  'PUT /api/account_settings/update_personal_info/:id/': {
    build: async (scope) => ({
      method: 'PUT',
      url: `/api/account_settings/update_personal_info/${scope === 'own' ? ids.staffColleague : await targetUser('other')}/`,
      payload: { city: 'Boston' },
    }),
    own: { superAdmin: 200, firmAdmin: 200, advisor: 403, staff: 403, client: 403 },
    other: onlySuper(200, 404),
  },
  'GET /api/states/': { build: () => ({ method: 'GET', url: '/api/states/' }), own: all(200) },
  'GET /api/profile_types/': { build: () => ({ method: 'GET', url: '/api/profile_types/' }), own: all(200) },
  'GET /api/roles/': { build: () => ({ method: 'GET', url: '/api/roles/' }), own: all(200) },
  'GET /api/user_roles/': { build: () => ({ method: 'GET', url: '/api/user_roles/' }), own: all(200) },
  'GET /api/firms/': { build: () => ({ method: 'GET', url: '/api/firms/' }), own: all(200) },
  'POST /api/firms/': {
    build: () => ({ method: 'POST', url: '/api/firms/', payload: { name: 'Matrix Firm' } }),
    own: onlySuper(201, 403),
  },
  'GET /api/firms/:id/': {
    build: (s) => ({ method: 'GET', url: `/api/firms/${firms[s].id}/` }),
    own: all(200),
    other: onlySuper(200, 404),
  },
  'PUT /api/firms/:id/': {
    build: (s) => ({
      method: 'PUT',
      url: `/api/firms/${firms[s].id}/`,
      payload: { name: s === 'own' ? 'Own Firm' : 'Other Firm' },
    }),
    own: onlySuper(200, 403),
    other: onlySuper(200, 404),
  },
  'DELETE /api/firms/:id/': {
    // The own firm has members (409 for the one who may delete); the other is a fresh empty firm.
    build: async (s) => ({
      method: 'DELETE',
      url: `/api/firms/${s === 'own' ? firms.own.id : (await createFirm(t.deps.db)).id}/`,
    }),
    own: onlySuper(409, 403),
    other: onlySuper(204, 404),
  },
  'PUT /api/firms/:id/logo/': {
    build: (s) => ({
      method: 'PUT',
      url: `/api/firms/${firms[s].id}/logo/`,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    }),
    own: onlySuper(200, 403),
    other: onlySuper(200, 404),
  },
  'GET /api/firms/:id/logo/': {
    build: (s) => ({ method: 'GET', url: `/api/firms/${firms[s].id}/logo/` }),
    own: all(200),
    other: onlySuper(200, 404),
  },
  'GET /api/users/': { build: () => ({ method: 'GET', url: '/api/users/' }), own: all(200) },
  'GET /api/users/filter/': { build: () => ({ method: 'GET', url: '/api/users/filter/' }), own: all(200) },
  'GET /api/users/firm_users/': { build: () => ({ method: 'GET', url: '/api/users/firm_users/' }), own: all(200) },
  'GET /api/users/firm_advisor_clients/': {
    build: () => ({ method: 'GET', url: '/api/users/firm_advisor_clients/' }),
    own: all(200),
  },
  'GET /api/users/:firm/all_advisors/': {
    build: (s) => ({ method: 'GET', url: `/api/users/${firms[s].id}/all_advisors/` }),
    own: { ...all(200), client: 403 },
    other: onlySuper(200, 404),
  },
  'GET /api/users/:firm/firm_advisors/': {
    build: (s) => ({ method: 'GET', url: `/api/users/${firms[s].id}/firm_advisors/` }),
    own: { ...all(200), client: 403 },
    other: onlySuper(200, 404),
  },
  'POST /api/users/': {
    build: (s) => ({
      method: 'POST',
      url: '/api/users/?notifyUser=false',
      payload: {
        email: `matrix.${Math.random()}@example.test`,
        last_name: 'Matrix',
        profile: { _firm: firms[s].id, profile_type: 3 },
      },
    }),
    own: { superAdmin: 201, firmAdmin: 201, advisor: 201, staff: 403, client: 403 },
  },
  'GET /api/users/:id/': {
    build: async (s) => ({ method: 'GET', url: `/api/users/${await targetUser(s)}/` }),
    own: { superAdmin: 200, firmAdmin: 200, advisor: 200, staff: 404, client: 404 },
    other: onlySuper(200, 404),
  },
  'PUT /api/users/:id/': {
    build: async (s) => ({
      method: 'PUT',
      url: `/api/users/${await targetUser(s)}/`,
      payload: { email: `edited.${Math.random()}@example.test`, last_name: 'Edited' },
    }),
    own: { superAdmin: 200, firmAdmin: 200, advisor: 200, staff: 404, client: 404 },
    other: onlySuper(200, 404),
  },
  'DELETE /api/users/:id/': {
    build: async (s) => ({ method: 'DELETE', url: `/api/users/${await targetUser(s)}/` }),
    own: { superAdmin: 200, firmAdmin: 200, advisor: 200, staff: 404, client: 404 },
    other: onlySuper(200, 404),
  },
  'POST /api/users/:id/send_account_activation_link/': {
    build: async (s) => ({
      method: 'POST',
      url: `/api/users/${await targetUser(s)}/send_account_activation_link/`,
      payload: { generateNewPassword: false },
    }),
    own: { superAdmin: 200, firmAdmin: 200, advisor: 200, staff: 404, client: 404 },
    other: onlySuper(200, 404),
  },
};

const emails = {} as Record<Role, string>;

beforeAll(async () => {
  t = await buildTestApp();
  firms.own = await createFirm(t.deps.db, { name: 'Own Firm' });
  firms.other = await createFirm(t.deps.db, { name: 'Other Firm' });
  const people: Record<Exclude<Role, 'signedOut'>, Parameters<typeof createUser>[1]> = {
    superAdmin: { profile: { firmId: firms.own.id, profileType: 1, isSuperAdmin: true } },
    firmAdmin: { profile: { firmId: firms.own.id, profileType: 1 } },
    advisor: { profile: { firmId: firms.own.id, profileType: 2 } },
    staff: { profile: { firmId: firms.own.id, profileType: 3 } },
    client: { profile: { firmId: firms.own.id, profileType: 4 } },
  };
  for (const [role, overrides] of Object.entries(people) as [Exclude<Role, 'signedOut'>, object][]) {
    const u = await createUser(t.deps.db, overrides);
    ids[role] = u.id;
    emails[role] = u.email;
    tokens[role] = await tokenFor(u.email);
  }
  ids.staffColleague = (await createUser(t.deps.db, { profile: { firmId: firms.own.id, profileType: 3 } })).id;
  const superHeaders = { authorization: `Bearer ${tokens.superAdmin}`, 'content-type': 'image/png' };
  for (const f of Object.values(firms))
    await t.app.inject({ method: 'PUT', url: `/api/firms/${f.id}/logo/`, headers: superHeaders, payload: PNG });
});
afterAll(() => t.close());

describe('the authorization matrix', () => {
  it('covers every route of the server', () => {
    const missing = t.routes.filter((r) => r.startsWith('GET /api/docs') === false && !PUBLIC.has(r) && !(r in matrix));
    expect(missing).toEqual([]);
    expect(t.routes).toEqual(
      expect.arrayContaining(['GET /api/users/:id/', 'POST /api/auth/login/', 'DELETE /api/firms/:id/']),
    );
  });

  it('leaves the public routes open and nothing else', async () => {
    for (const r of t.routes.filter((x) => !PUBLIC.has(x) && !x.startsWith('GET /api/docs'))) {
      const [method, path] = r.split(' ');
      const url = path.replace(/:\w+/g, '1');
      const res = await t.app.inject({
        method: method as Req['method'],
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(`${r} → ${res.statusCode}`).toBe(`${r} → 401`);
    }
  });

  for (const [route, c] of Object.entries(matrix)) {
    for (const scope of ['own', 'other'] as Scope[]) {
      const expected = scope === 'other' ? c.other : c.own;
      if (!expected) continue;
      it(`${route} (${scope} firm)`, async () => {
        const got: Record<string, number> = {};
        for (const role of ROLES) {
          const req = await c.build(scope, role);
          const auth = role === 'signedOut' ? {} : { authorization: `Bearer ${tokens[role]}` };
          const res = await t.app.inject({
            method: req.method,
            url: req.url,
            payload: req.payload as string,
            headers: { ...auth, ...req.headers },
          });
          got[role] = res.statusCode;
          if (res.statusCode === 404 || res.statusCode === 403) expect(Object.keys(json(res))).toEqual(['detail']);
        }
        expect(got).toEqual({ ...expected, signedOut: 401 });
      });
    }
  }

  it("never lists another firm's people or firm to anyone but a super admin", async () => {
    for (const role of ['firmAdmin', 'advisor', 'staff', 'client'] as const) {
      const headers = { authorization: `Bearer ${tokens[role]}` };
      for (const url of [
        '/api/users/',
        '/api/users/filter/',
        `/api/users/filter/?firm=${firms.other.id}`,
        '/api/users/firm_users/',
        '/api/users/firm_advisor_clients/',
      ]) {
        const body = json<{ results: { profile: { _firm: number } }[] }>(await t.app.inject({ url, headers }));
        expect(
          body.results.every((u) => u.profile._firm === firms.own.id),
          `${role} ${url}`,
        ).toBe(true);
      }
      const firmList = json<{ results: { id: number }[] }>(await t.app.inject({ url: '/api/firms/', headers }));
      expect(firmList.results.map((f) => f.id)).toEqual([firms.own.id]);
    }
  });
});
