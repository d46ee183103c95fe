import { Notifications } from '@mantine/notifications';
import type { ClientAgreement, OnboardingStatusResponse, User } from '@portal/domain';
import { onboardingStatus, ProfileType } from '@portal/domain';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { testUser } from '../../testing/users';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The API as the onboarding screens call it: `answer` gives each call's status and JSON (200 and a page
 * when undefined), or a promise of them to hold the answer back.
 */
export function stubApi(answer: (call: Call) => unknown = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const answered = await answer(call);
      const { status, json } =
        answered && typeof answered === 'object' && 'status' in answered && 'json' in answered
          ? (answered as { status: number; json: unknown })
          : { status: call.method === 'POST' ? 201 : 200, json: answered ?? page([]) };
      return new Response(JSON.stringify(json), { status });
    }),
  );
  return calls;
}

export const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export const withToasts = (element: ReactNode) => (
  <>
    <Notifications />
    {element}
  </>
);

const withProfile = (user: User, profile: Partial<User['profile']>, more: Partial<User> = {}) =>
  ({ ...user, ...more, profile: { ...user.profile, ...profile } }) as User;

/** Cleo, a client (profile type 4) of firm 10; `exhibitB` sets her Exhibit B flag. */
export const clientUser = (exhibitB = false) =>
  withProfile(
    testUser({}, { id: 31 }),
    { profile_type: ProfileType.Client, is_exhibit_b_investor_profile_form_user: exhibitB } as Partial<User['profile']>,
    { first_name: 'Cleo', last_name: 'Client', email: 'cleo@example.test' },
  );

/** Avery, a financial advisor of firm 10. */
export const advisorUser = () =>
  withProfile(
    testUser({}, { id: 7 }),
    { profile_type: ProfileType.FinancialAdvisor },
    { first_name: 'Avery', last_name: 'Advisor' },
  );

/** Ann, an administrator of firm 10. */
export const adminUser = () => withProfile(testUser({}, { id: 3 }), { profile_type: ProfileType.Administrator });

/** The status the server would answer for these facts (the domain's rule). */
export const statusOf = (facts: Parameters<typeof onboardingStatus>[0]): OnboardingStatusResponse =>
  onboardingStatus(facts);

const column = (prefix: 'Client' | 'JtClt', name: string) => {
  const p = (s: string) => `${prefix}${s}__c`;
  return {
    [prefix === 'Client' ? 'ClientName__c' : 'JtCltName__c']: name,
    [p('HomeAddressStreet')]: '1 Main St',
    [p('HomeAddressCity')]: 'Dover',
    [p('HomeAddressState')]: 'Delaware',
    [p('HomeAddressZipCode')]: '19901',
    [p('MailingAddressStreet')]: 'PO Box 9',
    [p('MailingAddressCity')]: 'Dover',
    [p('MailingAddressState')]: 'Delaware',
    [p('MailingAddressZipCode')]: '19903',
    [p('WorkAddressStreet')]: null,
    [p('WorkAddressCity')]: null,
    [p('WorkAddressState')]: null,
    [p('WorkAddressZipCode')]: null,
    [p('CellPhone')]: '302-555-0101',
    [p('BusinessPhone')]: '302-555-0102',
    [p('HomePhone')]: '302-555-0103',
    [p('EmailAddress')]: 'cleo@example.test',
    [p('DoB')]: '**/**/****',
    [p('SSN')]: '***-**-6789',
    [p('MailPreference')]: 'Email',
    [p('EmploymentStatus')]: 'Retired',
    [p('Employer')]: null,
    [p('Occupation')]: null,
    [`Is${prefix}EmployedByBrokerDealer__c`]: false,
    [`Is${prefix}SeniorOfficerOfPublicCompany__c`]: false,
    [p('PublicCompany')]: null,
    [p('DriversLicense')]: '****4321',
    [p('DriversLicenseIssueDate')]: '2020-01-02',
    [p('DriversLicenseIssueState')]: 'Delaware',
    [p('DriversLicenseExpirationDate')]: '2028-01-02',
    [prefix === 'Client' ? 'CompanyOrTrust__c' : 'JtCltCompanyOrTrust__c']: null,
    [prefix === 'Client' ? 'TrusteeOrCorporateOfficer__c' : 'JtCltTrusteeOrCorporateOfficer__c']: null,
    [prefix === 'Client' ? 'CompanyOrTrustTaxID__c' : 'JtCltCompanyOrTrustTaxID__c']: null,
  };
};

/** Cleo's stored agreement, complete, as the API answers it (PII masked). */
export const storedAgreement = (more: Partial<ClientAgreement> = {}): ClientAgreement =>
  ({
    Id: 55,
    Name: 'Cleo Client - Client Agreement',
    ESWA_Portal_User_ID__c: 31,
    Client_Agreement_Date__c: '2026-11-02',
    Form_Type__c: 'Individual Client',
    Client_Type__c: 'Standard',
    Client__r: null,
    Joint_Client__r: null,
    ...column('Client', 'Cleo Client'),
    ...Object.fromEntries(Object.keys(column('JtClt', '')).map((k) => [k, k.startsWith('Is') ? false : null])),
    ...more,
  }) as ClientAgreement;
