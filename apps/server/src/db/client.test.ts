import { and, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { inlinePage, openDatabase, PgliteMaintenance } from './client.js';
import { rowsOf } from './migrate.js';
import { profiles, userSearchText, users } from './schema/index.js';

// PGlite, or PostgreSQL with TEST_DATABASE_URL (npm run test:pg): the plans must hold on both.
let t: TestApp;
let database: TestApp['database'];
beforeAll(async () => {
  t = await buildTestApp();
  database = t.database;
  // Enough rows, with statistics, that the planner's choices are the ones of a real list.
  await database.db.execute(sql`insert into users (email, first_name, last_name)
    select 'load' || g || '@bench.test', 'Avery', 'Load' || g from generate_series(1, 10000) g`);
  await database.db.execute(sql`vacuum analyze users`);
});
afterAll(() => t.close());

const plan = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql: text, params } = query.toSQL();
  const literal = text.replace(/\$(\d+)/g, (_, i) => `'${String(params[Number(i) - 1]).replaceAll("'", "''")}'`);
  return rowsOf<Record<string, string>>(await database.db.execute(sql.raw(`explain ${literal}`)))
    .map((r) => Object.values(r)[0])
    .join('\n');
};

describe('database', () => {
  it('answers the users search from the trigram index on the very expression the search uses', async () => {
    const query = database.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNull(users.deletedAt), ilike(userSearchText(users), '%load12%')));
    expect(await plan(query)).toContain('users_live_name_trgm_idx');
  });

  it('pages the users list by name from an index, without sorting the table', async () => {
    const query = database.db
      .select({ id: users.id })
      .from(users)
      .where(isNull(users.deletedAt))
      .orderBy(sql`${users.lastName} asc nulls last`, users.lastName, users.firstName, users.id)
      .limit(50);
    const text = await plan(query);
    expect(text).toContain('users_live_name_idx');
    expect(text).not.toMatch(/^\s*(->\s*)?Sort/m);
  });

  it("reads a page's 50 people with their profiles by key, not by reading the whole profiles table", async () => {
    await database.db.execute(sql`insert into profiles (user_id)
      select id from users where email like 'load%@bench.test' on conflict do nothing`);
    await database.db.execute(sql`vacuum analyze profiles`);
    const ids = (await database.db.select({ id: users.id }).from(users).orderBy(users.id).limit(50)).map((r) => r.id);
    const query = database.db
      .select({ id: users.id, type: profiles.profileType })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(inArray(users.id, ids));
    const text = await plan(query);
    expect(text).toContain('profiles_pkey');
    expect(text).not.toContain('Seq Scan on profiles');
  });

  it('PGlite: parses a query text once into a prepared statement (in transactions too), anew when its table changed', async () => {
    const pglite = await openDatabase({ memory: true });
    try {
      const prepared = async () =>
        rowsOf<{ n: number }>(await pglite.db.execute(sql`select count(*)::int as n from pg_prepared_statements`))[0].n;
      await pglite.db.execute(sql`create table notes (id int primary key)`);
      await pglite.db.execute(sql`insert into notes values (1)`);
      const read = () => pglite.db.execute(sql`select * from notes where id = ${1}`);
      await read();
      const before = await prepared();
      await read();
      await read();
      expect(await prepared()).toBe(before); // the reads and this count reuse their statements
      await pglite.db.execute(sql`alter table notes add column body text`);
      expect(rowsOf(await read())).toEqual([{ id: 1, body: null }]);
      // A failing statement leaves the connection usable, and the error is the database's.
      await expect(pglite.db.execute(sql`insert into notes values (1)`)).rejects.toThrow();
      await expect(pglite.db.execute(sql`insert into notes values (1)`)).rejects.toThrow();
      expect(rowsOf(await read())).toHaveLength(1);
      await pglite.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (2)`);
      });
      expect(rowsOf(await pglite.db.execute(sql`select id from notes order by id`))).toEqual([{ id: 1 }, { id: 2 }]);
      // Inside a transaction too: a failure rolls it back whole, and the statements stay usable after.
      await expect(
        pglite.db.transaction(async (tx) => {
          await tx.execute(sql`insert into notes values (3)`);
          await tx.execute(sql`insert into notes values (1)`);
        }),
      ).rejects.toThrow();
      await pglite.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (3)`);
      });
      expect(rowsOf(await pglite.db.execute(sql`select id from notes order by id`))).toEqual([
        { id: 1 },
        { id: 2 },
        { id: 3 },
      ]);
    } finally {
      await pglite.close();
    }
  });

  it('PGlite: analyses and vacuums the tables that were never analysed or changed size, as autovacuum would', async () => {
    const pglite = await openDatabase({ memory: true });
    try {
      await pglite.db.execute(sql`create table grown (id serial primary key, note text)`);
      await pglite.db.execute(sql`insert into grown (note) select 'row ' || g from generate_series(1, 5000) g`);
      const client = (pglite.db as unknown as { $client: ConstructorParameters<typeof PgliteMaintenance>[0] }).$client;
      const maintenance = new PgliteMaintenance(client);
      await maintenance.run();
      const stats = rowsOf<{ n: number }>(
        await pglite.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'grown'`),
      );
      expect(stats[0].n).toBeGreaterThan(0);
      expect(await maintenance.dueTables()).not.toContain('public.grown');
      await pglite.db.execute(sql`insert into grown (note) select 'more ' || g from generate_series(1, 5000) g`);
      expect(await maintenance.dueTables()).toContain('public.grown');
      await maintenance.stop();
    } finally {
      await pglite.close();
    }
  });
});

describe("a page's window in the statement's text", () => {
  it("writes a first page's trailing LIMIT (and OFFSET 0), given as the last parameters, as a number", () => {
    expect(inlinePage('select id from t where a = $1 order by id limit $2 offset $3', ['x', 50, 0])).toEqual({
      text: 'select id from t where a = $1 order by id limit 50',
      params: ['x'],
    });
    expect(inlinePage('select id from t where a = $1 limit $2', ['x', 50])).toEqual({
      text: 'select id from t where a = $1 limit 50',
      params: ['x'],
    });
  });

  it('leaves anything else as it was: a later page, a limit inside, not the last parameters, not a whole number', () => {
    const later = 'select id from t order by id limit $1 offset $2';
    expect(inlinePage(later, [50, 100])).toEqual({ text: later, params: [50, 100] });
    const inside = 'select * from (select id from t limit $1) s where s.id = $2';
    expect(inlinePage(inside, [5, 1])).toEqual({ text: inside, params: [5, 1] });
    expect(inlinePage(later, [5, 0, 'x'])).toEqual({ text: later, params: [5, 0, 'x'] });
    expect(inlinePage(later, ['5; drop table t', 0])).toEqual({ text: later, params: ['5; drop table t', 0] });
    expect(inlinePage(later, [1.5, 0])).toEqual({ text: later, params: [1.5, 0] });
  });

  it('pages a list through the driver: the second page follows the first', async () => {
    const page = (offset: number) =>
      database.db.select({ id: users.id }).from(users).orderBy(users.id).limit(3).offset(offset);
    const [first, second] = [await page(0), await page(3)];
    expect(first).toHaveLength(3);
    expect(second[0].id).toBeGreaterThan(first[2].id);
  });

  it('plans with random_page_cost 1.1 on every connection', async () => {
    const [row] = rowsOf<{ random_page_cost: string }>(await database.db.execute(sql`show random_page_cost`));
    expect(row.random_page_cost).toBe('1.1');
  });
});
