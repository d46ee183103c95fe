import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import { attestationDeadlinesBetween, attestationScheduleOf, canEditFirmContent } from './calendar.js';
import { ProfileType } from './permissions.js';
import { scheduledRemindersDue } from './reminder-schedule.js';
import { addDays } from './submission-status.js';

const q2 = { fiscalYear: 2026, fiscalQuarter: 2 } as const;

describe('the attestation days on the calendar', () => {
  it('FY2026 Q2 with 15 grace days: opens Oct 1, reminder Oct 13, due Oct 16, escalated Oct 17', () => {
    expect(attestationScheduleOf(q2, 15).map((d) => [d.kind, d.date])).toEqual([
      ['filing_opens', '2026-10-01'],
      ['reminder', '2026-10-13'],
      ['due', '2026-10-16'],
      ['escalation', '2026-10-17'],
    ]);
  });

  it('each day is the first day the reminder schedule sends that reminder', () => {
    for (const grace of [0, 3, 4, 15, 30, 90]) {
      for (const d of attestationScheduleOf(q2, grace)) {
        if (d.kind === 'due') continue;
        const kind = d.kind === 'filing_opens' ? 'opening' : d.kind === 'reminder' ? 'before_due' : 'escalation';
        expect(scheduledRemindersDue(d.date, q2, grace), `${grace} ${d.kind}`).toEqual([kind]);
        expect(scheduledRemindersDue(addDays(d.date, -1), q2, grace), `${grace} ${d.kind}`).not.toContain(kind);
      }
    }
  });

  it('with 3 grace days or fewer the opening reminder is the only one', () => {
    expect(attestationScheduleOf(q2, 3).map((d) => d.kind)).toEqual(['filing_opens', 'due', 'escalation']);
  });

  it('lists the days within a range across the fiscal year end, escalations only when asked', () => {
    const days = attestationDeadlinesBetween('2026-12-15', '2027-04-30', 15, { escalations: false });
    expect(days.map((d) => [d.date, d.kind, `FY${d.period.fiscalYear} Q${d.period.fiscalQuarter}`])).toEqual([
      ['2027-01-01', 'filing_opens', 'FY2026 Q3'],
      ['2027-01-13', 'reminder', 'FY2026 Q3'],
      ['2027-01-16', 'due', 'FY2026 Q3'],
      ['2027-04-01', 'filing_opens', 'FY2026 Q4'],
      ['2027-04-13', 'reminder', 'FY2026 Q4'],
      ['2027-04-16', 'due', 'FY2026 Q4'],
    ]);
    const withLate = attestationDeadlinesBetween('2026-10-17', '2026-10-17', 15, { escalations: true });
    expect(withLate.map((d) => d.kind)).toEqual(['escalation']);
    // 90 grace days: Q1's due date falls after Q2's filing opened.
    const long = attestationDeadlinesBetween('2026-10-01', '2026-10-01', 90, { escalations: true });
    expect(long.map((d) => `${d.kind} FY${d.period.fiscalYear} Q${d.period.fiscalQuarter}`)).toEqual([
      'filing_opens FY2026 Q2',
    ]);
    expect(attestationDeadlinesBetween('2026-09-28', '2026-09-29', 90, { escalations: true })[0]).toMatchObject({
      kind: 'due',
      period: { fiscalYear: 2026, fiscalQuarter: 1 },
    });
  });
});

describe('who keeps what a firm publishes', () => {
  it('administrators of a firm (a super admin too); nobody else, and nobody without a firm', () => {
    expect(canEditFirmContent(testActor({ profile_type: ProfileType.Administrator }))).toBe(true);
    expect(canEditFirmContent(testActor({ profile_type: ProfileType.StandardUser, is_admin: true }))).toBe(true);
    expect(canEditFirmContent(testActor({ profile_type: ProfileType.Administrator, is_super_admin: true }))).toBe(true);
    expect(canEditFirmContent(testActor({ profile_type: ProfileType.Administrator, _firm: null }))).toBe(false);
    for (const profile_type of [
      ProfileType.FinancialAdvisor,
      ProfileType.StandardUser,
      ProfileType.Client,
      ProfileType.Manager,
    ])
      expect(canEditFirmContent(testActor({ profile_type }))).toBe(false);
    expect(
      canEditFirmContent(testActor({ profile_type: ProfileType.StandardUser, is_cco: true, is_manager: true })),
    ).toBe(false);
  });
});
