import { describe, expect, it } from 'vitest';
import { fiscalYearEndOf, purgeCutoff, retainedUntil, retentionEnded } from './retention.js';

describe('the books-and-records retention period (Rule 204-2)', () => {
  it.each([
    ['2020-04-01', '2021-03-31'],
    ['2020-12-31', '2021-03-31'],
    ['2021-01-01', '2021-03-31'],
    ['2021-03-31', '2021-03-31'],
    ['2021-04-01', '2022-03-31'],
  ])('a change on %s falls in the fiscal year ending %s', (date, end) => {
    expect(fiscalYearEndOf(date)).toBe(end);
  });

  it('keeps a record five years from the end of the fiscal year of its last change', () => {
    expect(retainedUntil('2020-06-15')).toBe('2026-03-31');
    expect(retainedUntil('2021-03-31')).toBe('2026-03-31');
    expect(retainedUntil('2021-04-01')).toBe('2027-03-31');
    expect(retainedUntil('2020-02-29')).toBe('2025-03-31');
  });

  it('ends the period the day after the last kept day, not on it', () => {
    expect(retentionEnded('2021-03-31', '2026-03-31')).toBe(false);
    expect(retentionEnded('2021-03-31', '2026-04-01')).toBe(true);
    expect(retentionEnded('2021-04-01', '2026-04-01')).toBe(false);
    expect(retentionEnded('2021-04-01', '2027-04-01')).toBe(true);
  });

  it.each([
    ['2026-04-01', '2021-03-31'],
    ['2026-03-31', '2020-03-31'],
    ['2026-11-26', '2021-03-31'],
    ['2027-01-15', '2021-03-31'],
    ['2028-02-29', '2022-03-31'],
  ])('on %s a record changed on or before %s may be purged', (today, cutoff) => {
    expect(purgeCutoff(today)).toBe(cutoff);
  });

  it('agrees with the period for every day around a fiscal year end', () => {
    const days = (from: string, n: number) =>
      Array.from({ length: n }, (_, i) =>
        new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
      );
    for (const today of days('2026-03-20', 30)) {
      const cutoff = purgeCutoff(today);
      for (const changed of days('2020-03-01', 800)) {
        expect(retentionEnded(changed, today), `${changed} on ${today}`).toBe(changed <= cutoff);
      }
    }
  });
});
