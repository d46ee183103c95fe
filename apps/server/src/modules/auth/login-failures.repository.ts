import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/migrate.js';
import { loginFailures } from '../../db/schema/index.js';

export async function recordLoginFailure(ex: Executor, email: string, ip: string) {
  await ex.insert(loginFailures).values({ email: email.toLowerCase(), ip });
}

export async function clearLoginFailures(ex: Executor, email: string) {
  await ex.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
}

export interface FailureWindow {
  count: number;
  /** When the oldest failure in the window leaves it. */
  oldest: Date | null;
}

/** Counted in the database, so every instance behind a load balancer sees the same numbers. */
export async function countRecentFailures(
  ex: Executor,
  key: { email?: string; ip?: string },
  windowMs: number,
): Promise<FailureWindow> {
  const since = sql`now() - make_interval(secs => ${windowMs / 1000})`;
  const where = key.email ? eq(loginFailures.email, key.email.toLowerCase()) : eq(loginFailures.ip, key.ip ?? '');
  const result = await ex
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(and(where, gt(loginFailures.at, since)));
  const [row] = result;
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Old rows are useless once out of every window; trimmed now and then by the login path. */
export async function pruneLoginFailures(ex: Executor, windowMs: number) {
  const r = await ex.execute(
    sql`delete from login_failures where at < now() - make_interval(secs => ${(windowMs * 2) / 1000})`,
  );
  return rowsOf(r).length;
}
