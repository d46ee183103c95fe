import { ProfileType } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supervisedPersons } from '../../db/schema/index.js';
import { createFirm, createUser } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let otherFirm: { id: number };

type Headers = Record<string, string>;
const signedIn = (profile: Parameters<typeof signedInAs>[1]) => signedInAs(t, profile);
const staffOf = (firmId: number) => signedIn({ profile: { firmId, profileType: ProfileType.StandardUser } });
const ccoOf = (firmId: number) => signedIn({ profile: { firmId, profileType: ProfileType.StandardUser, isCco: true } });
const attestationForm = { First_Name__c: 'Ada', Last_Name__c: 'Lovelace', Employment_Date__c: '2019-04-01' };
const file = (headers: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/quarterly_attestations/', headers, payload: attestationForm });

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date('2026-11-22T15:00:00Z') });
  otherFirm = await createFirm(t.deps.db);
});
afterAll(() => t.close());

describe('the roster of supervised persons', () => {
  it('refuses a CCO their own entry, on the email field', async () => {
    const f = await createFirm(t.deps.db);
    const superCco = await signedIn({
      profile: { firmId: f.id, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
    });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/supervised_persons/',
      headers: superCco.headers,
      payload: { email: superCco.user.email },
    });
    expect(own.statusCode).toBe(403);
    expect(json<{ fields: Record<string, string> }>(own).fields.email).toMatch(/another CCO|own/i);
  });

  it("answers a filer's own entry, and null for a staff member not on the roster; clients have none", async () => {
    const f = await createFirm(t.deps.db);
    const newcomer = await staffOf(f.id);
    const res = await t.app.inject({ url: '/api/supervised_persons/me/', headers: newcomer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
    const client = await signedIn({ profile: { firmId: f.id, profileType: ProfileType.Client } });
    expect((await t.app.inject({ url: '/api/supervised_persons/me/', headers: client.headers })).statusCode).toBe(403);
  });

  it('is kept by the CCOs: added by email with flags, reports the period, edited, removed with history', async () => {
    const f = await createFirm(t.deps.db);
    const superCco = await signedIn({
      profile: { firmId: f.id, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
    });
    const person = await staffOf(f.id);
    const client = await createUser(t.deps.db, { profile: { firmId: f.id, profileType: ProfileType.Client } });
    const h = superCco.headers;
    const flags = {
      has_to_submit_personal_securities: true,
      has_to_submit_outside_business_activities: true,
      has_to_submit_political_contributions: true,
    };

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/supervised_persons/',
      headers: h,
      payload: { email: person.user.email.toUpperCase(), ...flags },
    });
    expect(added.statusCode).toBe(201);
    const entry = json<{ id: number }>(added);
    expect(entry).toMatchObject({
      user_id: person.user.id,
      firm_id: f.id,
      has_attested: false,
      attested_date: null,
      ...flags,
    });

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/supervised_persons/',
      headers: h,
      payload: { email: person.user.email },
    });
    expect(dup.statusCode).toBe(409);
    const ofClient = await t.app.inject({
      method: 'POST',
      url: '/api/supervised_persons/',
      headers: h,
      payload: { email: client.email },
    });
    expect(json(ofClient).fields).toEqual({
      email: 'This address belongs to a client: only staff members are supervised persons.',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/supervised_persons/',
      headers: h,
      payload: { email: 'nobody@example.test' },
    });
    expect(unknown.statusCode).toBe(400);
    // A super CCO keeps every firm's roster: no "of your firm" for them.
    expect(json(unknown).fields).toEqual({ email: 'No staff member has this email address.' });
    const firmCco = await ccoOf(f.id);
    const unknownToCco = await t.app.inject({
      method: 'POST',
      url: '/api/supervised_persons/',
      headers: firmCco.headers,
      payload: { email: 'nobody@example.test' },
    });
    expect(json(unknownToCco).fields).toEqual({ email: 'No staff member of your firm has this email address.' });

    // The roster's page, before and after the filing (a page kept in memory is read again).
    const attestedOnRoster = async () =>
      json<{ results: { id: number; has_attested: boolean }[] }>(
        await t.app.inject({ url: `/api/supervised_persons/?firm=${f.id}`, headers: h }),
      ).results.find((r) => r.id === entry.id)?.has_attested;
    expect(await attestedOnRoster()).toBe(false);
    await file(person.headers);
    expect(await attestedOnRoster()).toBe(true);
    const own = json<Record<string, unknown>>(
      await t.app.inject({
        url: `/api/supervised_persons/${person.user.id}/get_supervised_person_by_user_id/`,
        headers: person.headers,
      }),
    );
    expect(own).toMatchObject({ has_attested: true, attested_date: expect.stringMatching(/^\d{4}-/) });
    const mine = await t.app.inject({ url: '/api/supervised_persons/me/', headers: person.headers });
    expect(json(mine)).toEqual(own);
    const earlier = json<Record<string, unknown>>(
      await t.app.inject({ url: `/api/supervised_persons/${entry.id}/?fiscalYear=2026&fiscalQuarter=1`, headers: h }),
    );
    expect(earlier.has_attested).toBe(false);
    expect((await t.app.inject({ url: '/api/supervised_persons/', headers: person.headers })).statusCode).toBe(403);
    const outsider = await ccoOf(otherFirm.id);
    expect(
      (await t.app.inject({ url: `/api/supervised_persons/${entry.id}/`, headers: outsider.headers })).statusCode,
    ).toBe(404);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/supervised_persons/${entry.id}/`,
      headers: h,
      payload: { ...own, has_to_submit_political_contributions: false },
    });
    expect(json(put)).toMatchObject({
      has_to_submit_political_contributions: false,
      has_to_submit_personal_securities: true,
    });

    const found = json<{ count: number }>(
      await t.app.inject({ url: `/api/supervised_persons/${f.id}/firm/?search=${person.user.lastName}`, headers: h }),
    );
    expect(found.count).toBe(1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/supervised_persons/${entry.id}/`, headers: h })).statusCode,
    ).toBe(204);
    const gone = json<{ count: number }>(
      await t.app.inject({ url: `/api/supervised_persons/?firm=${f.id}`, headers: h }),
    );
    expect(gone.count).toBe(0);
    const [history] = await t.deps.db.select().from(supervisedPersons).where(eq(supervisedPersons.id, entry.id));
    expect(history.removedAt).not.toBeNull();
    // Back on the roster later: a new entry, the old one stays as history.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/supervised_persons/',
      headers: h,
      payload: { email: person.user.email },
    });
    expect(again.statusCode).toBe(201);
  });
});
