import { describe, expect, it } from 'vitest';
import { itemsOf, itemsOn, monthRange, monthWeeks } from './calendar-items';

describe('the month grid', () => {
  it('shows whole weeks, Sunday to Saturday, around the month', () => {
    const weeks = monthWeeks('2026-11');
    expect(weeks[0][0]).toBe('2026-11-01');
    expect(weeks.at(-1)?.[6]).toBe('2026-12-05');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(monthRange('2026-10')).toEqual({ from: '2026-09-27', to: '2026-10-31' });
  });
});

describe('calendar items', () => {
  it("puts a day's deadlines first, then all-day events, then timed ones; a long event on each of its days", () => {
    const items = itemsOf({
      from: '2026-10-01',
      to: '2026-10-31',
      events: [
        {
          id: 1,
          title: 'Webinar',
          all_day: false,
          start: '2026-10-16T14:00:00.000Z',
          end: '2026-10-16T15:00:00.000Z',
          location: null,
          description: null,
        },
        {
          id: 2,
          title: 'Conference',
          all_day: true,
          start: '2026-10-15',
          end: '2026-10-17',
          location: null,
          description: null,
        },
      ],
      deadlines: [
        {
          id: 'attestation-FY2026Q2-due',
          kind: 'due',
          date: '2026-10-16',
          title: 'Quarterly attestation due: FY2026 Q2',
          description: '',
          fiscal_year: 2026,
          fiscal_quarter: 2,
          filed: null,
        },
      ],
    });
    expect(itemsOn(items, '2026-10-16').map((i) => i.title)).toEqual([
      'Quarterly attestation due: FY2026 Q2',
      'Conference',
      'Webinar',
    ]);
    expect(itemsOn(items, '2026-10-17').map((i) => i.title)).toEqual(['Conference']);
  });
});
