import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import {
  canReadOnboarding,
  canRevealOnboardingPii,
  canWriteOnboarding,
  type OnboardingFacts,
  type OnboardingStepKey,
  onboardingRedirect,
  onboardingStatus,
  pathAfterAgreementSubmit,
  pathAfterInvestorProfileSave,
} from './onboarding.js';
import { ProfileType } from './permissions.js';

const dates = (adv: string | null, crs: string | null = null) => ({
  Initial_Form_ADV_Delivery_Date__c: adv,
  Initial_Form_CRS_Delivery_Date__c: crs,
});
const agreement = (over: Partial<NonNullable<OnboardingFacts['agreement']>> = {}) => ({
  Id: 7,
  Client_Agreement_Date__c: '2026-11-02',
  Client__r: null,
  Joint_Client__r: null,
  ...over,
});
const submitted = { Investor_Profile_Status__c: 'Submitted' };

/** [scenario, facts, per step: 'e' enabled, 'd' done, 'v' viewed, '-' not applicable; all done]. */
const cases: [string, OnboardingFacts, Record<OnboardingStepKey, string>, boolean][] = [
  [
    'a new client: only the agreement is open',
    { exhibitB: false, agreement: null, investorProfile: null },
    { client_agreement: 'e', investor_profile: '-', form_adv: '', form_crs: '' },
    false,
  ],
  [
    'an agreement without an Id is not complete',
    { exhibitB: false, agreement: agreement({ Id: null }), investorProfile: null },
    { client_agreement: 'e', investor_profile: '-', form_adv: '', form_crs: '' },
    false,
  ],
  [
    'an agreement without a Client_Agreement_Date is not complete',
    { exhibitB: false, agreement: agreement({ Client_Agreement_Date__c: null }), investorProfile: null },
    { client_agreement: 'e', investor_profile: '-', form_adv: '', form_crs: '' },
    false,
  ],
  [
    'without Exhibit B, the agreement opens Form ADV',
    { exhibitB: false, agreement: agreement(), investorProfile: null },
    { client_agreement: 'ed', investor_profile: '-', form_adv: 'e', form_crs: '' },
    false,
  ],
  [
    'with Exhibit B, the agreement opens the investor profile, not Form ADV',
    { exhibitB: true, agreement: agreement(), investorProfile: null },
    { client_agreement: 'ed', investor_profile: 'e', form_adv: '', form_crs: '' },
    false,
  ],
  [
    'with Exhibit B, a profile without a status is not submitted',
    { exhibitB: true, agreement: agreement(), investorProfile: { Investor_Profile_Status__c: null } },
    { client_agreement: 'ed', investor_profile: 'e', form_adv: '', form_crs: '' },
    false,
  ],
  [
    'with Exhibit B, the submitted profile opens Form ADV',
    { exhibitB: true, agreement: agreement(), investorProfile: submitted },
    { client_agreement: 'ed', investor_profile: 'ed', form_adv: 'e', form_crs: '' },
    false,
  ],
  [
    'the Exhibit B profile is not enabled before the agreement, even when a profile exists',
    { exhibitB: true, agreement: null, investorProfile: submitted },
    { client_agreement: 'e', investor_profile: 'd', form_adv: '', form_crs: '' },
    false,
  ],
  [
    "the client's ADV delivery date marks it viewed and opens Form CRS",
    { exhibitB: false, agreement: agreement({ Client__r: dates('2026-11-03') }), investorProfile: null },
    { client_agreement: 'ed', investor_profile: '-', form_adv: 'edv', form_crs: 'e' },
    false,
  ],
  [
    "the joint client's ADV delivery date counts as well",
    {
      exhibitB: false,
      agreement: agreement({ Client__r: dates(null), Joint_Client__r: dates('2026-11-03') }),
      investorProfile: null,
    },
    { client_agreement: 'ed', investor_profile: '-', form_adv: 'edv', form_crs: 'e' },
    false,
  ],
  [
    'all done without Exhibit B: agreement, ADV and CRS',
    { exhibitB: false, agreement: agreement({ Client__r: dates('2026-11-03', '2026-11-03') }), investorProfile: null },
    { client_agreement: 'ed', investor_profile: '-', form_adv: 'edv', form_crs: 'edv' },
    true,
  ],
  [
    "the joint client's CRS date marks CRS viewed",
    {
      exhibitB: false,
      agreement: agreement({ Client__r: dates('2026-11-03'), Joint_Client__r: dates(null, '2026-11-04') }),
      investorProfile: null,
    },
    { client_agreement: 'ed', investor_profile: '-', form_adv: 'edv', form_crs: 'edv' },
    true,
  ],
  [
    'with Exhibit B, all done needs the profile too',
    { exhibitB: true, agreement: agreement({ Client__r: dates('2026-11-03', '2026-11-03') }), investorProfile: null },
    { client_agreement: 'ed', investor_profile: 'e', form_adv: 'dv', form_crs: 'edv' },
    false,
  ],
  [
    'with Exhibit B and everything submitted and viewed: all done',
    {
      exhibitB: true,
      agreement: agreement({ Client__r: dates('2026-11-03', '2026-11-03') }),
      investorProfile: submitted,
    },
    { client_agreement: 'ed', investor_profile: 'ed', form_adv: 'edv', form_crs: 'edv' },
    true,
  ],
  [
    'a CRS delivery without ADV does not enable CRS but marks it viewed',
    { exhibitB: false, agreement: agreement({ Client__r: dates(null, '2026-11-03') }), investorProfile: null },
    { client_agreement: 'ed', investor_profile: '-', form_adv: 'e', form_crs: 'dv' },
    false,
  ],
];

const flags = (s: { applies: boolean; enabled: boolean; done: boolean; viewed: boolean }) =>
  s.applies ? `${s.enabled ? 'e' : ''}${s.done ? 'd' : ''}${s.viewed ? 'v' : ''}` : '-';

describe('onboarding gating', () => {
  it.each(cases)('%s', (_, facts, expected, allDone) => {
    const status = onboardingStatus(facts);
    expect(Object.fromEntries(status.steps.map((s) => [s.key, flags(s)]))).toEqual(expected);
    expect(status.all_done).toBe(allDone);
  });

  it('lists the four steps in order with their labels and paths', () => {
    const status = onboardingStatus({ exhibitB: true, agreement: null, investorProfile: null });
    expect(status.steps.map((s) => [s.label, s.path])).toEqual([
      ['Client Agreement Profile', '/forms/client-agreement/'],
      ['Exhibit B Investor(s) Profile', '/forms/investor-profile/'],
      ['Form ADV Part 2A and 2B', '/forms/form-adv/'],
      ['Form CRS', '/forms/form-crs/'],
    ]);
  });

  it('names the first open step, and none once all are done', () => {
    const next = (facts: OnboardingFacts) => onboardingStatus(facts).first_open_path;
    expect(next({ exhibitB: true, agreement: null, investorProfile: null })).toBe('/forms/client-agreement/');
    expect(next({ exhibitB: true, agreement: agreement(), investorProfile: null })).toBe('/forms/investor-profile/');
    expect(next({ exhibitB: false, agreement: agreement(), investorProfile: null })).toBe('/forms/form-adv/');
    expect(
      next({ exhibitB: false, agreement: agreement({ Client__r: dates('2026-11-03') }), investorProfile: null }),
    ).toBe('/forms/form-crs/');
    expect(
      next({
        exhibitB: false,
        agreement: agreement({ Client__r: dates('2026-11-03', '2026-11-03') }),
        investorProfile: null,
      }),
    ).toBeNull();
  });
});

describe('where a person asking for a page is sent in the client agreement flow', () => {
  const none = { exhibitB: false, agreement: null, investorProfile: null };
  const exhibitBNew = { exhibitB: true, agreement: null, investorProfile: null };
  const exhibitBAgreed = { exhibitB: true, agreement: agreement(), investorProfile: null };
  const agreed = { exhibitB: false, agreement: agreement(), investorProfile: null };
  const advViewed = {
    exhibitB: false,
    agreement: agreement({ Client__r: dates('2026-11-03') }),
    investorProfile: null,
  };
  const allDone = {
    exhibitB: false,
    agreement: agreement({ Client__r: dates('2026-11-03', '2026-11-03') }),
    investorProfile: null,
  };
  const rows: [string, OnboardingFacts, OnboardingStepKey, string | null][] = [
    ['the agreement is always open', none, 'client_agreement', null],
    ['the agreement stays open once done (to update it)', allDone, 'client_agreement', null],
    [
      'an Exhibit B user without an agreement asking for the profile goes to the agreement',
      exhibitBNew,
      'investor_profile',
      '/forms/client-agreement/',
    ],
    ['an Exhibit B user with an agreement may fill the profile', exhibitBAgreed, 'investor_profile', null],
    [
      'a client without Exhibit B asking for the profile goes to the first open step',
      agreed,
      'investor_profile',
      '/forms/form-adv/',
    ],
    ['…or to /forms/ when all is done', allDone, 'investor_profile', '/forms/'],
    [
      'Form ADV: an Exhibit B user without the profile goes to the profile',
      exhibitBAgreed,
      'form_adv',
      '/forms/investor-profile/',
    ],
    [
      'Form ADV: an Exhibit B user without the agreement goes to the agreement',
      exhibitBNew,
      'form_adv',
      '/forms/client-agreement/',
    ],
    [
      'Form ADV: another user without the agreement goes to the agreement',
      none,
      'form_adv',
      '/forms/client-agreement/',
    ],
    ['Form ADV: open after the agreement', agreed, 'form_adv', null],
    ['Form CRS: before the ADV was viewed, go to Form ADV', agreed, 'form_crs', '/forms/form-adv/'],
    ['Form CRS: without an agreement, go to the agreement', none, 'form_crs', '/forms/client-agreement/'],
    ['Form CRS: open once the ADV was viewed', advViewed, 'form_crs', null],
    ['Form ADV stays open once viewed', allDone, 'form_adv', null],
  ];
  it.each(rows)('%s', (_, facts, page, expected) => {
    expect(onboardingRedirect(onboardingStatus(facts), page)).toBe(expected);
  });

  it('after the first submit of the agreement: Exhibit B users to the profile, others to Form ADV', () => {
    expect(pathAfterAgreementSubmit(true)).toBe('/forms/investor-profile/');
    expect(pathAfterAgreementSubmit(false)).toBe('/forms/form-adv/');
  });

  it('after saving the profile: a client whose profile had no status goes to Form ADV', () => {
    const client = testActor({ profile_type: ProfileType.Client });
    const advisor = testActor({ profile_type: ProfileType.FinancialAdvisor });
    expect(pathAfterInvestorProfileSave(client, null)).toBe('/forms/form-adv/');
    expect(pathAfterInvestorProfileSave(client, 'Submitted')).toBeNull();
    expect(pathAfterInvestorProfileSave(advisor, null)).toBeNull();
  });
});

describe("who reaches a client's onboarding records", () => {
  const client = { id: 10, firmId: 1, advisorId: 20, isClient: true };
  const rows: [string, Parameters<typeof testActor>[0], boolean, boolean][] = [
    ['the client themself', { id: 10, profile_type: ProfileType.Client }, true, true],
    ['their advisor', { id: 20, profile_type: ProfileType.FinancialAdvisor }, true, true],
    [
      'their advisor moved to another firm',
      { id: 20, _firm: 2, profile_type: ProfileType.FinancialAdvisor },
      false,
      false,
    ],
    ['another advisor of the firm', { id: 21, profile_type: ProfileType.FinancialAdvisor }, false, false],
    ['a firm administrator', { id: 30, profile_type: ProfileType.Administrator }, false, true],
    ['a firm admin by the is_admin flag', { id: 31, is_admin: true }, false, true],
    ['another firm’s administrator', { id: 32, _firm: 2, profile_type: ProfileType.Administrator }, false, false],
    ['a super admin of another firm', { id: 33, _firm: 2, is_super_admin: true }, false, true],
    ['a standard user (staff) of the firm', { id: 34 }, false, false],
    ['a CCO of the firm', { id: 35, is_cco: true }, false, false],
    ['another client of the firm', { id: 11, profile_type: ProfileType.Client }, false, false],
  ];
  it.each(rows)('%s: write %s, read %s', (_, actor, write, read) => {
    const a = testActor(actor);
    expect(canWriteOnboarding(a, client)).toBe(write);
    expect(canReadOnboarding(a, client)).toBe(read);
    expect(canRevealOnboardingPii(a, client)).toBe(read);
  });

  it('nobody reaches the onboarding records of someone who is not a client', () => {
    const staff = { ...client, isClient: false };
    for (const actor of [
      testActor({ id: 10 }),
      testActor({ id: 20, profile_type: ProfileType.FinancialAdvisor }),
      testActor({ is_super_admin: true }),
    ]) {
      expect(canWriteOnboarding(actor, staff)).toBe(false);
      expect(canReadOnboarding(actor, staff)).toBe(false);
    }
  });
});
