import { z } from 'zod';
import { messages } from '../messages.js';
import { CASH_REQUEST_STATUSES, CASH_REQUEST_TYPES } from '../rules/investment-requests.js';
import { money } from './common.js';
import { defineFields, pickFields, readSchema, textField, writeSchema } from './field-table.js';
import {
  requestBaseFields,
  requestListQuery,
  requiredChoice,
  requiredTextField,
  serverField,
  statusChangeBody,
} from './investment-requests.js';

const m = messages.cashRequests;

/**
 * A cash request on the API's wire names, `__c` on all but Id and CreatedDate. The
 * amount is a JSON number of dollars (numeric(14,2)); a body may send it as a decimal string.
 */
export const cashRequestFields = defineFields({
  ...requestBaseFields,
  Cash_Request_Type__c: {
    column: 'requestType',
    read: z.enum(CASH_REQUEST_TYPES),
    write: requiredChoice(CASH_REQUEST_TYPES, m.typeRequired),
    set: 'editor',
    sort: true,
  },
  Amount__c: { column: 'amount', read: z.number(), write: money(m.amountRequired), set: 'editor', sort: true },
  Financial_Account_Name__c: { ...requiredTextField('accountName', m.accountNameRequired), sort: true },
  Custodian_Account_Number__c: {
    ...requiredTextField('accountNumber', m.accountNumberRequired, 100),
    sort: true,
  },
  Custodian__c: { ...requiredTextField('custodian', m.custodianRequired), sort: true },
  Advisor__c: { column: 'advisorName', ...textField() },
  Relationship_Name__c: { ...requiredTextField('relationshipName', m.relationshipNameRequired), sort: true },
  Cash_Request_Notes__c: { column: 'notes', ...textField(4000, { multiline: true }) },
  Status__c: { ...serverField('status', z.enum(CASH_REQUEST_STATUSES)), sort: true },
});

export const cashRequestSchema = readSchema(cashRequestFields);
export type CashRequest = z.infer<typeof cashRequestSchema>;

/** The POST and PUT body: the same checks both ways (the seed's update checked nothing). */
export const cashRequestBody = writeSchema(cashRequestFields);
export type CashRequestBody = z.infer<typeof cashRequestBody>;

/** What the list shows of each request (the screen's columns, and what its row actions need). */
export const CASH_REQUEST_LIST_FIELDS = [
  'Id',
  'Cash_Request_Type__c',
  'Amount__c',
  'Financial_Account_Name__c',
  'Custodian_Account_Number__c',
  'Custodian__c',
  'Relationship_Name__c',
  'Status__c',
  'CreatedDate',
  'ESWA_Portal_Owner_ID__c',
  'Submitter_ID__c',
  'Firm_Tk__c',
] as const satisfies readonly (keyof typeof cashRequestFields)[];
export const cashRequestListItem = readSchema(pickFields(cashRequestFields, CASH_REQUEST_LIST_FIELDS));
export type CashRequestListItem = z.infer<typeof cashRequestListItem>;

/**
 * `GET /api/cash_requests/`: `clientId`, `firm` (a super admin's filter), `search`
 * (account name, account number, custodian, relationship name), `status` (one or several),
 * `ordering` by the list's columns, newest first by default.
 */
export const cashRequestListQuery = requestListQuery(cashRequestFields, CASH_REQUEST_STATUSES);
export type CashRequestListQuery = z.infer<typeof cashRequestListQuery>;

/** The investment department's move of a cash request: `{status, reason}`. */
export const cashRequestStatusBody = statusChangeBody('cashRequest');
export type CashRequestStatusBody = z.infer<typeof cashRequestStatusBody>;
