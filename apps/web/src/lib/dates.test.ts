import { describe, expect, it } from 'vitest';
import { portalToday, textToWireDate, wireDateToText } from './dates';

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

  it('shows a wire date the way the spec writes it', () => {
    expect(wireDateToText('2026-07-04')).toBe('07/04/2026');
    expect(wireDateToText(null)).toBe('');
  });

  it("takes today in New York, not the browser's zone: 03:00 UTC on April 1 is still March 31", () => {
    expect(portalToday(new Date('2027-04-01T03:00:00Z'))).toBe('2027-03-31');
  });
});
