import type { FiscalPeriod, ReminderKind } from '@portal/domain';
import { and, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { attestationReminders } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';

export interface NewReminder {
  /** The person reminded; null for an escalation. */
  userId: number | null;
  firmId: number | null;
}

/**
 * Records reminders of one kind and period, sent at `sent.at` by the configured clock (as the
 * attestations' times are); returns those recorded now. The schedule's kinds are
 * unique per person (or firm, for an escalation) and period: one another run already recorded is
 * skipped, which is what makes each mailed once however many instances run the schedule.
 */
export async function recordReminders(
  ex: AuditedTx,
  period: FiscalPeriod,
  kind: ReminderKind,
  sent: { byId: number | null; at: Date },
  rows: NewReminder[],
): Promise<{ id: number; userId: number | null }[]> {
  if (rows.length === 0) return [];
  const recorded: { id: number; userId: number | null }[] = [];
  // Well under PostgreSQL's 65,535 parameters a statement, whatever the firm's size.
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows
      .slice(i, i + 1000)
      .map((r) => ({ ...r, ...period, kind, sentById: sent.byId, sentAt: sent.at }));
    recorded.push(
      ...(await ex
        .insert(attestationReminders)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: attestationReminders.id, userId: attestationReminders.userId })),
    );
  }
  return recorded;
}

/**
 * When each of `userIds` was last reminded of the period (after `since`, when given), by a CCO or the
 * schedule; those never reminded are absent.
 */
export async function lastRemindedOf(ex: Executor, period: FiscalPeriod, userIds: number[], since?: Date) {
  const last = new Map<number, Date>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await ex
      .select({ userId: attestationReminders.userId, sentAt: max(attestationReminders.sentAt) })
      .from(attestationReminders)
      .where(
        and(
          inArray(attestationReminders.userId, userIds.slice(i, i + 1000)),
          eq(attestationReminders.fiscalYear, period.fiscalYear),
          eq(attestationReminders.fiscalQuarter, period.fiscalQuarter),
          since && gt(attestationReminders.sentAt, since),
        ),
      )
      .groupBy(attestationReminders.userId);
    for (const r of rows) if (r.userId !== null && r.sentAt) last.set(r.userId, new Date(r.sentAt));
  }
  return last;
}

/** The advisory-lock class of "reminding this person" (the second key is the person's user id). */
const REMINDING = 80_420;

/**
 * Those of `userIds` reminded of the period after `since`, with the time of their last reminder. The
 * people are locked first (advisory locks, in id order, until the transaction ends): two CCOs reminding
 * one person at once see each other's reminder, and only one goes out.
 */
export async function lockRemindedSince(ex: Executor, period: FiscalPeriod, userIds: number[], since: Date) {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += 1000)
    await ex.execute(
      sql`select pg_advisory_xact_lock(${REMINDING}, id) from unnest(${sql.raw(
        `array[${ids
          .slice(i, i + 1000)
          .map(Number)
          .join(',')}]`,
      )}::int[]) as t(id) order by id`,
    );
  return lastRemindedOf(ex, period, ids, since);
}
