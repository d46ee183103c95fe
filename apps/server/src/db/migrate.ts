import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** Where the committed migrations are: beside this file in the source, copied beside the bundle in dist. */
export const migrationsDir = path.join(import.meta.dirname, 'migrations');

/** Any constant shared by every instance: the lock serialises concurrent starts. */
const MIGRATION_LOCK_KEY = 7_340_021;

interface JournalEntry {
  tag: string;
}

/**
 * Applies drizzle-kit's committed migrations in one transaction under a Postgres advisory lock, so
 * several instances starting at once apply each migration exactly once.
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return db.transaction(async (tx) => {
    // A migration (an index on a large table), or the wait for another instance's, may take longer
    // than the statement timeout that bounds a request.
    await tx.execute(sql`set local statement_timeout = 0`);
    // A write to a listed table bumps its version at commit (a deferred trigger), and PostgreSQL refuses
    // to ALTER, index or truncate a table with such a bump pending: a migration that fills a column and
    // then constrains it would fail. Here the bumps run at the end of each statement instead.
    await tx.execute(sql`set constraints all immediate`);
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql`create table if not exists schema_migrations (tag text primary key, hash text not null, applied_at timestamptz not null default now())`,
    );
    const done = await tx.execute<{ tag: string }>(sql`select tag from schema_migrations`);
    const applied = new Set(rowsOf<{ tag: string }>(done).map((r) => r.tag));
    const ran: string[] = [];
    for (const { tag } of journal.entries) {
      if (applied.has(tag)) continue;
      const body = readFileSync(path.join(dir, `${tag}.sql`), 'utf8');
      for (const statement of body.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      const hash = createHash('sha256').update(body).digest('hex');
      await tx.execute(sql`insert into schema_migrations (tag, hash) values (${tag}, ${hash})`);
      ran.push(tag);
    }
    return ran;
  });
}

/** node-postgres and PGlite shape raw results differently; both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
