import { describe, expect, it } from 'vitest';
import { ALL_FIRMS_EXPORT_PREFIX, exportFileStem, exportPrefixOf } from './attestation-export.js';

describe("the export's file names", () => {
  it.each([
    [{ fiscalYear: 2026, fiscalQuarter: 2 }, 'Attestations', 'dwa-attestations-fy2026-q2'],
    [{ fiscalYear: 2026, fiscalQuarter: 2 }, 'Personal-Securities', 'dwa-personal-securities-fy2026-q2'],
    [{ fiscalYear: 2026 }, 'Outside-Business-Activities', 'dwa-outside-business-activities-fy2026'],
    [{ fiscalQuarter: 4 }, 'Political-Contributions', 'dwa-political-contributions-q4'],
    [{}, 'Attestations', 'dwa-attestations'],
  ] as const)('%o %s → %s', (period, kind, stem) => {
    expect(exportFileStem('dwa', kind, period)).toBe(stem);
  });

  it("takes the firm's abbreviation in lower case, safe in a file name, else the firm's id", () => {
    expect(exportPrefixOf({ id: 3, abbreviation: 'DWA' })).toBe('dwa');
    expect(exportPrefixOf({ id: 3, abbreviation: ' A&B / Co. ' })).toBe('a-b-co');
    expect(exportPrefixOf({ id: 3, abbreviation: '../..' })).toBe('firm-3');
    expect(exportPrefixOf({ id: 7, abbreviation: null })).toBe('firm-7');
  });

  it('names an export of every firm after no firm', () => {
    expect(exportFileStem(ALL_FIRMS_EXPORT_PREFIX, 'Attestations', { fiscalYear: 2025 })).toBe(
      'all-firms-attestations-fy2025',
    );
  });
});
