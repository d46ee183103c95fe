import { ProfileType, type SubmissionStatusPage, submissionStatus, submissionStatusPage } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToRoster, createAttestation, createFirm, createUser } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let now = new Date('2026-10-16T15:00:00Z');

const headersOf = async (profile: Parameters<typeof signedInAs>[1]) => (await signedInAs(t, profile)).headers;

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
});
afterAll(() => t.close());

describe('the attestation submission status', () => {
  it('tells each person on the roster Reviewed, Submitted, Pending or Delinquent, by the firm’s grace days', async () => {
    const strict = await createFirm(t.deps.db, { name: 'Aardvark Advisers' });
    const lenient = await createFirm(t.deps.db, { name: 'Zebra Wealth', attestationGraceDays: 30 });
    const superCco = await headersOf({
      profile: { firmId: strict.id, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
    });
    const ccoOfLenient = await headersOf({
      profile: { firmId: lenient.id, profileType: ProfileType.StandardUser, isCco: true },
    });
    const person = async (firmId: number, lastName: string) => {
      const u = await createUser(t.deps.db, { lastName, profile: { firmId, profileType: ProfileType.StandardUser } });
      await addToRoster(t.deps.db, u.id);
      return u;
    };
    const reviewed = await person(strict.id, 'Able');
    const submitted = await person(strict.id, 'Baker');
    await person(strict.id, 'Carter');
    await person(lenient.id, 'Dunn');
    // FY2026 Q2 (Jul-Sep) is filed from October 1.
    const q2 = { fiscalYear: 2026, fiscalQuarter: 2 } as const;
    await createAttestation(t.deps.db, { ownerId: reviewed.id, firmId: strict.id, ...q2, status: 'Reviewed' });
    await createAttestation(t.deps.db, {
      ownerId: submitted.id,
      firmId: strict.id,
      ...q2,
      submittedDate: '2026-10-05',
    });

    const statusOn = async (day: string, query = '', headers = superCco) => {
      now = new Date(`${day}T15:00:00Z`);
      const res = await t.app.inject({ url: `/api/attestation_submission_status/?${query}`, headers });
      expect(res.statusCode).toBe(200);
      // Only the documented fields go out (the rows' count bookkeeping stays on the server).
      for (const row of json<{ results: object[] }>(res).results) expect(row).not.toHaveProperty('versions');
      return submissionStatusPage.parse(json(res)) as SubmissionStatusPage;
    };
    const byName = (page: SubmissionStatusPage) => Object.fromEntries(page.results.map((r) => [r.last_name, r.status]));

    // Day 15 after the quarter opens: everyone who has not filed may still file.
    const day15 = await statusOn('2026-10-16', 'fiscalYear=2026&fiscalQuarter=2');
    expect(byName(day15)).toMatchObject({ Able: 'Reviewed', Baker: 'Submitted', Carter: 'Pending', Dunn: 'Pending' });
    // Day 16: late at the strict firm, not at the one that allows 30 days.
    const day16 = await statusOn('2026-10-17');
    expect(day16).toMatchObject({ fiscalYear: 2026, fiscalQuarter: 2 });
    expect(byName(day16)).toMatchObject({ Carter: 'Delinquent', Dunn: 'Pending' });
    // The most urgent first, and the same answer as the domain's rule for each.
    expect(
      day16.results.filter((r) => ['Able', 'Baker', 'Carter'].includes(r.last_name ?? '')).map((r) => r.last_name),
    ).toEqual(['Carter', 'Baker', 'Able']);
    for (const row of day16.results) {
      const filed = row.status === 'Reviewed' || row.status === 'Submitted' ? { status: row.status } : null;
      const grace = row.firm_id === lenient.id ? 30 : 15;
      expect(submissionStatus(filed, q2, '2026-10-17', grace)).toBe(row.status);
    }
    expect(day16.results.find((r) => r.last_name === 'Baker')).toMatchObject({ submitted_date: '2026-10-05' });

    // Each firm's summary, over its whole roster.
    const strictSummary = day16.summary.find((s) => s.firm_id === strict.id);
    expect(strictSummary).toMatchObject({
      firm_name: 'Aardvark Advisers',
      total: 3,
      reviewed: 1,
      submitted: 1,
      pending: 0,
      delinquent: 1,
      percent_complete: 66,
      due_date: '2026-10-16',
    });
    expect(day16.summary.find((s) => s.firm_id === lenient.id)).toMatchObject({ pending: 1, due_date: '2026-10-31' });

    // Filters: by status, by name, by firm (a path of its own too).
    const late = await statusOn('2026-10-17', `status=Delinquent&firm=${strict.id}`);
    expect([late.count, late.results.map((r) => r.last_name)]).toEqual([1, ['Carter']]);
    // The manager's Attested tab: both filed statuses in one paged list.
    const attested = await statusOn('2026-10-17', `status=Submitted,Reviewed&firm=${strict.id}`);
    expect([attested.count, attested.results.map((r) => r.last_name)]).toEqual([2, ['Baker', 'Able']]);
    expect((await statusOn('2026-10-17', 'search=bak')).results.map((r) => r.last_name)).toEqual(['Baker']);
    now = new Date('2026-11-01T15:00:00Z');
    const lenientFirm = submissionStatusPage.parse(
      json(await t.app.inject({ url: `/api/attestation_submission_status/${lenient.id}/firm/`, headers: superCco })),
    );
    expect(byName(lenientFirm)).toEqual({ Dunn: 'Delinquent' });

    // A firm's CCO sees their firm alone; staff are refused.
    const own = await statusOn('2026-10-17', 'fiscalQuarter=Q2&fiscalYear=2026', ccoOfLenient);
    expect(own.summary.map((s) => s.firm_id)).toEqual([lenient.id]);
    expect(own.results.map((r) => r.last_name)).toEqual(['Dunn']);
    // Another firm's standing is not found, by filter or by path, as its export is; so is no firm.
    for (const url of [
      `/api/attestation_submission_status/?firm=${strict.id}`,
      `/api/attestation_submission_status/${strict.id}/firm/`,
      '/api/attestation_submission_status/?firm=999999',
    ])
      expect((await t.app.inject({ url, headers: ccoOfLenient })).statusCode, url).toBe(404);
    const staff = await headersOf({ profile: { firmId: strict.id, profileType: ProfileType.StandardUser } });
    expect((await t.app.inject({ url: '/api/attestation_submission_status/', headers: staff })).statusCode).toBe(403);
    const bad = await t.app.inject({ url: '/api/attestation_submission_status/?status=Late', headers: superCco });
    expect(bad.statusCode).toBe(400);
    // A period filed in the year 10000 has no due date anyone can keep: refused, not computed.
    const farOff = await t.app.inject({
      url: '/api/attestation_submission_status/?fiscalYear=9999&fiscalQuarter=4',
      headers: superCco,
    });
    expect([farOff.statusCode, json<{ fields: object }>(farOff).fields]).toEqual([
      400,
      { fiscalYear: expect.any(String) },
    ]);
    expect(json<{ fields: Record<string, string> }>(bad).fields).toHaveProperty('status');
    const partlyBad = await t.app.inject({
      url: '/api/attestation_submission_status/?status=Pending,Late',
      headers: superCco,
    });
    expect(partlyBad.statusCode).toBe(400);
  });

  it('follows a filing at once, summary included, and tells when each filed', async () => {
    const firm = await createFirm(t.deps.db, { name: 'Follow-up Partners' });
    const cco = await headersOf({ profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true } });
    const late = await createUser(t.deps.db, {
      lastName: 'Late',
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
    });
    await addToRoster(t.deps.db, late.id);
    const read = async () => {
      now = new Date('2026-10-20T15:00:00Z');
      const res = await t.app.inject({ url: '/api/attestation_submission_status/', headers: cco });
      return submissionStatusPage.parse(json(res));
    };
    const before = await read();
    expect(before.summary[0]).toMatchObject({ delinquent: 1, submitted: 0, percent_complete: 0 });
    expect(before.results[0]).toMatchObject({ status: 'Delinquent', attested_at: null, last_reminded_at: null });

    await createAttestation(t.deps.db, { ownerId: late.id, firmId: firm.id, fiscalYear: 2026, fiscalQuarter: 2 });
    const after = await read();
    expect(after.summary[0]).toMatchObject({ delinquent: 0, submitted: 1, percent_complete: 100 });
    expect(after.results[0].status).toBe('Submitted');
    expect(after.results[0].attested_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // Pages follow the kept order, and a newcomer to the roster is in it at once (most urgent first).
    const newcomer = await createUser(t.deps.db, {
      lastName: 'Newcomer',
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
    });
    await addToRoster(t.deps.db, newcomer.id);
    const pageOf = async (n: number) =>
      submissionStatusPage.parse(
        json(await t.app.inject({ url: `/api/attestation_submission_status/?page_size=1&page=${n}`, headers: cco })),
      );
    const [first, second] = [await pageOf(1), await pageOf(2)];
    expect([first.count, first.results.map((r) => r.last_name), second.results.map((r) => r.last_name)]).toEqual([
      2,
      ['Newcomer'],
      ['Late'],
    ]);
  });
});
