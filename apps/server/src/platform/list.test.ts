import { and, asc, desc, gt, ilike, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';
import { users } from '../db/schema/index.js';
import { createFirm, createUser } from '../testing/factories.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { writeAudited } from './audit.js';
import { allVersionsColumn, countAll, keptAnswer, orderedPage, tablePage, VERSIONED_TABLES } from './list.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the versions lists count under', () => {
  it('moves with every write of each versioned table: each has its triggers at commit and on truncate', async () => {
    const triggered = async (fn: string) => {
      const triggers = await t.deps.db.execute<{ table: string }>(
        sql`select c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid
            join pg_proc p on p.oid = g.tgfoid where p.proname = ${fn} and not g.tgisinternal`,
      );
      return new Set(rowsOf<{ table: string }>(triggers).map((r) => r.table));
    };
    const atCommit = await triggered('bump_table_version_at_commit');
    const onTruncate = await triggered('bump_table_version');
    expect(VERSIONED_TABLES.filter((name) => !atCommit.has(name) || !onTruncate.has(name))).toEqual([]);
  });

  it('moves when the writing transaction commits, once however many rows it wrote, and not on a rollback', async () => {
    const firmIds = [(await createFirm(t.deps.db)).id, (await createFirm(t.deps.db)).id];
    const version = async (ex: Executor = t.deps.db) =>
      BigInt(
        rowsOf<{ version: string }>(
          await ex.execute(sql`select version::text from table_versions where name = 'firms'`),
        )[0].version,
      );
    const touch = (tx: Executor) =>
      tx.execute(sql`update firms set city = city where id in (${sql.join(firmIds, sql`, `)})`);
    const meta = { actorId: null, requestId: 'versions' };
    const before = await version();
    let inside: bigint | undefined;
    await writeAudited(t.deps.db, meta, async (tx, record) => {
      await touch(tx);
      await touch(tx);
      inside = await version(tx);
      record({ action: 'seed', entity: 'firm', entityId: firmIds[0] });
    });
    expect(inside).toBe(before);
    expect(await version()).toBe(before + 1n);
    await expect(
      writeAudited(t.deps.db, meta, async (tx) => {
        await touch(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before + 1n);
  });
});

describe("a GET's answer kept under the versions its session check read", () => {
  it('is computed once while nothing it reads is written, whether the versions came with the session or not', async () => {
    const db = t.deps.db;
    const allVersions = async () => {
      const [row] = rowsOf<{ all: string }>(await db.execute(sql`select ${allVersionsColumn()} as "all"`));
      return row.all;
    };
    let computed = 0;
    const key = `answer ${Date.now()}`;
    const answer = (versions: string | undefined) =>
      keptAnswer({ deps: { db }, versions }, ['users', 'firms'], key, async () => ++computed);
    const before = await allVersions();
    expect(await answer(before)).toBe(1);
    expect(await answer(before)).toBe(1);
    // Without the session's versions they are read on their own, in the same form: the same entry.
    expect(await answer(undefined)).toBe(1);
    // A write elsewhere (an audit event alone) changes nothing; a write to a table it reads computes it
    // again.
    await writeAudited(db, { actorId: null, requestId: 'answer' }, async (_tx, record) => {
      record({ action: 'seed', entity: 'firm', entityId: 0 });
    });
    expect(await answer(await allVersions())).toBe(1);
    await createUser(db, { email: `answer.${Date.now()}@example.test` });
    const after = await allVersions();
    expect(after).not.toBe(before);
    expect(await answer(after)).toBe(2);
    expect(await answer(undefined)).toBe(2);

    // An answer that changes with time (a link that expires) is computed again from its instant on.
    const expiring = (until: number) =>
      keptAnswer(
        { deps: { db }, versions: after },
        ['users'],
        `${key} expiring`,
        async () => ++computed,
        () => until,
      );
    const soon = Date.now() + 50;
    expect(await expiring(soon)).toBe(3);
    expect(await expiring(soon)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await expiring(Date.now() + 60_000)).toBe(4);
    expect(await expiring(0)).toBe(4);
  });
});

describe('a list whose order is kept', () => {
  it('pages the same whether its order is kept or, being too long to keep, sorted by the database', async () => {
    const stamp = Date.now();
    for (const name of ['Echo', 'Alpha', 'Delta', 'Bravo', 'Charlie'])
      await createUser(t.deps.db, { email: `kept.${name.toLowerCase()}.${stamp}@example.test`, lastName: name });
    const db = t.deps.db;
    let reads = 0;
    const pageOf = async (page: number, maxKept?: number) => {
      const { rows, count } = await orderedPage(
        db,
        {
          ids: db.select({ id: users.id }).from(users).$dynamic(),
          count: db.select(countAll()).from(users).$dynamic(),
          rows: (ids, versions) => {
            reads++;
            return db
              .select({ id: users.id, lastName: users.lastName, versions })
              .from(users)
              .where(inArray(users.id, ids));
          },
          idOf: (row) => row.id,
          countReads: ['users'],
          maxKept,
        },
        // Each bound its own where, so its own kept order (the key is the query).
        and(like(users.email, `kept.%.${stamp}@example.test`), maxKept ? gt(users.id, 0) : undefined),
        [asc(users.lastName)],
        { page, page_size: 2 },
      );
      return [count, rows.map((r) => r.lastName)];
    };
    for (const maxKept of [undefined, 3]) {
      expect(await pageOf(1, maxKept)).toEqual([5, ['Alpha', 'Bravo']]);
      expect(await pageOf(2, maxKept)).toEqual([5, ['Charlie', 'Delta']]);
      expect(await pageOf(3, maxKept)).toEqual([5, ['Echo']]);
      if (maxKept === undefined) {
        // Nothing written since: a page of the kept order is read once, the versions beside its rows
        // telling the order still holds.
        reads = 0;
        expect(await pageOf(2)).toEqual([5, ['Charlie', 'Delta']]);
        expect(reads).toBe(1);
      }
    }
    // A write to a table the order reads is seen by the next page, kept or too long to keep: the kept
    // order's page is read first, and the versions beside its rows tell it no longer holds.
    await createUser(t.deps.db, { email: `kept.able.${stamp}@example.test`, lastName: 'Able' });
    for (const maxKept of [undefined, 3]) {
      expect(await pageOf(1, maxKept)).toEqual([6, ['Able', 'Alpha']]);
      expect(await pageOf(3, maxKept)).toEqual([6, ['Delta', 'Echo']]);
    }
  });

  it("keeps a search's matches in order and reads the rest of a table's list as its indexes order it", async () => {
    const stamp = Date.now();
    for (const name of ['Smith', 'Smithers', 'Jones'])
      await createUser(t.deps.db, { email: `table.${name.toLowerCase()}.${stamp}@example.test`, lastName: name });
    const db = t.deps.db;
    const pageOf = async (search: string | undefined) => {
      const { rows, count } = await tablePage(
        db,
        users,
        { lastName: users.lastName },
        ['users'],
        and(
          like(users.email, `table.%.${stamp}@example.test`),
          search ? ilike(users.lastName, `%${search}%`) : undefined,
        ),
        [desc(users.lastName), asc(users.id)],
        { page: 1, page_size: 50 },
        search,
      );
      return [count, rows.map((r) => r.lastName)];
    };
    expect(await pageOf(undefined)).toEqual([3, ['Smithers', 'Smith', 'Jones']]);
    expect(await pageOf('smith')).toEqual([2, ['Smithers', 'Smith']]);
    await createUser(t.deps.db, { email: `table.smithson.${stamp}@example.test`, lastName: 'Smithson' });
    expect(await pageOf('smith')).toEqual([3, ['Smithson', 'Smithers', 'Smith']]);
  });
});
