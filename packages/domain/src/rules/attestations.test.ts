import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import {
  attestationName,
  canDeleteAttestation,
  canEditAttestation,
  canManageRoster,
  canManageRosterEntry,
  canOpenRoster,
  canReviewAttestation,
  canStartAttestation,
  canViewAttestation,
  filerDateProblems,
  overDeMinimis,
  reviewProblems,
  rosterInMenu,
  toCents,
} from './attestations.js';
import { ProfileType } from './permissions.js';

const staff = testActor({ id: 1, _firm: 10 });
const colleague = testActor({ id: 2, _firm: 10 });
const client = testActor({ id: 3, _firm: 10, profile_type: ProfileType.Client });
const cco = testActor({ id: 4, _firm: 10, is_cco: true });
const otherCco = testActor({ id: 5, _firm: 20, is_cco: true });
const superCco = testActor({ id: 6, _firm: 20, is_cco: true, is_super_cco: true });
const admin = testActor({ id: 7, _firm: 10, profile_type: ProfileType.Administrator, is_super_admin: true });

const mine = { ownerId: 1, firmId: 10, status: 'Submitted' };
const reviewed = { ...mine, status: 'Reviewed' };
const ccosOwn = { ownerId: 4, firmId: 10, status: 'Submitted' };

describe('who may do what with an attestation', () => {
  it.each([
    ['staff starts their own', canStartAttestation(staff), true],
    ['a client does not', canStartAttestation(client), false],
    ['the owner sees it', canViewAttestation(staff, mine), true],
    ['a colleague does not', canViewAttestation(colleague, mine), false],
    ['a super admin who is no CCO does not', canViewAttestation(admin, mine), false],
    ["the firm's CCO does", canViewAttestation(cco, mine), true],
    ["another firm's CCO does not", canViewAttestation(otherCco, mine), false],
    ['a super CCO does', canViewAttestation(superCco, mine), true],
    ['the owner edits it while submitted', canEditAttestation(staff, mine), true],
    ['not once reviewed', canEditAttestation(staff, reviewed), false],
    ['a CCO edits a reviewed one', canEditAttestation(cco, reviewed), true],
    ['a colleague never', canEditAttestation(colleague, mine), false],
    ['a CCO edits their own while submitted', canEditAttestation(cco, ccosOwn), true],
    ['but not once reviewed', canEditAttestation(cco, { ...ccosOwn, status: 'Reviewed' }), false],
    ['the CCO reviews it', canReviewAttestation(cco, mine), true],
    ['the owner does not', canReviewAttestation(staff, mine), false],
    ['a CCO does not review their own', canReviewAttestation(cco, ccosOwn), false],
    ["a super CCO reviews a CCO's", canReviewAttestation(superCco, ccosOwn), true],
    ["another firm's CCO does not", canReviewAttestation(otherCco, mine), false],
    ['a CCO deletes', canDeleteAttestation(cco, mine), true],
    ['the owner does not delete', canDeleteAttestation(staff, mine), false],
    ['nor a CCO their own', canDeleteAttestation(cco, ccosOwn), false],
    ['a CCO keeps their firm roster', canManageRoster(cco, 10), true],
    ["not another firm's", canManageRoster(cco, 20), false],
    ["a super CCO keeps every firm's", canManageRoster(superCco, 10), true],
    ['staff does not', canManageRoster(staff, 10), false],
    ["a CCO changes a colleague's entry", canManageRosterEntry(cco, { userId: 1, firmId: 10 }), true],
    ['but never their own', canManageRosterEntry(cco, { userId: 4, firmId: 10 }), false],
    ["a super CCO keeps a CCO's entry", canManageRosterEntry(superCco, { userId: 4, firmId: 10 }), true],
    ['but not their own either', canManageRosterEntry(superCco, { userId: 6, firmId: 20 }), false],
    ["not another firm's entry", canManageRosterEntry(otherCco, { userId: 1, firmId: 10 }), false],
    ['staff not even their own', canManageRosterEntry(staff, { userId: 1, firmId: 10 }), false],
    ['a CCO opens the roster screen', canOpenRoster(cco), true],
    ['staff does not', canOpenRoster(staff), false],
    ["its menu entry is a super CCO's", rosterInMenu(superCco), true],
    ["not a CCO's", rosterInMenu(cco), false],
  ])('%s', (_, got, expected) => {
    expect(got).toBe(expected);
  });
});

describe('the name', () => {
  it('is "{First} {Last} - {abbreviation} FY{year} Q{quarter}"', () => {
    expect(attestationName({ first: 'Ada', last: 'Lovelace' }, 'DWA', { fiscalYear: 2026, fiscalQuarter: 2 })).toBe(
      'Ada Lovelace - DWA FY2026 Q2',
    );
  });
});

describe('de minimis (Rule 206(4)-5)', () => {
  const c = (amount: string | number, mayVote: boolean, candidate = 'Jane Doe', electionDate = '2026-11-03') => ({
    amount,
    candidate,
    electionDate,
    mayVote,
  });
  it.each([
    [350, true, false],
    ['350.01', true, true],
    [150, false, false],
    ['150.01', false, true],
    [200, false, true],
    [200, true, false],
  ] as const)('$%s where the person may vote: %s → over: %s', (amount, mayVote, over) => {
    expect(overDeMinimis([c(amount, mayVote)])).toEqual([over]);
  });

  it('adds up contributions to the same candidate for the same election', () => {
    expect(overDeMinimis([c(200, true), c(200, true, ' jane doe ')])).toEqual([true, true]);
    expect(overDeMinimis([c(200, true), c(200, true, 'Jane Doe', '2028-11-07')])).toEqual([false, false]);
    expect(overDeMinimis([c(200, true), c(200, true, 'John Roe')])).toEqual([false, false]);
  });

  it('counts money in exact cents', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents(350)).toBe(35000);
    expect(toCents('1234.56')).toBe(123456);
  });
});

describe('the review fields', () => {
  const today = '2026-11-22';
  const at = (status: string, reviewedDate: string | null) =>
    reviewProblems({ status, reviewedDate, submittedDate: '2026-10-05' }, today);
  it.each([
    ['Reviewed on a day between submission and today', at('Reviewed', '2026-10-20'), {}],
    ['Reviewed today', at('Reviewed', today), {}],
    ['Reviewed the day it was submitted', at('Reviewed', '2026-10-05'), {}],
    ['Submitted, not reviewed', at('Submitted', null), {}],
    [
      'Reviewed without a date',
      at('Reviewed', null),
      { Reviewed_Date__c: expect.stringMatching(/Enter the reviewed date/) },
    ],
    ['Reviewed with an emptied date', at('Reviewed', ''), { Reviewed_Date__c: expect.stringMatching(/Enter/) }],
    ['Submitted with a date', at('Submitted', '2026-10-20'), { Reviewed_Date__c: expect.stringMatching(/empty/) }],
    ['reviewed tomorrow', at('Reviewed', '2026-11-23'), { Reviewed_Date__c: expect.stringMatching(/future/) }],
    [
      'reviewed before it was submitted',
      at('Reviewed', '2026-10-04'),
      { Reviewed_Date__c: expect.stringMatching(/before/) },
    ],
  ])('%s', (_, got, expected) => {
    expect(got).toEqual(expected);
  });
});

describe("the filer's dates", () => {
  const today = '2026-11-22';
  it('accepts dates up to today, contributions of the last 2 years, and an election ahead', () => {
    expect(
      filerDateProblems(
        {
          Employment_Date__c: today,
          IA_Manual_Attestation_Date__c: '2026-11-01',
          outsideBusinessActivities: [{ Approved_Date__c: today }],
          politicalContributions: [{ Approved_Date__c: '2024-11-22' }, { Approved_Date__c: today }],
        },
        today,
      ),
    ).toEqual({});
  });

  it('names each date in the future, and each contribution before the 2-year window, on its row', () => {
    expect(
      filerDateProblems(
        {
          Employment_Date__c: '2026-11-23',
          Code_of_Ethics_Attestation_Date__c: '2027-01-01',
          outsideBusinessActivities: [{ Approved_Date__c: '2026-01-01' }, { Approved_Date__c: '2026-12-01' }],
          politicalContributions: [{ Approved_Date__c: '2024-11-21' }, { Approved_Date__c: '2026-11-23' }],
        },
        today,
      ),
    ).toEqual({
      Employment_Date__c: 'The employment date cannot be in the future.',
      Code_of_Ethics_Attestation_Date__c: 'This date cannot be in the future.',
      'outsideBusinessActivities.1.Approved_Date__c': 'The approved date cannot be in the future.',
      'politicalContributions.0.Approved_Date__c': expect.stringMatching(/older than the 2 years/),
      'politicalContributions.1.Approved_Date__c': 'The approved date cannot be in the future.',
    });
  });

  it('counts the window back from the day the attestation was filed, so a later edit keeps its rows', () => {
    const row = { politicalContributions: [{ Approved_Date__c: '2024-06-01' }] };
    expect(filerDateProblems(row, today, '2026-05-10')).toEqual({});
    expect(Object.keys(filerDateProblems(row, today))).toEqual(['politicalContributions.0.Approved_Date__c']);
  });
});
