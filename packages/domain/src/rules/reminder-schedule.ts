import { attestationPeriodOn, type FiscalPeriod, previousPeriod } from './fiscal.js';
import { addDays, attestationDueDate, DEFAULT_GRACE_DAYS, filingOpensOn } from './submission-status.js';

/**
 * Reminders of the quarterly attestation: a CCO's own ('manual'), and the schedule's: the
 * filing opens ('opening'), the grace period is about to end ('before_due'), and the firm's CCOs are
 * told who is late ('escalation').
 */
export const REMINDER_KINDS = ['manual', 'opening', 'before_due', 'escalation'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export type ScheduledReminderKind = Exclude<ReminderKind, 'manual'>;

/** The second reminder goes out this many days before the last day on time. */
export const BEFORE_DUE_DAYS = 3;

/**
 * A missed escalation (the servers were down on the first day late) is still sent this many days
 * after the due date; later, the CCO has long seen the status screen and it would only be noise.
 */
export const ESCALATION_CATCH_UP_DAYS = 30;

const samePeriod = (a: FiscalPeriod, b: FiscalPeriod) =>
  a.fiscalYear === b.fiscalYear && a.fiscalQuarter === b.fiscalQuarter;

/**
 * Which scheduled reminders of `period` are due on `today` (the portal's calendar date), for a firm
 * allowing `graceDays`. Each kind has a window rather than a day, so a daily run that did not happen
 * (every instance down) is caught up by the next one; sending each once is the caller's record's job.
 * - opening: from the day the filing opens until the before-due window starts (or, when the grace
 *   period is too short for a second reminder, until the due date);
 * - before_due: from `BEFORE_DUE_DAYS` before the due date to the due date, when that starts after
 *   the opening day (with 3 grace days or fewer the opening reminder is the only one);
 * - escalation: from the first day late, for `ESCALATION_CATCH_UP_DAYS` days.
 * The reminders to file stop when the next quarter opens its own filing (the form files that one).
 */
export function scheduledRemindersDue(
  today: string,
  period: FiscalPeriod,
  graceDays: number = DEFAULT_GRACE_DAYS,
): ScheduledReminderKind[] {
  const opens = filingOpensOn(period);
  const dueDate = attestationDueDate(period, graceDays);
  if (today < opens) return [];
  if (today > dueDate) return today <= addDays(dueDate, ESCALATION_CATCH_UP_DAYS) ? ['escalation'] : [];
  if (!samePeriod(attestationPeriodOn(today), period)) return [];
  const beforeDueFrom = addDays(dueDate, -BEFORE_DUE_DAYS);
  if (beforeDueFrom <= opens) return ['opening'];
  return [today < beforeDueFrom ? 'opening' : 'before_due'];
}

/**
 * The periods whose reminders may be due on `today`: the one being filed, and the one before it (a
 * firm allowing about a quarter of grace days is late on it only after the next quarter opened).
 */
export const reminderPeriodsOn = (today: string): FiscalPeriod[] => {
  const filing = attestationPeriodOn(today);
  return [filing, previousPeriod(filing)];
};
