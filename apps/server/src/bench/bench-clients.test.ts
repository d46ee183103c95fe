import { ProfileType } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayOf } from '../platform/clock.js';
import { createFirm, createUser, fixtureDb } from '../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../testing/test-app.js';
import { seedBenchClients } from './bench-clients.js';
import { seedBenchInvestments } from './bench-investments.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Page {
  count: number;
  results: Record<string, unknown>[];
}

describe("the bench's client book and investment department, written in bulk", () => {
  it('reads through the API as the services wrote it: PII decrypted to its mask, files that download, the lists their sizes', async () => {
    const firm = await createFirm(t.deps.db);
    const advisor = { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } };
    const [first, second] = [await createUser(t.deps.db, advisor), await createUser(t.deps.db, advisor)];
    const { user: admin, headers } = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.Administrator, isCco: true },
    });
    const db = fixtureDb(t.deps.db);
    const book = { firmId: firm.id, scale: 2 };
    await seedBenchClients(db, {
      ...book,
      clients: 10,
      documents: 50,
      versionsPerKind: 2,
      today: todayOf(t.deps.config),
      pii: t.deps.pii,
      storage: t.deps.storage,
    });
    await seedBenchInvestments(db, { ...book, models: 9, feeSchedules: 6, cashRequests: 40, createdBy: admin.id });
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      return json<Page>(res);
    };

    // The first advisor's book is the strategies' own: the 20 clients (10 at scale 2) are the second's.
    const report = await get(`/api/disclosure_deliveries/?firm=${firm.id}&page_size=50`);
    expect(report.count).toBe(20);
    expect(new Set(report.results.map((r) => r.advisor_name))).toEqual(
      new Set([`${second.lastName}, ${second.firstName}`]),
    );
    // Every tenth client has not received the current versions (ranked first), the others have.
    expect(report.results.filter((r) => r.status !== 'received').map((r) => r.last_name)).toEqual([
      'Client10',
      'Client20',
    ]);

    const clientId = report.results.find((r) => r.last_name === 'Client1')?.client_id as number;
    const agreement = await get(`/api/client_agreements/?portalUserId=${clientId}`);
    expect(agreement.results[0]).toMatchObject({ ClientSSN__c: '***-**-0001', ClientDoB__c: '**/**/****' });
    const vault = await get(`/api/client_documents/?client=${clientId}&page_size=50`);
    expect(vault.count).toBe(10); // a tenth of the 100
    const download = await t.app.inject({ url: vault.results[0].download_url as string, headers });
    expect(download.body.startsWith('%PDF-')).toBe(true);

    const versions = await get(`/api/disclosure_documents/?firm=${firm.id}&page_size=50`);
    expect(versions.count).toBe(12);
    const current = await t.app.inject({ url: versions.results[0].file_url as string, headers });
    expect(current.statusCode).toBe(200);

    const cash = await get(`/api/cash_requests/?firm=${firm.id}&page_size=50`);
    expect(cash.count).toBe(80);
    const models = await get(`/api/investment_models/?firm=${firm.id}&page_size=50`);
    expect(models.count).toBe(18);
    // One in three an advisor's own, the two in turn.
    expect(models.results.filter((m) => m.financial_advisor === first.id)).toHaveLength(3);
    const offered = await get(`/api/firm_models/firm/?firm=${firm.id}&page_size=50`);
    expect(offered.count).toBeGreaterThan(0);
    expect(
      offered.results.every((o) => models.results.find((m) => m.id === o.investment_model)?.financial_advisor === null),
    ).toBe(true);
    expect((await get(`/api/fee_schedules/?firm=${firm.id}&page_size=50`)).count).toBe(12);
  });
});
