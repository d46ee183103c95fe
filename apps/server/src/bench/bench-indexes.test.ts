import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/migrate.js';
import { fixtureDb } from '../testing/factories.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { withoutIndexes } from './bench-indexes.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const indexesOf = async (table: string) =>
  rowsOf<{ name: string }>(
    await t.deps.db.execute(sql`select indexname as name from pg_indexes where tablename = ${table} order by 1`),
  ).map((r) => r.name);

describe("the bench's bulk writes", () => {
  it('run without the secondary indexes, the keys and unique indexes kept, and build them again after', async () => {
    const before = await indexesOf('quarterly_attestations');
    const during = await withoutIndexes(fixtureDb(t.deps.db), ['quarterly_attestations'], () =>
      indexesOf('quarterly_attestations'),
    );
    expect(during).toEqual(['attestations_owner_period_key', 'quarterly_attestations_pkey']);
    expect(before).toEqual(expect.arrayContaining([...during, 'attestations_firm_name_trgm_idx']));
    expect(await indexesOf('quarterly_attestations')).toEqual(before);
  });
});
