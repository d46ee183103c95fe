/**
 * Complete onboarding bodies as a client or advisor sends them, one place for every server
 * test: a test overrides only what its scenario is about, so the rest stays a body the schema accepts.
 */
export type AgreementParty = 'Client' | 'JtClt';
type Body = Record<string, unknown>;

/** Values of one party that tests look for (clear PII in the store or log, masks in answers). */
export const AGREEMENT_PII = {
  Client: { name: 'Sam Q. Smith', dob: '1961-07-14', ssn: '321-54-9876', licence: 'D400-1234-5555' },
  JtClt: { name: 'Alex R. Smith', dob: '1963-02-03', ssn: '456-78-1234', licence: 'J900-8888-7777' },
} as const;

/** Every field of one party of a client agreement, all valid. */
export function agreementParty(p: AgreementParty, overrides: Body = {}): Body {
  const pii = AGREEMENT_PII[p];
  return {
    [`${p}Name__c`]: pii.name,
    [`${p}HomeAddressStreet__c`]: '1 Main St',
    [`${p}HomeAddressCity__c`]: 'Springfield',
    [`${p}HomeAddressState__c`]: 'Illinois',
    [`${p}HomeAddressZipCode__c`]: '62701',
    [`${p}MailingAddressStreet__c`]: 'PO Box 9',
    [`${p}MailingAddressCity__c`]: 'Springfield',
    [`${p}MailingAddressState__c`]: 'Illinois',
    [`${p}MailingAddressZipCode__c`]: '62701',
    [`${p}CellPhone__c`]: '217-555-0101',
    [`${p}BusinessPhone__c`]: '217-555-0102',
    [`${p}HomePhone__c`]: '217-555-0103',
    [`${p}EmailAddress__c`]: 'sam@example.test',
    [`${p}MailPreference__c`]: 'Email',
    [`${p}EmploymentStatus__c`]: 'Employed',
    [`${p}DoB__c`]: pii.dob,
    [`${p}SSN__c`]: pii.ssn,
    [`${p}DriversLicense__c`]: pii.licence,
    [`${p}DriversLicenseIssueState__c`]: 'Illinois',
    [`${p}DriversLicenseIssueDate__c`]: '2021-03-01',
    [`${p}DriversLicenseExpirationDate__c`]: '2029-03-01',
    ...overrides,
  };
}

/** A complete agreement of an individual client; `overrides` replaces or adds fields. */
export const agreementBody = (overrides: Body = {}): Body => ({
  Form_Type__c: 'Individual Client',
  ...agreementParty('Client'),
  ...overrides,
});

/** A complete agreement of joint clients with a trust. */
export const jointAgreementBody = (overrides: Body = {}): Body => ({
  ...agreementBody(),
  Form_Type__c: 'Joint Clients',
  ...agreementParty('JtClt'),
  CompanyOrTrust__c: 'Smith Family Trust',
  CompanyOrTrustTaxID__c: '12-3456789',
  ...overrides,
});

/** The nine answers of a complete Exhibit B investor profile. */
export const investorProfileAnswers = (overrides: Body = {}): Body => ({
  IP_Relationship_Time_Horizon__c: '6-10 years',
  IP_Relationship_Withdrawal_Period__c: 'Over 20 years',
  IP_Percentage_Withdrawal__c: '1-4%',
  IP_Risk_Tolerance__c: 'Moderate (15%)',
  IP_Sources_of_Income__c: 'Stable',
  IP_Percent_of_Wealth__c: '25-50%',
  IP_Investment_Experience__c: 'Somewhat experienced',
  IP_Socially_Responsible_Investing__c: 'No',
  IP_Asset_Allocation__c: '60/40',
  ...overrides,
});
