/**
 * The firm's fiscal calendar: the fiscal year starts in April and is named by the
 * calendar year it starts in. Jan–Mar is Q4 of the previous fiscal year, Apr–Jun Q1, Jul–Sep Q2,
 * Oct–Dec Q3. Dates here are calendar dates ('YYYY-MM-DD') already taken in the portal's time zone.
 */
export interface FiscalPeriod {
  fiscalYear: number;
  fiscalQuarter: 1 | 2 | 3 | 4;
}

/** The first fiscal year the attestation filters offer. */
export const FIRST_FISCAL_YEAR = 2017;

const parts = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return { y, m, d };
};

/** The fiscal quarter a calendar date falls in. */
export function fiscalPeriodOf(date: string): FiscalPeriod {
  const { y, m } = parts(date);
  if (m <= 3) return { fiscalYear: y - 1, fiscalQuarter: 4 };
  return { fiscalYear: y, fiscalQuarter: (Math.floor((m - 4) / 3) + 1) as 1 | 2 | 3 };
}

/** The quarter before `period`, across the year end. */
export function previousPeriod(period: FiscalPeriod): FiscalPeriod {
  if (period.fiscalQuarter === 1) return { fiscalYear: period.fiscalYear - 1, fiscalQuarter: 4 };
  return { fiscalYear: period.fiscalYear, fiscalQuarter: (period.fiscalQuarter - 1) as 1 | 2 | 3 };
}

/**
 * The period an attestation filed today covers: the fiscal quarter before today's. On 2026-11-22
 * (FY2026 Q3) that is FY2026 Q2; on 2027-02-10 (FY2026 Q4) it is FY2026 Q3.
 */
export const attestationPeriodOn = (today: string) => previousPeriod(fiscalPeriodOf(today));

/** Whether `period` is the one an attestation filed today covers (the only one the form files). */
export function isFiledOn(period: FiscalPeriod, today: string): boolean {
  const filed = attestationPeriodOn(today);
  return period.fiscalYear === filed.fiscalYear && period.fiscalQuarter === filed.fiscalQuarter;
}

/** The calendar date a fiscal quarter starts on. */
export function periodStart(period: FiscalPeriod): string {
  const month = period.fiscalQuarter === 4 ? 1 : 1 + period.fiscalQuarter * 3;
  const year = period.fiscalQuarter === 4 ? period.fiscalYear + 1 : period.fiscalYear;
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** The fiscal years a filter offers: the current one first, down to FY 2017. */
export function fiscalYearsUpTo(today: string): number[] {
  const current = fiscalPeriodOf(today).fiscalYear;
  return Array.from({ length: current - FIRST_FISCAL_YEAR + 1 }, (_, i) => current - i);
}

/**
 * Today's calendar date in `timeZone` (the portal's, `PORTAL_TIME_ZONE`), never the server's: at
 * 23:30 in New York on March 31 it is still Q4, whatever the UTC date says.
 */
export function calendarDateIn(timeZone: string, now: Date): string {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, f);
  }
  return f.format(now);
}
/** One formatter per zone: making one costs more than a list request's SQL (a profile showed 4% of a list's CPU). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A wire date ('2026-07-04') as the portal shows one ('07/04/2026'); anything else as it is. */
export function wireDateToText(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** Whether `text` names a real calendar date in the form YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const { y, m, d } = parts(text);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

/** The same calendar day `years` earlier (February 29 falls back to the 28th). */
export function yearsBefore(date: string, years: number): string {
  const { y, m, d } = parts(date);
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y - years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
