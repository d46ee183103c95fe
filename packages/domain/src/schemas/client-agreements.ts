import { z } from 'zod';
import { messages } from '../messages.js';
import { isCalendarDate } from '../rules/fiscal.js';
import type { DeliveryDates } from '../rules/onboarding.js';
import { US_STATES } from '../rules/us-states.js';
import { LINE_BREAK, optionalText, pageOf, recordId, recordRef } from './common.js';
import { defineFields, readSchema, writeSchema } from './field-table.js';

const m = messages.clientAgreements;

export const FORM_TYPES = ['Individual Client', 'Joint Clients'] as const;
export type FormType = (typeof FORM_TYPES)[number];
/** A custodial account: the Minor in the Client column, the Custodian in the joint one. */
export const CLIENT_TYPES = ['Standard', 'Custodial'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const MAIL_PREFERENCES = ['Email', 'U.S. Mail', 'Email and U.S. Mail'] as const;
export const EMPLOYMENT_STATUSES = ['Employed', 'Self-Employed', 'Retired', 'Not Employed'] as const;

/**
 * The client PII kinds: encrypted at rest, answered masked unless revealed. Each kind's mask keeps
 * only what a person needs to recognise the value (the last four of a number; nothing of a birth date).
 */
export type PiiKind = 'ssn' | 'taxId' | 'dob' | 'license';

/** The masked form of a clear value: SSN '***-**-6789', tax id '**-***6789', DOB '**\/**\/****', licence '****6789'. */
export function maskPii(kind: PiiKind, value: string | null): string | null {
  if (value === null || value === '') return null;
  const last4 = value.slice(-4);
  switch (kind) {
    case 'ssn':
      return `***-**-${last4}`;
    case 'taxId':
      return `**-***${last4}`;
    case 'dob':
      return '**/**/****';
    case 'license':
      return `****${last4}`;
  }
}

/** Whether a value sent is shaped like a mask (then the server compares it with the stored value's mask). */
export const looksMasked = (value: unknown) => typeof value === 'string' && value.includes('*');

const MASKS: Record<PiiKind, RegExp> = {
  ssn: /^\*\*\*-\*\*-\d{4}$/,
  taxId: /^\*\*-\*\*\*\d{4}$/,
  dob: /^\*\*\/\*\*\/\*\*\*\*$/,
  license: /^\*\*\*\*[^*]{1,4}$/,
};

/** An input emptied: no value. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A one-line value that the field table then checks (empty means none). */
const optional = <T extends z.ZodType>(inner: T) =>
  z.preprocess(blankToNull, inner.nullable().optional()) as unknown as z.ZodOptional<z.ZodNullable<z.ZodString>>;

const nine = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^[\d\s-]+$/.test(v) && v.replace(/\D/g, '').length === 9, message)
    .transform((v) => v.replace(/\D/g, ''));

/**
 * What a PII field accepts: its full value in the kind's format, or its mask sent back unchanged
 * (the form got the record masked). Which mask is the stored one is the server's check.
 */
const piiWrite: Record<PiiKind, z.ZodType<string>> = {
  ssn: nine(m.ssn),
  taxId: nine(m.taxId),
  // A real date; that it is in the past is the server's check, by the portal's clock.
  dob: z
    .string()
    .trim()
    .refine((v) => isCalendarDate(v), messages.validation.date),
  license: z
    .string()
    .trim()
    .min(4, messages.validation.minLength(4))
    .max(40, messages.validation.maxLength(40))
    .refine((v) => !LINE_BREAK.test(v), messages.validation.oneLine),
};
const piiOrMask = (kind: PiiKind) =>
  z.string().transform((v, ctx) => {
    if (!looksMasked(v)) {
      const parsed = piiWrite[kind].safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    if (!MASKS[kind].test(v.trim())) {
      ctx.addIssue({ code: 'custom', message: m.maskedValue });
      return z.NEVER;
    }
    return v.trim();
  });

const text = (column: string, max = 255) => ({
  column,
  read: z.string().nullable(),
  write: optionalText(max),
  set: 'editor' as const,
});
const pii = (column: string, kind: PiiKind) => ({
  column,
  read: z.string().nullable(),
  write: optional(piiOrMask(kind)),
  set: 'editor' as const,
  pii: true as const,
  kind,
});
const state = (column: string) => ({
  column,
  read: z.string().nullable(),
  write: optional(z.string().trim().pipe(z.enum(US_STATES, m.state))),
  set: 'editor' as const,
});
const zip = (column: string) => ({
  column,
  read: z.string().nullable(),
  write: optional(
    z
      .string()
      .trim()
      .refine((v) => /^\d{5}(-?\d{4})?$/.test(v), m.zip),
  ),
  set: 'editor' as const,
});
const phone = (column: string) => ({
  column,
  read: z.string().nullable(),
  write: optional(
    z
      .string()
      .trim()
      .refine((v) => /^[+()\-.\s\d]+$/.test(v) && /^\d{10,15}$/.test(v.replace(/\D/g, '')), m.phone),
  ),
  set: 'editor' as const,
});
const emailField = (column: string) => ({
  column,
  read: z.string().nullable(),
  write: optional(
    z.string().trim().max(254, messages.validation.maxLength(254)).pipe(z.email(messages.validation.email)),
  ),
  set: 'editor' as const,
});
const date = (column: string) => ({
  column,
  read: z.string().nullable(),
  write: optional(
    z
      .string()
      .trim()
      .refine((v) => isCalendarDate(v), messages.validation.date),
  ),
  set: 'editor' as const,
});
const choice = (column: string, values: readonly [string, ...string[]], message: string) => ({
  column,
  read: z.string().nullable(),
  write: optional(z.string().trim().pipe(z.enum(values, message))),
  set: 'editor' as const,
});
/** Absent is off: the PUT carries the whole form, like the POST. */
const flag = (column: string) => ({
  column,
  read: z.boolean(),
  write: z.boolean().default(false),
  set: 'editor' as const,
});
const server = <T extends z.ZodType>(column: string, read: T) => ({ column, read, set: 'server' as const });

const deliveryDates = z.object({
  Initial_Form_ADV_Delivery_Date__c: z.string().nullable(),
  Initial_Form_CRS_Delivery_Date__c: z.string().nullable(),
}) satisfies z.ZodType<DeliveryDates>;

/**
 * A client agreement on the API's wire names, `__c` on all but Id, Name, Client__r and
 * Joint_Client__r. One per client user (`ESWA_Portal_User_ID__c`). Every value is optional here: which
 * ones the form requires depends on the form type, so `clientAgreementBody` checks presence (with the
 * fields' 'Enter …' messages) after each field's own format check. PII fields (`pii: true`, with their `kind`)
 * are encrypted at rest and answered masked (`maskPii`) unless revealed.
 */
export const clientAgreementFields = defineFields({
  Id: server('id', z.number().int()),
  /** '{client name, else joint client name} - Client Agreement'. */
  Name: server('name', z.string()),
  /** The client user the agreement belongs to: an advisor picks one of their clients; a client is themself. */
  ESWA_Portal_User_ID__c: {
    column: 'portalUserId',
    read: z.number().int(),
    write: recordRef(m.clientRequired).optional(),
    set: 'editor' as const,
  },
  /** Set by the server on the first submit, in the portal's time zone (YYYY-MM-DD). */
  Client_Agreement_Date__c: server('agreementDate', z.string().nullable()),
  Form_Type__c: {
    column: 'formType',
    read: z.enum(FORM_TYPES),
    write: z
      .preprocess(blankToNull, z.enum(FORM_TYPES, m.formType).nullable().optional())
      .transform((v) => v ?? 'Individual Client'),
    set: 'editor' as const,
  },
  Client_Type__c: {
    column: 'clientType',
    read: z.enum(CLIENT_TYPES),
    write: z
      .preprocess(blankToNull, z.enum(CLIENT_TYPES, m.clientType).nullable().optional())
      .transform((v) => v ?? 'Standard'),
    set: 'editor' as const,
  },
  /** The client's and the joint client's initial delivery dates of Form ADV and Form CRS (computed). */
  Client__r: server('clientDeliveries', deliveryDates.nullable()),
  Joint_Client__r: server('jointClientDeliveries', deliveryDates.nullable()),
  // The client
  ClientName__c: text('clientName'),
  CompanyOrTrust__c: text('clientCompanyOrTrust'),
  TrusteeOrCorporateOfficer__c: text('clientTrusteeOrCorporateOfficer'),
  CompanyOrTrustTaxID__c: pii('clientCompanyOrTrustTaxId', 'taxId'),
  ClientHomeAddressStreet__c: text('clientHomeStreet'),
  ClientHomeAddressCity__c: text('clientHomeCity', 100),
  ClientHomeAddressState__c: state('clientHomeState'),
  ClientHomeAddressZipCode__c: zip('clientHomeZip'),
  ClientMailingAddressStreet__c: text('clientMailingStreet'),
  ClientMailingAddressCity__c: text('clientMailingCity', 100),
  ClientMailingAddressState__c: state('clientMailingState'),
  ClientMailingAddressZipCode__c: zip('clientMailingZip'),
  ClientWorkAddressStreet__c: text('clientWorkStreet'),
  ClientWorkAddressCity__c: text('clientWorkCity', 100),
  ClientWorkAddressState__c: state('clientWorkState'),
  ClientWorkAddressZipCode__c: zip('clientWorkZip'),
  ClientCellPhone__c: phone('clientCellPhone'),
  ClientBusinessPhone__c: phone('clientBusinessPhone'),
  ClientHomePhone__c: phone('clientHomePhone'),
  ClientEmailAddress__c: emailField('clientEmail'),
  ClientDoB__c: pii('clientDob', 'dob'),
  ClientSSN__c: pii('clientSsn', 'ssn'),
  ClientMailPreference__c: choice('clientMailPreference', MAIL_PREFERENCES, m.mailPreference),
  ClientEmploymentStatus__c: choice('clientEmploymentStatus', EMPLOYMENT_STATUSES, m.employmentStatus),
  ClientEmployer__c: text('clientEmployer'),
  ClientOccupation__c: text('clientOccupation'),
  IsClientEmployedByBrokerDealer__c: flag('clientEmployedByBrokerDealer'),
  IsClientSeniorOfficerOfPublicCompany__c: flag('clientSeniorOfficerOfPublicCompany'),
  ClientPublicCompany__c: text('clientPublicCompany'),
  ClientDriversLicense__c: pii('clientDriversLicense', 'license'),
  ClientDriversLicenseIssueDate__c: date('clientDriversLicenseIssueDate'),
  ClientDriversLicenseIssueState__c: state('clientDriversLicenseIssueState'),
  ClientDriversLicenseExpirationDate__c: date('clientDriversLicenseExpirationDate'),
  // The joint client (the custodian of a custodial account)
  JtCltName__c: text('jointName'),
  JtCltCompanyOrTrust__c: text('jointCompanyOrTrust'),
  JtCltTrusteeOrCorporateOfficer__c: text('jointTrusteeOrCorporateOfficer'),
  JtCltCompanyOrTrustTaxID__c: pii('jointCompanyOrTrustTaxId', 'taxId'),
  JtCltHomeAddressStreet__c: text('jointHomeStreet'),
  JtCltHomeAddressCity__c: text('jointHomeCity', 100),
  JtCltHomeAddressState__c: state('jointHomeState'),
  JtCltHomeAddressZipCode__c: zip('jointHomeZip'),
  JtCltMailingAddressStreet__c: text('jointMailingStreet'),
  JtCltMailingAddressCity__c: text('jointMailingCity', 100),
  JtCltMailingAddressState__c: state('jointMailingState'),
  JtCltMailingAddressZipCode__c: zip('jointMailingZip'),
  JtCltWorkAddressStreet__c: text('jointWorkStreet'),
  JtCltWorkAddressCity__c: text('jointWorkCity', 100),
  JtCltWorkAddressState__c: state('jointWorkState'),
  JtCltWorkAddressZipCode__c: zip('jointWorkZip'),
  JtCltCellPhone__c: phone('jointCellPhone'),
  JtCltBusinessPhone__c: phone('jointBusinessPhone'),
  JtCltHomePhone__c: phone('jointHomePhone'),
  JtCltEmailAddress__c: emailField('jointEmail'),
  JtCltDoB__c: pii('jointDob', 'dob'),
  JtCltSSN__c: pii('jointSsn', 'ssn'),
  JtCltMailPreference__c: choice('jointMailPreference', MAIL_PREFERENCES, m.mailPreference),
  JtCltEmploymentStatus__c: choice('jointEmploymentStatus', EMPLOYMENT_STATUSES, m.employmentStatus),
  JtCltEmployer__c: text('jointEmployer'),
  JtCltOccupation__c: text('jointOccupation'),
  IsJtCltEmployedByBrokerDealer__c: flag('jointEmployedByBrokerDealer'),
  IsJtCltSeniorOfficerOfPublicCompany__c: flag('jointSeniorOfficerOfPublicCompany'),
  JtCltPublicCompany__c: text('jointPublicCompany'),
  JtCltDriversLicense__c: pii('jointDriversLicense', 'license'),
  JtCltDriversLicenseIssueDate__c: date('jointDriversLicenseIssueDate'),
  JtCltDriversLicenseIssueState__c: state('jointDriversLicenseIssueState'),
  JtCltDriversLicenseExpirationDate__c: date('jointDriversLicenseExpirationDate'),
});
export type ClientAgreementFields = typeof clientAgreementFields;
export type ClientAgreementWire = keyof ClientAgreementFields & string;

/** The PII fields by wire name, with their kind. */
export const CLIENT_AGREEMENT_PII: ReadonlyArray<readonly [ClientAgreementWire, PiiKind]> = Object.entries(
  clientAgreementFields,
).flatMap(([wire, f]) => ('kind' in f ? [[wire as ClientAgreementWire, f.kind as PiiKind] as const] : []));

/** The joint client's fields: kept only for Joint Clients. */
export const JOINT_CLIENT_FIELDS: readonly ClientAgreementWire[] = (
  Object.keys(clientAgreementFields) as ClientAgreementWire[]
).filter((wire) => wire.startsWith('JtClt') || wire.startsWith('IsJtClt'));

/** The response: masked PII (clear only with `?reveal=true`), the delivery dates of client and joint client. */
export const clientAgreementSchema = readSchema(clientAgreementFields);
export type ClientAgreement = z.infer<typeof clientAgreementSchema>;

const clientRequired = [
  ['ClientName__c', m.nameRequired],
  ['ClientHomeAddressStreet__c', m.streetRequired],
  ['ClientHomeAddressCity__c', m.cityRequired],
  ['ClientHomeAddressState__c', m.stateRequired],
  ['ClientHomeAddressZipCode__c', m.zipRequired],
  ['ClientMailingAddressStreet__c', m.mailingAddressRequired],
  ['ClientMailingAddressCity__c', m.cityRequired],
  ['ClientMailingAddressState__c', m.stateRequired],
  ['ClientMailingAddressZipCode__c', m.zipRequired],
  ['ClientCellPhone__c', m.cellPhoneRequired],
  ['ClientBusinessPhone__c', m.businessPhoneRequired],
  ['ClientHomePhone__c', m.homePhoneRequired],
  ['ClientEmailAddress__c', m.emailRequired],
  ['ClientMailPreference__c', m.mailPreferenceRequired],
  ['ClientEmploymentStatus__c', m.employmentStatusRequired],
  ['ClientDoB__c', m.dobRequired],
  ['ClientSSN__c', m.ssnRequired],
  ['ClientDriversLicense__c', m.licenseRequired],
  ['ClientDriversLicenseIssueState__c', m.licenseIssueStateRequired],
  ['ClientDriversLicenseIssueDate__c', m.licenseIssueDateRequired],
  ['ClientDriversLicenseExpirationDate__c', m.licenseExpirationRequired],
] as const;
const jointRequired = [
  ['JtCltName__c', m.nameRequired],
  ['JtCltHomeAddressStreet__c', m.streetRequired],
  ['JtCltHomeAddressCity__c', m.cityRequired],
  ['JtCltHomeAddressState__c', m.stateRequired],
  ['JtCltHomeAddressZipCode__c', m.zipRequired],
  ['JtCltMailingAddressStreet__c', m.mailingAddressRequired],
  ['JtCltMailingAddressCity__c', m.cityRequired],
  ['JtCltMailingAddressState__c', m.stateRequired],
  ['JtCltMailingAddressZipCode__c', m.zipRequired],
  ['JtCltCellPhone__c', m.cellPhoneRequired],
  ['JtCltBusinessPhone__c', m.businessPhoneRequired],
  ['JtCltHomePhone__c', m.homePhoneRequired],
  ['JtCltEmailAddress__c', m.emailRequired],
  ['JtCltMailPreference__c', m.mailPreferenceRequired],
  ['JtCltEmploymentStatus__c', m.employmentStatusRequired],
  ['JtCltDoB__c', m.dobRequired],
  ['JtCltSSN__c', m.ssnRequired],
  ['JtCltDriversLicense__c', m.licenseRequired],
  ['JtCltDriversLicenseIssueState__c', m.licenseIssueStateRequired],
  ['JtCltDriversLicenseIssueDate__c', m.licenseIssueDateRequired],
  ['JtCltDriversLicenseExpirationDate__c', m.licenseExpirationRequired],
] as const;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** For Individual Client the joint column is ignored: what the form still holds there is neither checked nor kept. */
function dropJointColumn(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const body = input as Record<string, unknown>;
  if (body.Form_Type__c === 'Joint Clients') return body;
  return Object.fromEntries(
    Object.entries(body).filter(([k]) => !JOINT_CLIENT_FIELDS.includes(k as ClientAgreementWire)),
  );
}

const base = writeSchema(clientAgreementFields);
const senior = [
  ['IsClientSeniorOfficerOfPublicCompany__c', 'ClientPublicCompany__c'],
  ['IsJtCltSeniorOfficerOfPublicCompany__c', 'JtCltPublicCompany__c'],
] as const;
const licences = [
  ['ClientDriversLicenseIssueDate__c', 'ClientDriversLicenseExpirationDate__c'],
  ['JtCltDriversLicenseIssueDate__c', 'JtCltDriversLicenseExpirationDate__c'],
] as const;

/**
 * The POST and PUT body (server and web alike): each field's format, then what the form type
 * requires with each field's inline 'Enter …' message, judged beside the format messages so the
 * form shows them all at once. Any problem: the toast (and 400 detail) `messages.clientAgreements.requiredFields`.
 * The joint column is ignored for Individual Client; the public company is cleared when its box is off.
 */
export const clientAgreementBody = (z.preprocess(dropJointColumn, base) as unknown as typeof base)
  .superRefine(
    (body, ctx) => {
      // It runs even when the body is not an object (to show every message at once): nothing to judge then.
      if (typeof body !== 'object' || body === null) return;
      const joint = body.Form_Type__c === 'Joint Clients';
      for (const [wire, message] of [...clientRequired, ...(joint ? jointRequired : [])])
        if (isBlank((body as Record<string, unknown>)[wire])) ctx.addIssue({ code: 'custom', path: [wire], message });
      if (body.Client_Type__c === 'Custodial' && !joint)
        ctx.addIssue({ code: 'custom', path: ['Client_Type__c'], message: m.custodialNeedsJoint });
      for (const [issue, expiry] of licences) {
        const [from, to] = [body[issue], body[expiry]];
        if (
          typeof from === 'string' &&
          typeof to === 'string' &&
          isCalendarDate(from) &&
          isCalendarDate(to) &&
          to <= from
        )
          ctx.addIssue({ code: 'custom', path: [expiry], message: m.expirationAfterIssue });
      }
    },
    { when: () => true },
  )
  .transform((body) => {
    const out: Record<string, unknown> = { ...body };
    for (const [box, company] of senior) if (!out[box]) out[company] = null;
    if (out.Form_Type__c !== 'Joint Clients') for (const wire of JOINT_CLIENT_FIELDS) delete out[wire];
    return out as typeof body;
  });
export type ClientAgreementBody = z.infer<typeof clientAgreementBody>;

/** `GET /api/client_agreements/?portalUserId=`: the client's agreement, 0 or 1 rows (masked). */
export const clientAgreementListQuery = z.object({ portalUserId: recordId.optional() });
export const clientAgreementList = pageOf(clientAgreementSchema);

/** `?reveal=true`: the PII in clear (an audit event). */
export const revealQuery = z.object({
  reveal: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** The record's name: the client's name, else the joint client's, then ' - Client Agreement'. */
export const clientAgreementName = (clientName: string | null, jointName: string | null) =>
  `${clientName || jointName || ''}${m.nameSuffix}`;
