import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';
import { arrayText } from './bench-users.js';

/**
 * Runs a bulk write with the GIN indexes of `tables` dropped, then builds them again from their own
 * definitions as the catalogue keeps them. The search indexes have no pending list (fastupdate off, so a
 * search never scans one), which makes each inserted row write its trigrams into the index one by one:
 * 100,000 attestations took 30 s that way, and the index built whole afterwards takes a second.
 */
export async function withoutGinIndexes<T>(db: Db, tables: string[], work: () => Promise<T>): Promise<T> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = any(${arrayText(tables)}::text[])
        and indexdef like '% USING gin %'`),
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  try {
    return await work();
  } finally {
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  }
}
