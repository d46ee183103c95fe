import { z } from 'zod';
import { ProfileType } from '../rules/permissions.js';
import { pageQuery, recordId } from './common.js';
import { defineFields, orderingsOf, readSchema, textField, writeSchema } from './field-table.js';

const account = <R extends z.ZodType>(read: R) => ({ column: '', read, set: 'server' as const });
const nullableText = z.string().nullable();

/**
 * A staff member as the directory shows them, on the API's wire names (`__c` on all but
 * Id and Name). The name, email and role are the account's own, read-only here (computed by the server
 * from the user and profile); the rest is the directory's entry, which managers edit. Title and the two
 * phones show the profile's values until the directory sets its own.
 */
export const employeeFields = defineFields({
  Id: { column: 'userId', read: z.number().int(), set: 'server' },
  Name: { ...account(nullableText), sort: true },
  First_Name__c: { ...account(nullableText), sort: true },
  Middle_Name__c: account(nullableText),
  /** The seed reads both spellings; both carry the account's middle name. */
  MiddleName__c: account(nullableText),
  Suffix__c: account(nullableText),
  FullName__c: account(z.string()),
  Role__c: account(nullableText),
  WorkEmail__c: account(z.string()),
  PreferredName__c: { column: 'preferredName', ...textField(100) },
  Title__c: { column: 'title', ...textField(200) },
  Bio__c: { column: 'bio', ...textField(4000, { multiline: true }) },
  WorkPhone__c: { column: 'workPhone', ...textField(50) },
  Mobile_Phone__c: { column: 'mobilePhone', ...textField(50) },
  WorkAddressLine1__c: { column: 'workAddressLine1', ...textField() },
  WorkAddressLine2__c: { column: 'workAddressLine2', ...textField() },
  WorkCity__c: { column: 'workCity', ...textField(100) },
  WorkState__c: { column: 'workState', ...textField(50) },
  WorkPostalCode__c: { column: 'workPostalCode', ...textField(20) },
  HomeAddressLine1__c: { column: 'homeAddressLine1', ...textField() },
  HomeAddressLine2__c: { column: 'homeAddressLine2', ...textField() },
  HomeCity__c: { column: 'homeCity', ...textField(100) },
  HomeState__c: { column: 'homeState', ...textField(50) },
  HomePostalCode__c: { column: 'homePostalCode', ...textField(20) },
});

/** The account fields the server computes: a body may echo them, never change them. */
export const employeeAccountFields = [
  'Name',
  'First_Name__c',
  'Middle_Name__c',
  'MiddleName__c',
  'Suffix__c',
  'FullName__c',
  'Role__c',
  'WorkEmail__c',
] as const;

/** Salesforce's relationship shape: the member's firm as `FirmId__r.Name`. */
export const employeeSchema = readSchema(employeeFields).extend({
  FirmId__r: z.object({ Name: z.string().nullable() }),
});
export type Employee = z.infer<typeof employeeSchema>;

export const employeeBody = writeSchema(employeeFields);
/** The edit modal validates with it too: only the directory's fields are writable. */
export type EmployeeBody = z.infer<typeof employeeBody>;

/** Ordered by last name (then first name); a super admin may narrow the list to one firm. */
export const employeeListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(orderingsOf(employeeFields, ['Name', 'First_Name__c'])).default('Name'),
  firm: recordId.optional(),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuery>;

const ROLE_LABELS: Record<number, string> = {
  [ProfileType.Administrator]: 'System Administrator',
  [ProfileType.FinancialAdvisor]: 'Financial Advisor',
  [ProfileType.StandardUser]: 'Standard User',
  [ProfileType.Manager]: 'Manager',
};
/** The directory's Role: the staff member's profile type, by the name the user manager gives it. */
export const staffRoleLabel = (profileType: number | null) =>
  profileType === null ? null : (ROLE_LABELS[profileType] ?? null);

/** What the directory calls a person: the preferred first name when there is one. */
export function directoryName(e: Pick<Employee, 'First_Name__c' | 'PreferredName__c' | 'Name' | 'Suffix__c'>) {
  return [e.PreferredName__c || e.First_Name__c, e.Name, e.Suffix__c].filter(Boolean).join(' ');
}
