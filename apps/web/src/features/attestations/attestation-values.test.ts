import { type Attestation, attestationBody, NEW_ATTESTATION_DEFAULTS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  blankAttestation,
  blankRow,
  editValuesOf,
  joinStates,
  prefillFrom,
  statesOf,
  withAcknowledgementDates,
} from './attestation-values';

/** A stored attestation as the API answers it, reviewed, with one row in each list. */
const stored = {
  Id: 41,
  Name: 'Ada Lovelace - DWA FY2026 Q1',
  First_Name__c: 'Ada',
  Middle_Name__c: null,
  Last_Name__c: 'Lovelace',
  Employment_Date__c: '2019-04-01',
  Job_Title__c: 'Analyst',
  IA_Manual_Attestation_Date__c: '2026-07-11',
  Code_of_Ethics_Attestation_Date__c: '2026-07-11',
  States_Registered__c: 'New York;New Jersey',
  ...NEW_ATTESTATION_DEFAULTS,
  CFP__c: true,
  Is_Access_Person__c: 'true',
  Firm_Tk__c: 1,
  Firm_Name__c: 'Demo Wealth Advisors',
  Owner_Tk__c: 6,
  Status__c: 'Reviewed',
  Submitted_Date__c: '2026-07-10',
  Reviewed_Date__c: '2026-07-20',
  Reviewed_By__c: 'Casey Compliance',
  Reviewed_By_Tk__c: 3,
  Fiscal_Year__c: 2026,
  Fiscal_Quarter__c: 1,
  Over_De_Minimis__c: true,
  Firm__r: { Name: 'Demo Wealth Advisors', Abbreviation__c: 'DWA' },
  Personal_Securities__r: {
    records: [
      {
        Id: 7,
        Quarterly_Attestation__c: 41,
        Account_Owner__c: 'Ada',
        Account_Number__c: 'X-1',
        Account_Type__c: null,
        Custodian__c: 'Schwab',
      },
    ],
  },
  Outside_Business_Activities__r: {
    records: [
      {
        Id: 8,
        Quarterly_Attestation__c: 41,
        Name: 'Board seat',
        Approved_By__c: 'CCO',
        Approved_Date__c: '2026-05-01',
      },
    ],
  },
  Political_Contributions__r: {
    records: [
      {
        Id: 9,
        Quarterly_Attestation__c: 41,
        Amount__c: 400,
        Candidate_Name__c: 'Jane Doe',
        Political_Race__c: 'Governor',
        Election_Date__c: '2026-11-03',
        May_Vote_For_Candidate__c: false,
        Approved_By__c: 'CCO',
        Approved_Date__c: '2026-05-02',
        Over_De_Minimis__c: true,
      },
    ],
  },
} as unknown as Attestation;

describe("the next quarter's form, pre-filled from the most recent attestation", () => {
  const values = prefillFrom(stored) as Record<string, unknown>;

  it('carries the answers over', () => {
    expect(values).toMatchObject({
      Job_Title__c: 'Analyst',
      States_Registered__c: 'New York;New Jersey',
      CFP__c: true,
      Is_Access_Person__c: 'true',
    });
  });

  it('asks again for the dates the filer acknowledged the compliance manual and the code of ethics', () => {
    expect(values.IA_Manual_Attestation_Date__c).toBeNull();
    expect(values.Code_of_Ethics_Attestation_Date__c).toBeNull();
  });

  it("leaves out what the server gives the new one: id, name, firm, owner, status, dates, period, the reviewer's", () => {
    for (const key of [
      'Id',
      'Name',
      'Firm_Tk__c',
      'Owner_Tk__c',
      'Status__c',
      'Submitted_Date__c',
      'Reviewed_Date__c',
      'Reviewed_By__c',
      'Fiscal_Year__c',
      'Fiscal_Quarter__c',
      'Over_De_Minimis__c',
      'Firm__r',
      'Personal_Securities__r',
      // The server names the filer from their account.
      'First_Name__c',
      'Last_Name__c',
    ])
      expect(values).not.toHaveProperty(key);
  });

  it('copies the rows as new rows, without the Ids of the old attestation', () => {
    expect(values.personalSecurities).toEqual([
      { Account_Owner__c: 'Ada', Account_Number__c: 'X-1', Account_Type__c: null, Custodian__c: 'Schwab' },
    ]);
    expect(values.outsideBusinessActivities).toEqual([
      { Name: 'Board seat', Approved_By__c: 'CCO', Approved_Date__c: '2026-05-01' },
    ]);
    expect(values.politicalContributions).toEqual([
      {
        Amount__c: 400,
        Candidate_Name__c: 'Jane Doe',
        Political_Race__c: 'Governor',
        Election_Date__c: '2026-11-03',
        May_Vote_For_Candidate__c: false,
        Approved_By__c: 'CCO',
        Approved_Date__c: '2026-05-02',
      },
    ]);
  });

  it('is a body the POST accepts as it is', () => {
    expect(attestationBody.safeParse(values).success).toBe(true);
  });
});

describe('a stored attestation in the View/Edit modal', () => {
  it("keeps the rows' Ids, so a save updates them, and the review fields only for a reviewer", () => {
    const forCco = editValuesOf(stored, true) as Record<string, unknown>;
    expect(forCco).toMatchObject({ Status__c: 'Reviewed', Reviewed_Date__c: '2026-07-20' });
    expect((forCco.personalSecurities as { Id: number }[])[0].Id).toBe(7);
    const forOwner = editValuesOf(stored, false) as Record<string, unknown>;
    expect(forOwner).not.toHaveProperty('Status__c');
    expect(forOwner).not.toHaveProperty('Reviewed_Date__c');
  });
});

describe('a first attestation', () => {
  it("starts from NEW_ATTESTATION_DEFAULTS and the person's work email; the name is the server's", () => {
    const values = blankAttestation({ email: 'sid@example.test' }) as Record<string, unknown>;
    expect(values).toMatchObject({
      ...NEW_ATTESTATION_DEFAULTS,
      Work_Email__c: 'sid@example.test',
      Employment_Date__c: null,
      personalSecurities: [],
    });
    expect(values).not.toHaveProperty('First_Name__c');
    expect(values).not.toHaveProperty('Last_Name__c');
    expect(blankRow('politicalContributions')).toMatchObject({ Amount__c: null, May_Vote_For_Candidate__c: false });
  });
});

describe('states lists', () => {
  it('travel semicolon-joined and are a list in the form', () => {
    expect(statesOf('New York; New Jersey')).toEqual(['New York', 'New Jersey']);
    expect(statesOf(null)).toEqual([]);
    expect(joinStates(['Ohio', 'Iowa'])).toBe('Ohio;Iowa');
    expect(joinStates([])).toBeNull();
  });
});

describe('a new attestation and the acknowledgements recorded in the training resources', () => {
  it('takes the dates the filer acknowledged the code of ethics and the compliance manual', () => {
    const base = prefillFrom(stored);
    const filled = withAcknowledgementDates(base, {
      Code_of_Ethics_Attestation_Date__c: '2026-11-02',
      IA_Manual_Attestation_Date__c: null,
    });
    expect(filled.Code_of_Ethics_Attestation_Date__c).toBe('2026-11-02');
    // One not acknowledged (or a new version not yet) stays for the filer to answer.
    expect(filled.IA_Manual_Attestation_Date__c).toBeNull();
    expect(withAcknowledgementDates(base, undefined)).toEqual(base);
  });
});
