import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../testing/test-app.js';
import type { Database } from './client.js';
import { migrate, migrationsDir, rowsOf } from './migrate.js';

/** The committed migrations and one more, `body`, in a folder of their own. */
function migrationsWith(tag: string, body: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
  const entries = [...journal.entries, { ...journal.entries.at(-1), idx: journal.entries.length, tag }];
  mkdirSync(path.join(dir, 'meta'));
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of journal.entries)
    copyFileSync(path.join(migrationsDir, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  writeFileSync(path.join(dir, `${tag}.sql`), body);
  return dir;
}

let database: Database | undefined;
let dir: string | undefined;
afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('may write a listed table and then alter it in one go (its version is bumped at once, not left for the commit)', async () => {
    database = await freshDatabase();
    dir = migrationsWith(
      '9000_fill_then_constrain',
      `INSERT INTO firms (name) VALUES ('Backfilled Wealth');
--> statement-breakpoint
ALTER TABLE firms ADD COLUMN backfill_check integer;`,
    );
    const ran = await migrate(database.db, dir);
    expect(ran.at(-1)).toBe('9000_fill_then_constrain');
    const rows = rowsOf<{ name: string }>(await database.db.execute(sql`select name from firms`));
    expect(rows.map((r) => r.name)).toContain('Backfilled Wealth');
  });
});
