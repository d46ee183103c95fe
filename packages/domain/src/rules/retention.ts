import { fiscalPeriodOf } from './fiscal.js';

/**
 * Books and records (SEC Rule 204-2(e)): a record is kept at least five years from the end of the fiscal
 * year in which it was last changed. The portal's fiscal year is the firm calendar of rules/fiscal.ts (April
 * to March, fixed for every firm: there is no per-firm setting), so it ends on March 31. Only a record
 * already soft-deleted may be purged after that, and only by a super administrator's command; the audit
 * trail itself is never purged. Dates are calendar dates ('YYYY-MM-DD') in the portal's time zone.
 */
export const RETENTION_YEARS = 5;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The last day of the fiscal year `date` falls in (March 31 on or after it). */
export function fiscalYearEndOf(date: string): string {
  return `${pad(fiscalPeriodOf(date).fiscalYear + 1, 4)}-03-31`;
}

/** The last day a record last changed on `lastChange` must still be kept. */
export function retainedUntil(lastChange: string): string {
  const end = fiscalYearEndOf(lastChange);
  return `${pad(Number(end.slice(0, 4)) + RETENTION_YEARS, 4)}${end.slice(4)}`;
}

/** Whether a record last changed on `lastChange` is past its retention period on `today`. */
export const retentionEnded = (lastChange: string, today: string) => retainedUntil(lastChange) < today;

/**
 * The latest last-change date whose retention has ended on `today`: every record changed on or before it
 * (and none after) may be purged. The fiscal year that ended more than five years before today; e.g. on
 * 2026-04-01 it is 2021-03-31 (kept through 2026-03-31), on 2026-03-31 it is 2020-03-31.
 */
export function purgeCutoff(today: string): string {
  const monthDay = today.slice(4) === '-02-29' ? '-02-28' : today.slice(4);
  const fiveYearsBack = `${pad(Number(today.slice(0, 4)) - RETENTION_YEARS, 4)}${monthDay}`;
  // The fiscal year five years back began on April 1 of the year it is named by; the one before it ended
  // on the March 31 just before, more than five years ago.
  return `${pad(fiscalPeriodOf(fiveYearsBack).fiscalYear, 4)}-03-31`;
}
