import { type FiscalPeriod, periodStart } from './fiscal.js';

/**
 * Where a supervised person stands for a period: the attestation's own status
 * when one is filed, else Pending while the firm's grace period runs and Delinquent after it.
 */
export const SUBMISSION_STATUSES = ['Reviewed', 'Submitted', 'Pending', 'Delinquent'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The firm's policy unless it sets its own: 15 days (Rule 204A-1 itself allows 30). */
export const DEFAULT_GRACE_DAYS = 15;

/** The quarter after `period`: its attestation is due in it. */
function nextPeriod(period: FiscalPeriod): FiscalPeriod {
  if (period.fiscalQuarter === 4) return { fiscalYear: period.fiscalYear + 1, fiscalQuarter: 1 };
  return { fiscalYear: period.fiscalYear, fiscalQuarter: (period.fiscalQuarter + 1) as 2 | 3 | 4 };
}

/** The calendar date `days` after `date` (before it when negative). */
export const addDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** The first day an attestation for `period` may be filed: the quarter after it opens. */
export const filingOpensOn = (period: FiscalPeriod) => periodStart(nextPeriod(period));

/**
 * The last day an attestation for `period` is on time: the quarter after it opens the filing, and
 * "more than `graceDays` days have passed since its start" is late. FY2026 Q2 (Jul–Sep) opens on
 * October 1: with 15 days, October 16 is the last day on time and October 17 the first day late.
 */
export function attestationDueDate(period: FiscalPeriod, graceDays: number = DEFAULT_GRACE_DAYS): string {
  return addDays(filingOpensOn(period), graceDays);
}

/** The person's status for `period` on `today` (a calendar date in the portal's time zone). */
export function submissionStatus(
  filed: { status: 'Submitted' | 'Reviewed' } | null,
  period: FiscalPeriod,
  today: string,
  graceDays: number = DEFAULT_GRACE_DAYS,
): SubmissionStatus {
  if (filed) return filed.status;
  return today > attestationDueDate(period, graceDays) ? 'Delinquent' : 'Pending';
}
