/**
 * The names of the CSV export's files: '{abbreviation}-{Kind}-FY{year}-Q{quarter}' in
 * lower case, the year and quarter parts only for the filters that are set.
 */

export const EXPORT_FILE_KINDS = [
  'Attestations',
  'Personal-Securities',
  'Outside-Business-Activities',
  'Political-Contributions',
] as const;
export type ExportFileKind = (typeof EXPORT_FILE_KINDS)[number];

/** The prefix of an export that spans every firm (a super CCO with no firm filter): no abbreviation fits. */
export const ALL_FIRMS_EXPORT_PREFIX = 'all-firms';

/**
 * A firm's abbreviation as a file-name part: letters and digits, other runs as one dash ('A&B Co' →
 * 'a-b-co'); a firm without a usable abbreviation is named by its id.
 */
export function exportPrefixOf(firm: { id: number; abbreviation: string | null }): string {
  const slug = (firm.abbreviation ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || `firm-${firm.id}`;
}

export interface ExportPeriodFilter {
  fiscalYear?: number;
  fiscalQuarter?: number;
}

/** A file's name without its extension, e.g. 'dwa-personal-securities-fy2026-q2'. */
export function exportFileStem(prefix: string, kind: ExportFileKind, period: ExportPeriodFilter): string {
  const parts = [prefix, kind];
  if (period.fiscalYear !== undefined) parts.push(`FY${period.fiscalYear}`);
  if (period.fiscalQuarter !== undefined) parts.push(`Q${period.fiscalQuarter}`);
  return parts.join('-').toLowerCase();
}
