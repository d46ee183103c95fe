import { messages, ProfileType } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles } from '../../db/schema/index.js';
import { createFirm, createUser, fixtureDb } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const headersOf = async (profile: Parameters<typeof signedInAs>[1]) => (await signedInAs(t, profile)).headers;

describe('firms', () => {
  it('a super admin creates, lists, searches, updates and deletes firms', async () => {
    const home = await createFirm(t.deps.db);
    const headers = await headersOf({
      profile: { firmId: home.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/firms/',
      headers,
      payload: { name: 'Zephyr Capital', abbreviation: 'ZC', city: 'Denver', state: 'Colorado', zip_code: '80202' },
    });
    expect(created.statusCode).toBe(201);
    const firm = json<{ id: number }>(created);
    expect(firm).toMatchObject({ name: 'Zephyr Capital', abbreviation: 'ZC', logo_url: null });

    const found = json<{ count: number; results: { name: string }[] }>(
      await t.app.inject({ url: '/api/firms/?search=zeph', headers }),
    );
    expect(found.results.map((f) => f.name)).toEqual(['Zephyr Capital']);
    const byAbbr = json<{ results: { name: string }[] }>(await t.app.inject({ url: '/api/firms/?search=zc', headers }));
    expect(byAbbr.results.map((f) => f.name)).toContain('Zephyr Capital');

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/firms/${firm.id}/`,
      headers,
      payload: { ...firm, name: 'Zephyr Capital Partners' },
    });
    expect(json(updated)).toMatchObject({ id: firm.id, name: 'Zephyr Capital Partners', city: 'Denver' });
    // The search read before the rename shows the new name.
    const again = json<{ results: { name: string }[] }>(
      await t.app.inject({ url: '/api/firms/?search=zeph', headers }),
    );
    expect(again.results.map((f) => f.name)).toEqual(['Zephyr Capital Partners']);
    // The attestation grace period: 15 days unless the firm sets its own, 0 to 90.
    expect(firm).toMatchObject({ attestation_grace_days: 15 });
    const policy = await t.app.inject({
      method: 'PUT',
      url: `/api/firms/${firm.id}/`,
      headers,
      payload: { ...json<object>(updated), attestation_grace_days: 30 },
    });
    expect(json(policy)).toMatchObject({ attestation_grace_days: 30 });
    // Each update is in the audit trail with the changed field before and after.
    const trail = json<{ results: { action: string; changes: unknown[] }[] }>(
      await t.app.inject({
        url: `/api/audit_events/?entity=firm&entity_id=${firm.id}&action=update&ordering=occurred_at`,
        headers,
      }),
    );
    expect(trail.results.map((e) => e.changes)).toEqual([
      [{ field: 'name', from: 'Zephyr Capital', to: 'Zephyr Capital Partners' }],
      [{ field: 'attestation_grace_days', from: 15, to: 30 }],
    ]);
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: `/api/firms/${firm.id}/`,
      headers,
      payload: { ...json<object>(policy), attestation_grace_days: 91 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(json(tooLong)).toMatchObject({ fields: { attestation_grace_days: messages.firms.graceDays } });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/firms/${firm.id}/`, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/firms/${firm.id}/`, headers })).statusCode).toBe(404);
  });

  it('requires a firm name, with a field message', async () => {
    const headers = await headersOf({
      profile: { firmId: (await createFirm(t.deps.db)).id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/firms/', headers, payload: { name: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ fields: { name: 'Firm name is required.' } });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/firms/',
          headers,
          payload: { name: 'X', form_adv_url: 'javascript:alert(1)' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses to delete a firm that still has users, saying why', async () => {
    const firm = await createFirm(t.deps.db);
    await createUser(t.deps.db, { profile: { firmId: firm.id } });
    const headers = await headersOf({
      profile: { firmId: (await createFirm(t.deps.db)).id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/firms/${firm.id}/`, headers });
    expect(res.statusCode).toBe(409);
    expect(json<{ detail: string }>(res).detail).toMatch(/cannot be deleted: 1 user belongs to it/);
  });

  it('shows anyone else only their own firm, hides other firms as 404 and refuses writes with 403', async () => {
    const mine = await createFirm(t.deps.db);
    const other = await createFirm(t.deps.db);
    const headers = await headersOf({ profile: { firmId: mine.id, profileType: ProfileType.Administrator } });
    const list = json<{ count: number; results: { id: number }[] }>(
      await t.app.inject({ url: '/api/firms/', headers }),
    );
    expect(list.results.map((f) => f.id)).toEqual([mine.id]);
    expect(list.count).toBe(1);
    expect((await t.app.inject({ url: `/api/firms/${mine.id}/`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/firms/${other.id}/`, headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/firms/${other.id}/`, headers, payload: { name: 'Mine now' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/firms/${mine.id}/`, headers, payload: { name: 'Renamed' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/firms/${mine.id}/`, headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/firms/', headers, payload: { name: 'New' } })).statusCode,
    ).toBe(403);
  });

  it('stores a logo image and serves it to members of the firm', async () => {
    const firm = await createFirm(t.deps.db);
    const superHeaders = await headersOf({
      profile: { firmId: (await createFirm(t.deps.db)).id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/firms/${firm.id}/logo/`,
      headers: { ...superHeaders, 'content-type': 'image/png' },
      payload: png,
    });
    expect(put.statusCode).toBe(200);
    const { logo_url } = json<{ logo_url: string }>(put);
    expect(logo_url).toMatch(new RegExp(`^/api/firms/${firm.id}/logo/`));
    const [upload] = json<{ results: { changes: unknown[] }[] }>(
      await t.app.inject({ url: `/api/audit_events/?entity=firm&entity_id=${firm.id}`, headers: superHeaders }),
    ).results;
    expect(upload.changes).toEqual([{ field: 'logo_url', from: null, to: logo_url }]);
    const member = await headersOf({ profile: { firmId: firm.id } });
    const got = await t.app.inject({ url: logo_url, headers: member });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
    const svg = await t.app.inject({
      method: 'PUT',
      url: `/api/firms/${firm.id}/logo/`,
      headers: { ...superHeaders, 'content-type': 'image/svg+xml' },
      payload: '<svg/>',
    });
    expect(svg.statusCode).toBe(415);
    const outsider = await headersOf({ profile: { firmId: (await createFirm(t.deps.db)).id } });
    expect((await t.app.inject({ url: logo_url, headers: outsider })).statusCode).toBe(404);
  });

  it('pages the list with next and previous links', async () => {
    const headers = await headersOf({
      profile: { firmId: (await createFirm(t.deps.db)).id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    for (let i = 0; i < 3; i++) await createFirm(t.deps.db, { name: `Paged Firm ${i}` });
    const first = json<{ count: number; next: string; previous: null; results: unknown[] }>(
      await t.app.inject({ url: '/api/firms/?search=Paged&page_size=2', headers }),
    );
    expect(first).toMatchObject({ count: 3, previous: null });
    expect(first.results).toHaveLength(2);
    expect(first.next).toBe('http://portal.test/api/firms/?search=Paged&page_size=2&page=2');
    expect((await t.app.inject({ url: '/api/firms/?page_size=501', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/firms/?ordering=password', headers })).statusCode).toBe(400);
  });
});

describe('reference data', () => {
  it('lists the 50 states, the 5 profile types and the roles to any signed-in person', async () => {
    const headers = await headersOf({});
    const states = json<{ results: { name: string }[] }>(await t.app.inject({ url: '/api/states/', headers }));
    expect(states.results).toHaveLength(50);
    expect(states.results[0].name).toBe('Alabama');
    const types = json(await t.app.inject({ url: '/api/profile_types/', headers }));
    expect(types).toEqual({
      results: [
        { profile_type_tk: 1, name: 'Administrator' },
        { profile_type_tk: 2, name: 'Financial Advisor' },
        { profile_type_tk: 3, name: 'Standard User' },
        { profile_type_tk: 4, name: 'Client' },
        { profile_type_tk: 5, name: 'Manager' },
      ],
    });
    expect((await t.app.inject({ url: '/api/roles/', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user_roles/', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/states/' })).statusCode).toBe(401);
  });

  it("answers a person's own role assignments alone", async () => {
    const me = await signedInAs(t, {});
    const other = await createUser(t.deps.db);
    const [role] = await fixtureDb(t.deps.db)
      .insert(roles)
      .values({ name: 'Bench role', description: null })
      .returning();
    const [mine] = await fixtureDb(t.deps.db)
      .insert(userRoles)
      .values([
        { userId: me.user.id, roleId: role.id },
        { userId: other.id, roleId: role.id },
      ])
      .returning();
    const answer = json(await t.app.inject({ url: '/api/user_roles/', headers: me.headers }));
    expect(answer).toEqual({ results: [{ id: mine.id, user: me.user.id, role: role.id }] });
    const listed = json<{ results: { name: string; description: string | null }[] }>(
      await t.app.inject({ url: '/api/roles/', headers: me.headers }),
    );
    expect(listed.results).toContainEqual({ id: role.id, name: 'Bench role', description: null });
  });
});
