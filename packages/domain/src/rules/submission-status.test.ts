import { describe, expect, it } from 'vitest';
import type { FiscalPeriod } from './fiscal.js';
import { attestationDueDate, submissionStatus } from './submission-status.js';

const q = (fiscalYear: number, fiscalQuarter: 1 | 2 | 3 | 4): FiscalPeriod => ({ fiscalYear, fiscalQuarter });

describe('the submission status of a supervised person', () => {
  it.each([
    // The quarter after FY2026 Q2 opens on October 1: day 15 after it is the last day on time.
    ['2026-10-01', 'Pending'],
    ['2026-10-16', 'Pending'],
    ['2026-10-17', 'Delinquent'],
    ['2027-03-31', 'Delinquent'],
  ] as const)('for FY2026 Q2 with no attestation, on %s: %s', (today, status) => {
    expect(submissionStatus(null, q(2026, 2), today)).toBe(status);
  });

  it.each([
    // Across the year end: FY2026 Q3 (Oct–Dec) is due in January 2027; FY2026 Q4 (Jan–Mar) in April.
    [q(2026, 3), '2027-01-16', 'Pending'],
    [q(2026, 3), '2027-01-17', 'Delinquent'],
    [q(2026, 4), '2027-04-16', 'Pending'],
    [q(2026, 4), '2027-04-17', 'Delinquent'],
  ] as const)('for %o on %s: %s', (period, today, status) => {
    expect(submissionStatus(null, period, today)).toBe(status);
  });

  it("follows the firm's own grace period", () => {
    expect(attestationDueDate(q(2026, 2), 30)).toBe('2026-10-31');
    expect(submissionStatus(null, q(2026, 2), '2026-10-31', 30)).toBe('Pending');
    expect(submissionStatus(null, q(2026, 2), '2026-11-01', 30)).toBe('Delinquent');
  });

  it('is the attestation’s own status once filed, late or not', () => {
    expect(submissionStatus({ status: 'Submitted' }, q(2026, 2), '2027-03-01')).toBe('Submitted');
    expect(submissionStatus({ status: 'Reviewed' }, q(2026, 2), '2026-10-02')).toBe('Reviewed');
  });
});
