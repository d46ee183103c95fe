import { messages, ProfileType } from '@portal/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attestations, auditEvents, politicalContributions } from '../../db/schema/index.js';
import { createFirm } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

/** The portal's clock: 2026-11-22 in New York, when attestations cover FY2026 Q2. */
let now = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let firm: { id: number; name: string; abbreviation: string | null };
let otherFirm: { id: number };

type Headers = Record<string, string>;
const signedIn = (profile: Parameters<typeof signedInAs>[1]) => signedInAs(t, profile);
const staffOf = (firmId: number, names: { firstName?: string | null; lastName?: string | null } = {}) =>
  signedIn({ ...names, profile: { firmId, profileType: ProfileType.StandardUser } });
const ccoOf = (firmId: number) => signedIn({ profile: { firmId, profileType: ProfileType.StandardUser, isCco: true } });

const form = (over: Record<string, unknown> = {}) => ({
  First_Name__c: ' Ada ',
  Last_Name__c: 'Lovelace',
  Employment_Date__c: '2019-04-01',
  States_Registered__c: 'New York;New Jersey',
  Is_Access_Person__c: 'true',
  CFP__c: true,
  ...over,
});
const security = { Account_Owner__c: 'Ada Lovelace', Account_Number__c: 'X-1', Custodian__c: 'Schwab' };
const contribution = (amount: number | string, over: Record<string, unknown> = {}) => ({
  Amount__c: amount,
  Candidate_Name__c: 'Jane Doe',
  Political_Race__c: 'Governor',
  Election_Date__c: '2026-11-03',
  Approved_By__c: 'CCO',
  Approved_Date__c: '2026-08-01',
  ...over,
});

type Att = Record<string, unknown> & {
  Id: number;
  Name: string;
  Personal_Securities__r: { records: { Id: number; Account_Number__c: string }[] };
  Outside_Business_Activities__r: { records: unknown[] };
  Political_Contributions__r: { records: { Id: number; Over_De_Minimis__c: boolean }[] };
};
type ListBody = { count: number; results: Att[] };

async function file(headers: Headers, body: Record<string, unknown> = form()) {
  return t.app.inject({ method: 'POST', url: '/api/quarterly_attestations/', headers, payload: body });
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  firm = await createFirm(t.deps.db, { name: 'Dover Wealth', abbreviation: 'DWA' });
  otherFirm = await createFirm(t.deps.db);
});
afterAll(() => t.close());

describe('filing a quarterly attestation', () => {
  it('files the previous fiscal quarter with its lists, and names it', async () => {
    const { user, headers } = await staffOf(firm.id, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await file(headers, {
      ...form(),
      Firm_Tk__c: otherFirm.id,
      Owner_Tk__c: 1,
      personalSecurities: [security],
      outsideBusinessActivities: [{ Name: 'Board seat', Approved_By__c: 'CCO', Approved_Date__c: '2026-07-15' }],
      politicalContributions: [contribution('100.50', { May_Vote_For_Candidate__c: true })],
    });
    expect(res.statusCode).toBe(201);
    const a = json<Att>(res);
    expect(a).toMatchObject({
      Name: 'Ada Lovelace - DWA FY2026 Q2',
      First_Name__c: 'Ada',
      Fiscal_Year__c: 2026,
      Fiscal_Quarter__c: 2,
      Status__c: 'Submitted',
      Submitted_Date__c: '2026-11-22',
      Firm_Tk__c: firm.id,
      Owner_Tk__c: user.id,
      Firm__r: { Name: 'Dover Wealth', Abbreviation__c: 'DWA' },
      States_Registered__c: 'New York;New Jersey',
      Is_Access_Person__c: 'true',
      Has_Received_Gratuities__c: true,
      Over_De_Minimis__c: false,
    });
    expect(a.Personal_Securities__r.records).toEqual([
      expect.objectContaining({ ...security, Id: expect.any(Number), Quarterly_Attestation__c: a.Id }),
    ]);
    expect(a.Outside_Business_Activities__r.records).toHaveLength(1);
    expect(a.Political_Contributions__r.records).toEqual([
      expect.objectContaining({ Amount__c: 100.5, May_Vote_For_Candidate__c: true, Over_De_Minimis__c: false }),
    ]);

    const again = await file(headers);
    expect(again.statusCode).toBe(409);
    expect(json(again).detail).toContain('Ada Lovelace - DWA FY2026 Q2');
  });

  it("names it after the filer's account, whatever names the body types, and keeps that snapshot", async () => {
    const { user, headers } = await staffOf(firm.id, { firstName: 'Grace', lastName: 'Hopper' });
    const res = await file(headers, form({ First_Name__c: 'Alan', Last_Name__c: 'Turing' }));
    expect(res.statusCode).toBe(201);
    const a = json<Att>(res);
    expect(a).toMatchObject({ Name: 'Grace Hopper - DWA FY2026 Q2', First_Name__c: 'Grace', Last_Name__c: 'Hopper' });

    const url = `/api/quarterly_attestations/${a.Id}/`;
    // An echo of the stored names is fine; changing them is refused like any field the server sets.
    const echo = await t.app.inject({ method: 'PUT', url, headers, payload: { ...a, City__c: 'Arlington' } });
    expect(echo.statusCode).toBe(200);
    const renamed = await t.app.inject({ method: 'PUT', url, headers, payload: { ...a, Last_Name__c: 'Turing' } });
    expect(renamed.statusCode).toBe(403);
    expect(json(renamed).detail).toBe('You are not allowed to change Last_Name__c.');

    const list = json<ListBody>(await t.app.inject({ url: `/api/quarterly_attestations/?user=${user.id}`, headers }));
    expect(list.results.map((r) => [r.Name, r.First_Name__c, r.Last_Name__c])).toEqual([
      ['Grace Hopper - DWA FY2026 Q2', 'Grace', 'Hopper'],
    ]);
  });

  it('asks an account without a first name to add one before attesting', async () => {
    const { headers } = await staffOf(firm.id, { firstName: null });
    const res = await file(headers);
    expect(res.statusCode).toBe(400);
    expect(json(res).fields).toEqual({
      First_Name__c: 'Your account has no first name: add it in Settings, Personal info, before you attest.',
    });
  });

  it("takes today in the portal's time zone: 03:00 UTC on April 1 is still Q4 in New York", async () => {
    now = new Date('2027-04-01T03:00:00Z');
    try {
      const { headers } = await staffOf(firm.id);
      expect(json(await file(headers))).toMatchObject({ Fiscal_Year__c: 2026, Fiscal_Quarter__c: 3 });
    } finally {
      now = new Date('2026-11-22T15:00:00Z');
    }
  });

  it('refuses a client, and says what is missing with field messages', async () => {
    const client = await signedIn({ profile: { firmId: firm.id, profileType: ProfileType.Client } });
    expect((await file(client.headers)).statusCode).toBe(403);

    const { headers } = await staffOf(firm.id);
    const bad = await file(headers, {
      Employment_Date__c: '2026-02-30',
      States_Registered__c: 'Atlantis',
      politicalContributions: [contribution('12.345')],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toMatchObject({
      Employment_Date__c: 'Enter a valid date (MM/DD/YYYY).',
      States_Registered__c: 'Select states from the list of the 50 US states.',
      'politicalContributions.0.Amount__c': 'Enter an amount in dollars with at most 2 decimals, such as 250.00.',
    });
  });

  it('refuses dates in the future, and contributions before the 2-year look-back, on the field or row', async () => {
    const { headers } = await staffOf(firm.id);
    const res = await file(headers, {
      ...form({ Employment_Date__c: '2026-11-23', IA_Manual_Attestation_Date__c: '2026-12-01' }),
      outsideBusinessActivities: [{ Name: 'Board seat', Approved_By__c: 'CCO', Approved_Date__c: '2026-11-30' }],
      politicalContributions: [
        contribution(10),
        contribution(20, { Approved_Date__c: '2024-11-21' }),
        contribution(30, { Approved_Date__c: '2026-11-23' }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields).toEqual({
      Employment_Date__c: 'The employment date cannot be in the future.',
      IA_Manual_Attestation_Date__c: 'This date cannot be in the future.',
      'outsideBusinessActivities.0.Approved_Date__c': 'The approved date cannot be in the future.',
      'politicalContributions.1.Approved_Date__c':
        'This contribution is older than the 2 years this attestation covers: leave it out, or check the approved date.',
      'politicalContributions.2.Approved_Date__c': 'The approved date cannot be in the future.',
    });

    // Today, in the portal's time zone, is fine: 02:00 UTC on November 23 is still the 22nd in New York.
    now = new Date('2026-11-23T02:00:00Z');
    try {
      const ok = await file(headers, form({ Employment_Date__c: '2026-11-22' }));
      expect(ok.statusCode).toBe(201);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/quarterly_attestations/${json<Att>(ok).Id}/`,
        headers,
        payload: { ...json<Att>(ok), politicalContributions: [contribution(10, { Approved_Date__c: '2026-11-23' })] },
      });
      expect(json(put).fields).toEqual({
        'politicalContributions.0.Approved_Date__c': 'The approved date cannot be in the future.',
      });
    } finally {
      now = new Date('2026-11-22T15:00:00Z');
    }
  });

  it('writes nothing when a row of the third list is bad', async () => {
    const { user, headers } = await staffOf(firm.id);
    const [{ n: before }] = await t.deps.db.select({ n: count() }).from(politicalContributions);
    const res = await file(headers, {
      ...form(),
      personalSecurities: [security],
      politicalContributions: [contribution(10), contribution(20, { Id: 999999 })],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields).toEqual({ 'politicalContributions.1.Id': 'This row does not belong to this record.' });
    const mine = await t.deps.db.select().from(attestations).where(eq(attestations.ownerId, user.id));
    expect(mine).toEqual([]);
    const [{ n: after }] = await t.deps.db.select({ n: count() }).from(politicalContributions);
    expect(after).toBe(before);
  });
});

describe('editing, reviewing and deleting', () => {
  it('updates rows with an Id, adds rows without, keeps rows left out, and deletes a row at once', async () => {
    const { headers } = await staffOf(firm.id);
    const a = json<Att>(
      await file(headers, { ...form(), personalSecurities: [security, { ...security, Account_Number__c: 'X-2' }] }),
    );
    const [first, second] = a.Personal_Securities__r.records;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/quarterly_attestations/${a.Id}/`,
      headers,
      payload: {
        ...a,
        Job_Title__c: 'Analyst',
        personalSecurities: [
          { ...first, Account_Number__c: 'X-1b' },
          { ...security, Account_Number__c: 'X-3' },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const edited = json<Att>(put);
    expect(edited.Job_Title__c).toBe('Analyst');
    expect(edited.Personal_Securities__r.records.map((r) => r.Account_Number__c)).toEqual(['X-1b', 'X-2', 'X-3']);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/personal_securities/${second.Id}/`, headers });
    expect(del.statusCode).toBe(204);
    const after = json<Att>(await t.app.inject({ url: `/api/quarterly_attestations/${a.Id}/`, headers }));
    expect(after.Personal_Securities__r.records.map((r) => r.Account_Number__c)).toEqual(['X-1b', 'X-3']);
    // The audit trail keeps what the removed row said.
    const [removal] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(second.Id)), eq(auditEvents.action, 'delete')));
    expect(removal.changes).toMatchObject({
      attestation: a.Id,
      removed: { Id: second.Id, Account_Number__c: 'X-2', Custodian__c: security.Custodian__c },
    });

    const colleague = await staffOf(firm.id);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/personal_securities/${first.Id}/`,
      headers: colleague.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps at most 100 rows in a list, counting the rows saved before, and writes nothing past that', async () => {
    const { headers } = await staffOf(firm.id);
    const rows = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({ ...security, Account_Number__c: `N-${from + i}` }));
    const a = json<Att>(await file(headers, { ...form(), personalSecurities: rows(99) }));
    expect(a.Personal_Securities__r.records).toHaveLength(99);
    const put = (personalSecurities: unknown[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/quarterly_attestations/${a.Id}/`,
        headers,
        payload: { ...a, Job_Title__c: 'Grown', personalSecurities },
      });
    // Two new rows on top of the 99 saved: refused on the list, and nothing of the save is kept.
    const over = await put(rows(2, 99));
    expect(over.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(over).fields).toEqual({
      personalSecurities: messages.attestations.listTooLong(100),
    });
    const kept = json<Att>(await t.app.inject({ url: `/api/quarterly_attestations/${a.Id}/`, headers }));
    expect([kept.Job_Title__c, kept.Personal_Securities__r.records.length]).toEqual([a.Job_Title__c, 99]);
    expect((await put(rows(1, 99))).statusCode).toBe(200);
    // One body of 101 rows is refused by its shape, before anything is read.
    expect(
      (await file((await staffOf(firm.id)).headers, { ...form(), personalSecurities: rows(101) })).statusCode,
    ).toBe(400);
  });

  it('lets only a CCO of the firm review, never their own, and locks a reviewed one for its owner', async () => {
    const staff = await staffOf(firm.id);
    const cco = await ccoOf(firm.id);
    const a = json<Att>(await file(staff.headers));
    const url = `/api/quarterly_attestations/${a.Id}/`;

    const selfReview = await t.app.inject({
      method: 'PUT',
      url,
      headers: staff.headers,
      payload: { ...a, Status__c: 'Reviewed' },
    });
    expect(selfReview.statusCode).toBe(403);
    const outsider = await ccoOf(otherFirm.id);
    expect((await t.app.inject({ url, headers: outsider.headers })).statusCode).toBe(404);

    const reviewed = await t.app.inject({
      method: 'PUT',
      url,
      headers: cco.headers,
      payload: { ...a, Status__c: 'Reviewed', Reviewed_Date__c: '2026-11-22' },
    });
    expect(reviewed.statusCode).toBe(200);
    expect(json(reviewed)).toMatchObject({
      Status__c: 'Reviewed',
      Reviewed_Date__c: '2026-11-22',
      Reviewed_By_Tk__c: cco.user.id,
      Reviewed_By__c: `${cco.user.firstName} ${cco.user.lastName}`,
    });
    const locked = await t.app.inject({
      method: 'PUT',
      url,
      headers: staff.headers,
      payload: { ...a, City__c: 'Boston' },
    });
    expect(locked.statusCode).toBe(403);
    expect(json(locked).detail).toMatch(/reviewed/);

    const ccoOwn = json<Att>(await file(cco.headers));
    const ownReview = await t.app.inject({
      method: 'PUT',
      url: `/api/quarterly_attestations/${ccoOwn.Id}/`,
      headers: cco.headers,
      payload: { ...ccoOwn, Status__c: 'Reviewed' },
    });
    expect(ownReview.statusCode).toBe(403);
    expect(json(ownReview).detail).toBe(
      'You cannot review your own attestation: another CCO or a super CCO reviews it.',
    );
    const superCco = await signedIn({
      profile: { firmId: otherFirm.id, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
    });
    const bySuper = await t.app.inject({
      method: 'PUT',
      url: `/api/quarterly_attestations/${ccoOwn.Id}/`,
      headers: superCco.headers,
      payload: { ...ccoOwn, Status__c: 'Reviewed', Reviewed_Date__c: '2026-11-22' },
    });
    expect(json(bySuper)).toMatchObject({ Status__c: 'Reviewed', Reviewed_Date__c: '2026-11-22' });
  });

  it('checks the review dates: none in the future or before submission, one exactly when Reviewed', async () => {
    const staff = await staffOf(firm.id);
    const cco = await ccoOf(firm.id);
    now = new Date('2026-10-05T15:00:00Z');
    const a = json<Att>(await file(staff.headers));
    now = new Date('2026-11-22T15:00:00Z');
    const url = `/api/quarterly_attestations/${a.Id}/`;
    const put = (review: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url, headers: cco.headers, payload: { ...a, ...review } });
    const fieldOf = async (review: Record<string, unknown>) => {
      const res = await put(review);
      return [res.statusCode, json(res).fields];
    };

    expect(await fieldOf({ Status__c: 'Reviewed', Reviewed_Date__c: '2026-11-23' })).toEqual([
      400,
      { Reviewed_Date__c: 'The reviewed date cannot be in the future.' },
    ]);
    expect(await fieldOf({ Status__c: 'Reviewed', Reviewed_Date__c: '2026-10-04' })).toEqual([
      400,
      { Reviewed_Date__c: 'The reviewed date cannot be before the date the attestation was submitted.' },
    ]);
    expect(await fieldOf({ Status__c: 'Reviewed', Reviewed_Date__c: null })).toEqual([
      400,
      { Reviewed_Date__c: 'Enter the reviewed date: a Reviewed attestation has one.' },
    ]);
    expect(await fieldOf({ Reviewed_Date__c: '2026-11-01' })).toEqual([
      400,
      { Reviewed_Date__c: 'Leave the reviewed date empty while the attestation is Submitted.' },
    ]);
    const ok = await put({ Status__c: 'Reviewed', Reviewed_Date__c: '2026-10-05' });
    expect(json(ok)).toMatchObject({ Status__c: 'Reviewed', Reviewed_Date__c: '2026-10-05' });
    const back = await put({ ...json<Att>(ok), Status__c: 'Submitted' });
    expect(json(back).fields).toEqual({
      Reviewed_Date__c: 'Leave the reviewed date empty while the attestation is Submitted.',
    });
    const undone = await put({ ...json<Att>(ok), Status__c: 'Submitted', Reviewed_Date__c: null });
    expect(json(undone)).toMatchObject({ Status__c: 'Submitted', Reviewed_Date__c: null, Reviewed_By__c: null });
  });

  it('flags a contribution over de minimis, and deletes softly for the examiner', async () => {
    const staff = await staffOf(firm.id);
    const cco = await ccoOf(firm.id);
    const a = json<Att>(await file(staff.headers, { ...form(), politicalContributions: [contribution(200)] }));
    expect(a.Over_De_Minimis__c).toBe(true);
    expect(a.Political_Contributions__r.records[0].Over_De_Minimis__c).toBe(true);

    const url = `/api/quarterly_attestations/${a.Id}/`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: staff.headers })).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url, headers: cco.headers });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url, headers: cco.headers })).statusCode).toBe(404);
    const list = json<ListBody>(
      await t.app.inject({ url: `/api/quarterly_attestations/?user=${staff.user.id}`, headers: cco.headers }),
    );
    expect(list.count).toBe(0);
    const [kept] = await t.deps.db.select().from(attestations).where(eq(attestations.id, a.Id));
    expect(kept.deletedAt).not.toBeNull();
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(a.Id)));
    expect(events.map((e) => e.action)).toContain('delete');
    // The period is free again: the person files anew.
    expect((await file(staff.headers)).statusCode).toBe(201);
  });
});

describe('the manager list', () => {
  it("shows a person only their own, a CCO their firm's, filtered, searched and sorted", async () => {
    const f = await createFirm(t.deps.db, { abbreviation: 'LST' });
    const cco = await ccoOf(f.id);
    const a = await staffOf(f.id, { firstName: 'Zed', lastName: 'Alpha' });
    const b = await staffOf(f.id, { firstName: 'Amy', lastName: 'Beta' });
    await file(a.headers);
    now = new Date('2027-02-10T15:00:00Z');
    await file(a.headers);
    await file(b.headers);
    now = new Date('2026-11-22T15:00:00Z');

    const own = json<ListBody>(await t.app.inject({ url: '/api/quarterly_attestations/', headers: a.headers }));
    expect(own.results.map((r) => r.Name)).toEqual(['Zed Alpha - LST FY2026 Q3', 'Zed Alpha - LST FY2026 Q2']);

    const q = `firm=${f.id}&fiscalYear=2026&fiscalQuarter=Q3&ordering=Name`;
    const period = json<ListBody>(
      await t.app.inject({ url: `/api/quarterly_attestations/?${q}`, headers: cco.headers }),
    );
    expect(period.results.map((r) => r.Name)).toEqual(['Amy Beta - LST FY2026 Q3', 'Zed Alpha - LST FY2026 Q3']);
    expect(Object.keys(period.results[0])).toContain('Status__c');

    const search = json<ListBody>(
      await t.app.inject({ url: `/api/quarterly_attestations/${f.id}/firm?search=zED%20a`, headers: cco.headers }),
    );
    expect(search.count).toBe(2);
    const byUser = json<ListBody>(
      await t.app.inject({ url: `/api/quarterly_attestations/${b.user.id}/user/`, headers: cco.headers }),
    );
    expect(byUser.count).toBe(1);
    const recent = json<Att>(
      await t.app.inject({ url: `/api/quarterly_attestations/${a.user.id}/most_recent/`, headers: a.headers }),
    );
    expect(recent.Name).toBe('Zed Alpha - LST FY2026 Q3');
    const none = await t.app.inject({
      url: `/api/quarterly_attestations/${cco.user.id}/most_recent/`,
      headers: cco.headers,
    });
    expect(none.statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/quarterly_attestations/?fiscalQuarter=5', headers: cco.headers });
    expect(bad.statusCode).toBe(400);
  });
});
