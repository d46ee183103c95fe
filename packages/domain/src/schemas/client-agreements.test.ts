import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  CLIENT_AGREEMENT_PII,
  clientAgreementBody,
  clientAgreementName,
  clientAgreementSchema,
  maskPii,
} from './client-agreements.js';

const m = messages.clientAgreements;

const person = (p: 'Client' | 'JtClt') => ({
  [`${p}Name__c`]: p === 'Client' ? 'Sam Q. Smith' : 'Alex R. Smith',
  [`${p}HomeAddressStreet__c`]: '1 Main St',
  [`${p}HomeAddressCity__c`]: 'Springfield',
  [`${p}HomeAddressState__c`]: 'Illinois',
  [`${p}HomeAddressZipCode__c`]: '62701',
  [`${p}MailingAddressStreet__c`]: '1 Main St',
  [`${p}MailingAddressCity__c`]: 'Springfield',
  [`${p}MailingAddressState__c`]: 'Illinois',
  [`${p}MailingAddressZipCode__c`]: '62701-1234',
  [`${p}CellPhone__c`]: '(217) 555-0101',
  [`${p}BusinessPhone__c`]: '217.555.0102',
  [`${p}HomePhone__c`]: '+1 217 555 0103',
  [`${p}EmailAddress__c`]: 'sam@example.test',
  [`${p}MailPreference__c`]: 'Email and U.S. Mail',
  [`${p}EmploymentStatus__c`]: 'Retired',
  [`${p}DoB__c`]: '1960-04-30',
  [`${p}SSN__c`]: '123-45-6789',
  [`${p}DriversLicense__c`]: 'S123-4567-8901',
  [`${p}DriversLicenseIssueState__c`]: 'Illinois',
  [`${p}DriversLicenseIssueDate__c`]: '2020-01-15',
  [`${p}DriversLicenseExpirationDate__c`]: '2028-01-15',
});
const individual = { Form_Type__c: 'Individual Client', ...person('Client') };
const joint = { ...individual, Form_Type__c: 'Joint Clients', ...person('JtClt') };

const problems = (body: unknown) => {
  const parsed = clientAgreementBody.safeParse(body);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
};

const requiredOf = (p: 'Client' | 'JtClt') => ({
  [`${p}Name__c`]: 'Enter first name, middle initial, last name',
  [`${p}HomeAddressStreet__c`]: 'Enter street',
  [`${p}HomeAddressCity__c`]: 'Enter city',
  [`${p}HomeAddressState__c`]: 'Enter state',
  [`${p}HomeAddressZipCode__c`]: 'Enter zip code',
  [`${p}MailingAddressStreet__c`]: 'Enter mailing address',
  [`${p}MailingAddressCity__c`]: 'Enter city',
  [`${p}MailingAddressState__c`]: 'Enter state',
  [`${p}MailingAddressZipCode__c`]: 'Enter zip code',
  [`${p}CellPhone__c`]: 'Enter cell phone',
  [`${p}BusinessPhone__c`]: 'Enter business phone',
  [`${p}HomePhone__c`]: 'Enter home phone',
  [`${p}EmailAddress__c`]: 'Enter email address',
  [`${p}MailPreference__c`]: 'Enter mailing preference',
  [`${p}EmploymentStatus__c`]: 'Enter employment status',
  [`${p}DoB__c`]: 'Enter date of birth',
  [`${p}SSN__c`]: 'Enter social security number',
  [`${p}DriversLicense__c`]: "Enter driver's license number",
  [`${p}DriversLicenseIssueState__c`]: 'Enter drivers license issue state',
  [`${p}DriversLicenseIssueDate__c`]: 'Enter drivers license issue date',
  [`${p}DriversLicenseExpirationDate__c`]: 'Enter drivers license expiration date',
});

describe('a client agreement as the form submits it (POST and PUT alike)', () => {
  it('is accepted complete, for an individual and for joint clients', () => {
    expect(problems(individual)).toEqual({});
    expect(problems(joint)).toEqual({});
  });

  it("names every missing field of an individual client with its own 'Enter …' message", () => {
    expect(problems({})).toEqual(requiredOf('Client'));
  });

  it("names the joint client's missing fields too; its mail preference says 'Enter mailing preference'", () => {
    expect(problems({ Form_Type__c: 'Joint Clients' })).toEqual({ ...requiredOf('Client'), ...requiredOf('JtClt') });
    expect(problems({ ...joint, JtCltMailPreference__c: '' })).toEqual({
      JtCltMailPreference__c: 'Enter mailing preference',
    });
  });

  it('takes blank text as missing', () => {
    expect(problems({ ...individual, ClientName__c: '   ', ClientSSN__c: '' })).toEqual({
      ClientName__c: m.nameRequired,
      ClientSSN__c: m.ssnRequired,
    });
  });

  it('defaults the form type to Individual Client and the client type to Standard', () => {
    const { Form_Type__c: _, ...noType } = individual;
    const parsed = clientAgreementBody.parse(noType);
    expect([parsed.Form_Type__c, parsed.Client_Type__c]).toEqual(['Individual Client', 'Standard']);
  });

  const formats: [string, Record<string, unknown>, Record<string, string>][] = [
    ['an SSN of 8 digits', { ClientSSN__c: '123-45-678' }, { ClientSSN__c: m.ssn }],
    ['an SSN with letters', { ClientSSN__c: '123-45-678A' }, { ClientSSN__c: m.ssn }],
    ['a tax id of 10 digits', { CompanyOrTrustTaxID__c: '12-34567890' }, { CompanyOrTrustTaxID__c: m.taxId }],
    ['a zip code of 6 digits', { ClientHomeAddressZipCode__c: '627011' }, { ClientHomeAddressZipCode__c: m.zip }],
    ['a phone of 9 digits', { ClientCellPhone__c: '555-01010' }, { ClientCellPhone__c: m.phone }],
    ['a phone with letters', { ClientHomePhone__c: '217 555 CALL' }, { ClientHomePhone__c: m.phone }],
    [
      'an email without a domain',
      { ClientEmailAddress__c: 'sam@' },
      { ClientEmailAddress__c: 'Enter a valid email address.' },
    ],
    [
      'a date that does not exist',
      { ClientDriversLicenseIssueDate__c: '2021-02-30' },
      { ClientDriversLicenseIssueDate__c: 'Enter a valid date (MM/DD/YYYY).' },
    ],
    ['a date in the US form', { ClientDoB__c: '04/30/1960' }, { ClientDoB__c: 'Enter a valid date (MM/DD/YYYY).' }],
    [
      'a licence expiring before it was issued',
      { ClientDriversLicenseExpirationDate__c: '2019-01-01' },
      { ClientDriversLicenseExpirationDate__c: m.expirationAfterIssue },
    ],
    ['a state that is not one of the 50', { ClientHomeAddressState__c: 'IL' }, { ClientHomeAddressState__c: m.state }],
    [
      'a mail preference off the list',
      { ClientMailPreference__c: 'Fax' },
      { ClientMailPreference__c: 'Select a mailing preference.' },
    ],
    [
      'an employment status off the list',
      { ClientEmploymentStatus__c: 'Student' },
      { ClientEmploymentStatus__c: 'Select an employment status.' },
    ],
    [
      'a form type off the list',
      { Form_Type__c: 'Trust' },
      { Form_Type__c: 'Select Individual Client or Joint Clients.' },
    ],
    [
      'a client type off the list',
      { Client_Type__c: 'Corporate' },
      { Client_Type__c: 'Select a client type: Standard or Custodial.' },
    ],
    ['a name on two lines', { ClientName__c: 'Sam\nSmith' }, { ClientName__c: 'Enter this on one line.' }],
    [
      'a custodial account for an individual client',
      { Client_Type__c: 'Custodial' },
      { Client_Type__c: m.custodialNeedsJoint },
    ],
    ['a masked SSN of another shape', { ClientSSN__c: '***-**-67' }, { ClientSSN__c: m.maskedValue }],
    ['a half-masked date of birth', { ClientDoB__c: '**/**/1960' }, { ClientDoB__c: m.maskedValue }],
    [
      'a partly filled work address with a bad zip',
      { ClientWorkAddressZipCode__c: '1234' },
      { ClientWorkAddressZipCode__c: m.zip },
    ],
  ];
  it.each(formats)('refuses %s with its field message', (_, change, expected) => {
    expect(problems({ ...individual, ...change })).toEqual(expected);
  });

  it('stores an SSN and a tax id as their digits, and keeps a zip code as typed', () => {
    const parsed = clientAgreementBody.parse({
      ...individual,
      ClientSSN__c: '123 45 6789',
      CompanyOrTrustTaxID__c: '12-3456789',
    });
    expect([parsed.ClientSSN__c, parsed.CompanyOrTrustTaxID__c, parsed.ClientMailingAddressZipCode__c]).toEqual([
      '123456789',
      '123456789',
      '62701-1234',
    ]);
  });

  it('passes a mask sent back as it is: the server compares it with the stored value', () => {
    const parsed = clientAgreementBody.parse({
      ...individual,
      ClientSSN__c: '***-**-6789',
      ClientDoB__c: '**/**/****',
      ClientDriversLicense__c: '****8901',
      CompanyOrTrustTaxID__c: '**-***6789',
    });
    expect([
      parsed.ClientSSN__c,
      parsed.ClientDoB__c,
      parsed.ClientDriversLicense__c,
      parsed.CompanyOrTrustTaxID__c,
    ]).toEqual(['***-**-6789', '**/**/****', '****8901', '**-***6789']);
  });

  it('a custodial account with joint clients is accepted', () => {
    expect(problems({ ...joint, Client_Type__c: 'Custodial' })).toEqual({});
  });

  it('ignores and drops the joint column of an individual client, whatever it holds', () => {
    const parsed = clientAgreementBody.parse({ ...individual, JtCltSSN__c: 'not a number', JtCltName__c: 'Alex' });
    expect(parsed).not.toHaveProperty('JtCltSSN__c');
    expect(parsed).not.toHaveProperty('JtCltName__c');
  });

  it('clears the public company when the senior-officer box is off', () => {
    const off = clientAgreementBody.parse({ ...individual, ClientPublicCompany__c: 'Acme' });
    const on = clientAgreementBody.parse({
      ...individual,
      IsClientSeniorOfficerOfPublicCompany__c: true,
      ClientPublicCompany__c: 'Acme',
    });
    expect([off.ClientPublicCompany__c, on.ClientPublicCompany__c]).toEqual([null, 'Acme']);
  });
});

describe('client agreement PII', () => {
  it('lists the eight PII fields of the contract', () => {
    expect(Object.fromEntries(CLIENT_AGREEMENT_PII)).toEqual({
      CompanyOrTrustTaxID__c: 'taxId',
      ClientDoB__c: 'dob',
      ClientSSN__c: 'ssn',
      ClientDriversLicense__c: 'license',
      JtCltCompanyOrTrustTaxID__c: 'taxId',
      JtCltDoB__c: 'dob',
      JtCltSSN__c: 'ssn',
      JtCltDriversLicense__c: 'license',
    });
  });

  it('masks each kind, keeping at most the last four characters', () => {
    expect(maskPii('ssn', '123456789')).toBe('***-**-6789');
    expect(maskPii('taxId', '123456789')).toBe('**-***6789');
    expect(maskPii('dob', '1960-04-30')).toBe('**/**/****');
    expect(maskPii('license', 'S12345678901')).toBe('****8901');
    expect(maskPii('ssn', null)).toBeNull();
  });

  it('names the record after the client, else the joint client', () => {
    expect(clientAgreementName('Sam Smith', 'Alex Smith')).toBe('Sam Smith - Client Agreement');
    expect(clientAgreementName(null, 'Alex Smith')).toBe('Alex Smith - Client Agreement');
  });

  it('answers Client__r and Joint_Client__r with the two initial delivery dates', () => {
    const shape = clientAgreementSchema.shape;
    expect(Object.keys(shape.Client__r.unwrap().shape)).toEqual([
      'Initial_Form_ADV_Delivery_Date__c',
      'Initial_Form_CRS_Delivery_Date__c',
    ]);
    expect(shape.Joint_Client__r.safeParse(null).success).toBe(true);
  });
});
