import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Attestation, attestationFields, ProfileType, unscoped } from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import { renderPdf } from '../../platform/pdf.js';
import { createAttestation, createFirm } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';
import { attestationBatches, childBatches } from './attestation-export.repository.js';
import { attestationPdf } from './attestation-pdf.js';
import { CHILD_LISTS } from './attestations.repository.js';

/** The portal's clock: 2026-11-22 in New York, when attestations cover FY2026 Q2. */
let now = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let firm: { id: number };
let otherFirm: { id: number };
type Headers = Record<string, string>;
type Signed = Awaited<ReturnType<typeof signedInAs>>;
let cco: Signed;
let superCco: Signed;
let otherCco: Signed;
type Att = { Id: number; Name: string } & Record<string, unknown>;
/** The attestations filed in the set-up: Ada's (FY2026 Q2, every list, reviewed), Bob's (Q2, no list), Cy's (Q3). */
const filed = {} as Record<'ada' | 'bob' | 'cy' | 'other', Att>;

const EXPORT = '/api/quarterly_attestations/export/';
const security = { Account_Owner__c: 'Ada Lovelace', Account_Number__c: 'X-1', Custodian__c: 'Schwab' };
const activity = { Name: 'Board seat', Approved_By__c: 'CCO', Approved_Date__c: '2026-07-15' };
const contribution = {
  Amount__c: '500.00',
  Candidate_Name__c: 'Jane Doe',
  Political_Race__c: 'Governor',
  Election_Date__c: '2026-11-03',
  Approved_By__c: 'CCO',
  Approved_Date__c: '2026-08-01',
};

async function fileAs(headers: Headers, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/quarterly_attestations/', headers, payload: body });
  expect(res.statusCode).toBe(201);
  return json<Att>(res);
}

const exportAs = (headers: Headers, query = '') => t.app.inject({ url: `${EXPORT}${query}`, headers });

/** The ZIP's files, each parsed as CSV into rows keyed by the header. */
function filesOf(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const entries = unzipSync(new Uint8Array(res.rawPayload));
  return Object.fromEntries(
    Object.entries(entries).map(([name, bytes]) => {
      const text = Buffer.from(bytes).toString('utf8');
      const header = parse(text, { bom: true, to_line: 1 })[0] as string[];
      return [name, { header, rows: parse(text, { bom: true, columns: true }) as Record<string, string>[] }];
    }),
  );
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  firm = await createFirm(t.deps.db, { name: 'Dover Wealth', abbreviation: 'DWA' });
  otherFirm = await createFirm(t.deps.db, { name: 'Other Wealth', abbreviation: 'OW' });
  cco = await signedInAs(t, { firstName: 'Grace', lastName: 'Reviewer', profile: { firmId: firm.id, isCco: true } });
  superCco = await signedInAs(t, { profile: { firmId: otherFirm.id, isCco: true, isSuperCco: true } });
  otherCco = await signedInAs(t, { profile: { firmId: otherFirm.id, isCco: true } });

  const ada = await signedInAs(t, { firstName: 'Ada', lastName: 'Lovelace', profile: { firmId: firm.id } });
  const bob = await signedInAs(t, { firstName: 'Bob', lastName: 'Builder', profile: { firmId: firm.id } });
  const cy = await signedInAs(t, { firstName: 'Cy', lastName: 'Young', profile: { firmId: firm.id } });
  const olga = await signedInAs(t, { firstName: 'Olga', lastName: 'Other', profile: { firmId: otherFirm.id } });
  filed.ada = await fileAs(ada.headers, {
    Employment_Date__c: '2019-04-01',
    Middle_Name__c: 'King',
    // A filer's text that a spreadsheet would run as a formula.
    City__c: '=HYPERLINK("http://evil.test","Click")',
    States_Registered__c: 'New York;New Jersey',
    CFP__c: true,
    personalSecurities: [security],
    outsideBusinessActivities: [activity],
    politicalContributions: [contribution],
  });
  const review = await t.app.inject({
    method: 'PUT',
    url: `/api/quarterly_attestations/${filed.ada.Id}/`,
    headers: cco.headers,
    payload: { ...filed.ada, Status__c: 'Reviewed', Reviewed_Date__c: '2026-11-22' },
  });
  expect(review.statusCode).toBe(200);
  filed.ada = json<Att>(review);
  filed.bob = await fileAs(bob.headers, { Employment_Date__c: '2020-01-01' });
  filed.other = await fileAs(olga.headers, { Employment_Date__c: '2020-01-01' });
  now = new Date('2027-02-10T15:00:00Z'); // attestations now cover FY2026 Q3
  try {
    filed.cy = await fileAs(cy.headers, { Employment_Date__c: '2020-01-01' });
  } finally {
    now = new Date('2026-11-22T15:00:00Z');
  }
});
afterAll(() => t.close());

describe("the CCO's CSV export", () => {
  it("answers one ZIP of the quarter's attestations and their lists, every field on its wire name", async () => {
    const res = await exportAs(cco.headers, `?firm=${firm.id}&fiscalYear=2026&fiscalQuarter=Q2`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="dwa-attestations-fy2026-q2.zip"; filename*=UTF-8''dwa-attestations-fy2026-q2.zip`,
    );
    const files = filesOf(res);
    expect(Object.keys(files)).toEqual([
      'dwa-attestations-fy2026-q2.csv',
      'dwa-personal-securities-fy2026-q2.csv',
      'dwa-outside-business-activities-fy2026-q2.csv',
      'dwa-political-contributions-fy2026-q2.csv',
    ]);

    const attestations = files['dwa-attestations-fy2026-q2.csv'];
    expect(attestations.header).toEqual(Object.keys(attestationFields));
    expect(attestations.rows.map((r) => r.Name)).toEqual([filed.ada.Name, filed.bob.Name]);
    const [ada] = attestations.rows;
    expect(ada).toMatchObject({
      Id: String(filed.ada.Id),
      Name: 'Ada Lovelace - DWA FY2026 Q2',
      First_Name__c: 'Ada',
      Middle_Name__c: 'King',
      Last_Name__c: 'Lovelace',
      Employment_Date__c: '2019-04-01',
      States_Registered__c: 'New York;New Jersey',
      CFP__c: 'true',
      CFA__c: 'false',
      Is_Access_Person__c: 'false',
      Work_Phone__c: '',
      Firm_Tk__c: String(firm.id),
      Firm_Name__c: 'Dover Wealth',
      Status__c: 'Reviewed',
      Submitted_Date__c: '2026-11-22',
      Reviewed_Date__c: '2026-11-22',
      Reviewed_By__c: 'Grace Reviewer',
      Reviewed_By_Tk__c: String(cco.user.id),
      Fiscal_Year__c: '2026',
      Fiscal_Quarter__c: '2',
      Over_De_Minimis__c: 'true',
    });
    // Every column holds what the API answers for the record (booleans and numbers as text).
    for (const [wire, value] of Object.entries(ada)) {
      const api = filed.ada[wire];
      if (wire !== 'City__c') expect(value, wire).toBe(api === null || api === undefined ? '' : String(api));
    }

    const securities = files['dwa-personal-securities-fy2026-q2.csv'];
    expect(securities.header).toEqual([
      'Id',
      'Quarterly_Attestation__c',
      'Quarterly_Attestation_Name',
      'Account_Owner__c',
      'Account_Number__c',
      'Account_Type__c',
      'Custodian__c',
    ]);
    expect(securities.rows).toEqual([
      expect.objectContaining({
        ...security,
        Quarterly_Attestation__c: String(filed.ada.Id),
        Quarterly_Attestation_Name: filed.ada.Name,
      }),
    ]);
    expect(files['dwa-outside-business-activities-fy2026-q2.csv'].rows).toEqual([
      expect.objectContaining({ ...activity, Quarterly_Attestation_Name: filed.ada.Name }),
    ]);
    expect(files['dwa-political-contributions-fy2026-q2.csv'].rows).toEqual([
      expect.objectContaining({
        Amount__c: '500',
        Candidate_Name__c: 'Jane Doe',
        May_Vote_For_Candidate__c: 'false',
        Over_De_Minimis__c: 'true',
        Quarterly_Attestation__c: String(filed.ada.Id),
        Quarterly_Attestation_Name: filed.ada.Name,
      }),
    ]);
  });

  it('neutralises a cell a spreadsheet would run as a formula', async () => {
    const files = filesOf(await exportAs(cco.headers, '?fiscalYear=2026&fiscalQuarter=2'));
    const ada = files['dwa-attestations-fy2026-q2.csv'].rows.find((r) => r.Id === String(filed.ada.Id));
    expect(ada?.City__c).toBe(`'=HYPERLINK("http://evil.test","Click")`);
  });

  it('names the files after the filters set, and writes a list only when it has rows', async () => {
    const names = async (query: string) => Object.keys(filesOf(await exportAs(cco.headers, query)));
    // A CCO's export is their firm's, named after it, with or without `firm`.
    expect(await names('?fiscalYear=2026')).toEqual([
      'dwa-attestations-fy2026.csv',
      'dwa-personal-securities-fy2026.csv',
      'dwa-outside-business-activities-fy2026.csv',
      'dwa-political-contributions-fy2026.csv',
    ]);
    expect(await names('?fiscalQuarter=3')).toEqual(['dwa-attestations-q3.csv']);
    expect(await names(`?firm=${firm.id}`)).toContain('dwa-attestations.csv');
    expect(await names('?fiscalYear=2026&fiscalQuarter=3')).toEqual(['dwa-attestations-fy2026-q3.csv']);
  });

  it("gives a super CCO any firm's, or every firm's under 'all-firms'", async () => {
    const all = filesOf(await exportAs(superCco.headers, '?fiscalYear=2026&fiscalQuarter=2'));
    expect(Object.keys(all)[0]).toBe('all-firms-attestations-fy2026-q2.csv');
    expect(all['all-firms-attestations-fy2026-q2.csv'].rows.map((r) => r.Name)).toEqual([
      filed.ada.Name,
      filed.bob.Name,
      filed.other.Name,
    ]);
    const dover = filesOf(await exportAs(superCco.headers, `?firm=${firm.id}&fiscalYear=2026&fiscalQuarter=2`));
    expect(dover['dwa-attestations-fy2026-q2.csv'].rows).toHaveLength(2);
  });

  it("gives a CCO nothing of another firm's: the same 404 as an empty period", async () => {
    const res = await exportAs(otherCco.headers, `?firm=${firm.id}`);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ detail: 'No data to export to CSV file' });
    // Their own export holds their firm's attestation and none of Dover's.
    const own = filesOf(await exportAs(otherCco.headers));
    expect(own['ow-attestations.csv'].rows.map((r) => r.Name)).toEqual([filed.other.Name]);
  });

  it("says 'No data to export to CSV file' when nothing matches, and leaves out deleted attestations", async () => {
    const empty = await exportAs(cco.headers, '?fiscalYear=2020&fiscalQuarter=1');
    expect(empty.statusCode).toBe(404);
    expect(json(empty)).toEqual({ detail: 'No data to export to CSV file' });

    const staff = await signedInAs(t, { firstName: 'Del', lastName: 'Eted', profile: { firmId: firm.id } });
    const { attestation } = await createAttestation(t.deps.db, {
      ownerId: staff.user.id,
      firmId: firm.id,
      fiscalYear: 2019,
      fiscalQuarter: 4,
    });
    expect((await exportAs(cco.headers, '?fiscalYear=2019')).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/quarterly_attestations/${attestation.id}/`,
      headers: cco.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(json(await exportAs(cco.headers, '?fiscalYear=2019'))).toEqual({ detail: 'No data to export to CSV file' });
  });

  it('is for CCOs only, clients included in the refusal, and says what a bad filter is', async () => {
    const staff = await signedInAs(t, { profile: { firmId: firm.id } });
    const client = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Client } });
    expect((await exportAs(staff.headers)).statusCode).toBe(403);
    expect((await exportAs(client.headers)).statusCode).toBe(403);
    const bad = await exportAs(cco.headers, '?fiscalQuarter=Q5');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: object }>(bad).fields)).toEqual(['fiscalQuarter']);
  });

  it('records who exported which firm and period in the audit trail', async () => {
    const res = await exportAs(cco.headers, `?firm=${firm.id}&fiscalYear=2026&fiscalQuarter=2`);
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.requestId, String(res.headers['x-request-id'])), eq(auditEvents.action, 'export')));
    expect(event).toMatchObject({
      actorId: cco.user.id,
      entity: 'attestation',
      firmId: firm.id,
      changes: { firm: firm.id, fiscalYear: 2026, fiscalQuarter: 2 },
    });
  });

  it('reads in keyset batches that neither skip nor repeat a row', async () => {
    const scope = unscoped('test: the batches of every firm');
    const ids: number[] = [];
    for await (const batch of attestationBatches(t.deps.db, scope, { firm: firm.id }, 2))
      ids.push(...batch.map((r) => r.Id as number));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([filed.ada.Id, filed.bob.Id, filed.cy.Id]));

    // Two more attestations with a row in each list: the batches of one row go across attestations.
    const staff = await signedInAs(t, { profile: { firmId: firm.id } });
    const made = [
      await createAttestation(t.deps.db, { ownerId: staff.user.id, firmId: firm.id, fiscalYear: 2018 }),
      await createAttestation(t.deps.db, {
        ownerId: staff.user.id,
        firmId: firm.id,
        fiscalYear: 2018,
        fiscalQuarter: 2,
      }),
    ];
    const rows: { Id: unknown; Quarterly_Attestation_Name: unknown }[] = [];
    for await (const batch of childBatches(t.deps.db, scope, CHILD_LISTS[0], { fiscalYear: 2018 }, 1))
      rows.push(...(batch as typeof rows));
    expect(rows).toEqual(
      made.map((m) => expect.objectContaining({ Id: m.security.id, Quarterly_Attestation_Name: m.attestation.name })),
    );
  });
});

describe('the attestation as a PDF', () => {
  const pdfText = (bytes: Buffer) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'attestation-pdf-'));
    try {
      const file = path.join(dir, 'a.pdf');
      writeFileSync(file, bytes);
      return {
        text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
        info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
        // Where each word ends on its page, in points from the left edge.
        rightEdges: [
          ...execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }).matchAll(/xMax="([\d.]+)"/g),
        ].map((m) => Number(m[1])),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('is text on A4 portrait: the name, every section, the rows, the review', async () => {
    const res = await t.app.inject({ url: `/api/quarterly_attestations/${filed.ada.Id}/pdf/`, headers: cco.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Ada Lovelace - DWA FY2026 Q2.pdf"; filename*=UTF-8''Ada%20Lovelace%20-%20DWA%20FY2026%20Q2.pdf`,
    );
    const { text, info, rightEdges } = pdfText(res.rawPayload);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    // Nothing runs into the right margin (40 pt of 595), the eight columns of the contributions included.
    expect(Math.max(...rightEdges)).toBeLessThanOrEqual(555.5);
    expect(info).toContain('Title:           Ada Lovelace - DWA FY2026 Q2');
    const words = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Ada Lovelace - DWA FY2026 Q2',
      'Status Reviewed',
      'Submitted date 11/22/2026',
      'Reviewed by Grace Reviewer',
      'Reviewed date 11/22/2026',
      'Personal information',
      'Middle name King',
      'Employment date 04/01/2019',
      'New York, New Jersey',
      'Licences and certifications',
      'CFP Yes',
      'Social media used for business',
      'Declarations',
      'Are you an access person under the code of ethics? No',
      'Personal Securities',
      'Ada Lovelace Schwab X-1',
      'Outside Business Activities',
      'Board seat CCO 07/15/2026',
      'Political Contributions',
      '$500.00 Jane Doe Governor 11/03/2026',
    ])
      expect(words).toContain(expected);
  });

  it('wraps a long unbroken value rather than pushing the other columns off the page', async () => {
    const ada = filed.ada as unknown as Attestation;
    const [security] = ada.Personal_Securities__r.records;
    const long = (c: string) => c.repeat(120);
    const bytes = await renderPdf(
      attestationPdf({
        ...ada,
        City__c: long('~'),
        Personal_Securities__r: { records: [{ ...security, Account_Owner__c: long('^') }, security] },
      }),
    );
    const { text } = pdfText(bytes);
    const words = text.replace(/\s+/g, ' ');
    for (const label of ['Middle name King', 'Job title', 'Work email', 'Zip code', 'Broker dealer'])
      expect(words).toContain(label);
    // Every column of both rows, and each long value whole, over as many lines as it takes.
    expect(words.match(/Schwab/g)).toHaveLength(2);
    expect(words.match(/X-1/g)).toHaveLength(2);
    expect(text.match(/\^/g)).toHaveLength(120);
    expect(text.match(/~/g)).toHaveLength(120);
  });

  it('prints a name as written in Polish, Vietnamese, Greek or Cyrillic; a script the font lacks as ?', async () => {
    const ada = filed.ada as unknown as Attestation;
    const bytes = await renderPdf(
      attestationPdf({
        ...ada,
        Middle_Name__c: 'Łucja Nguyễn Ελένη Ольга',
        Job_Title__c: '分析师',
      }),
    );
    const words = pdfText(bytes).text.replace(/\s+/g, ' ');
    expect(words).toContain('Middle name Łucja Nguyễn Ελένη Ольга');
    expect(words).toContain('Job title ???');
  });

  it('says a list is empty rather than leaving it out', async () => {
    const res = await t.app.inject({ url: `/api/quarterly_attestations/${filed.bob.Id}/pdf/`, headers: cco.headers });
    const words = pdfText(res.rawPayload).text.replace(/\s+/g, ' ');
    expect(words).toContain('Personal Securities None reported.');
    expect(words).toContain('Political Contributions None reported.');
  });

  it("follows the attestation's read rules: its filer and their firm's CCOs, never another firm", async () => {
    const url = `/api/quarterly_attestations/${filed.ada.Id}/pdf/`;
    expect((await t.app.inject({ url, headers: otherCco.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: superCco.headers })).statusCode).toBe(200);
    const colleague = await signedInAs(t, { profile: { firmId: firm.id } });
    expect((await t.app.inject({ url, headers: colleague.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/quarterly_attestations/999999/pdf/', headers: cco.headers })).statusCode,
    ).toBe(404);
  });
});
