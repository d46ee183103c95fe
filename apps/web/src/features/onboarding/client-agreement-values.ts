import {
  CLIENT_AGREEMENT_PII,
  type ClientAgreement,
  type ClientAgreementWire,
  type clientAgreementBody,
  looksMasked,
} from '@portal/domain';
import type { z } from 'zod';
import type { FormDraft } from '../../lib/schema-form/use-schema-form';

export type AgreementValues = FormDraft<z.input<typeof clientAgreementBody>>;

/** The two columns of the form: the client (the Minor of a custodial account) and the joint client (the Custodian). */
export type Column = 'client' | 'joint';

/**
 * Each field of a column by what it is, with its wire name in the client's and the joint client's
 * column: the names do not follow one pattern (`ClientName__c`/`JtCltName__c`,
 * `CompanyOrTrust__c`/`JtCltCompanyOrTrust__c`, `IsClientSeniorOfficer…`/`IsJtCltSeniorOfficer…`).
 */
export const COLUMN_FIELDS = {
  name: ['ClientName__c', 'JtCltName__c'],
  companyOrTrust: ['CompanyOrTrust__c', 'JtCltCompanyOrTrust__c'],
  trusteeOrCorporateOfficer: ['TrusteeOrCorporateOfficer__c', 'JtCltTrusteeOrCorporateOfficer__c'],
  companyOrTrustTaxId: ['CompanyOrTrustTaxID__c', 'JtCltCompanyOrTrustTaxID__c'],
  homeStreet: ['ClientHomeAddressStreet__c', 'JtCltHomeAddressStreet__c'],
  homeCity: ['ClientHomeAddressCity__c', 'JtCltHomeAddressCity__c'],
  homeState: ['ClientHomeAddressState__c', 'JtCltHomeAddressState__c'],
  homeZip: ['ClientHomeAddressZipCode__c', 'JtCltHomeAddressZipCode__c'],
  mailingStreet: ['ClientMailingAddressStreet__c', 'JtCltMailingAddressStreet__c'],
  mailingCity: ['ClientMailingAddressCity__c', 'JtCltMailingAddressCity__c'],
  mailingState: ['ClientMailingAddressState__c', 'JtCltMailingAddressState__c'],
  mailingZip: ['ClientMailingAddressZipCode__c', 'JtCltMailingAddressZipCode__c'],
  workStreet: ['ClientWorkAddressStreet__c', 'JtCltWorkAddressStreet__c'],
  workCity: ['ClientWorkAddressCity__c', 'JtCltWorkAddressCity__c'],
  workState: ['ClientWorkAddressState__c', 'JtCltWorkAddressState__c'],
  workZip: ['ClientWorkAddressZipCode__c', 'JtCltWorkAddressZipCode__c'],
  cellPhone: ['ClientCellPhone__c', 'JtCltCellPhone__c'],
  businessPhone: ['ClientBusinessPhone__c', 'JtCltBusinessPhone__c'],
  homePhone: ['ClientHomePhone__c', 'JtCltHomePhone__c'],
  email: ['ClientEmailAddress__c', 'JtCltEmailAddress__c'],
  dob: ['ClientDoB__c', 'JtCltDoB__c'],
  ssn: ['ClientSSN__c', 'JtCltSSN__c'],
  mailPreference: ['ClientMailPreference__c', 'JtCltMailPreference__c'],
  employmentStatus: ['ClientEmploymentStatus__c', 'JtCltEmploymentStatus__c'],
  employer: ['ClientEmployer__c', 'JtCltEmployer__c'],
  occupation: ['ClientOccupation__c', 'JtCltOccupation__c'],
  employedByBrokerDealer: ['IsClientEmployedByBrokerDealer__c', 'IsJtCltEmployedByBrokerDealer__c'],
  seniorOfficer: ['IsClientSeniorOfficerOfPublicCompany__c', 'IsJtCltSeniorOfficerOfPublicCompany__c'],
  publicCompany: ['ClientPublicCompany__c', 'JtCltPublicCompany__c'],
  driversLicense: ['ClientDriversLicense__c', 'JtCltDriversLicense__c'],
  licenseIssueDate: ['ClientDriversLicenseIssueDate__c', 'JtCltDriversLicenseIssueDate__c'],
  licenseIssueState: ['ClientDriversLicenseIssueState__c', 'JtCltDriversLicenseIssueState__c'],
  licenseExpirationDate: ['ClientDriversLicenseExpirationDate__c', 'JtCltDriversLicenseExpirationDate__c'],
} as const satisfies Record<string, readonly [ClientAgreementWire, ClientAgreementWire]>;

export type ColumnField = keyof typeof COLUMN_FIELDS;
type Wire = (typeof COLUMN_FIELDS)[ColumnField][number];

/** The wire name of `field` in `column`. */
export const wireOf = (column: Column, field: ColumnField): Wire => COLUMN_FIELDS[field][column === 'client' ? 0 : 1];

const FLAGS: readonly ColumnField[] = ['employedByBrokerDealer', 'seniorOfficer'];
const ALL_FIELDS = Object.keys(COLUMN_FIELDS) as ColumnField[];

const HOME = ['homeStreet', 'homeCity', 'homeState', 'homeZip'] as const;
const MAILING = ['mailingStreet', 'mailingCity', 'mailingState', 'mailingZip'] as const;

/**
 * What the form edits, from the stored agreement (PII as answered: masked) or a blank one. A new
 * agreement has no form type until the person picks one (the form shows its columns and buttons then);
 * a stored one without a type is an Individual Client.
 */
export function agreementValuesOf(agreement: ClientAgreement | null, clientId: number | null): AgreementValues {
  const values: Record<string, unknown> = {
    ESWA_Portal_User_ID__c: agreement?.ESWA_Portal_User_ID__c ?? clientId,
    Form_Type__c: agreement ? (agreement.Form_Type__c ?? 'Individual Client') : null,
    Client_Type__c: agreement?.Client_Type__c ?? 'Standard',
  };
  const stored = (agreement ?? {}) as Record<string, unknown>;
  for (const field of ALL_FIELDS)
    for (const column of ['client', 'joint'] as const) {
      const wire = wireOf(column, field);
      values[wire] = FLAGS.includes(field) ? Boolean(stored[wire]) : ((stored[wire] as string | null) ?? null);
    }
  return values as AgreementValues;
}

type Patch = Partial<Record<Wire, unknown>>;

/** 'Home address same as mailing address': the column's home fields copied into its mailing fields. */
export function homeToMailing(values: AgreementValues, column: Column): Patch {
  const v = values as Record<string, unknown>;
  return Object.fromEntries(MAILING.map((to, i) => [wireOf(column, to), v[wireOf(column, HOME[i])] ?? null]));
}

/** 'Address same as client address': the client's home and mailing address copied to the joint client. */
export function clientAddressToJoint(values: AgreementValues): Patch {
  const v = values as Record<string, unknown>;
  return Object.fromEntries(
    [...HOME, ...MAILING].map((field) => [wireOf('joint', field), v[wireOf('client', field)] ?? null]),
  );
}

/** The fields of a patch whose value differs from the form's: applying only those avoids a render loop. */
export function changed(values: AgreementValues, patch: Patch): Patch {
  const v = values as Record<string, unknown>;
  return Object.fromEntries(Object.entries(patch).filter(([wire, value]) => (v[wire] ?? null) !== (value ?? null)));
}

/**
 * The clear values of a reveal put in the form where the person left the masked value as it was; a
 * value they have typed over is theirs.
 */
export function withRevealed(values: AgreementValues, revealed: ClientAgreement): Patch {
  const v = values as Record<string, unknown>;
  const r = revealed as unknown as Record<string, unknown>;
  return Object.fromEntries(
    CLIENT_AGREEMENT_PII.filter(([wire]) => v[wire] == null || looksMasked(v[wire])).map(([wire]) => [
      wire,
      (r[wire] as string | null) ?? null,
    ]),
  );
}

/** Whether the form still holds a masked value (then "Show" has something to show). */
export const holdsMasked = (values: AgreementValues) =>
  CLIENT_AGREEMENT_PII.some(([wire]) => looksMasked((values as Record<string, unknown>)[wire]));
