import { describe, expect, it } from 'vitest';
import type { FiscalPeriod } from './fiscal.js';
import { reminderPeriodsOn, scheduledRemindersDue } from './reminder-schedule.js';

const q = (fiscalYear: number, fiscalQuarter: 1 | 2 | 3 | 4): FiscalPeriod => ({ fiscalYear, fiscalQuarter });

describe('the scheduled reminders due on a day', () => {
  it.each([
    // FY2026 Q2 (Jul–Sep) opens on October 1; with 15 grace days October 16 is the last day on time.
    ['2026-09-30', []],
    ['2026-10-01', ['opening']],
    // A day the opening run was missed: it is still sent until the before-due window.
    ['2026-10-12', ['opening']],
    ['2026-10-13', ['before_due']],
    ['2026-10-16', ['before_due']],
    ['2026-10-17', ['escalation']],
    ['2026-11-15', ['escalation']],
    ['2026-11-16', []],
  ] as const)('for FY2026 Q2 with 15 grace days, on %s: %o', (today, kinds) => {
    expect(scheduledRemindersDue(today, q(2026, 2), 15)).toEqual(kinds);
  });

  it.each([
    // Across the year end: FY2026 Q3 (Oct–Dec) opens on January 1, 2027.
    [q(2026, 3), '2026-12-31', []],
    [q(2026, 3), '2027-01-01', ['opening']],
    [q(2026, 3), '2027-01-13', ['before_due']],
    [q(2026, 3), '2027-01-16', ['before_due']],
    [q(2026, 3), '2027-01-17', ['escalation']],
    // FY2026 Q4 (Jan–Mar) opens in April, in fiscal year 2027.
    [q(2026, 4), '2027-04-01', ['opening']],
    [q(2026, 4), '2027-04-17', ['escalation']],
  ] as const)('for %o on %s: %o', (period, today, kinds) => {
    expect(scheduledRemindersDue(today, period, 15)).toEqual(kinds);
  });

  it.each([
    // No grace days: the opening day is the last day on time, the next one late.
    [0, '2026-10-01', ['opening']],
    [0, '2026-10-02', ['escalation']],
    // Three grace days or fewer leave no room for a second reminder: the opening one covers them.
    [3, '2026-10-04', ['opening']],
    [3, '2026-10-05', ['escalation']],
    [4, '2026-10-01', ['opening']],
    [4, '2026-10-02', ['before_due']],
    // 30 days: the before-due reminder comes three days before October 31.
    [30, '2026-10-27', ['opening']],
    [30, '2026-10-28', ['before_due']],
    [30, '2026-11-01', ['escalation']],
  ] as const)('with %i grace days, on %s: %o', (grace, today, kinds) => {
    expect(scheduledRemindersDue(today, q(2026, 2), grace)).toEqual(kinds);
  });

  it('stops asking people to file a period once the next quarter opens, and escalates it after its due date', () => {
    // 90 grace days on FY2026 Q3 reach April 1, when the form already files FY2026 Q4.
    expect(scheduledRemindersDue('2027-03-29', q(2026, 3), 90)).toEqual(['before_due']);
    expect(scheduledRemindersDue('2027-04-01', q(2026, 3), 90)).toEqual([]);
    expect(scheduledRemindersDue('2027-04-02', q(2026, 3), 90)).toEqual(['escalation']);
    expect(reminderPeriodsOn('2027-04-02')).toEqual([q(2026, 4), q(2026, 3)]);
  });
});
