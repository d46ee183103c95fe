import { attestationsMessages } from '../messages/attestations.js';
import { type FiscalPeriod, yearsBefore } from './fiscal.js';
import { type Actor, isStaff, sameFirm } from './permissions.js';
import { personName } from './person-name.js';

/**
 * Quarterly attestations and the supervised-persons roster: who may do what, the name an
 * attestation gets, and the de minimis flag of political contributions (Rule 206(4)-5).
 */

export const ATTESTATION_STATUSES = ['Submitted', 'Reviewed'] as const;

/**
 * The most rows one attestation keeps in each of its lists. A real filer reports a handful; without a
 * bound, saves that each add rows grew one record without end, and its PDF with it.
 */
export const MAX_ATTESTATION_LIST_ROWS = 100;
export type AttestationStatus = (typeof ATTESTATION_STATUSES)[number];

/** A CCO of their firm; a super CCO is a CCO of every firm. */
export const isCco = (a: Actor) => a.profile.is_cco || a.profile.is_super_cco;
export const isSuperCco = (a: Actor) => a.profile.is_super_cco;

/** What the rules need to know of an attestation. */
export interface AttestationTarget {
  ownerId: number;
  firmId: number | null;
  status: string | null;
}

/** A CCO's reach: their own firm's records, every firm's for a super CCO. */
const ccoOf = (a: Actor, firmId: number | null) => isSuperCco(a) || (isCco(a) && sameFirm(a, firmId));

/** Any staff member files their own attestation; clients are not supervised persons. */
export const canStartAttestation = (a: Actor) => isStaff(a);

export function canViewAttestation(a: Actor, t: AttestationTarget): boolean {
  return isStaff(a) && (t.ownerId === a.id || ccoOf(a, t.firmId));
}

/**
 * A person edits their own until it is reviewed, a CCO too; a CCO edits the others of their firm, a
 * reviewed one included (a correction is audited).
 */
export function canEditAttestation(a: Actor, t: AttestationTarget): boolean {
  if (t.ownerId === a.id) return isStaff(a) && t.status !== 'Reviewed';
  return ccoOf(a, t.firmId);
}

/**
 * Status and reviewed date are the reviewer's. Nobody reviews their own attestation: a CCO's own goes
 * to another CCO or a super CCO (the SEC's 2022 risk alert found CCOs reviewing their own reports).
 */
export const canReviewAttestation = (a: Actor, t: AttestationTarget) => ccoOf(a, t.firmId) && t.ownerId !== a.id;

/**
 * Deleting (a soft delete: the record stays for the examiner) is for the firm's CCOs, and like a review
 * never of one's own.
 */
export const canDeleteAttestation = (a: Actor, t: AttestationTarget) => ccoOf(a, t.firmId) && t.ownerId !== a.id;

/** The roster of supervised persons: kept and read by the firm's CCOs and by super CCOs. */
export const canManageRoster = (a: Actor, firmId: number | null) => ccoOf(a, firmId);

/** What the roster rules need to know of an entry: whose it is and their firm. */
export interface RosterEntryTarget {
  userId: number;
  firmId: number | null;
}

/**
 * Adding, changing or removing one roster entry. Nobody does it to their own: the entry decides what
 * its person must disclose each quarter (securities, outside activities, political contributions) and
 * whether they attest at all, so a CCO's own entry is kept by another CCO of the firm or a super CCO,
 * like the review of a CCO's own attestation. Adding oneself is refused too: it would set one's own
 * flags.
 */
export const canManageRosterEntry = (a: Actor, entry: RosterEntryTarget) =>
  canManageRoster(a, entry.firmId) && entry.userId !== a.id;

/**
 * The Supervised Persons screen: for every CCO, as the API is (a CCO sees their own firm's roster).
 * Its menu entry is for super CCOs only; a firm's CCO opens it by its address.
 */
export const canOpenRoster = (a: Actor) => isCco(a);
export const rosterInMenu = (a: Actor) => isSuperCco(a);

/**
 * The Attestation Submission Status screen and the reminders it sends: a CCO for their
 * firm, a super CCO for every firm, as the API. Unlike the roster it is in their menu: it is where a
 * CCO sees who is late each quarter.
 */
export const canViewSubmissionStatus = (a: Actor) => isCco(a);

/** The review fields as they would stand after a write, with the submission date; dates YYYY-MM-DD. */
export interface ReviewState {
  status: string | null;
  reviewedDate: string | null;
  submittedDate: string;
}

/**
 * What is wrong with a review, by field (empty when nothing): a Reviewed attestation has a reviewed
 * date, a Submitted one none; a reviewed date is neither after `today` (the portal's) nor before the
 * attestation was submitted. The examiner reads these dates as evidence of timely review.
 */
export function reviewProblems(r: ReviewState, today: string): Record<string, string> {
  const m = attestationsMessages;
  const date = r.reviewedDate || null;
  let problem: string | undefined;
  if (r.status === 'Reviewed' && !date) problem = m.reviewedDateRequired;
  else if (r.status !== 'Reviewed' && date) problem = m.reviewedDateOnlyWhenReviewed;
  else if (date && date > today) problem = m.reviewedDateFuture;
  else if (date && date < r.submittedDate) problem = m.reviewedDateBeforeSubmitted;
  return problem ? { Reviewed_Date__c: problem } : {};
}

/** How far back the political contributions of an attestation go (the previous 2 years). */
export const CONTRIBUTION_LOOK_BACK_YEARS = 2;

/** The dates a filer types, as a body carries them (YYYY-MM-DD; absent or empty when not given). */
export interface FilerDates {
  Employment_Date__c?: string | null;
  IA_Manual_Attestation_Date__c?: string | null;
  Code_of_Ethics_Attestation_Date__c?: string | null;
  outsideBusinessActivities?: readonly ChildRowDates[] | null;
  politicalContributions?: readonly ChildRowDates[] | null;
}
/** A child row as a body carries it (its other fields are not this rule's). */
type ChildRowDates = { readonly [field: string]: unknown };
const approvedOf = (row: ChildRowDates) => (typeof row.Approved_Date__c === 'string' ? row.Approved_Date__c : null);

/**
 * What is wrong with the dates a filer typed, by field path (`politicalContributions.1.Approved_Date__c`):
 * a start, attestation or approval date is not after `today` (the portal's), and a political
 * contribution (dated by its approval) falls in the 2 years before the attestation was filed
 * (`filedOn`, today for a new one). An election date may be ahead: one contributes before an election.
 */
export function filerDateProblems(body: FilerDates, today: string, filedOn: string = today): Record<string, string> {
  const m = attestationsMessages;
  const out: Record<string, string> = {};
  const future = (path: string, date: string | null | undefined, message: string) => {
    if (date && date > today) out[path] = message;
  };
  future('Employment_Date__c', body.Employment_Date__c, m.employmentDateFuture);
  future('IA_Manual_Attestation_Date__c', body.IA_Manual_Attestation_Date__c, m.dateFuture);
  future('Code_of_Ethics_Attestation_Date__c', body.Code_of_Ethics_Attestation_Date__c, m.dateFuture);
  body.outsideBusinessActivities?.forEach((row, i) => {
    future(`outsideBusinessActivities.${i}.Approved_Date__c`, approvedOf(row), m.approvedDateFuture);
  });
  const windowStart = yearsBefore(filedOn, CONTRIBUTION_LOOK_BACK_YEARS);
  body.politicalContributions?.forEach((row, i) => {
    const path = `politicalContributions.${i}.Approved_Date__c`;
    const approved = approvedOf(row);
    future(path, approved, m.approvedDateFuture);
    if (approved && approved < windowStart) out[path] = m.contributionTooOld;
  });
  return out;
}

/** '{First} {Last} - {firm abbreviation} FY{year} Q{quarter}'. */
export function attestationName(
  person: { first: string | null; last: string | null },
  firmAbbreviation: string | null,
  period: FiscalPeriod,
): string {
  const who = personName({ first_name: person.first, last_name: person.last });
  return `${who} - ${firmAbbreviation ?? ''} FY${period.fiscalYear} Q${period.fiscalQuarter}`;
}

/** Rule 206(4)-5 de minimis amounts per election, in cents: where the person may vote, and where not. */
export const DE_MINIMIS_CENTS = { mayVote: 35_000, mayNotVote: 15_000 } as const;

export interface Contribution {
  amount: number | string | null | undefined;
  candidate: string | null | undefined;
  electionDate: string | null | undefined;
  mayVote: boolean | null | undefined;
}

/** Money as whole cents, so $350.00 is compared exactly (never float arithmetic). */
export function toCents(amount: number | string | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  const [whole, fraction = ''] = String(amount).split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
}

/**
 * For each contribution, whether it takes the person over the de minimis amount: contributions to the
 * same candidate for the same election add up (the limit is per election), and the lower $150 limit
 * applies where the person may not vote for the candidate.
 */
export function overDeMinimis(contributions: readonly Contribution[]): boolean[] {
  const key = (c: Contribution) => `${(c.candidate ?? '').trim().toLowerCase()}|${c.electionDate ?? ''}`;
  const totals = new Map<string, number>();
  for (const c of contributions) totals.set(key(c), (totals.get(key(c)) ?? 0) + toCents(c.amount));
  return contributions.map((c) => {
    const limit = c.mayVote ? DE_MINIMIS_CENTS.mayVote : DE_MINIMIS_CENTS.mayNotVote;
    return (totals.get(key(c)) ?? 0) > limit;
  });
}
