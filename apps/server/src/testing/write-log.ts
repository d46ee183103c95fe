import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Counts the rows each committed statement wrote, per table, in a test database only: statement-level
 * triggers with transition tables append `(table, operation, rows)` to `test_write_log` in the writing
 * transaction, so a rolled-back write leaves nothing and a committed one is always seen, whichever
 * service or background task made it. `table_versions` is left out: its own triggers bump it when a
 * transaction that wrote a listed table commits, so it only repeats what the log already says.
 */
export async function installWriteLog(db: Db) {
  await db.execute(sql`create table test_write_log (tbl text not null, op text not null, n bigint not null)`);
  await db.execute(
    sql.raw(`
    create function test_log_write() returns trigger language plpgsql as $$
    declare n bigint;
    begin
      if TG_OP = 'DELETE' then select count(*) into n from old_rows; else select count(*) into n from new_rows; end if;
      if n > 0 then insert into test_write_log values (TG_TABLE_NAME, TG_OP, n); end if;
      return null;
    end $$`),
  );
  await db.execute(
    sql.raw(`
    do $$
    declare t text;
    begin
      for t in select tablename from pg_tables
        where schemaname = 'public' and tablename not in ('test_write_log', 'table_versions')
      loop
        execute format('create trigger test_log_insert after insert on %I referencing new table as new_rows
          for each statement execute function test_log_write()', t);
        execute format('create trigger test_log_update after update on %I referencing new table as new_rows
          for each statement execute function test_log_write()', t);
        execute format('create trigger test_log_delete after delete on %I referencing old table as old_rows
          for each statement execute function test_log_write()', t);
      end loop;
    end $$`),
  );
}

export interface Write {
  tbl: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  n: number;
}

/** The writes committed since the last call, and the log emptied. */
export async function takeWrites(db: Db): Promise<Write[]> {
  const res = (await db.execute(sql`delete from test_write_log returning tbl, op, n`)) as unknown as {
    rows: { tbl: string; op: Write['op']; n: string | number }[];
  };
  return res.rows.map((r) => ({ tbl: r.tbl, op: r.op, n: Number(r.n) }));
}
