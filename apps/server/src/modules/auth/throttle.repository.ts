import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginFailures, passwordResetRequests } from '../../db/schema/index.js';
import type { Writer } from '../../platform/audit.js';

/**
 * Attempts counted in the database, so every instance behind a load balancer sees the same numbers:
 * failed sign-ins (and wrong current passwords), and password-reset requests.
 */
export type ThrottleKind = 'login' | 'reset';
const tables = { login: loginFailures, reset: passwordResetRequests } as const;

export async function recordAttempt(ex: Writer, kind: ThrottleKind, email: string, ip: string) {
  await ex.insert(tables[kind]).values({ email: email.trim().toLowerCase(), ip });
}

export async function clearAttempts(ex: Writer, kind: ThrottleKind, email: string) {
  const table = tables[kind];
  await ex.delete(table).where(eq(table.email, email.trim().toLowerCase()));
}

export interface AttemptWindow {
  count: number;
  /** When the oldest attempt in the window leaves it. */
  oldest: Date | null;
}

export async function countRecentAttempts(
  ex: Executor,
  kind: ThrottleKind,
  key: { email: string } | { ip: string },
  windowMs: number,
): Promise<AttemptWindow> {
  const table = tables[kind];
  const since = sql`now() - make_interval(secs => ${windowMs / 1000})`;
  const where = 'email' in key ? eq(table.email, key.email.trim().toLowerCase()) : eq(table.ip, key.ip);
  const [row] = await ex
    .select({ count: count(), oldest: min(table.at) })
    .from(table)
    .where(and(where, gt(table.at, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Rows older than every window are useless; trimmed now and then by the paths that add them. */
export async function pruneAttempts(ex: Writer, kind: ThrottleKind, windowMs: number) {
  const table = tables[kind];
  await ex.delete(table).where(lt(table.at, sql`now() - make_interval(secs => ${(windowMs * 2) / 1000})`));
}
