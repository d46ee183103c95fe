import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { countdownTo, switchableEntries, switchedOffEntryOf } from './coming-soon.js';

describe('the coming-soon countdown', () => {
  it('counts the days, hours, minutes and seconds left', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(countdownTo(new Date('2026-12-28T13:04:05Z'), now)).toEqual({
      days: 32,
      hours: 3,
      minutes: 4,
      seconds: 5,
      arrived: false,
    });
  });

  it('stops at zero once the target has passed (the seed counted into negative numbers)', () => {
    const past = { days: 0, hours: 0, minutes: 0, seconds: 0, arrived: true };
    expect(countdownTo(new Date('2021-01-01T00:00:00Z'), new Date('2026-11-26T10:00:00Z'))).toEqual(past);
    expect(countdownTo(new Date('2026-11-26T10:00:00Z'), new Date('2026-11-26T10:00:00Z'))).toEqual(past);
  });
});

describe('switched-off menu entries', () => {
  it('offers the main menu screens, the staff directory among them, but no external link', () => {
    const paths = switchableEntries().map((e) => e.to);
    expect(paths).toContain('/staff-directory/');
    expect(paths).toContain('/calendar');
    expect(paths).toContain('/life-impact/');
    expect(paths.every((p) => p.startsWith('/'))).toBe(true);
    expect(paths).not.toContain('/users/');
  });

  it('matches the entry and the screens under it, with or without the trailing slash', () => {
    const off = ['/staff-directory/', '/compliance/attestations'];
    expect(switchedOffEntryOf('/staff-directory', off)?.label).toBe('Staff Directory');
    expect(switchedOffEntryOf('/staff-directory/', off)?.label).toBe('Staff Directory');
    expect(switchedOffEntryOf('/compliance/attestations/12/new', off)?.label).toBe('Quarterly Attestations');
    expect(switchedOffEntryOf('/staff-directory-old', off)).toBeUndefined();
    expect(switchedOffEntryOf('/', off)).toBeUndefined();
  });
});

describe('the countdown read aloud', () => {
  it('says one unit in the singular', () => {
    expect(messages.comingSoon.countdownLabel(36, 1, 0, 2)).toBe('36 days, 1 hour, 0 minutes and 2 seconds to go');
  });
});
