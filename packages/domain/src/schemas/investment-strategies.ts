import { z } from 'zod';
import { messages } from '../messages.js';
import {
  CASH_MANAGEMENT_FREQUENCIES,
  INVESTMENT_STRATEGY_STATUSES,
  TRADING_AUTHORITIES,
} from '../rules/investment-requests.js';
import { email, money, optionalEmail, optionalMoney, recordRef } from './common.js';
import { defineFields, pickFields, readSchema, textField, writeSchema } from './field-table.js';
import {
  optionalChoice,
  requestBaseFields,
  requestListQuery,
  requiredChoice,
  requiredTextField,
  serverField,
  statusChangeBody,
} from './investment-requests.js';

const m = messages.investmentStrategies;

const flag = (column: string) => ({ column, read: z.boolean(), write: z.boolean().optional(), set: 'editor' as const });

/**
 * An investment strategy on its wire names (the API's field names), `__c` on all but Id and CreatedDate.
 * `Fee_Schedule__c` and `Investment_Model__c` are the ids of a fee schedule and a model the advisor may
 * pick; the answer also names them (`Fee_Schedule_Name__c`, `Investment_Model_Name__c`,
 * kept as they were when chosen, so a renamed or deleted model does not rewrite a filed request).
 * Money is a JSON number of dollars (numeric(14,2)); a body may send it as a decimal string.
 */
export const investmentStrategyFields = defineFields({
  ...requestBaseFields,
  // Portfolio Information
  Financial_Account_Name__c: { ...requiredTextField('accountName', m.accountNameRequired), sort: true },
  Custodian_Account_Number__c: {
    ...requiredTextField('accountNumber', m.accountNumberRequired, 100),
    sort: true,
  },
  Account_Master_Code__c: { ...requiredTextField('masterCode', m.masterCodeRequired, 100), sort: true },
  Custodian__c: { ...requiredTextField('custodian', m.custodianRequired), sort: true },
  /** The advisor as the custodian knows the account (free text; the form offers the signed-in advisor's name). */
  Advisor__c: requiredTextField('advisorName', m.advisorRequired),
  Relationship_Name__c: { ...requiredTextField('relationshipName', m.relationshipNameRequired), sort: true },
  Fee_Schedule__c: {
    column: 'feeScheduleId',
    read: z.number().int(),
    write: recordRef(m.feeScheduleRequired, m.feeScheduleUnknown),
    set: 'editor',
  },
  Fee_Schedule_Name__c: serverField('feeScheduleName'),
  /** Zero is a fee minimum: the schedule has none. */
  Fee_Minimum__c: {
    column: 'feeMinimum',
    read: z.number(),
    write: money(m.feeMinimumRequired, { allowZero: true }),
    set: 'editor',
  },
  // The client's details, filled from the chosen client and editable (the account may be held elsewhere).
  Client_Name__c: requiredTextField('clientName', m.clientNameRequired),
  Client_Street__c: requiredTextField('clientStreet', m.streetRequired),
  Client_City__c: requiredTextField('clientCity', m.cityRequired),
  Client_State__c: requiredTextField('clientState', m.stateRequired, 100),
  Client_Zip_Code__c: requiredTextField('clientZipCode', m.zipRequired, 20),
  Client_Email__c: {
    column: 'clientEmail',
    read: z.string(),
    write: z.string({ error: m.clientEmailRequired }).trim().min(1, m.clientEmailRequired).pipe(email),
    set: 'editor',
  },
  Joint_Client_Name__c: { column: 'jointClientName', ...textField() },
  Joint_Client_Street__c: { column: 'jointClientStreet', ...textField() },
  Joint_Client_City__c: { column: 'jointClientCity', ...textField() },
  Joint_Client_State__c: { column: 'jointClientState', ...textField(100) },
  Joint_Client_Zip_Code__c: { column: 'jointClientZipCode', ...textField(20) },
  Joint_Client_Email__c: { column: 'jointClientEmail', ...textField(254), write: optionalEmail },
  Has_Received_Form_ADV_And_Privacy_Policy__c: flag('hasReceivedFormAdv'),
  Has_Signed_New_Or_Updated_IPS__c: flag('hasSignedIps'),
  // Investment Model
  Investment_Model__c: {
    column: 'investmentModelId',
    read: z.number().int(),
    write: recordRef(m.investmentModelRequired, m.investmentModelUnknown),
    set: 'editor',
  },
  Investment_Model_Name__c: { ...serverField('investmentModelName'), sort: true },
  Trading_Authority__c: {
    column: 'tradingAuthority',
    read: z.enum(TRADING_AUTHORITIES),
    write: requiredChoice(TRADING_AUTHORITIES, m.tradingAuthorityRequired),
    set: 'editor',
  },
  // Cash Management
  /** numeric(5,2). */
  Cash_Target_Percentage__c: {
    column: 'cashTargetPercentage',
    read: z.number().nullable(),
    write: z
      .union([z.number(), z.string().trim()], { error: m.cashTargetPercentage })
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v))
      .refine((v) => v == null || /^\d{1,3}(\.\d{1,2})?$/.test(String(v)), {
        message: m.cashTargetPercentage,
        abort: true,
      })
      .transform((v) => (v == null ? v : Number(v)))
      .refine((v) => v == null || v <= 100, m.cashTargetPercentage),
    set: 'editor',
  },
  /** Zero is a target: hold no cash. */
  Cash_Target_Dollars__c: {
    column: 'cashTargetDollars',
    read: z.number().nullable(),
    write: optionalMoney({ allowZero: true }),
    set: 'editor',
  },
  /** Absent is off: the PUT carries the whole form, like the POST. */
  Is_Cash_Distributions__c: {
    column: 'isCashDistributions',
    read: z.boolean(),
    write: z.boolean().default(false),
    set: 'editor',
  },
  /** Required when distributions are on; cleared when they are off (see `investmentStrategyBody`). */
  Amount__c: { column: 'amount', read: z.number().nullable(), write: optionalMoney(), set: 'editor' },
  Cash_Management_Frequency__c: {
    column: 'cashManagementFrequency',
    read: z.enum(CASH_MANAGEMENT_FREQUENCIES).nullable(),
    write: optionalChoice(CASH_MANAGEMENT_FREQUENCIES),
    set: 'editor',
  },
  Cash_Management_Notes__c: { column: 'cashManagementNotes', ...textField(4000, { multiline: true }) },
  Status__c: { ...serverField('status', z.enum(INVESTMENT_STRATEGY_STATUSES)), sort: true },
});

export const investmentStrategySchema = readSchema(investmentStrategyFields);
export type InvestmentStrategy = z.infer<typeof investmentStrategySchema>;

/**
 * The POST and PUT body: the same checks both ways (the seed's update checked nothing). The
 * distribution amount is required when distributions are on and cleared when they are off, so an
 * amount the form no longer shows is never kept; one that is sent is still checked.
 */
export const investmentStrategyBody = writeSchema(investmentStrategyFields)
  .refine((body) => !(body.Is_Cash_Distributions__c && body.Amount__c == null), {
    path: ['Amount__c'],
    message: m.distributionAmountRequired,
    // Judged beside the other fields' messages (the form shows them all on the first submit), not
    // after them as an object refinement would be: it needs only its two fields to be valid, and a body
    // at all (a body that is not an object is its own issue, and reading a field of null would throw).
    when: ({ value, issues }) =>
      typeof value === 'object' &&
      value !== null &&
      !issues.some((i) => ['Is_Cash_Distributions__c', 'Amount__c'].includes(String(i.path?.[0]))),
  })
  .transform((body) => (body.Is_Cash_Distributions__c ? body : { ...body, Amount__c: null }));
export type InvestmentStrategyBody = z.infer<typeof investmentStrategyBody>;

/** What the list shows of each strategy (the screen's columns, and what its row actions need). */
export const INVESTMENT_STRATEGY_LIST_FIELDS = [
  'Id',
  'Financial_Account_Name__c',
  'Custodian_Account_Number__c',
  'Account_Master_Code__c',
  'Custodian__c',
  'Relationship_Name__c',
  'Investment_Model__c',
  'Investment_Model_Name__c',
  'Status__c',
  'CreatedDate',
  'ESWA_Portal_Owner_ID__c',
  'Client_Name__c',
  'Submitter_ID__c',
  'Firm_Tk__c',
] as const satisfies readonly (keyof typeof investmentStrategyFields)[];
export const investmentStrategyListItem = readSchema(
  pickFields(investmentStrategyFields, INVESTMENT_STRATEGY_LIST_FIELDS),
);
export type InvestmentStrategyListItem = z.infer<typeof investmentStrategyListItem>;

/**
 * `GET /api/investment_strategies/`: `clientId`, `firm` (a super admin's filter),
 * `search` (account name, account number, master code, custodian, relationship name, client name),
 * `status` (one or several), `ordering` by the list's columns, newest first by default.
 */
export const investmentStrategyListQuery = requestListQuery(investmentStrategyFields, INVESTMENT_STRATEGY_STATUSES);
export type InvestmentStrategyListQuery = z.infer<typeof investmentStrategyListQuery>;

/** The investment department's move of a strategy: `{status, reason}`. */
export const investmentStrategyStatusBody = statusChangeBody('strategy');
export type InvestmentStrategyStatusBody = z.infer<typeof investmentStrategyStatusBody>;
