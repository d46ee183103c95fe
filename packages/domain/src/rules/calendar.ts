import { calendarMessages } from '../messages/calendar.js';
import { remindersMessages } from '../messages/reminders.js';
import { isCco } from './attestations.js';
import { type FiscalPeriod, fiscalPeriodOf, previousPeriod } from './fiscal.js';
import { type Actor, isFirmAdmin, isStaff } from './permissions.js';
import { BEFORE_DUE_DAYS } from './reminder-schedule.js';
import { addDays, attestationDueDate, filingOpensOn } from './submission-status.js';

/** The longest range one calendar read may ask for: a year's list view and a little around it. */
export const MAX_CALENDAR_RANGE_DAYS = 400;
/** The longest an event may last: a multi-day conference, not a year-long banner. */
export const MAX_EVENT_DAYS = 366;

/**
 * What a firm publishes to its people (calendar events, the Life Impact page, the coming-soon
 * settings) is kept by its administrators; a super admin keeps their own firm's like any administrator.
 */
export const canEditFirmContent = (a: Actor) => isFirmAdmin(a) && a.profile._firm !== null;

/**
 * Compliance deadlines are the staff's business: the attestation schedule binds supervised persons, and
 * a client has nothing to file (a client's calendar shows the firm's events only).
 */
export const canSeeComplianceDeadlines = (a: Actor) => isStaff(a);

export type DeadlineKind = 'filing_opens' | 'reminder' | 'due' | 'escalation';

export interface ComplianceDeadlineOf {
  kind: DeadlineKind;
  date: string;
  period: FiscalPeriod;
}

/** The days the attestation schedule fixes for one period, for a firm allowing `graceDays`. */
export function attestationScheduleOf(period: FiscalPeriod, graceDays: number): ComplianceDeadlineOf[] {
  const opens = filingOpensOn(period);
  const due = attestationDueDate(period, graceDays);
  const reminder = addDays(due, -BEFORE_DUE_DAYS);
  return [
    // The opening reminder goes out the day the filing opens (rules/reminder-schedule.ts).
    { kind: 'filing_opens', date: opens, period },
    // With a grace period of BEFORE_DUE_DAYS or less, the opening reminder is the only one.
    ...(reminder > opens ? [{ kind: 'reminder' as const, date: reminder, period }] : []),
    { kind: 'due', date: due, period },
    // The schedule escalates to the firm's CCOs from the first day late.
    { kind: 'escalation', date: addDays(due, 1), period },
  ];
}

/**
 * Every attestation deadline between `from` and `to` (calendar dates, inclusive) for a firm allowing
 * `graceDays`; the escalation only for those it is sent to (CCOs). A period's days fall in the quarter
 * after it, up to 91 days later, so the periods start two quarters before `from`.
 */
export function attestationDeadlinesBetween(
  from: string,
  to: string,
  graceDays: number,
  who: { escalations: boolean },
): ComplianceDeadlineOf[] {
  const periods: FiscalPeriod[] = [];
  for (let p = fiscalPeriodOf(to); periods.length < 12; p = previousPeriod(p)) {
    periods.unshift(p);
    if (filingOpensOn(p) < addDays(from, -200)) break;
  }
  return periods
    .flatMap((p) => attestationScheduleOf(p, graceDays))
    .filter((d) => d.date >= from && d.date <= to && (who.escalations || d.kind !== 'escalation'))
    .sort((a, b) => a.date.localeCompare(b.date));
}

const d = calendarMessages.deadline;
const periodName = (p: FiscalPeriod) => remindersMessages.periodName(p.fiscalYear, p.fiscalQuarter);

/** A deadline's title and description as the calendar and the ICS feed show them. */
export function describeDeadline(x: ComplianceDeadlineOf, graceDays: number): { title: string; description: string } {
  const name = periodName(x.period);
  switch (x.kind) {
    case 'filing_opens':
      return { title: d.filingOpens(name), description: d.filingOpensText(name) };
    case 'reminder':
      return { title: d.reminder(name), description: d.reminderText(name, BEFORE_DUE_DAYS) };
    case 'due':
      return { title: d.due(name), description: d.dueText(name, graceDays) };
    case 'escalation':
      return { title: d.escalation(name), description: d.escalationText(name) };
  }
}

/** Who sees escalations on their calendar: the CCOs they are mailed to. */
export const seesEscalations = (a: Actor) => isCco(a);

/** The number of calendar days from `from` to `to` (0 for the same day). */
export const daysFromTo = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
