import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(ex: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await ex.insert(sessions).values(values).returning();
  return row;
}

export async function findLiveSession(ex: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await ex
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return row;
}

export async function revokeSession(ex: Executor, id: string) {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Every live session of a user, optionally keeping one (the caller's own). */
export async function revokeUserSessions(ex: Executor, userId: number, keep?: string) {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}
