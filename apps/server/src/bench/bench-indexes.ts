import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';
import { arrayText } from './bench-users.js';

/**
 * Runs a bulk write with the indexes of `tables` that are not unique dropped, then builds them again
 * from their own definitions as the catalogue keeps them: an index built whole costs a fraction of one
 * kept row by row. The search indexes have no pending list (fastupdate off, so a search never scans
 * one), which makes each inserted row write its trigrams into the index one by one: 100,000 attestations
 * took 30 s that way, and the index built whole afterwards takes a second. The primary keys and every
 * unique index stay: the write may rely on them (the audit chain reads its last event by id), and
 * they keep the seed's rows to the rules the tables hold (one attestation per person and period).
 */
export async function withoutIndexes<T>(db: Db, tables: string[], work: () => Promise<T>): Promise<T> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      join pg_class c on c.relname = i.indexname and c.relnamespace = i.schemaname::regnamespace
      join pg_index x on x.indexrelid = c.oid
      where i.schemaname = current_schema() and i.tablename = any(${arrayText(tables)}::text[])
        and not x.indisunique`),
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  try {
    return await work();
  } finally {
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  }
}
