import type { FiscalPeriod, ReminderKind } from '@portal/domain';
import type { Executor } from '../../db/client.js';
import { attestationReminders } from '../../db/schema/index.js';

export interface NewReminder {
  /** The person reminded; null for an escalation. */
  userId: number | null;
  firmId: number | null;
}

/**
 * Records reminders of one kind and period; returns those recorded now. The schedule's kinds are
 * unique per person (or firm, for an escalation) and period: one another run already recorded is
 * skipped, which is what makes each mailed once however many instances run the schedule.
 */
export async function recordReminders(
  ex: Executor,
  period: FiscalPeriod,
  kind: ReminderKind,
  sentById: number | null,
  rows: NewReminder[],
): Promise<{ id: number; userId: number | null }[]> {
  if (rows.length === 0) return [];
  const recorded: { id: number; userId: number | null }[] = [];
  // Well under PostgreSQL's 65,535 parameters a statement, whatever the firm's size.
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).map((r) => ({ ...r, ...period, kind, sentById }));
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
