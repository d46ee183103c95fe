import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ProfileType } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { auditEvents, clientAgreements } from '../../db/schema/index.js';
import { useAuditChain } from '../../platform/audit-chain.js';
import type { AppDeps } from '../../platform/context.js';
import { keyIdOf, piiKeyring } from '../../platform/pii.js';
import { createFirm, createUser, TEST_PASSWORD } from '../../testing/factories.js';
import { jointAgreementBody } from '../../testing/onboarding-fixtures.js';
import { json, testConfig } from '../../testing/test-app.js';
import { rotatePiiKey, unconfiguredPiiKeys } from './onboarding.service.js';

/**
 * Client PII never in clear at rest or in the log: an app on a PGlite data directory on disk, its log
 * lines captured, a joint agreement filed, updated, listed and revealed; then the directory's files,
 * the log, the list and the audit rows are searched for every clear value.
 */
const KEY_A = 'pii-key-A-0123456789abcdefghijklmnopqrstuvwxyz';
const KEY_B = 'pii-key-B-0123456789abcdefghijklmnopqrstuvwxyz';
const CLEAR = [
  '321549876',
  '321-54-9876',
  '456781234',
  '1961-07-14',
  '1963-02-03',
  'D400-1234-5555',
  'J900-8888-7777',
  '987654321',
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-pii-'));
const logLines: string[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let deps: AppDeps;
let advisor: Record<string, string>;
let clientId: number;
let firmAdmin: Record<string, string>;
let firmId: number;
let agreementId: number;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

beforeAll(async () => {
  database = await openDatabase({ dataDir });
  await migrate(database.db);
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const built = await buildApp(testConfig({ logLevel: 'info', piiKey: KEY_A }), database, sink);
  app = built.app;
  deps = built.deps;
  await app.ready();
  const firm = await createFirm(deps.db);
  firmId = firm.id;
  const bearer = async (email: string) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email, password: TEST_PASSWORD },
    });
    return { authorization: `Bearer ${json<{ token: string }>(login).token}` };
  };
  const adv = await createUser(deps.db, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
  advisor = await bearer(adv.email);
  firmAdmin = await bearer(
    (await createUser(deps.db, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } })).email,
  );
  clientId = (
    await createUser(deps.db, { advisorId: adv.id, profile: { firmId: firm.id, profileType: ProfileType.Client } })
  ).id;
});

afterAll(async () => {
  await app.close();
  await deps.background.drain();
  await deps.jobs.stop();
  await deps.mailer.stop();
  // Closed by the tests already, unless one failed half-way.
  await database.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe('client PII at rest and in the log', () => {
  it('is never in clear in the data files, the log, the list or the audit rows', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/client_agreements/',
      headers: advisor,
      payload: {
        // The joint SSN with spaces: the digits alone are what must never be stored in clear.
        ...jointAgreementBody({ JtCltSSN__c: '456 78 1234', CompanyOrTrustTaxID__c: '98-7654321' }),
        ESWA_Portal_User_ID__c: clientId,
      },
    });
    expect(created.statusCode).toBe(201);
    const body = json(created);
    agreementId = body.Id as number;
    // A refused body, whose values a careless error log would print.
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/client_agreements/${agreementId}/`,
      headers: advisor,
      payload: { ...body, ClientSSN__c: '321-54-987X', JtCltDoB__c: '1963-02-03' },
    });
    expect(refused.statusCode).toBe(400);
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/client_agreements/${agreementId}/`,
      headers: advisor,
      payload: { ...body, ClientHomeAddressCity__c: 'Peoria', JtCltDoB__c: '1963-02-03' },
    });
    expect(updated.statusCode).toBe(200);
    const list = await app.inject({ url: `/api/client_agreements/?portalUserId=${clientId}`, headers: advisor });
    const revealed = await app.inject({ url: `/api/client_agreements/${agreementId}/?reveal=true`, headers: advisor });
    expect(json(revealed)).toMatchObject({
      ClientSSN__c: '321549876',
      JtCltSSN__c: '456781234',
      CompanyOrTrustTaxID__c: '987654321',
    });

    // The exports of client data: the disclosure deliveries report and its CSV.
    const report = await app.inject({ url: `/api/disclosure_deliveries/?firm=${firmId}`, headers: firmAdmin });
    const csv = await app.inject({ url: `/api/disclosure_deliveries/export/?firm=${firmId}`, headers: firmAdmin });
    expect([report.statusCode, csv.statusCode]).toEqual([200, 200]);
    expect(csv.body.trim().split('\n').length, 'the client is a row of the export').toBeGreaterThan(1);

    const audit = JSON.stringify(await deps.db.select().from(auditEvents));
    const [row] = await deps.db.select().from(clientAgreements).where(eq(clientAgreements.id, agreementId));
    for (const value of CLEAR) {
      expect(list.body, `list: ${value}`).not.toContain(value);
      expect(report.body, `report: ${value}`).not.toContain(value);
      expect(csv.body, `export: ${value}`).not.toContain(value);
      expect(audit, `audit: ${value}`).not.toContain(value);
      expect(JSON.stringify(row), `row: ${value}`).not.toContain(value);
    }
    expect(row.clientSsn?.split('.').slice(0, 2)).toEqual(['v1', keyIdOf(KEY_A)]);

    // The files, once the database is closed (everything it keeps is then on disk).
    await app.close();
    await database.close();
    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(10);
    const log = logLines.join('');
    expect(log).toContain('/api/client_agreements/');
    for (const value of CLEAR) {
      expect(log, `log: ${value}`).not.toContain(value);
      for (const file of files) expect(readFileSync(file).includes(value), `${file}: ${value}`).toBe(false);
    }
    // A control: the same search finds a value stored in clear (the city), so it would find an SSN.
    expect(files.some((file) => readFileSync(file).includes('Peoria'))).toBe(true);
  });

  it('rotate-pii-key re-encrypts every value under the new key, the old key then no longer needed', async () => {
    database = await openDatabase({ dataDir });
    const db = database.db;
    // As the command does: the audit chain's key, the app's own (the rotation's events join its chain).
    useAuditChain(db, testConfig().secretKey);
    const ids = [agreementId];
    // Two more agreements (copies of the first, with an SSN of their own): batches of two make two batches.
    for (const ssn of ['111223333', '444556666']) {
      const ring = piiKeyring(KEY_A);
      const [row] = await db.select().from(clientAgreements).where(eq(clientAgreements.id, agreementId));
      const userId = (await createUser(db, { profile: { firmId: row.firmId, profileType: ProfileType.Client } })).id;
      const { id: _id, ...copy } = row;
      const [made] = await db
        .insert(clientAgreements)
        .values({ ...copy, portalUserId: userId, clientSsn: ring.encrypt(ssn, 'client_agreements.clientSsn') })
        .returning();
      ids.push(made.id);
    }
    // Before the rotation the new key alone cannot read what is stored: the server would refuse to start.
    expect(await unconfiguredPiiKeys(db, piiKeyring(KEY_B))).toEqual([keyIdOf(KEY_A)]);
    expect(await unconfiguredPiiKeys(db, piiKeyring(KEY_B, [KEY_A]))).toEqual([]);
    const lines: string[] = [];
    const rotated = await rotatePiiKey(db, piiKeyring(KEY_B, [KEY_A]), { batchSize: 2, log: (l) => lines.push(l) });
    // Every stored value: the copies carry the first agreement's values (its joint client, its tax id) too.
    const stored = await db.select().from(clientAgreements);
    const piiOf = (r: (typeof stored)[number]) =>
      [
        r.clientSsn,
        r.clientDob,
        r.clientDriversLicense,
        r.clientCompanyOrTrustTaxId,
        r.jointSsn,
        r.jointDob,
        r.jointDriversLicense,
        r.jointCompanyOrTrustTaxId,
      ].filter((v): v is string => v !== null);
    const total = stored.flatMap(piiOf).length;
    expect(rotated).toEqual({ keyId: keyIdOf(KEY_B), agreements: 3, values: total, batches: 2 });
    expect(lines).toHaveLength(2);
    expect(stored.flatMap(piiOf).every((v) => v.split('.')[1] === keyIdOf(KEY_B))).toBe(true);

    // Readable with the new key alone; the former key alone no longer reads it.
    const onlyB = piiKeyring(KEY_B);
    expect(await unconfiguredPiiKeys(db, onlyB)).toEqual([]);
    expect(await unconfiguredPiiKeys(db, piiKeyring(KEY_A))).toEqual([keyIdOf(KEY_B)]);
    const ssns = stored
      .sort((a, b) => a.id - b.id)
      .map((r) => onlyB.decrypt(r.clientSsn, 'client_agreements.clientSsn'));
    expect(ssns).toEqual(['321549876', '111223333', '444556666']);
    expect(onlyB.decrypt(stored[0].jointDob, 'client_agreements.jointDob')).toBe('1963-02-03');

    // Each batch left its audit event; a second run finds nothing to do.
    const events = await db.select().from(auditEvents).where(eq(auditEvents.action, 'rotate_pii_key'));
    expect(events.map((e) => (e.changes as { agreements: number }).agreements)).toEqual([2, 1]);
    expect(await rotatePiiKey(db, piiKeyring(KEY_B, [KEY_A]))).toEqual({
      keyId: keyIdOf(KEY_B),
      agreements: 0,
      values: 0,
      batches: 0,
    });
    await database.close();
  });
});
