import { deviceOf, type EndedSessions, messages, type Session, type SessionListQuery } from '@portal/domain';
import type { Executor } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { revokeCalendarFeed } from '../calendar-feeds/calendar-feeds.service.js';
import { listLiveSessions, revokeOwnSession, revokeUserSessions } from './sessions.repository.js';

/**
 * Settings → Sessions (issue 12 §4): a person's own live sessions, and ending them. Every call acts on
 * the caller's sessions only: another person's session id is a 404, like an absent one.
 */
export async function listOwn(ctx: Ctx, q: SessionListQuery): Promise<{ count: number; results: Session[] }> {
  const { rows, count } = await listLiveSessions(ctx.deps.db, ctx.auth.user.id, {
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  return {
    count,
    results: rows.map((r) => ({
      id: r.id,
      device: deviceOf(r.userAgent),
      user_agent: r.userAgent,
      ip: r.ip,
      created_at: new Date(r.createdAt).toISOString(),
      last_used_at: new Date(r.lastUsedAt).toISOString(),
      current: r.id === ctx.auth.sessionId,
    })),
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
export async function endAllSessions(tx: Executor, userId: number, keep?: string) {
  const n = await revokeUserSessions(tx, userId, keep);
  await revokeCalendarFeed(tx, userId);
  return n;
}
