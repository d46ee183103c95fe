import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import { menuFor } from './menu.js';
import {
  canOpenClientAgreement,
  canOpenDisclosurePages,
  canOpenInvestorProfile,
  canOpenOnboardingForms,
} from './onboarding-screens.js';
import { type Actor, ProfileType } from './permissions.js';

const client = (exhibitB: boolean) =>
  ({
    ...testActor({ profile_type: ProfileType.Client }),
    profile: {
      ...testActor({ profile_type: ProfileType.Client }).profile,
      is_exhibit_b_investor_profile_form_user: exhibitB,
    },
  }) as Actor;
const advisor = testActor({ profile_type: ProfileType.FinancialAdvisor });
const admin = testActor({ profile_type: ProfileType.Administrator });
const standard = testActor();
const formsOf = (a: Actor) =>
  menuFor(a)
    .find((g) => g.id === 'forms')
    ?.entries.map((e) => e.label) ?? [];

describe('the onboarding screens and the Forms menu', () => {
  it.each([
    [
      'a client with Exhibit B',
      client(true),
      ['All Forms', 'Client Agreement Profile', 'Exhibit B Investor(s) Profile', 'Form ADV Part 2A and 2B', 'Form CRS'],
    ],
    [
      'a client without it',
      client(false),
      ['All Forms', 'Client Agreement Profile', 'Form ADV Part 2A and 2B', 'Form CRS'],
    ],
    ['an advisor', advisor, ['Client Agreement Profile', 'Exhibit B Investor Profile']],
    ['a firm administrator', admin, ['Client Agreement Profile']],
    ['a standard user', standard, []],
  ])('%s sees these Forms entries', (_who, actor, entries) => {
    expect(formsOf(actor)).toEqual(entries);
  });

  it("takes a client's 'All Forms' to the steps page", () => {
    const entries = menuFor(client(false)).find((g) => g.id === 'forms')?.entries ?? [];
    expect(entries[0]).toMatchObject({ label: 'All Forms', to: '/forms/' });
  });

  it.each([
    ['a client', client(false), [true, true, true, true]],
    ['an advisor', advisor, [true, true, true, false]],
    ['a firm administrator', admin, [true, true, false, false]],
    ['a standard user', standard, [false, false, false, false]],
  ])('%s opens: forms, agreement, investor profile, Form ADV/CRS', (_who, actor, expected) => {
    expect([
      canOpenOnboardingForms(actor),
      canOpenClientAgreement(actor),
      canOpenInvestorProfile(actor),
      canOpenDisclosurePages(actor),
    ]).toEqual(expected);
  });
});
