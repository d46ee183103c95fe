import { z } from 'zod';
import { messages } from '../messages.js';
import { ATTESTATION_STATUSES, isCco, MAX_ATTESTATION_LIST_ROWS } from '../rules/attestations.js';
import { isCalendarDate } from '../rules/fiscal.js';
import { US_STATES } from '../rules/us-states.js';
import { email, MAX_ID, optionalEmail, pageQuery, queryInt, recordId } from './common.js';
import {
  defineFields,
  type FieldTable,
  orderingsOf,
  pickFields,
  readSchema,
  textField,
  writeSchema,
} from './field-table.js';

const m = messages.attestations;

/** A calendar date on the wire (YYYY-MM-DD); an emptied input means none. */
const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === '' || isCalendarDate(v), messages.validation.date)
  .optional()
  .nullable();
const requiredDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => isCalendarDate(v), messages.validation.date);
const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, messages.validation.maxLength(max));
const dbId = z.number().int().positive().max(MAX_ID);
const nullableText = z.string().nullable();

const dateField = (column: string) => ({ column, read: nullableText, write: optionalDate, set: 'editor' as const });
const flag = (column: string) => ({ column, read: z.boolean(), write: z.boolean().optional(), set: 'editor' as const });
/** The four yes/no answers the form sends as the text 'true' or 'false'. */
const textBoolean = (column: string) => ({
  column,
  read: z.enum(['true', 'false']),
  write: z.enum(['true', 'false'], { error: m.trueOrFalse }).optional(),
  set: 'editor' as const,
});
/** States as semicolon-joined full names, each one of the 50. */
const stateList = (column: string) => ({
  column,
  read: nullableText,
  write: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (v) => v === '' || v.split(';').every((s) => (US_STATES as readonly string[]).includes(s.trim())),
      m.stateList,
    )
    .transform((v) =>
      v
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean)
        .join(';'),
    )
    .optional()
    .nullable(),
  set: 'editor' as const,
});
function server(column: string): { column: string; read: typeof nullableText; set: 'server' };
function server<T extends z.ZodType>(column: string, read: T): { column: string; read: T; set: 'server' };
function server(column: string, read: z.ZodType = nullableText) {
  return { column, read, set: 'server' as const };
}

/**
 * A quarterly attestation, on the API's wire names (`__c` on the form's fields). Firm, owner, the person's first and
 * last name (from their account), name, period and submission date are the server's; status and reviewed date are the reviewer's (a CCO).
 */
export const attestationFields = defineFields({
  Id: server('id', z.number().int()),
  Name: { ...server('name', z.string()), sort: true },
  /**
   * The person's name as their account gave it when they submitted (a snapshot: the record keeps the
   * name it showed). Set by the server, never from the body, so nobody files under another's name.
   */
  First_Name__c: { ...server('firstName', z.string()), sort: true },
  Middle_Name__c: { column: 'middleName', ...textField(150) },
  Last_Name__c: { ...server('lastName', z.string()), sort: true },
  Job_Title__c: { column: 'jobTitle', ...textField() },
  Employment_Date__c: {
    column: 'employmentDate',
    read: z.string(),
    write: requiredDate(m.employmentDateRequired),
    set: 'editor',
  },
  Work_Phone__c: { column: 'workPhone', ...textField(40) },
  Home_Phone__c: { column: 'homePhone', ...textField(40) },
  Mobile_Phone__c: { column: 'mobilePhone', ...textField(40) },
  Work_Email__c: { column: 'workEmail', ...textField(254), write: optionalEmail },
  Personal_Email__c: { column: 'personalEmail', ...textField(254), write: optionalEmail },
  Address_Line_1__c: { column: 'addressLine1', ...textField() },
  Address_Line_2__c: { column: 'addressLine2', ...textField() },
  City__c: { column: 'city', ...textField() },
  State__c: { column: 'state', ...textField() },
  Zip_Code__c: { column: 'zipCode', ...textField(20) },
  CRD_Number__c: { column: 'crdNumber', ...textField(40) },
  Insurance_License__c: { column: 'insuranceLicense', ...textField() },
  Broker_Dealer__c: { column: 'brokerDealer', ...textField() },
  States_Registered__c: stateList('statesRegistered'),
  States_Clients_Reside__c: stateList('statesClientsReside'),
  CFP__c: flag('cfp'),
  ChFC__c: flag('chfc'),
  CFA__c: flag('cfa'),
  PFS__c: flag('pfs'),
  CIC__c: flag('cic'),
  CKA__c: flag('cka'),
  Series_7__c: flag('series7'),
  Series_24__c: flag('series24'),
  Series_65__c: flag('series65'),
  Series_66__c: flag('series66'),
  Other_Qualifications__c: { column: 'otherQualifications', ...textField(2000) },
  Solicitor_Referral_Relationships__c: textBoolean('solicitorReferralRelationships'),
  Non_Advisory_Compensation_Arrangements__c: textBoolean('nonAdvisoryCompensationArrangements'),
  Is_Covered_Associate__c: textBoolean('isCoveredAssociate'),
  Is_Access_Person__c: textBoolean('isAccessPerson'),
  LinkedIn__c: flag('linkedIn'),
  Facebook__c: flag('facebook'),
  Twitter__c: flag('twitter'),
  YouTube__c: flag('youTube'),
  Other_Social_Media__c: { column: 'otherSocialMedia', ...textField(2000) },
  BusinessFinancialOrPersonalRelationships__c: { column: 'businessRelationships', ...textField(4000) },
  ServesAs__c: { column: 'servesAs', ...textField(4000) },
  Has_Reported_Previous_Securities__c: flag('hasReportedPreviousSecurities'),
  IA_Manual_Attestation_Date__c: dateField('iaManualAttestationDate'),
  Code_of_Ethics_Attestation_Date__c: dateField('codeOfEthicsAttestationDate'),
  Has_Received_Gratuities__c: flag('hasReceivedGratuities'),
  Is_Compliant__c: flag('isCompliant'),
  hasNotUsedPersonalDevice__c: flag('hasNotUsedPersonalDevice'),
  Firm_Tk__c: server('firmId', z.number().int()),
  Firm_Name__c: server('firmName'),
  Owner_Tk__c: server('ownerId', z.number().int()),
  Status__c: {
    column: 'status',
    read: z.enum(ATTESTATION_STATUSES),
    write: z.enum(ATTESTATION_STATUSES, { error: m.status }).optional(),
    set: isCco,
    sort: true,
  },
  Submitted_Date__c: { ...server('submittedDate', z.string()), sort: true },
  Reviewed_Date__c: { ...dateField('reviewedDate'), set: isCco },
  /** Who marked it Reviewed (a snapshot of their name) and their user id: the examiner's question. */
  Reviewed_By__c: server('reviewedByName'),
  Reviewed_By_Tk__c: server('reviewedById', z.number().int().nullable()),
  Fiscal_Year__c: { ...server('fiscalYear', z.number().int()), sort: true },
  Fiscal_Quarter__c: { ...server('fiscalQuarter', z.number().int().min(1).max(4)), sort: true },
  /** A political contribution above the de minimis amount (Rule 206(4)-5), for the CCO's attention. */
  Over_De_Minimis__c: server('overDeMinimis', z.boolean()),
});

/** The child lists, each row keyed by `Id` and naming its attestation. */
const childBase = {
  Id: server('id', z.number().int()),
  Quarterly_Attestation__c: server('attestationId', z.number().int()),
};

export const personalSecurityFields = defineFields({
  ...childBase,
  Account_Owner__c: {
    column: 'accountOwner',
    read: z.string(),
    write: requiredText(m.accountOwnerRequired),
    set: 'editor',
  },
  Account_Number__c: {
    column: 'accountNumber',
    read: z.string(),
    write: requiredText(m.accountNumberRequired, 100),
    set: 'editor',
  },
  Account_Type__c: { column: 'accountType', ...textField() },
  Custodian__c: { column: 'custodian', read: z.string(), write: requiredText(m.custodianRequired), set: 'editor' },
});

export const outsideBusinessActivityFields = defineFields({
  ...childBase,
  Name: { column: 'name', read: z.string(), write: requiredText(m.activityRequired), set: 'editor' },
  Approved_By__c: { column: 'approvedBy', read: z.string(), write: requiredText(m.approvedByRequired), set: 'editor' },
  Approved_Date__c: {
    column: 'approvedDate',
    read: z.string(),
    write: requiredDate(m.approvedDateRequired),
    set: 'editor',
  },
});

/** Money: a positive amount with at most 2 decimals, kept as exact text for numeric(14,2). */
export const amount = (required: string) =>
  z
    .union([z.number(), z.string().trim()], { error: required })
    .transform(String)
    .refine((v) => v !== '', { message: required, abort: true })
    .refine((v) => !v.startsWith('-'), { message: m.amountPositive, abort: true })
    .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), m.amountFormat)
    .refine((v) => Number(v) > 0, m.amountPositive);

export const politicalContributionFields = defineFields({
  ...childBase,
  Amount__c: { column: 'amount', read: z.number(), write: amount(m.amountRequired), set: 'editor' },
  Candidate_Name__c: {
    column: 'candidateName',
    read: z.string(),
    write: requiredText(m.candidateRequired),
    set: 'editor',
  },
  Political_Race__c: { column: 'politicalRace', read: z.string(), write: requiredText(m.raceRequired), set: 'editor' },
  Election_Date__c: {
    column: 'electionDate',
    read: z.string(),
    write: requiredDate(m.electionDateRequired),
    set: 'editor',
  },
  /** Rule 206(4)-5: the de minimis amount is $350 where the person may vote for the candidate, else $150. */
  May_Vote_For_Candidate__c: flag('mayVote'),
  Approved_By__c: { column: 'approvedBy', read: z.string(), write: requiredText(m.approvedByRequired), set: 'editor' },
  Approved_Date__c: {
    column: 'approvedDate',
    read: z.string(),
    write: requiredDate(m.approvedDateRequired),
    set: 'editor',
  },
  Over_De_Minimis__c: server('overDeMinimis', z.boolean()),
});

/** A child row as sent: its writable fields, and its `Id` when it is a saved row. */
const childRow = (fields: FieldTable) => writeSchema(fields).extend({ Id: dbId.optional().nullable() });
const childList = (fields: FieldTable) =>
  z.array(childRow(fields)).max(MAX_ATTESTATION_LIST_ROWS, m.listTooLong(MAX_ATTESTATION_LIST_ROWS)).optional();

export const personalSecurityRow = childRow(personalSecurityFields);
export const outsideBusinessActivityRow = childRow(outsideBusinessActivityFields);
export const politicalContributionRow = childRow(politicalContributionFields);

/** The POST and PUT body: the attestation and its three lists. */
export const attestationBody = writeSchema(attestationFields).extend({
  personalSecurities: childList(personalSecurityFields),
  outsideBusinessActivities: childList(outsideBusinessActivityFields),
  politicalContributions: childList(politicalContributionFields),
});
export type AttestationBody = z.infer<typeof attestationBody>;

const records = <T extends z.ZodType>(row: T) => z.object({ records: z.array(row) });
export const personalSecuritySchema = readSchema(personalSecurityFields);
export const outsideBusinessActivitySchema = readSchema(outsideBusinessActivityFields);
export const politicalContributionSchema = readSchema(politicalContributionFields);
export type PersonalSecurity = z.infer<typeof personalSecuritySchema>;
export type OutsideBusinessActivity = z.infer<typeof outsideBusinessActivitySchema>;
export type PoliticalContribution = z.infer<typeof politicalContributionSchema>;

export const attestationSchema = readSchema(attestationFields).extend({
  Firm__r: z.object({ Name: z.string().nullable(), Abbreviation__c: z.string().nullable() }),
  Personal_Securities__r: records(personalSecuritySchema),
  Outside_Business_Activities__r: records(outsideBusinessActivitySchema),
  Political_Contributions__r: records(politicalContributionSchema),
});
export type Attestation = z.infer<typeof attestationSchema>;

/** The form's certification checkboxes, in its order (the PDF lists them the same way). */
export const ATTESTATION_CERTIFICATIONS = [
  'CFP__c',
  'ChFC__c',
  'CFA__c',
  'PFS__c',
  'CIC__c',
  'CKA__c',
  'Series_7__c',
  'Series_24__c',
  'Series_65__c',
  'Series_66__c',
] as const satisfies readonly (keyof typeof attestationFields)[];

/** The form's social media checkboxes, in its order. */
export const ATTESTATION_SOCIAL_MEDIA = [
  'LinkedIn__c',
  'Facebook__c',
  'Twitter__c',
  'YouTube__c',
] as const satisfies readonly (keyof typeof attestationFields)[];

/** What the manager's table shows of each attestation; the modal loads the whole record. */
export const ATTESTATION_LIST_FIELDS = [
  'Id',
  'Name',
  'First_Name__c',
  'Last_Name__c',
  'Firm_Tk__c',
  'Firm_Name__c',
  'Owner_Tk__c',
  'Status__c',
  'Submitted_Date__c',
  'Reviewed_Date__c',
  'Reviewed_By__c',
  'Fiscal_Year__c',
  'Fiscal_Quarter__c',
  'Over_De_Minimis__c',
] as const satisfies readonly (keyof typeof attestationFields)[];
export const attestationListItem = readSchema(pickFields(attestationFields, ATTESTATION_LIST_FIELDS));
export type AttestationListItem = z.infer<typeof attestationListItem>;

/** `fiscalQuarter=2` or `fiscalQuarter=Q2`. */
export const fiscalQuarterParam = z
  .string()
  .trim()
  .regex(/^[Qq]?[1-4]$/, m.quarter)
  .transform((v) => Number(v.replace(/^[Qq]/, '')) as 1 | 2 | 3 | 4);
/**
 * A fiscal year of four digits whose filing dates have four digits too: FY9999 Q4 would be filed in
 * the year 10000, which no date type here (nor the rules comparing dates as text) handles.
 */
export const fiscalYearParam = queryInt(1900, 2999);

export const attestationListQuery = pageQuery.extend({
  user: recordId.optional(),
  firm: recordId.optional(),
  fiscalYear: fiscalYearParam.optional(),
  fiscalQuarter: fiscalQuarterParam.optional(),
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(orderingsOf(attestationFields)).default('-Submitted_Date__c'),
});
export type AttestationListQuery = z.infer<typeof attestationListQuery>;

/** A new attestation's values before the form pre-fills it (the record's defaults). */
export const NEW_ATTESTATION_DEFAULTS = {
  CFP__c: false,
  ChFC__c: false,
  CFA__c: false,
  PFS__c: false,
  CIC__c: false,
  CKA__c: false,
  Series_7__c: false,
  Series_24__c: false,
  Series_65__c: false,
  Series_66__c: false,
  LinkedIn__c: false,
  Facebook__c: false,
  Twitter__c: false,
  YouTube__c: false,
  Solicitor_Referral_Relationships__c: 'false',
  Non_Advisory_Compensation_Arrangements__c: 'false',
  Is_Covered_Associate__c: 'false',
  Is_Access_Person__c: 'false',
  Has_Reported_Previous_Securities__c: true,
  Has_Received_Gratuities__c: true,
  Is_Compliant__c: true,
  hasNotUsedPersonalDevice__c: false,
} as const;

/** A person on the roster of supervised persons. */
export const supervisedPersonFields = defineFields({
  id: server('id', z.number().int()),
  user_id: server('userId', z.number().int()),
  first_name: { ...server('firstName'), sort: true },
  last_name: { ...server('lastName'), sort: true },
  email: { column: 'email', read: z.string(), write: email, set: 'editor', sort: true },
  firm_id: server('firmId', z.number().int().nullable()),
  firm_name: { ...server('firmName'), sort: true },
  /** For the period asked (the one attestations cover today, unless `fiscalYear`/`fiscalQuarter`). */
  has_attested: server('hasAttested', z.boolean()),
  attested_date: server('attestedAt'),
  has_to_submit_personal_securities: flag('hasToSubmitPersonalSecurities'),
  has_to_submit_outside_business_activities: flag('hasToSubmitOutsideBusinessActivities'),
  has_to_submit_political_contributions: flag('hasToSubmitPoliticalContributions'),
});

export const supervisedPersonSchema = readSchema(supervisedPersonFields);
export type SupervisedPerson = z.infer<typeof supervisedPersonSchema>;
export const supervisedPersonBody = writeSchema(supervisedPersonFields);
export type SupervisedPersonBody = z.infer<typeof supervisedPersonBody>;

export const supervisedPersonListQuery = pageQuery.extend({
  firm: recordId.optional(),
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(orderingsOf(supervisedPersonFields)).default('last_name'),
  fiscalYear: fiscalYearParam.optional(),
  fiscalQuarter: fiscalQuarterParam.optional(),
});
export type SupervisedPersonListQuery = z.infer<typeof supervisedPersonListQuery>;
export const periodQuery = z.object({
  fiscalYear: fiscalYearParam.optional(),
  fiscalQuarter: fiscalQuarterParam.optional(),
});

/**
 * The CCO's CSV export (`GET /api/quarterly_attestations/export/`): one firm (a super CCO may leave it
 * out for every firm), and the period's parts the manager's filters set.
 */
export const attestationExportQuery = z.object({
  firm: recordId.optional(),
  fiscalYear: fiscalYearParam.optional(),
  fiscalQuarter: fiscalQuarterParam.optional(),
});
export type AttestationExportQuery = z.infer<typeof attestationExportQuery>;
