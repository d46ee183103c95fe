import type { User } from '@portal/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { profiles, sessions, users } from '../../db/schema/index.js';
import type { Principal } from '../../platform/auth.js';
import { accounts } from '../users/users.service.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(ex: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await ex.insert(sessions).values(values).returning();
  return row;
}

/** A live session's account: the principal the platform keeps, and the account as the API shows it. */
export interface SessionAccount {
  principal: Principal;
  wire: User;
  /** The session waits for the person to set up a second factor (issue 12 §1). */
  mfaPending: boolean;
}

/**
 * The one query of every signed-in request: a live session (not revoked, not expired) with its live
 * (not deleted) account and profile. It reads the database every time, never a cache, so a revoked
 * session is refused on the very next request. Prepared once per database (a named statement on
 * PostgreSQL, parsed and planned once per pooled connection); the account comes as one JSON value.
 */
function prepareSessionUser(db: Db) {
  return db
    .select({ passwordHash: users.passwordHash, wire: accounts.signedInWire, mfaPending: sessions.mfaPending })
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

export async function findLiveSessionUser(db: Db, sessionId: string): Promise<SessionAccount | undefined> {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUser(db);
    sessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({ id: sessionId });
  if (!row) return undefined;
  const { wire, passwordHash, mfaPending } = row;
  const principal: Principal = {
    id: wire.id,
    email: wire.email,
    firstName: wire.first_name,
    passwordHash,
    isActive: wire.is_active,
    profile: wire.profile ? { firmId: wire.profile._firm } : null,
  };
  return { principal, wire, mfaPending };
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
