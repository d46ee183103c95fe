import {
  DEFAULT_IDLE_TIMEOUT_MINUTES,
  deviceOf,
  LAST_USED_GRANULARITY_SECONDS,
  sessionFields,
  type User,
} from '@portal/domain';
import { and, count, eq, gt, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firms, profiles, sessions, users } from '../../db/schema/index.js';
import type { AuditedTx, Writer } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth.js';
import { bindEntity } from '../../platform/entity.js';
import { allVersionsColumn } from '../../platform/list.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(ex: AuditedTx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await ex.insert(sessions).values(values).returning();
  return row;
}

/** A live session's account: the principal the platform keeps, and the account as the API shows it. */
export interface SessionAccount {
  principal: Principal;
  wire: User;
  /** The session waits for the person to set up a second factor. */
  mfaPending: boolean;
  /** Unused for longer than its firm's idle timeout: it must end now. */
  idle: boolean;
  idleMinutes: number;
  /** Its last use was written over a minute ago: this request writes it again. */
  touch: boolean;
  /** Every versioned table's version as this check read them (`allVersionsColumn`). */
  versions: string | null;
}

/** The firm's idle timeout of a session's person; a person of no firm gets the default. */
const idleMinutes = sql<number>`coalesce(${firms.idleTimeoutMinutes}, ${sql.raw(String(DEFAULT_IDLE_TIMEOUT_MINUTES))})`;
/** Unused for longer than `minutes`. */
const idleFor = (minutes: SQL) => sql<boolean>`(${sessions.lastUsedAt} < now() - make_interval(mins => ${minutes}))`;
const idleSql = idleFor(idleMinutes);
const staleSql = sql<boolean>`(${sessions.lastUsedAt} < now() - make_interval(secs => ${sql.raw(String(LAST_USED_GRANULARITY_SECONDS))}))`;

/**
 * The one query of every signed-in request: a live session (not revoked, not expired) with its live
 * (not deleted) account and profile. It reads the database every time, never a cache, so a revoked
 * session is refused on the very next request. Prepared once per database (a named statement on
 * PostgreSQL, parsed and planned once per pooled connection); the account comes as one JSON value, and
 * the tables' versions beside it, so that what a request keeps in memory needs no statement of its own.
 */
function prepareSessionUser(db: Executor, wire: SQL<User>) {
  return db
    .select({
      passwordHash: users.passwordHash,
      wire,
      mfaPending: sessions.mfaPending,
      idle: idleSql,
      idleMinutes: sql<number>`${idleMinutes}`.mapWith(Number),
      touch: staleSql,
      versions: allVersionsColumn(),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(firms, eq(firms.id, profiles.firmId))
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
const sessionUserQueries = new WeakMap<Executor, ReturnType<typeof prepareSessionUser>>();

/**
 * `accountWire` is the account's wire shape in SQL (the accounts module's), the same for every call: the query
 * is prepared with the first one a database sees.
 */
export async function findLiveSessionUser(
  db: Executor,
  sessionId: string,
  accountWire: SQL<User>,
): Promise<SessionAccount | undefined> {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUser(db, accountWire);
    sessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({ id: sessionId });
  if (!row) return undefined;
  const { wire, passwordHash, mfaPending, idle, touch, versions } = row;
  const principal: Principal = {
    id: wire.id,
    email: wire.email,
    firstName: wire.first_name,
    passwordHash,
    isActive: wire.is_active,
    profile: wire.profile ? { firmId: wire.profile._firm } : null,
  };
  return {
    principal,
    wire,
    mfaPending,
    idle: Boolean(idle),
    idleMinutes: row.idleMinutes,
    touch: Boolean(touch),
    versions,
  };
}

/** Notes a request's use of a session; a no-op when another request of the same minute already did. */
export async function touchSession(ex: Writer, id: string) {
  await ex
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sessions.id, id), staleSql));
}

/** Ends a session for idleness; false when it had already ended (another request got there first). */
export async function endIdleSession(ex: AuditedTx, id: string): Promise<boolean> {
  const rows = await ex
    .update(sessions)
    .set({ revokedAt: sql`now()`, endReason: 'idle' })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * Why a session the person should be told about ended (with the idle timeout, for 'idle'), or null when
 * it was signed out, expired or never existed.
 */
export async function endOfSession(
  ex: Executor,
  id: string,
): Promise<{ reason: 'idle' | 'ended'; idleMinutes: number } | null> {
  const [row] = await ex
    .select({ reason: sessions.endReason, idleMinutes: sql<number>`${idleMinutes}`.mapWith(Number) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(firms, eq(firms.id, profiles.firmId))
    .where(and(eq(sessions.id, id), isNotNull(sessions.endReason), gt(sessions.expiresAt, sql`now()`)));
  return row?.reason ? { reason: row.reason, idleMinutes: row.idleMinutes } : null;
}

/** A session as its owner sees it listed; whether it is the request's own is the caller's (`isCurrent`). */
export const sessionEntity = bindEntity(
  'session',
  sessionFields,
  { '': sessions },
  {
    device: (row) => deviceOf(row.userAgent as string | null),
    current: (row) => row.isCurrent === true,
  },
);

/**
 * A person's live sessions (not ended, not expired, not idle), the most recently used first, and how many
 * there are, in one statement over the sessions alone: their person's idle timeout is read once (an
 * init plan), not joined to every session. A page past the end counts apart.
 */
export async function listLiveSessions(ex: Executor, userId: number, page: { limit: number; offset: number }) {
  const timeout = sql`coalesce((select ${idleMinutes} from ${profiles} left join ${firms} on ${firms.id} = ${profiles.firmId}
    where ${profiles.userId} = ${userId}), ${sql.raw(String(DEFAULT_IDLE_TIMEOUT_MINUTES))})`;
  const live = and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    sql`not ${idleFor(timeout)}`,
  );
  const rows = await ex
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(sessions)
    .where(live)
    // In the live index's order (its columns are never null; `nulls last` as the index has them, or
    // the planner sorts every live session instead of reading them in order).
    .orderBy(sql`${sessions.lastUsedAt} desc nulls last`, sql`${sessions.createdAt} desc nulls last`)
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0 || page.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  const [{ n }] = await ex.select({ n: count() }).from(sessions).where(live);
  return { rows, count: n };
}

/**
 * Ends one of a person's own live sessions (`fromElsewhere`: not the one asking, which is told so when
 * next used); false when they have no such session.
 */
export async function revokeOwnSession(
  ex: AuditedTx,
  userId: number,
  id: string,
  fromElsewhere: boolean,
): Promise<boolean> {
  const rows = await ex
    .update(sessions)
    .set({ revokedAt: sql`now()`, endReason: fromElsewhere ? 'ended' : null })
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function revokeSession(ex: AuditedTx, id: string) {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Every live session of a user, optionally keeping one (the caller's own); answers how many ended. */
export async function revokeUserSessions(ex: AuditedTx, userId: number, keep?: string): Promise<number> {
  const rows = await ex
    .update(sessions)
    .set({ revokedAt: sql`now()`, endReason: 'ended' })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
