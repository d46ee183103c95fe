import { randomUUID } from 'node:crypto';
import {
  canRefresh,
  type EndedSessions,
  messages,
  REFRESH_WINDOW_SECONDS,
  SESSION_ENDED_CODE,
  SESSION_IDLE_CODE,
  type Session,
  type SessionListQuery,
} from '@portal/domain';
import { type AuditedTx, writeAudited, writeUnaudited } from '../../platform/audit.js';
import type { AuthState, Principal, SessionResolver } from '../../platform/auth.js';
import type { AppDeps, Ctx, RequestMeta } from '../../platform/context.js';
import { badRequest, HttpError, notFound } from '../../platform/errors.js';
import { signedInWireSql } from '../accounts/accounts.service.js';
import { revokeCalendarFeed } from '../calendar-feeds/calendar-feeds.service.js';
import { cancelOneTimeTokens } from './one-time-tokens.repository.js';
import {
  endIdleSession,
  endOfSession,
  findLiveSessionUser,
  insertSession,
  listLiveSessions,
  revokeOwnSession,
  revokeSession,
  revokeUserSessions,
  sessionEntity,
  touchSession,
} from './sessions.repository.js';

/**
 * Settings → Sessions: a person's own live sessions, and ending them. Every call acts on
 * the caller's sessions only: another person's session id is a 404, like an absent one.
 */
export async function listOwn(ctx: Ctx, q: SessionListQuery): Promise<{ count: number; results: Session[] }> {
  const { rows, count } = await listLiveSessions(ctx.deps.db, ctx.auth.user.id, {
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  return {
    count,
    results: rows.map((r) => sessionEntity.toWire({ ...r, isCurrent: r.id === ctx.auth.sessionId }) as Session),
  };
}

/** Ends one of the caller's sessions (their current one too: that is a sign-out). */
export async function endOwn(ctx: Ctx, id: string) {
  const { auth, deps } = ctx;
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    // Ending the current session is a sign-out; another one is told it was ended from elsewhere.
    if (!(await revokeOwnSession(tx, auth.user.id, id, id !== auth.sessionId))) throw notFound();
    record({ action: 'session_ended', entity: 'session', entityId: id, firmId: auth.user.profile?.firmId });
  });
  return { detail: messages.sessions.ended, current: id === auth.sessionId };
}

/** Ends every session of the caller but the one of this request (their calendar feed with them). */
export async function endOthers(ctx: Ctx): Promise<EndedSessions> {
  const { auth, deps } = ctx;
  const ended = await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    const n = await endAllSessions(tx, auth.user.id, auth.sessionId);
    record({
      action: 'other_sessions_ended',
      entity: 'user',
      entityId: auth.user.id,
      firmId: auth.user.profile?.firmId,
      changes: { sessions_ended: n },
    });
    return n;
  });
  return { detail: messages.sessions.othersEnded(ended), ended };
}

/**
 * Every session of a person (but `keep`, the caller's own) and their calendar feed, in the caller's
 * transaction: signing someone out everywhere is for a lost device or a leak, and the feed's address
 * is on that device too (an administrator's call through users.service, the person's own above).
 */
export async function endAllSessions(tx: AuditedTx, userId: number, keep?: string) {
  const n = await revokeUserSessions(tx, userId, keep);
  await revokeCalendarFeed(tx, userId);
  return n;
}

/**
 * The same sign-in under a new session id, every other session of the person ended: after a password
 * change a token copied before it, even of this very session, is refused. The hold at two-factor
 * set-up carries over to the new session.
 */
export async function rotateSession(deps: AppDeps, tx: AuditedTx, auth: AuthState, meta: RequestMeta) {
  const now = Math.floor(Date.now() / 1000);
  const session = await insertSession(tx, {
    id: randomUUID(),
    userId: auth.user.id,
    expiresAt: new Date((auth.origIat + REFRESH_WINDOW_SECONDS) * 1000),
    ip: meta.ip,
    userAgent: meta.userAgent,
    // A session held at two-factor set-up stays held: rotating it must not be a way out of the hold.
    mfaPending: auth.mfaPending === true,
  });
  await revokeUserSessions(tx, auth.user.id, session.id);
  return { sessionId: session.id, token: await deps.tokens.sign(auth.user.id, session.id, auth.origIat, now) };
}

/**
 * Ends every way into an account but the caller's own session: its sessions and its outstanding
 * one-time links (activation, password reset). On deactivation, deletion and password changes.
 */
export async function revokeAccess(tx: AuditedTx, userId: number, keepSession?: string) {
  await revokeUserSessions(tx, userId, keepSession);
  await cancelOneTimeTokens(tx, userId);
  await revokeCalendarFeed(tx, userId);
}

export async function logout(deps: AppDeps, session: { sessionId: string; token?: string }, meta: RequestMeta) {
  const { sessionId, token } = session;
  await writeAudited(deps.db, meta, async (tx, record) => {
    await revokeSession(tx, sessionId);
    record({ action: 'logout', entity: 'session', entityId: sessionId });
  });
  deps.tokens.forget(token, sessionId);
}

export async function refreshToken(deps: AppDeps, token: string): Promise<string> {
  const claims = await deps.tokens.verify(token);
  if (!claims) throw badRequest(messages.auth.invalidToken, { token: messages.auth.invalidToken });
  const now = Math.floor(Date.now() / 1000);
  if (!canRefresh(claims.origIat, now))
    throw badRequest(messages.auth.refreshExpired, { token: messages.auth.refreshExpired });
  // A refresh is not a use: it neither revives an idle session nor moves its last use.
  const live = await findLiveSessionUser(deps.db, claims.sessionId, signedInWireSql());
  const user = live && !live.idle ? live.principal : undefined;
  if (!user?.isActive || user.id !== claims.userId)
    throw badRequest(messages.auth.invalidToken, { token: messages.auth.invalidToken });
  return deps.tokens.sign(claims.userId, claims.sessionId, claims.origIat, now);
}

export async function verifyToken(deps: AppDeps, token: string) {
  const claims = await deps.tokens.verify(token);
  const live = claims && (await findLiveSessionUser(deps.db, claims.sessionId, signedInWireSql()));
  const user = live && !live.idle ? live.principal : undefined;
  if (!user?.isActive) throw badRequest(messages.auth.invalidToken, { token: messages.auth.invalidToken });
}

/** The session check of every signed-in request (the platform's `SessionResolver`). */
export function sessionResolver(deps: AppDeps): SessionResolver {
  return async (sessionId, userId) => {
    // One query for the session and its account: never cached, so a revocation holds at once.
    const account = await findLiveSessionUser(deps.db, sessionId, signedInWireSql());
    if (!account) {
      // Only on the way to a 401: a session that ended for idleness, or was ended from elsewhere, says
      // so every time it is tried.
      const ended = await endOfSession(deps.db, sessionId);
      if (ended?.reason === 'idle') throw idleSignedOut(ended.idleMinutes);
      if (ended?.reason === 'ended') throw endedElsewhere();
      return null;
    }
    if (account.principal.id !== userId || !account.principal.isActive) return null;
    if (account.idle) {
      await endForIdleness(deps, sessionId, account.principal);
      throw idleSignedOut(account.idleMinutes);
    }
    // Last use to the minute: one small write a minute per session, not one per request.
    if (account.touch) await writeUnaudited(deps.db, 'session use', (w) => touchSession(w, sessionId));
    return {
      sessionId,
      user: account.principal,
      actor: account.wire,
      mfaPending: account.mfaPending,
      versions: account.versions ?? undefined,
    };
  };
}

/**
 * The 401 of a session unused for its firm's idle timeout; `code` lets the web say why it
 * signed the person out.
 */
const idleSignedOut = (minutes: number) =>
  new HttpError(401, messages.auth.idleSignedOut(minutes), undefined, undefined, { code: SESSION_IDLE_CODE });

/** The 401 of a session ended from another session, by an administrator or by a password change. */
const endedElsewhere = () =>
  new HttpError(401, messages.auth.sessionEnded, undefined, undefined, { code: SESSION_ENDED_CODE });

const ALREADY_ENDED = Symbol('already ended');

async function endForIdleness(deps: AppDeps, sessionId: string, user: Principal) {
  try {
    await writeAudited(deps.db, { actorId: user.id, requestId: null }, async (tx, record) => {
      // Two requests may find it idle at once: one ends it and records it, the other rolls back.
      if (!(await endIdleSession(tx, sessionId))) throw ALREADY_ENDED;
      record({ action: 'session_idle_timeout', entity: 'session', entityId: sessionId, firmId: user.profile?.firmId });
    });
  } catch (err) {
    if (err !== ALREADY_ENDED) throw err;
  }
}
