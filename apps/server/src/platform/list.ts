import type { Scope } from '@portal/domain';
import { and, count, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { tableVersions } from '../db/schema/index.js';
import { BoundedCache } from './bounded-cache.js';

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

/** The SQL condition of a scope: its firms, then whose records within them. Nothing when unrestricted. */
export function scopeWhere(scope: Scope, owner: OwnerColumns): SQL | undefined {
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

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" over any of the columns (or expressions); nothing for an empty term. */
export function searchWhere(term: string | undefined, columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!term) return undefined;
  const like = likeContains(term);
  return or(...columns.map((c) => ilike(c, like)));
}

/** The tables whose writes bump a version (migration 0005): a list's count depends on some of them. */
export type VersionedTable = 'users' | 'profiles' | 'firms' | 'quarterly_attestations' | 'supervised_persons';

export interface ListQuery<S extends PgSelect> {
  /** The FROM/JOINs selecting the row columns; the helper adds the WHERE, ORDER BY and the page. */
  rows: S;
  /** The same FROM/JOINs selecting `countAll()`. */
  count: PgSelect;
  /** Every table the count reads: a write to any of them recounts. */
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
): Promise<{ rows: Awaited<S>; count: number }> {
  const offset = (page.page - 1) * page.page_size;
  const [rows, versions] = await Promise.all([
    query.rows
      .where(where)
      .orderBy(...orderBy)
      .limit(page.page_size)
      .offset(offset) as unknown as Promise<Awaited<S>>,
    versionsOf(ex, query.countReads),
  ]);
  if (rows.length < page.page_size && (rows.length > 0 || page.page === 1)) {
    return { rows, count: offset + rows.length };
  }
  const counted = query.count.where(where);
  const { sql: text, params } = counted.toSQL();
  const key = `${versions}\n${text}\n${JSON.stringify(params)}`;
  let count = versions ? counts.get(key) : undefined;
  if (count === undefined) {
    const [{ n }] = (await counted) as unknown as { n: number }[];
    count = Number(n);
    if (versions) counts.set(key, count);
  }
  return { rows, count };
}

/**
 * Counts by query and table versions. Versions start at random per database, so one process serving
 * (or testing) several databases never mixes their counts.
 */
const counts = new BoundedCache<number>(5_000);

async function versionsOf(ex: Executor, tables: readonly VersionedTable[]): Promise<string> {
  const rows = await ex
    .select({ name: tableVersions.name, version: tableVersions.version })
    .from(tableVersions)
    .where(inArray(tableVersions.name, [...tables]));
  return rows
    .map((r) => `${r.name}:${r.version}`)
    .sort()
    .join(',');
}

/** `count()` for a list's counting query. */
export const countAll = () => ({ n: count() });

export type { Executor };

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
