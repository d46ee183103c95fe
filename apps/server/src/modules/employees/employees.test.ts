import { type Employee, messages, ProfileType } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema/index.js';
import { createFirm, createUser } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page = { count: number; results: Employee[] };
const names = (page: Page) => page.results.map((e) => e.Name);

/** A firm with a manager, a standard user, a client, a deactivated user and a member of another firm. */
async function directoryFirm() {
  const firm = await createFirm(t.deps.db, { name: 'Harbor Wealth' });
  const other = await createFirm(t.deps.db);
  const manager = await signedInAs(t, {
    firstName: 'Mona',
    lastName: 'Abbott',
    profile: { firmId: firm.id, profileType: ProfileType.Manager, isManager: true },
  });
  const staff = await signedInAs(t, {
    firstName: 'Robert',
    lastName: 'Baker',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, title: 'Analyst', phone: '555-0100' },
  });
  const client = await signedInAs(t, {
    firstName: 'Carl',
    lastName: 'Client',
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  await createUser(t.deps.db, {
    firstName: 'Dora',
    lastName: 'Gone',
    deactivatedAt: new Date(),
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  const outsider = await signedInAs(t, {
    firstName: 'Olga',
    lastName: 'Outside',
    profile: { firmId: other.id, profileType: ProfileType.Manager, isManager: true },
  });
  return { firm, other, manager, staff, client, outsider };
}

describe('the staff directory', () => {
  it("a staff member reads their firm's staff only: no clients, no deactivated accounts, no other firm", async () => {
    const { staff, client, outsider } = await directoryFirm();
    const page = json<Page>(await t.app.inject({ url: '/api/employees/', headers: staff.headers }));
    expect(names(page)).toEqual(['Abbott', 'Baker']);
    const baker = page.results[1];
    expect(baker).toMatchObject({
      Id: staff.user.id,
      First_Name__c: 'Robert',
      FullName__c: 'Robert Baker',
      Title__c: 'Analyst',
      WorkPhone__c: '555-0100',
      WorkEmail__c: staff.user.email,
      Role__c: 'Standard User',
      FirmId__r: { Name: 'Harbor Wealth' },
    });

    expect((await t.app.inject({ url: '/api/employees/', headers: client.headers })).statusCode).toBe(403);
    const foreign = await t.app.inject({ url: `/api/employees/${staff.user.id}/`, headers: outsider.headers });
    expect(foreign.statusCode).toBe(404);
  });

  it('the search matches first, last or preferred name by prefix, not inside a name', async () => {
    const { manager, staff } = await directoryFirm();
    const search = async (term: string) =>
      names(json<Page>(await t.app.inject({ url: `/api/employees/?search=${term}`, headers: staff.headers })));
    expect(await search('rob')).toEqual(['Baker']);
    expect(await search('ABB')).toEqual(['Abbott']);
    expect(await search('bert')).toEqual([]);

    await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${staff.user.id}/`,
      headers: manager.headers,
      payload: { PreferredName__c: 'Bobby' },
    });
    expect(await search('bob')).toEqual(['Baker']);
    // A wildcard typed in the box is a character, not a pattern.
    expect(await search('%25')).toEqual([]);
  });

  it('a manager edits a member: the change is answered, kept and audited; account fields cannot be changed here', async () => {
    const { manager, staff } = await directoryFirm();
    const current = json<Employee>(
      await t.app.inject({ url: `/api/employees/${staff.user.id}/`, headers: manager.headers }),
    );
    // The directory as a member reads it, before and after the edit (a page kept in memory is read again).
    const titleListed = async () =>
      json<Page>(await t.app.inject({ url: '/api/employees/', headers: staff.headers })).results.find(
        (e) => e.Name === current.Name,
      )?.Title__c;
    expect(await titleListed()).toBe('Analyst');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${staff.user.id}/`,
      headers: manager.headers,
      payload: {
        ...current,
        Title__c: 'Senior Analyst',
        Bio__c: 'Twenty years\nin fixed income.',
        WorkCity__c: 'Boston',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ Title__c: 'Senior Analyst', WorkCity__c: 'Boston', WorkPhone__c: '555-0100' });
    const again = json<Employee>(
      await t.app.inject({ url: `/api/employees/${staff.user.id}/`, headers: staff.headers }),
    );
    expect(again).toMatchObject({ Title__c: 'Senior Analyst', Bio__c: 'Twenty years\nin fixed income.' });
    expect(await titleListed()).toBe('Senior Analyst');

    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'staff_directory_entry'), eq(auditEvents.entityId, String(staff.user.id))));
    // Each changed field with its value before and after.
    expect(event).toMatchObject({
      action: 'update',
      changes: {
        Title__c: { from: 'Analyst', to: 'Senior Analyst' },
        WorkCity__c: { from: null, to: 'Boston' },
        Bio__c: { to: 'Twenty years\nin fixed income.' },
      },
    });

    // The name belongs to the account: a changed echo is ignored, the stored name stays.
    await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${staff.user.id}/`,
      headers: manager.headers,
      payload: { Name: 'Renamed' },
    });
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, staff.user.id));
    expect(account.lastName).toBe('Baker');

    const tooLong = await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${staff.user.id}/`,
      headers: manager.headers,
      payload: { WorkPostalCode__c: '1'.repeat(21) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(json(tooLong)).toMatchObject({ fields: { WorkPostalCode__c: messages.validation.maxLength(20) } });
  });

  it('only managers edit and remove; a manager of another firm finds nobody', async () => {
    const { manager, staff, outsider } = await directoryFirm();
    const edit = (headers: Record<string, string>, id: number) =>
      t.app.inject({ method: 'PUT', url: `/api/employees/${id}/`, headers, payload: { Title__c: 'X' } });
    expect((await edit(staff.headers, manager.user.id)).statusCode).toBe(403);
    expect((await edit(outsider.headers, staff.user.id)).statusCode).toBe(404);
    const remove = (headers: Record<string, string>, id: number) =>
      t.app.inject({ method: 'PUT', url: `/api/employees/${id}/remove_member`, headers });
    expect((await remove(staff.headers, manager.user.id)).statusCode).toBe(403);
    expect((await remove(outsider.headers, staff.user.id)).statusCode).toBe(404);
  });

  it('a removed member leaves the directory but keeps their account, and the removal is audited', async () => {
    const { manager, staff } = await directoryFirm();
    const before = json<Page>(await t.app.inject({ url: '/api/employees/', headers: manager.headers }));
    expect(names(before)).toHaveLength(2);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${staff.user.id}/remove_member`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ detail: messages.employees.removed });
    expect(names(json<Page>(await t.app.inject({ url: '/api/employees/', headers: manager.headers })))).toEqual([
      'Abbott',
    ]);
    expect((await t.app.inject({ url: `/api/employees/${staff.user.id}/`, headers: manager.headers })).statusCode).toBe(
      404,
    );
    // The account still signs in and reads the directory.
    expect((await t.app.inject({ url: '/api/auth/user/', headers: staff.headers })).statusCode).toBe(200);
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(staff.user.id)));
    expect(events.some((e) => e.entity === 'staff_directory_entry' && e.action === 'update')).toBe(true);
  });

  it('a super admin reads every firm and narrows the list to one firm', async () => {
    const { firm, other } = await directoryFirm();
    const admin = await signedInAs(t, {
      lastName: 'Zed',
      profile: { firmId: other.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const all = json<Page>(await t.app.inject({ url: '/api/employees/?page_size=500', headers: admin.headers }));
    expect(names(all)).toEqual(expect.arrayContaining(['Abbott', 'Baker', 'Outside', 'Zed']));
    const one = json<Page>(await t.app.inject({ url: `/api/employees/?firm=${firm.id}`, headers: admin.headers }));
    expect(names(one)).toEqual(['Abbott', 'Baker']);
    const bad = await t.app.inject({ url: '/api/employees/?ordering=Bio__c', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});
