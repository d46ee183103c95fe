import { describe, expect, it } from 'vitest';
import { formatDateTimeSeconds, portalToday, textToWireDate, wireDateToText } from './dates';

describe('dates typed as MM/DD/YYYY and sent as YYYY-MM-DD', () => {
  it('reads what a person types into the wire date, with or without zeros and slashes', () => {
    expect(textToWireDate('07/04/2026')).toBe('2026-07-04');
    expect(textToWireDate('7/4/2026')).toBe('2026-07-04');
    expect(textToWireDate('07042026')).toBe('2026-07-04');
    expect(textToWireDate('2026-07-04')).toBe('2026-07-04');
    expect(textToWireDate('  ')).toBeNull();
  });

  it('leaves what is not a real date as typed, for the schema to refuse', () => {
    expect(textToWireDate('02/30/2026')).toBe('02/30/2026');
    expect(textToWireDate('07/04')).toBe('07/04');
  });

  it('shows a wire date as MM/DD/YYYY', () => {
    expect(wireDateToText('2026-07-04')).toBe('07/04/2026');
    expect(wireDateToText(null)).toBe('');
  });

  it("takes today in New York, not the browser's zone: 03:00 UTC on April 1 is still March 31", () => {
    expect(portalToday(new Date('2027-04-01T03:00:00Z'))).toBe('2027-03-31');
  });
});

describe("the supervised persons modal's Attested Date", () => {
  it("shows an instant as 'MM/DD/YYYY, hh:mm:ss A' on the browser's clock, and nothing when there is none", () => {
    // Built from local parts: whatever the zone the test runs in, this is 2:05:09 PM on its clock.
    expect(formatDateTimeSeconds(new Date(2026, 9, 5, 14, 5, 9))).toBe('10/05/2026, 02:05:09 PM');
    expect(formatDateTimeSeconds(new Date(2026, 0, 2, 0, 0, 1))).toBe('01/02/2026, 12:00:01 AM');
    const instant = '2026-10-05T18:05:09Z';
    const local = new Date(instant);
    const pad = (n: number) => String(n).padStart(2, '0');
    const hour12 = local.getHours() % 12 || 12;
    expect(formatDateTimeSeconds(instant)).toBe(
      `${pad(local.getMonth() + 1)}/${pad(local.getDate())}/${local.getFullYear()}, ${pad(hour12)}:${pad(local.getMinutes())}:09 ${local.getHours() < 12 ? 'AM' : 'PM'}`,
    );
    expect(formatDateTimeSeconds(null)).toBe('');
  });
});
