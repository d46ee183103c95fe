import type { Scope } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { alias, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { fixtureDb } from '../testing/factories.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { scopedStatement, scopeWhere } from './list.js';
import { insertStatements, statement, updateStatements } from './statements.js';

const probes = pgTable('statement_probes', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  amount: numeric('amount', { mode: 'number' }),
  data: jsonb('data'),
  rank: integer('rank').notNull().default(7),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
const inserts = insertStatements(probes);
const updates = updateStatements(probes);
const byLabel = statement((ex: Db) =>
  ex
    .select()
    .from(probes)
    .where(eq(probes.label, sql.placeholder('label'))),
);

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await buildTestApp();
  db = fixtureDb(t.deps.db);
  await db.execute(sql`create table statement_probes (id serial primary key, label text not null, amount numeric,
    data jsonb, rank integer not null default 7, at timestamptz not null default now())`);
});
afterAll(() => t.close());

/** A row as stored, without what the database makes anew for each insert. */
const stored = (row: typeof probes.$inferSelect) => ({ ...row, id: undefined, at: undefined });

describe('statements built once', () => {
  it('insert what drizzle inserts, whatever columns each shape gives, and read it back the same', async () => {
    const shapes = [
      { label: 'all', amount: 12.5, data: { a: [1, 'two'] }, rank: 3, at: new Date('2026-01-02T03:04:05.678Z') },
      { label: 'defaults' },
      { label: 'undefined is absent', amount: undefined, rank: undefined },
      { label: 'all', amount: 99, data: { b: true }, rank: 4, at: new Date('2026-05-06T07:08:09.000Z') },
    ];
    for (const values of shapes) {
      const [kept] = await inserts.returning(db, [values]);
      const [built] = await db.insert(probes).values(values).returning();
      expect(stored(kept)).toEqual(stored(built));
      expect(kept.at).toBeInstanceOf(Date);
    }
    // The same shape twice kept its text, and bound each call's own values.
    const all = await byLabel(db, { label: 'all' });
    expect(all.map((r) => [r.amount, r.data, r.rank])).toEqual([
      [12.5, { a: [1, 'two'] }, 3],
      [12.5, { a: [1, 'two'] }, 3],
      [99, { b: true }, 4],
      [99, { b: true }, 4],
    ]);
  });

  it('write a null as SQL NULL, not as the text "null" its column would encode', async () => {
    const [row] = await inserts.returning(db, [{ label: 'nulls', amount: null, data: null }]);
    expect(row).toMatchObject({ amount: null, data: null });
    const [check] = await db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from statement_probes where label = 'nulls' and amount is null and data is null`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(check.n).toBe(1);
    // The same columns with values is another shape: they are bound, not NULL.
    const [valued] = await inserts.returning(db, [{ label: 'nulls', amount: 1, data: { x: 1 } }]);
    expect(valued).toMatchObject({ amount: 1, data: { x: 1 } });
    const [cleared] = await updates.returning(db, valued.id, { amount: null, data: null });
    expect(cleared).toMatchObject({ label: 'nulls', amount: null, data: null });
  });

  it('write a value that is SQL as part of the statement, built with it each time', async () => {
    const dayBefore = (text: string) => sql`${text}::timestamptz - interval '1 day'`;
    const [first] = await inserts.returning(db, [{ label: 'sql', at: dayBefore('2026-03-02T00:00:00Z') }]);
    const [second] = await inserts.returning(db, [{ label: 'sql', at: dayBefore('2026-04-02T00:00:00Z') }]);
    expect([first.at.toISOString(), second.at.toISOString()]).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ]);
    const [moved] = await updates.returning(db, first.id, {
      at: sql`${first.at.toISOString()}::timestamptz + interval '2 hours'`,
      rank: 1,
    });
    expect(moved).toMatchObject({ rank: 1, at: new Date('2026-03-01T02:00:00.000Z') });
  });

  it('insert several rows in one statement, and a bulk insert past the kept sizes', async () => {
    const few = await inserts.returning(db, [{ label: 'few 1' }, { label: 'few 2', rank: 2 }, { label: 'few 3' }]);
    expect(few.map((r) => [r.label, r.rank])).toEqual([
      ['few 1', 7],
      ['few 2', 2],
      ['few 3', 7],
    ]);
    const many = Array.from({ length: 45 }, (_, i) => ({ label: 'bulk', rank: i }));
    await inserts.run(db, many);
    expect((await byLabel(db, { label: 'bulk' })).map((r) => r.rank)).toEqual(many.map((r) => r.rank));
    await inserts.run(db, []);
    expect(await inserts.returning(db, [])).toEqual([]);
  });

  it('update only the columns given, on the row of the id, and answer none for a missing id', async () => {
    const [row] = await inserts.returning(db, [{ label: 'to update', amount: 5, rank: 1 }]);
    const [after] = await updates.returning(db, row.id, { rank: 2, amount: undefined });
    expect(after).toMatchObject({ id: row.id, label: 'to update', amount: 5, rank: 2 });
    expect(await updates.returning(db, row.id + 100_000, { rank: 3 })).toEqual([]);
  });

  it('bind to the statement a scope shape keeps the ids of each scope, not the first one', async () => {
    await inserts.run(db, [
      { label: 'scoped', rank: 101 },
      { label: 'scoped', rank: 102 },
      { label: 'scoped', rank: 103 },
    ]);
    const inFirms = scopedStatement(
      () => 'ranks',
      (ex: Db, scope) =>
        ex
          .select({ rank: probes.rank })
          .from(probes)
          .where(and(eq(probes.label, 'scoped'), scopeWhere(scope, { firm: probes.rank })))
          .orderBy(probes.rank),
    );
    const ranks = async (firms: number[]) => {
      const scope = { area: 'compliance', firms, people: 'all' } as unknown as Scope;
      return (await inFirms(db, scope, null, {})).map((r) => r.rank);
    };
    // One firm, then another of the same shape: each call its own firm, not the first one's.
    expect(await ranks([101])).toEqual([101]);
    expect(await ranks([103])).toEqual([103]);
    expect(await ranks([102, 103])).toEqual([102, 103]);
    expect(await ranks([101, 102])).toEqual([101, 102]);
    expect(await ranks([])).toEqual([]);
  });

  it('map a read that joins as drizzle does: a table with no row joined is null', async () => {
    const [row] = await inserts.returning(db, [{ label: 'joined', rank: 1 }]);
    const other = alias(probes, 'other');
    const withOther = statement((ex: Db) =>
      ex
        .select()
        .from(probes)
        .leftJoin(other, and(eq(other.label, 'no such label'), eq(other.id, probes.id)))
        .where(eq(probes.id, sql.placeholder('id'))),
    );
    const [read] = await withOther(db, { id: row.id });
    expect(read).toEqual({ statement_probes: row, other: null });
  });

  it('run on the transaction they are given: its rollback takes their writes back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await inserts.run(tx, [{ label: 'rolled back' }]);
        expect(await byLabel(tx, { label: 'rolled back' })).toHaveLength(1);
        // Another connection (the pool's) does not see the uncommitted row.
        if (t.database.kind === 'postgres') expect(await byLabel(db, { label: 'rolled back' })).toHaveLength(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await byLabel(db, { label: 'rolled back' })).toEqual([]);
  });
});
