import {
  type Attestation,
  attestationBody,
  type MyAcknowledgements,
  NEW_ATTESTATION_DEFAULTS,
  outsideBusinessActivityRow,
  personalSecurityRow,
  politicalContributionRow,
  type User,
} from '@portal/domain';
import type { z } from 'zod';
import type { FormDraft } from '../../lib/schema-form/use-schema-form';

/** The attestation form's values: the POST/PUT body, any leaf null while it is being edited. */
export type AttestationValues = FormDraft<z.input<typeof attestationBody>>;
export type SecurityValues = FormDraft<z.input<typeof personalSecurityRow>>;
export type ActivityValues = FormDraft<z.input<typeof outsideBusinessActivityRow>>;
export type ContributionValues = FormDraft<z.input<typeof politicalContributionRow>>;

export const LISTS = ['personalSecurities', 'outsideBusinessActivities', 'politicalContributions'] as const;
export type ListName = (typeof LISTS)[number];

/** The reviewer's fields: a CCO's, never on the new-attestation page. */
export const REVIEW_FIELDS = ['Status__c', 'Reviewed_Date__c'] as const;

const bodyShape = attestationBody.shape;
/** The attestation's own writable fields, as the domain's write schema lists them. */
const FIELDS = (Object.keys(bodyShape) as (keyof typeof bodyShape)[]).filter(
  (key) => !(LISTS as readonly string[]).includes(key) && !(REVIEW_FIELDS as readonly string[]).includes(key),
);

/** The answer's list and row schema behind each list of the body. */
const LIST_SOURCES = {
  personalSecurities: { wire: 'Personal_Securities__r', row: personalSecurityRow },
  outsideBusinessActivities: { wire: 'Outside_Business_Activities__r', row: outsideBusinessActivityRow },
  politicalContributions: { wire: 'Political_Contributions__r', row: politicalContributionRow },
} as const;

const rowFields = (list: ListName) => Object.keys(LIST_SOURCES[list].row.shape).filter((key) => key !== 'Id');

/** A new, empty row of a list. */
export function blankRow(list: 'personalSecurities'): SecurityValues;
export function blankRow(list: 'outsideBusinessActivities'): ActivityValues;
export function blankRow(list: 'politicalContributions'): ContributionValues;
export function blankRow(list: ListName): Record<string, unknown> {
  const row: Record<string, unknown> = Object.fromEntries(rowFields(list).map((key) => [key, null]));
  if (list === 'politicalContributions') row.May_Vote_For_Candidate__c = false;
  return row;
}

/** A stored row as form values: its writable fields, and its `Id` only when it is to be updated. */
function rowOf(list: ListName, record: Record<string, unknown>, keepId: boolean) {
  const row: Record<string, unknown> = Object.fromEntries(rowFields(list).map((key) => [key, record[key] ?? null]));
  if (list === 'politicalContributions') row.May_Vote_For_Candidate__c = record.May_Vote_For_Candidate__c === true;
  if (keepId) row.Id = record.Id;
  return row;
}

function listsOf(a: Attestation, keepIds: boolean) {
  return Object.fromEntries(
    LISTS.map((list) => {
      const records = (a[LIST_SOURCES[list].wire] as { records: Record<string, unknown>[] }).records;
      return [list, records.map((record) => rowOf(list, record, keepIds))];
    }),
  );
}

const fieldsOf = (a: Attestation) =>
  Object.fromEntries(FIELDS.map((key) => [key, (a as Record<string, unknown>)[key] ?? null]));

/**
 * A new attestation without a previous one: the domain's starting answers (`NEW_ATTESTATION_DEFAULTS`:
 * no credential or social account ticked, among others) and the person's work
 * email from their account. Their first and last name are not values of the form: the server takes
 * them from the account (the form shows them locked, see `AttestationForm`'s `person`).
 */
export function blankAttestation(person: Pick<User, 'email'>): AttestationValues {
  return {
    ...Object.fromEntries(FIELDS.map((key) => [key, null])),
    ...NEW_ATTESTATION_DEFAULTS,
    Work_Email__c: person.email,
    personalSecurities: [],
    outsideBusinessActivities: [],
    politicalContributions: [],
  } as unknown as AttestationValues;
}

/**
 * The next quarter's form, pre-filled from the most recent attestation: its answers and
 * its rows as new rows (without their Ids, which belong to the old attestation); never its name,
 * status, dates or period, which the server gives the new one, nor the acknowledgement dates.
 */
export function prefillFrom(previous: Attestation): AttestationValues {
  return { ...fieldsOf(previous), ...FRESH_EACH_QUARTER, ...listsOf(previous, false) } as AttestationValues;
}

/**
 * What the filer attests anew each quarter: the dates they last acknowledged the compliance manual and
 * the code of ethics. Carried over, last quarter's dates would be filed as this quarter's answer.
 */
const FRESH_EACH_QUARTER = { IA_Manual_Attestation_Date__c: null, Code_of_Ethics_Attestation_Date__c: null };

/**
 * The acknowledgement dates the filer recorded in the portal (the code of ethics and the compliance
 * manual, current versions) fill those two fields of a new attestation; the filer may still change them.
 */
export function withAcknowledgementDates(values: AttestationValues, dates: MyAcknowledgements | null | undefined) {
  const known = Object.fromEntries(Object.entries(dates ?? {}).filter(([, date]) => date !== null));
  return { ...values, ...known } as AttestationValues;
}

/** A stored attestation to view or edit: rows keep their Ids; the reviewer's fields only for a reviewer. */
export function editValuesOf(a: Attestation, withReview: boolean): AttestationValues {
  const review = withReview ? { Status__c: a.Status__c, Reviewed_Date__c: a.Reviewed_Date__c ?? null } : {};
  return { ...fieldsOf(a), ...review, ...listsOf(a, true) } as AttestationValues;
}

/** States lists travel as semicolon-joined full names; the form's multi-select holds them as a list. */
export const statesOf = (joined: string | null | undefined) =>
  (joined ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
export const joinStates = (states: readonly string[]) => (states.length ? states.join(';') : null);
