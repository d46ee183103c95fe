import { describe, expect, it } from 'vitest';
import { portalClock, portalInstant, portalWallTime } from './portal-time';

describe("the portal's clock", () => {
  it('reads an instant as New York wall time, in summer and in winter', () => {
    expect(portalWallTime('2026-07-04T13:30:00Z')).toEqual({ date: '2026-07-04', time: '09:30' });
    expect(portalWallTime('2026-12-07T03:30:00Z')).toEqual({ date: '2026-12-06', time: '22:30' });
    expect(portalClock('2026-12-06T14:00:00Z')).toBe('09:00 AM');
    expect(portalClock('2026-12-06T17:05:00Z')).toBe('12:05 PM');
    expect(portalClock('2026-12-07T05:00:00Z')).toBe('12:00 AM');
  });

  it('turns a typed date and time into the instant, across the clock changes', () => {
    expect(portalInstant('2026-12-06', '09:00')).toBe('2026-12-06T14:00:00.000Z');
    expect(portalInstant('2026-07-04', '09:00')).toBe('2026-07-04T13:00:00.000Z');
    // The spring-forward and fall-back days of 2026 (March 8, November 1).
    expect(portalInstant('2026-03-08', '12:00')).toBe('2026-03-08T16:00:00.000Z');
    expect(portalInstant('2026-11-01', '12:00')).toBe('2026-11-01T17:00:00.000Z');
    for (const [date, time] of [
      ['2026-01-15', '23:59'],
      ['2026-10-09', '19:00'],
    ])
      expect(portalWallTime(portalInstant(date, time))).toEqual({ date, time });
  });
});
