import type { Scope } from '@portal/domain';
import { and, count, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';

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

/**
 * One page of rows and the count of all. `select` and `counted` are the same FROM/JOINs: the first
 * selects the row columns, the second `count()`; the helper adds the WHERE, ORDER BY and the page.
 */
export async function listPage<S extends PgSelect>(
  select: S,
  counted: PgSelect,
  where: SQL | undefined,
  orderBy: SQL[],
  page: PageRequest,
): Promise<{ rows: Awaited<S>; count: number }> {
  const [rows, [{ n }]] = await Promise.all([
    select
      .where(where)
      .orderBy(...orderBy)
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size) as unknown as Promise<Awaited<S>>,
    counted.where(where) as unknown as Promise<{ n: number }[]>,
  ]);
  return { rows, count: Number(n) };
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
