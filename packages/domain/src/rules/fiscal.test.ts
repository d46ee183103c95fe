import { describe, expect, it } from 'vitest';
import {
  attestationPeriodOn,
  calendarDateIn,
  fiscalPeriodOf,
  fiscalYearsUpTo,
  isCalendarDate,
  isFiledOn,
  periodStart,
  previousPeriod,
  yearsBefore,
} from './fiscal.js';

describe('the fiscal calendar', () => {
  it.each([
    ['2026-01-15', 2025, 4],
    ['2026-02-28', 2025, 4],
    ['2026-03-31', 2025, 4],
    ['2026-04-01', 2026, 1],
    ['2026-05-15', 2026, 1],
    ['2026-06-30', 2026, 1],
    ['2026-07-01', 2026, 2],
    ['2026-08-15', 2026, 2],
    ['2026-09-30', 2026, 2],
    ['2026-10-01', 2026, 3],
    ['2026-11-22', 2026, 3],
    ['2026-12-31', 2026, 3],
    ['2027-01-01', 2026, 4],
  ])('%s is FY%i Q%i', (date, fiscalYear, fiscalQuarter) => {
    expect(fiscalPeriodOf(date)).toEqual({ fiscalYear, fiscalQuarter });
  });

  it.each([
    ['2026-11-22', 2026, 2],
    ['2027-02-10', 2026, 3],
    ['2026-04-01', 2025, 4],
    ['2026-03-31', 2025, 3],
    ['2026-07-01', 2026, 1],
    ['2026-12-31', 2026, 2],
    ['2027-01-01', 2026, 3],
  ])('an attestation filed on %s covers FY%i Q%i', (date, fiscalYear, fiscalQuarter) => {
    expect(attestationPeriodOn(date)).toEqual({ fiscalYear, fiscalQuarter });
  });

  it.each([
    ['2026-11-24', 2026, 2, true],
    ['2026-11-24', 2026, 1, false],
    ['2026-11-24', 2026, 3, false],
    ['2027-01-01', 2026, 3, true],
  ])('on %s, FY%i Q%i is being filed: %s', (today, fiscalYear, fiscalQuarter, filed) => {
    expect(isFiledOn({ fiscalYear, fiscalQuarter: fiscalQuarter as 1 | 2 | 3 | 4 }, today)).toBe(filed);
  });

  it('steps back across the fiscal year end', () => {
    expect(previousPeriod({ fiscalYear: 2026, fiscalQuarter: 1 })).toEqual({ fiscalYear: 2025, fiscalQuarter: 4 });
    expect(previousPeriod({ fiscalYear: 2026, fiscalQuarter: 4 })).toEqual({ fiscalYear: 2026, fiscalQuarter: 3 });
  });

  it.each([
    [2026, 1, '2026-04-01'],
    [2026, 2, '2026-07-01'],
    [2026, 3, '2026-10-01'],
    [2026, 4, '2027-01-01'],
  ] as const)('FY%i Q%i starts on %s', (fiscalYear, fiscalQuarter, start) => {
    expect(periodStart({ fiscalYear, fiscalQuarter })).toBe(start);
    expect(fiscalPeriodOf(start)).toEqual({ fiscalYear, fiscalQuarter });
  });

  it('offers the fiscal years from the current one down to 2017', () => {
    expect(fiscalYearsUpTo('2026-11-22')).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
    expect(fiscalYearsUpTo('2018-02-01')).toEqual([2017]);
  });

  it("takes today in the portal's time zone, not the server's", () => {
    // 03:30 UTC on April 1 is still March 31 in New York: Q4, not Q1.
    const instant = new Date('2026-04-01T03:30:00Z');
    expect(calendarDateIn('America/New_York', instant)).toBe('2026-03-31');
    expect(calendarDateIn('UTC', instant)).toBe('2026-04-01');
    expect(fiscalPeriodOf(calendarDateIn('America/New_York', instant))).toEqual({ fiscalYear: 2025, fiscalQuarter: 4 });
  });

  it('knows a real calendar date', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('11/22/2026')).toBe(false);
  });
});

describe('yearsBefore', () => {
  it('is the same day years earlier, February 29 falling back to the 28th', () => {
    expect(yearsBefore('2026-11-22', 2)).toBe('2024-11-22');
    expect(yearsBefore('2028-02-29', 2)).toBe('2026-02-28');
  });
});
