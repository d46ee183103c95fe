import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { profiles, sessions, users } from '../../db/schema/index.js';
import type { UserRecord } from '../users/users.service.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(ex: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await ex.insert(sessions).values(values).returning();
  return row;
}

/**
 * The one query of every signed-in request: a live session (not revoked, not expired) with its live
 * (not deleted) account and profile. It reads the database every time, never a cache, so a revoked
 * session is refused on the very next request. Prepared once per database (a named statement on
 * PostgreSQL, parsed and planned once per pooled connection).
 */
function prepareSessionUser(db: Db) {
  return db
    .select({ user: users, profile: profiles })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .prepare('live_session_user');
}
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

export async function findLiveSessionUser(db: Db, sessionId: string): Promise<UserRecord | undefined> {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUser(db);
    sessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({ id: sessionId });
  return row && { ...row.user, profile: row.profile };
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
