import type { Scope } from '@portal/domain';
import { and, count, ilike, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgSelect, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { tableVersions } from '../db/schema/index.js';
import { VersionedCache } from './bounded-cache.js';
import { type Buildable, shapedStatement } from './statements.js';

/**
 * The one way a list is read: the caller's scope and filters as one WHERE, a search over chosen
 * columns, the field table's ordering, a page and the total count, and the contract's envelope.
 */

export interface PageRequest {
  page: number;
  page_size: number;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Where a record's owner is stored, for the scope's condition. */
export interface OwnerColumns {
  firm: PgColumn;
  /** The person the record belongs to (a user's own id, an attestation's supervised person). */
  person?: PgColumn;
  /** That person's advisor, for an advisor's book. */
  advisor?: PgColumn;
}

/** An id in a scope's condition: a number, or a placeholder bound to one when the statement runs. */
export type ScopeId = number | Placeholder;

/**
 * What a scope's condition reads of it: its firms and whose records. A `Scope`, or a statement shape's
 * copy of one (`scopedStatement`), which only conditions take: it never passes for a scope a rule checks.
 */
export interface ScopeIds {
  readonly firms: 'all' | readonly ScopeId[];
  readonly people: 'all' | { readonly advisorOf: ScopeId } | { readonly self: ScopeId };
}

/** The SQL condition of a scope: its firms, then whose records within them. Nothing when unrestricted. */
export function scopeWhere(scope: ScopeIds, owner: OwnerColumns): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (scope.firms !== 'all') parts.push(scope.firms.length ? inArray(owner.firm, [...scope.firms]) : sql`false`);
  const people = scope.people;
  if (people !== 'all') {
    if (!owner.person) throw new Error('a person-scoped read needs the owner column');
    if ('self' in people) parts.push(sql`${owner.person} = ${people.self}`);
    else
      parts.push(
        or(sql`${owner.person} = ${people.advisorOf}`, owner.advisor && sql`${owner.advisor} = ${people.advisorOf}`),
      );
  }
  return and(...parts);
}

/**
 * A scope as part of a statement's shape: `key` names what its condition looks like (how many firms,
 * whose records), `scope` is a copy whose ids are placeholders, to build the condition from, and
 * `values` binds them to this scope's ids.
 */
function scopeShape(scope: Scope) {
  const values: Record<string, number> = {};
  const bind = (name: string, id: number) => {
    values[name] = id;
    return sql.placeholder(name);
  };
  const firms = scope.firms === 'all' ? 'all' : scope.firms.map((firm, i) => bind(`scope firm ${i}`, firm));
  const people = scope.people;
  const kind = people === 'all' ? 'all' : 'self' in people ? 'self' : 'advisorOf';
  const person =
    people === 'all'
      ? 'all'
      : 'self' in people
        ? { self: bind('scope person', people.self) }
        : { advisorOf: bind('scope person', people.advisorOf) };
  return {
    key: `${firms === 'all' ? 'all' : firms.length} firms, ${kind}`,
    scope: { firms, people: person } as ScopeIds,
    values,
  };
}

/**
 * A read within a scope, built once per shape (`shapedStatement`): `build` makes the condition from the
 * scope's ids as placeholders (`ScopeIds`), and `keyOf` names the rest of the shape. A call gives the
 * caller's scope, the rest of the shape and the values, and binds the scope's ids with them.
 */
export function scopedStatement<S, R, E extends Executor = Executor>(
  keyOf: (shape: S) => string,
  build: (ex: E, scope: ScopeIds, shape: S) => Buildable<R>,
): (ex: E, scope: Scope, shape: S, values: Record<string, unknown>) => Promise<R> {
  const kept = shapedStatement(
    (s: { shape: S; scope: ReturnType<typeof scopeShape> }) => `${keyOf(s.shape)}; ${s.scope.key}`,
    (ex: E, s) => build(ex, s.scope.scope, s.shape),
  );
  return (ex, scope, shape, values) => {
    const ids = scopeShape(scope);
    return kept(ex, { shape, scope: ids }, { ...values, ...ids.values });
  };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" over any of the columns (or expressions); nothing for an empty term. */
export function searchWhere(term: string | undefined, columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!term) return undefined;
  const like = likeContains(term);
  return or(...columns.map((c) => ilike(c, like)));
}

/**
 * The tables whose writes bump their row of `table_versions` when the writing transaction commits: a
 * list's count depends on some of them. The migration that gives a table a list adds its row of
 * `table_versions` and two triggers, a deferred one for its rows and one for TRUNCATE:
 *   CREATE CONSTRAINT TRIGGER <table>_version_at_commit AFTER INSERT OR UPDATE OR DELETE ON <table>
 *     DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit();
 *   CREATE TRIGGER <table>_version AFTER TRUNCATE ON <table> FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
 * list.test.ts checks that each has both, so a table named here without them fails (its counts would
 * never change).
 */
export const VERSIONED_TABLES = [
  'users',
  'profiles',
  'firms',
  'quarterly_attestations',
  'supervised_persons',
  'investment_models',
  'fee_schedules',
  'firm_models',
  'firm_fee_schedules',
  'investment_strategies',
  'cash_requests',
  'staff_directory_entries',
  'training_resources',
  'training_resource_acknowledgements',
  'client_documents',
  'firm_links',
  'support_cases',
  'support_case_replies',
  'sso_service_providers',
  'audit_events',
  'client_agreements',
  'disclosure_documents',
  'disclosure_deliveries',
  'disclosure_notices',
  'attestation_reminders',
  'one_time_tokens',
  'calendar_events',
] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];

export interface ListQuery<S extends PgSelect> {
  /**
   * The FROM/JOINs selecting the row columns and `versions` (given: the versions of `countReads`,
   * read in the same statement, so a full page costs one round trip); the helper adds the WHERE,
   * ORDER BY and the page.
   */
  rows: (versions: SQL<string>) => S;
  /** The same FROM/JOINs selecting `countAll()`. */
  count: PgSelect;
  /**
   * Every table the count reads: a write to any of them recounts. It may name more (tables whose
   * versions reads beside the page are kept under: they then recount it too).
   */
  countReads: readonly VersionedTable[];
}

/**
 * One page of rows and the count of all. The count is the expensive half on a large list (every
 * matching row is visited), so it is skipped when the page itself tells the total (a short page) and
 * otherwise cached under the versions of the tables it reads: a write anywhere to them recounts.
 */
export async function listPage<S extends PgSelect>(
  ex: Executor,
  query: ListQuery<S>,
  where: SQL | undefined,
  orderBy: SQL[],
  page: PageRequest,
): Promise<{ rows: Awaited<S>; count: number; versions?: string }> {
  const offset = (page.page - 1) * page.page_size;
  const rows = (await query
    .rows(versionsColumn(query.countReads))
    .where(where)
    .orderBy(...orderBy)
    .limit(page.page_size)
    .offset(offset)) as unknown as Awaited<S>;
  const carried = inTransaction(ex)
    ? undefined
    : ((rows[0] as { versions?: string | null } | undefined)?.versions ?? undefined);
  if (rows.length < page.page_size && (rows.length > 0 || page.page === 1)) {
    return { rows, count: offset + rows.length, versions: carried };
  }
  const versions = carried ?? (inTransaction(ex) ? undefined : await versionsOf(ex, query.countReads));
  const count = await keptCount(query.count.where(where), versions);
  return { rows, count, versions };
}

/** A list's count, kept per `versions` (none: counted each time). */
async function keptCount(counted: PgSelect, versions: string | undefined): Promise<number> {
  const { sql: text, params } = counted.toSQL();
  const key = `${text}\n${JSON.stringify(params)}`;
  let count = versions ? counts.get(key, versions) : undefined;
  if (count === undefined) {
    const [{ n }] = (await counted) as unknown as { n: number }[];
    count = Number(n);
    if (versions) counts.set(key, versions, count);
  }
  return count;
}

/**
 * One page of a list whose order costs a visit to every match (a sort key computed per row, such as a
 * submission status): the ordered ids are read once per table versions and kept (like a count), and a
 * page reads only its own rows by id. `ids` selects `{ id }` over the list's FROM/JOINs and `count`
 * selects `countAll()` over the same; `rows` reads the records of some ids, in any order, and must
 * select the column `versions` it is given (the versions of `countReads`). A list longer than
 * `MAX_KEPT_ORDER` is not kept: the database sorts it for each page, as `listPage` does, and its count
 * is kept.
 *
 * A page of a kept order is read first and the versions beside its rows tell whether the order still
 * holds: one statement when nothing was written since, the usual case; the order is read again when
 * something was.
 */
export async function orderedPage<R>(
  ex: Executor,
  query: {
    ids: PgSelect;
    count: PgSelect;
    rows: (ids: number[], versions: SQL<string>) => Promise<R[]>;
    idOf: (row: R) => number;
    countReads: readonly VersionedTable[];
    /** The longest order kept (tests lower it). */
    maxKept?: number;
  },
  where: SQL | undefined,
  orderBy: SQL[],
  page: PageRequest,
): Promise<{ rows: R[]; count: number; versions: string }> {
  const ordered = query.ids.where(where).orderBy(...orderBy);
  const { sql: text, params } = ordered.toSQL();
  const key = `${text}\n${JSON.stringify(params)}`;
  const offset = (page.page - 1) * page.page_size;
  const versionsNow = versionsColumn(query.countReads);
  const last = inTransaction(ex) ? undefined : orders.latest(key);
  const maxKept = query.maxKept ?? MAX_KEPT_ORDER;
  let stillTooLong: { ids: undefined; versions: string } | undefined;
  let seen: string | undefined;
  if (last && last.value !== TOO_LONG) {
    const wanted = last.value.slice(offset, offset + page.page_size);
    const found = wanted.length ? await query.rows(wanted, versionsNow) : [];
    if (found.length) {
      seen = (versionsBeside(found[0]) as string | null) ?? undefined;
      if (seen === last.versions)
        return { rows: inOrder(wanted, found, query.idOf), count: last.value.length, versions: last.versions };
    }
  } else if (last) {
    // Too long under older versions: the count (kept) tells whether it still is, before 50,001 ids are
    // read again only to find out.
    const versions = await versionsOf(ex, query.countReads);
    if ((await keptCount(query.count.where(where), versions || undefined)) > maxKept) {
      if (versions) orders.set(key, versions, TOO_LONG);
      stillTooLong = { ids: undefined, versions };
    }
  }
  const { ids, versions } =
    stillTooLong ??
    (await keptOrder(
      ex,
      query.countReads,
      key,
      async (limit) => ((await ordered.limit(limit)) as unknown as { id: number }[]).map((r) => r.id),
      maxKept,
      seen,
    ));
  let count = ids?.length ?? 0;
  let wanted: number[];
  if (ids) wanted = ids.slice(offset, offset + page.page_size);
  else {
    const [pageIds, counted] = await Promise.all([
      ordered.limit(page.page_size).offset(offset) as unknown as Promise<{ id: number }[]>,
      keptCount(query.count.where(where), versions || undefined),
    ]);
    wanted = pageIds.map((r) => r.id);
    count = counted;
  }
  const found = wanted.length ? await query.rows(wanted, versionsNow) : [];
  if (found.length) versionsBeside(found[0]);
  return { rows: inOrder(wanted, found, query.idOf), count, versions };
}

/** The versions a row of `orderedPage` carries; a `rows` that does not select them is a programming error. */
function versionsBeside(row: unknown): unknown {
  if (!(row && typeof row === 'object' && 'versions' in row))
    throw new Error('orderedPage: the rows must select the versions column they are given');
  return row.versions;
}

/**
 * A page of one table's list. Without a search the table's indexes give the order and `listPage` reads
 * the page. A search's matches are found by a trigram index whose cost grows with the table (a common
 * word is in every row's text), so under a search the matches' order is kept per table versions and a
 * page reads its rows by id (`orderedPage`), as a count is kept.
 */
export async function tablePage(
  ex: Executor,
  table: PgTable & { id: PgColumn },
  columns: Record<string, PgColumn | SQL>,
  countReads: readonly VersionedTable[],
  where: SQL | undefined,
  orderBy: SQL[],
  page: PageRequest,
  search: string | undefined,
): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const count = ex.select(countAll()).from(table).$dynamic();
  if (!search) {
    const rows = (versions: SQL<string>) =>
      ex
        .select({ ...columns, versions })
        .from(table)
        .$dynamic();
    return listPage(ex, { rows, count, countReads }, where, orderBy, page);
  }
  return orderedPage(
    ex,
    {
      ids: ex.select({ id: table.id }).from(table).$dynamic(),
      count,
      rows: (ids, versions) =>
        ex
          .select({ ...columns, keptId: table.id, versions })
          .from(table)
          .where(inArray(table.id, ids)),
      idOf: (row) => row.keptId as number,
      countReads,
    },
    where,
    orderBy,
    page,
  );
}

/**
 * Rows read by id, in the order of `ids`. A row deleted between the two reads is left out of the page
 * rather than shown empty.
 */
export function inOrder<R>(ids: number[], rows: R[], idOf: (row: R) => number): R[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
}

/**
 * A list's ids in order, read by `read` (at most `limit` of them) once per versions of the tables it
 * reads (`reads`) and `key` (the query and everything else the order depends on), then served from
 * memory until a write bumps a version. Longer than `maxKept`, only that it is too long is kept (`ids`
 * is undefined): the caller reads its page as the database sorts it. `known`: the versions of `reads`
 * as the caller read them just before (older than the ids read here, so safe to keep them under).
 */
export async function keptOrder(
  ex: Executor,
  reads: readonly VersionedTable[],
  key: string,
  read: (limit: number) => Promise<number[]>,
  maxKept = MAX_KEPT_ORDER,
  known?: string,
): Promise<{ ids: number[] | undefined; versions: string }> {
  const versions = inTransaction(ex) ? '' : (known ?? (await versionsOf(ex, reads)));
  const kept = versions ? orders.get(key, versions) : undefined;
  if (kept) return { ids: kept === TOO_LONG ? undefined : kept, versions };
  const ids = await read(maxKept + 1);
  // Too long is remembered too: the next page would read the same ids again only to drop them.
  if (ids.length > maxKept) {
    if (versions) orders.set(key, versions, TOO_LONG);
    return { ids: undefined, versions };
  }
  if (versions) orders.set(key, versions, ids);
  return { ids, versions };
}
const MAX_KEPT_ORDER = 50_000;
const TOO_LONG: number[] = Object.freeze([]) as unknown as number[];
/** At most 100 orders of at most 50,000 ids: 40 MB in the worst case. */
const orders = new VersionedCache<number[]>(100);

/**
 * A read that, like a list's count, changes only when one of its tables is written (a summary beside
 * a list): computed once per `versions` (a page's, from `listPage`) and `key` (everything else the
 * read depends on: scope, filters, day), then served from memory until a write bumps a version.
 */
export async function underVersions<T>(versions: string | undefined, key: string, read: () => Promise<T>) {
  if (!versions) return read();
  const entry = entryOf(key, versions);
  const known = derived.get(entry, versions) as T | undefined;
  if (known !== undefined) return known;
  const value = await read();
  derived.set(entry, versions, value);
  return value;
}
const derived = new VersionedCache<unknown>(1_000);

/**
 * A kept value's entry: its key and the tables its versions are of. Kept apart by the tables, one read
 * kept under a page's versions and under its own tables' would otherwise replace the other at each turn.
 */
const entryOf = (key: string, versions: string) => `${key}\n${versions.replace(/:\d+/g, '')}`;

/** A kept answer's key: what it is, then everything else it depends on (scope, query, day), as JSON. */
export const answerKey = (name: string, ...parts: unknown[]) => `${name}\n${JSON.stringify(parts)}`;

/**
 * A GET's whole answer (a page with its count), kept under the versions of every table it is made of
 * (`reads`) and `key` (everything else it depends on: the route, the query, the caller's scope and
 * whatever of the caller the rows show, the day). The versions are those the session check read at the
 * start of the request (`ctx.versions`), so a page opened again while nothing it shows was written costs
 * no statement besides that check. Only for answers made of versioned tables alone, by a request that
 * writes nothing before it: the versions of its start would not show its own write.
 */
export async function keptAnswer<T>(
  ctx: { deps: { db: Executor }; versions?: string },
  reads: readonly VersionedTable[],
  key: string,
  compute: () => Promise<T>,
  /**
   * For an answer that also changes with time without a write (a link that expires): the instant (ms)
   * from which it must be computed again.
   */
  until?: (value: T) => number | undefined,
): Promise<T> {
  const known = ctx.versions === undefined ? undefined : versionsAmong(ctx.versions, reads);
  const versions = known || (inTransaction(ctx.deps.db) ? '' : await versionsOf(ctx.deps.db, reads));
  if (!versions) return compute();
  const entry = entryOf(key, versions);
  const kept = answers.get(entry, versions) as { value: T; until?: number } | undefined;
  if (kept && (kept.until === undefined || Date.now() < kept.until)) return kept.value;
  const value = await compute();
  if (small(value)) answers.set(entry, versions, { value, until: until?.(value) });
  return value;
}
/**
 * At most 200 answers of at most 100 rows: a page of 50 wide rows is some 60 kB, so about 25 MB in the
 * usual case. A longer page (the contract allows 500) is computed each time rather than pinned. A
 * calendar range is not a page: it is kept whole, bounded by the most events one range read answers.
 */
const answers = new VersionedCache<unknown>(200);
const MAX_KEPT_ROWS = 100;
const small = (value: unknown) => {
  const page = value as { results?: unknown; rows?: unknown } | null;
  const rows = page?.results ?? page?.rows;
  return !Array.isArray(rows) || rows.length <= MAX_KEPT_ROWS;
};

/** Every versioned table's version as one text, as the session check reads it with the session. */
export const allVersionsColumn = () => versionsColumn(VERSIONED_TABLES);

/**
 * The versions of `tables` out of a text of more tables' versions (`allVersionsColumn`), in the form
 * `versionsColumn` gives them; undefined when one of them is not in it.
 */
export function versionsAmong(all: string, tables: readonly VersionedTable[]): string | undefined {
  const wanted = new Set<string>(tables);
  const parts = all.split(',').filter((part) => wanted.has(part.slice(0, part.indexOf(':'))));
  return parts.length === wanted.size ? parts.join(',') : undefined;
}

/**
 * `underVersions` for a read that is not beside a list: the versions of `reads` are asked first, unless
 * the caller read them already (`known`: the versions a page carried, of `reads` and maybe more).
 */
export async function keptRead<T>(
  ex: Executor,
  reads: readonly VersionedTable[],
  key: string,
  read: () => Promise<T>,
  known?: string,
): Promise<T> {
  if (inTransaction(ex)) return read();
  return underVersions(known || (await versionsOf(ex, reads)) || undefined, key, read);
}

/**
 * Counts by query and table versions. Versions start at random per database, so one process serving
 * (or testing) several databases never mixes their counts.
 */
const counts = new VersionedCache<number>(5_000);

/** The tables' versions as one text ('profiles:7,users:12'), as a column of a list's own query. */
const versionColumns = new Map<string, SQL<string>>();
function versionsColumn(tables: readonly VersionedTable[]): SQL<string> {
  const names = [...tables].sort();
  const key = names.join(',');
  let column = versionColumns.get(key);
  if (!column) {
    // The names are the fixed identifiers of VersionedTable, never input: safe as literal text.
    const list = names.map((n) => `'${n}'`).join(', ');
    // Ordered byte by byte, as `versionsAmong` keeps the order of a text of more tables.
    column = sql<string>`(select string_agg(${tableVersions.name} || ':' || ${tableVersions.version}, ',' order by ${tableVersions.name} collate "C") from ${tableVersions} where ${tableVersions.name} in (${sql.raw(list)}))`;
    versionColumns.set(key, column);
  }
  return column;
}

/**
 * A read inside a transaction keeps nothing under the versions. A table's version moves when a
 * transaction that wrote it commits, so a write's own transaction reads its uncommitted rows under the
 * versions from before it: kept, they would be served to everyone else (and outlive a rollback).
 */
const inTransaction = (ex: Executor) => ex instanceof PgTransaction;

/** The versions on their own, for a page that came back empty (no row to carry them). */
async function versionsOf(ex: Executor, tables: readonly VersionedTable[]): Promise<string> {
  const [row] = await ex
    .select({ versions: versionsColumn(tables) })
    .from(tableVersions)
    .limit(1);
  return row?.versions ?? '';
}

/** `count()` for a list's counting query. */
export const countAll = () => ({ n: count() });

export type { Executor };

/**
 * A record the database already wrote as JSON text (`wireJson(...)::text`): a list answers it as is,
 * instead of parsing 50 records only to validate and serialize them again (most of a list's CPU).
 */
export type JsonText = string & { readonly __jsonText: true };

export const JSON_TYPE = 'application/json; charset=utf-8';

/** `pageOf`, as the body's text, for rows that are JSON text already. */
export function jsonPageOf(
  request: FastifyRequest,
  publicUrl: string,
  q: PageRequest,
  count: number,
  rows: JsonText[],
): string {
  const { results: _, ...head } = pageOf(request, publicUrl, q, count, []);
  return `${JSON.stringify(head).slice(0, -1)},"results":[${rows.join(',')}]}`;
}

/** `{ count, results }` as text, for rows that are JSON text already. */
export const jsonListOf = (count: number, rows: JsonText[]) => `{"count":${count},"results":[${rows.join(',')}]}`;

/** The list envelope of the HTTP contract, with next/previous links on the public address. */
export function pageOf<T>(
  request: FastifyRequest,
  publicUrl: string,
  q: PageRequest,
  count: number,
  results: T[],
): Page<T> {
  const link = (page: number) => {
    const url = new URL(request.url, publicUrl);
    url.searchParams.set('page', String(page));
    return `${publicUrl}${url.pathname}${url.search}`;
  };
  const last = Math.max(1, Math.ceil(count / q.page_size));
  return {
    count,
    next: q.page < last ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(Math.min(q.page - 1, last)) : null,
    results,
  };
}
