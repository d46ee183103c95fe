import type { AttestationHistory, HistoryEvent } from '@portal/domain';
import { ProfileType } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import { createAttestation, createFirm, fixtureTx } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

/** The portal's clock: 2026-11-22 in New York, when attestations cover FY2026 Q2. */
const now = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let firm: { id: number };
let otherFirm: { id: number };

type Headers = Record<string, string>;
type Att = Record<string, unknown> & {
  Id: number;
  Personal_Securities__r: { records: { Id: number; Account_Number__c: string }[] };
};

const staffOf = (firmId: number, firstName: string, lastName: string) =>
  signedInAs(t, { firstName, lastName, profile: { firmId, profileType: ProfileType.StandardUser } });
const ccoOf = (firmId: number, firstName = 'Cora', lastName = 'Checker') =>
  signedInAs(t, { firstName, lastName, profile: { firmId, profileType: ProfileType.StandardUser, isCco: true } });

const security = (account: string) => ({
  Account_Owner__c: 'Ada Lovelace',
  Account_Number__c: account,
  Custodian__c: 'Schwab',
});
const historyOf = (id: number, headers: Headers) =>
  t.app.inject({ url: `/api/quarterly_attestations/${id}/history/`, headers });
const put = (id: number, headers: Headers, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/quarterly_attestations/${id}/`, headers, payload });
/** An event's changes as `field: [from, to]`, a row's fields as `list.row.field`. */
const diffOf = (e: HistoryEvent) =>
  Object.fromEntries(e.changes.map((c) => [c.list ? `${c.list}.${c.row}.${c.field}` : c.field, [c.from, c.to]]));

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  firm = await createFirm(t.deps.db, { name: 'Hale Advisers', abbreviation: 'HAL' });
  otherFirm = await createFirm(t.deps.db);
});
afterAll(() => t.close());

describe("an attestation's history", () => {
  it('lists who changed which field when, before and after, and keeps the original as first submitted', async () => {
    const ada = await staffOf(firm.id, 'Ada', 'Lovelace');
    const cco = await ccoOf(firm.id);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/quarterly_attestations/',
      headers: ada.headers,
      payload: {
        Employment_Date__c: '2019-04-01',
        Job_Title__c: 'Analyst',
        Insurance_License__c: 'LIC-123',
        Other_Social_Media__c: 'Mastodon',
        personalSecurities: [security('X-1'), security('X-2')],
      },
    });
    expect(filed.statusCode).toBe(201);
    const a = json<Att>(filed);
    const [first, second] = a.Personal_Securities__r.records;

    // Ada edits a field, her licence, her social media, one row, and adds a row.
    const edited = await put(a.Id, ada.headers, {
      ...a,
      Job_Title__c: 'Senior analyst',
      Insurance_License__c: 'LIC-999',
      Other_Social_Media__c: 'Bluesky',
      personalSecurities: [{ ...first, Account_Number__c: 'X-1b' }, second, security('X-3')],
    });
    expect(edited.statusCode).toBe(200);
    const afterEdit = json<Att>(edited);
    const added = afterEdit.Personal_Securities__r.records[2];
    // The CCO reviews it, then removes a row.
    expect(
      (await put(a.Id, cco.headers, { ...afterEdit, Status__c: 'Reviewed', Reviewed_Date__c: '2026-11-22' }))
        .statusCode,
    ).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/personal_securities/${second.Id}/`,
      headers: cco.headers,
    });
    expect(removed.statusCode).toBe(204);

    const res = await historyOf(a.Id, cco.headers);
    expect(res.statusCode).toBe(200);
    const history = json<AttestationHistory>(res);
    expect(history.events.map((e) => [e.action, e.entity, e.actor_name])).toEqual([
      ['create', 'attestation', 'Ada Lovelace'],
      ['update', 'attestation', 'Ada Lovelace'],
      ['review', 'attestation', 'Cora Checker'],
      ['delete', 'personal security', 'Cora Checker'],
    ]);
    for (const e of history.events) expect(Number.isNaN(Date.parse(e.occurred_at))).toBe(false);
    const [, update, review, deletion] = history.events;
    expect(update.actor_id).toBe(ada.user.id);
    expect(diffOf(update)).toEqual({
      Job_Title__c: ['Analyst', 'Senior analyst'],
      // Answers whose names look like PII are not PII (the field table says which are): kept as filed.
      Insurance_License__c: ['LIC-123', 'LIC-999'],
      Other_Social_Media__c: ['Mastodon', 'Bluesky'],
      [`Personal_Securities__r.${first.Id}.Account_Number__c`]: ['X-1', 'X-1b'],
      [`Personal_Securities__r.${added.Id}.Account_Owner__c`]: [null, 'Ada Lovelace'],
      [`Personal_Securities__r.${added.Id}.Account_Number__c`]: [null, 'X-3'],
      [`Personal_Securities__r.${added.Id}.Custodian__c`]: [null, 'Schwab'],
    });
    expect(diffOf(review)).toEqual({
      Status__c: ['Submitted', 'Reviewed'],
      Reviewed_Date__c: [null, '2026-11-22'],
      Reviewed_By__c: [null, 'Cora Checker'],
      Reviewed_By_Tk__c: [null, cco.user.id],
    });
    expect(deletion.entity_id).toBe(second.Id);
    expect(diffOf(deletion)).toMatchObject({
      [`Personal_Securities__r.${second.Id}.Account_Number__c`]: ['X-2', null],
      [`Personal_Securities__r.${second.Id}.Custodian__c`]: ['Schwab', null],
    });

    // The original: the first values and rows, exactly as filed.
    expect(history.original).toMatchObject({
      Id: a.Id,
      Job_Title__c: 'Analyst',
      Insurance_License__c: 'LIC-123',
      Other_Social_Media__c: 'Mastodon',
      Status__c: 'Submitted',
      Reviewed_By__c: null,
    });
    expect(history.original?.Personal_Securities__r.records.map((r) => r.Account_Number__c)).toEqual(['X-1', 'X-2']);

    // Ada reads her own history; a colleague, another firm's CCO and a client cannot.
    expect((await historyOf(a.Id, ada.headers)).statusCode).toBe(200);
    expect((await historyOf(a.Id, (await staffOf(firm.id, 'Col', 'League')).headers)).statusCode).toBe(404);
    expect((await historyOf(a.Id, (await ccoOf(otherFirm.id, 'Otto', 'Other')).headers)).statusCode).toBe(404);
    const client = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Client } });
    expect((await historyOf(a.Id, client.headers)).statusCode).toBe(403);
    const superCco = await signedInAs(t, {
      profile: { firmId: otherFirm.id, profileType: ProfileType.StandardUser, isSuperCco: true },
    });
    expect((await historyOf(a.Id, superCco.headers)).statusCode).toBe(200);

    // The original outlives the soft delete: the create event keeps it.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/quarterly_attestations/${a.Id}/`,
      headers: cco.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect((await historyOf(a.Id, cco.headers)).statusCode).toBe(404);
    const [create] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'attestation'),
          eq(auditEvents.entityId, String(a.Id)),
          eq(auditEvents.action, 'create'),
        ),
      );
    expect(create.changes).toMatchObject({
      original: { Job_Title__c: 'Analyst', Insurance_License__c: 'LIC-123', Other_Social_Media__c: 'Mastodon' },
    });
  });

  it("records an edit's own changes when another edit of the attestation commits while it waits", async () => {
    const ada = await staffOf(firm.id, 'Ada', 'Waiting');
    const a = json<Att>(
      await t.app.inject({
        method: 'POST',
        url: '/api/quarterly_attestations/',
        headers: ada.headers,
        payload: { Employment_Date__c: '2019-04-01', Job_Title__c: 'Analyst', personalSecurities: [security('W-1')] },
      }),
    );
    // Another edit holds the attestation and adds a row; Ada's edit starts while it holds it.
    let edit: ReturnType<typeof put> | undefined;
    await fixtureTx(t.deps.db, async (tx) => {
      await tx.execute(sql`select id from quarterly_attestations where id = ${a.Id} for update`);
      await tx.execute(sql`insert into personal_securities (attestation_id, account_owner, account_number, custodian)
        values (${a.Id}, 'Ada Waiting', 'W-2', 'Schwab')`);
      edit = put(a.Id, ada.headers, { ...a, Job_Title__c: 'Senior analyst' });
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const res = await (edit as ReturnType<typeof put>);
    expect(res.statusCode).toBe(200);
    expect(json<Att>(res).Personal_Securities__r.records.map((r) => r.Account_Number__c)).toEqual(['W-1', 'W-2']);
    // Ada's event holds her field alone: the row the other edit added was there before her edit.
    const history = json<AttestationHistory>(await historyOf(a.Id, ada.headers));
    expect(diffOf(history.events[history.events.length - 1])).toEqual({ Job_Title__c: ['Analyst', 'Senior analyst'] });
  });

  it('names an actor whose account was deleted', async () => {
    const ada = await staffOf(firm.id, 'Ann', 'Gone');
    const cco = await ccoOf(firm.id, 'Carl', 'Keeper');
    const admin = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const filed = json<Att>(
      await t.app.inject({
        method: 'POST',
        url: '/api/quarterly_attestations/',
        headers: ada.headers,
        payload: { Employment_Date__c: '2019-04-01' },
      }),
    );
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${ada.user.id}/`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    const history = json<AttestationHistory>(await historyOf(filed.Id, cco.headers));
    expect(history.events[0]).toMatchObject({ action: 'create', actor_id: ada.user.id, actor_name: 'Ann Gone' });
  });
});

describe('an attestation filed before the history was kept', () => {
  /** Events as they were recorded then: the new values only, and counts for the lists. */
  async function legacyEvent(id: number, action: string, changes: Record<string, unknown>, entity = 'attestation') {
    await t.database.db
      .insert(auditEvents)
      .values({ action, entity, entityId: String(id), firmId: firm.id, changes, requestId: 'legacy' });
  }

  it('replays the values before each change, and says the original was not recorded rather than guess it', async () => {
    const staff = await staffOf(firm.id, 'Old', 'Timer');
    const cco = await ccoOf(firm.id);
    const { attestation } = await createAttestation(t.deps.db, { ownerId: staff.user.id, firmId: firm.id });
    await legacyEvent(attestation.id, 'create', {
      Employment_Date__c: '2020-01-01',
      Job_Title__c: 'Clerk',
      personalSecurities: { added: 2, updated: 0, removed: 0 },
    });
    await legacyEvent(attestation.id, 'update', { Job_Title__c: null });
    const removedRow = {
      Id: 987654,
      Quarterly_Attestation__c: attestation.id,
      Account_Owner__c: 'Owner',
      Account_Number__c: 'GONE',
      Account_Type__c: null,
      Custodian__c: 'Schwab',
    };
    await legacyEvent(987654, 'delete', { attestation: attestation.id, removed: removedRow }, 'personal security');

    const history = json<AttestationHistory>(await historyOf(attestation.id, cco.headers));
    expect(history.events.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(diffOf(history.events[1])).toEqual({ Job_Title__c: ['Clerk', null] });
    expect(diffOf(history.events[2])).toMatchObject({
      'Personal_Securities__r.987654.Account_Number__c': ['GONE', null],
    });
    expect(history.original).toBeNull();

    const { attestation: unrecorded } = await createAttestation(t.deps.db, { ownerId: staff.user.id, firmId: firm.id });
    expect(json<AttestationHistory>(await historyOf(unrecorded.id, cco.headers))).toEqual({
      original: null,
      events: [],
    });
  });
});
