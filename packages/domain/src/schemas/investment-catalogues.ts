import { z } from 'zod';
import { messages } from '../messages.js';
import { MAX_ID, pageQuery, recordId, text } from './common.js';
import { defineFields, orderingsOf, readSchema, writeSchema } from './field-table.js';

const dbId = z.number().int().positive().max(MAX_ID);
const NAME_MAX = 200;
const c = messages.catalogues;

const instant = (column: string) => ({ column, read: z.string(), set: 'server' as const, sort: true });

/**
 * A catalogue entry: `name` and `investment_model_name` / `fee_schedule_name` are one
 * stored name under the two wire names the seed answered; a body may set it through either (the
 * one that differs from the stored name wins). The server requires it, since either may carry it.
 */
const catalogueFields = <const K extends string>(nameKey: K) =>
  defineFields({
    id: { column: 'id', read: z.number().int(), set: 'server' },
    name: { column: 'name', read: z.string(), write: text(NAME_MAX).optional(), set: 'editor', sort: true },
    [nameKey]: { column: 'name', read: z.string(), write: text(NAME_MAX).optional(), set: 'editor', sort: true },
    /** The firm whose entry it is; a super admin may name any firm, others only their own. */
    firm: { column: 'firmId', read: z.number().int(), write: dbId.optional(), set: 'editor' },
    /** An advisor (profile type 2) of that firm whose own entry it is; none: the firm's shared entry. */
    financial_advisor: {
      column: 'financialAdvisorId',
      read: z.number().int().nullable(),
      write: dbId.nullable().optional(),
      set: 'editor',
    },
    created_date: instant('createdAt'),
    last_modified_date: instant('updatedAt'),
  } as const) as CatalogueFields<K>;

type CatalogueFields<K extends string> = {
  id: { column: 'id'; read: z.ZodNumber; set: 'server' };
  name: { column: 'name'; read: z.ZodString; write: z.ZodOptional<z.ZodString>; set: 'editor'; sort: true };
  firm: { column: 'firmId'; read: z.ZodNumber; write: z.ZodOptional<z.ZodNumber>; set: 'editor' };
  financial_advisor: {
    column: 'financialAdvisorId';
    read: z.ZodNullable<z.ZodNumber>;
    write: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    set: 'editor';
  };
  created_date: { column: 'createdAt'; read: z.ZodString; set: 'server'; sort: true };
  last_modified_date: { column: 'updatedAt'; read: z.ZodString; set: 'server'; sort: true };
} & { [P in K]: { column: 'name'; read: z.ZodString; write: z.ZodOptional<z.ZodString>; set: 'editor'; sort: true } };

export const investmentModelFields = catalogueFields('investment_model_name');
export const feeScheduleFields = catalogueFields('fee_schedule_name');

export const investmentModelSchema = readSchema(investmentModelFields);
export type InvestmentModel = z.infer<typeof investmentModelSchema>;
export const investmentModelBody = writeSchema(investmentModelFields);
export type InvestmentModelBody = z.infer<typeof investmentModelBody>;

export const feeScheduleSchema = readSchema(feeScheduleFields);
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;
export const feeScheduleBody = writeSchema(feeScheduleFields);
export type FeeScheduleBody = z.infer<typeof feeScheduleBody>;

const search = z.string().trim().max(200).optional();

export const investmentModelListQuery = pageQuery.extend({
  search,
  ordering: z.enum(orderingsOf(investmentModelFields)).default('name'),
  firm: recordId.optional(),
});
export const feeScheduleListQuery = pageQuery.extend({
  search,
  ordering: z.enum(orderingsOf(feeScheduleFields)).default('name'),
  firm: recordId.optional(),
});
export type CatalogueListQuery = z.infer<typeof investmentModelListQuery> | z.infer<typeof feeScheduleListQuery>;

/** `GET {firmTk}/advisor_investment_models/`: the advisor whose entries (and the firm's shared ones) are asked. */
export const advisorEntriesQuery = z.object({ financialAdvisorUserId: recordId });
/** `GET {firm}/firm_fee_schedules/`: `userId` narrows the firm's list to that advisor's and the shared ones. */
export const firmEntriesQuery = z.object({ userId: recordId.optional() });
export const firmTkParam = z.object({
  firmTk: z
    .string()
    .regex(/^[0-9]{1,9}$/)
    .transform(Number),
});

const assignmentFields = <const N extends string, const E extends string>(nameKey: N, entryKey: E, choose: string) =>
  defineFields({
    id: { column: 'id', read: z.number().int(), set: 'server' },
    [nameKey]: { column: 'entryName', read: z.string(), set: 'server', sort: true },
    firm_name: { column: 'firmName', read: z.string(), set: 'server', sort: true },
    created_date: instant('createdAt'),
    last_modified_date: instant('updatedAt'),
    /** The payload's own fields, answered too: the update modal opens on them. */
    firm: {
      column: 'firmId',
      read: z.number().int(),
      write: z.number({ error: c.chooseFirm }).pipe(dbId),
      set: 'editor',
    },
    [entryKey]: {
      column: 'entryId',
      read: z.number().int(),
      write: z.number({ error: choose }).pipe(dbId),
      set: 'editor',
    },
  } as const) as AssignmentFields<N, E>;

type AssignmentFields<N extends string, E extends string> = {
  id: { column: 'id'; read: z.ZodNumber; set: 'server' };
  firm_name: { column: 'firmName'; read: z.ZodString; set: 'server'; sort: true };
  created_date: { column: 'createdAt'; read: z.ZodString; set: 'server'; sort: true };
  last_modified_date: { column: 'updatedAt'; read: z.ZodString; set: 'server'; sort: true };
  firm: { column: 'firmId'; read: z.ZodNumber; write: z.ZodType<number>; set: 'editor' };
} & { [P in N]: { column: 'entryName'; read: z.ZodString; set: 'server'; sort: true } } & {
  [P in E]: { column: 'entryId'; read: z.ZodNumber; write: z.ZodType<number>; set: 'editor' };
};

/**
 * A model offered to a firm. `email` is the model's financial advisor's (none for a firm's shared
 * model): the seed's list showed whose model it is, and the search finds a model by its advisor.
 */
export const firmModelFields = defineFields({
  ...assignmentFields('investment_model_name', 'investment_model', c.chooseModel),
  email: { column: 'advisorEmail', read: z.string().nullable(), set: 'server', sort: true },
});
export const firmFeeScheduleFields = assignmentFields('fee_schedule_name', 'fee_schedule', c.chooseFeeSchedule);

export const firmModelSchema = readSchema(firmModelFields);
export type FirmModel = z.infer<typeof firmModelSchema>;
export const firmModelBody = writeSchema(firmModelFields);
export type FirmModelBody = z.infer<typeof firmModelBody>;

export const firmFeeScheduleSchema = readSchema(firmFeeScheduleFields);
export type FirmFeeSchedule = z.infer<typeof firmFeeScheduleSchema>;
export const firmFeeScheduleBody = writeSchema(firmFeeScheduleFields);
export type FirmFeeScheduleBody = z.infer<typeof firmFeeScheduleBody>;

export const firmModelListQuery = pageQuery.extend({
  search,
  ordering: z.enum(orderingsOf(firmModelFields)).default('investment_model_name'),
  firm: recordId.optional(),
});
export const firmFeeScheduleListQuery = pageQuery.extend({
  search,
  ordering: z.enum(orderingsOf(firmFeeScheduleFields)).default('fee_schedule_name'),
  firm: recordId.optional(),
});
export type AssignmentListQuery = z.infer<typeof firmModelListQuery> | z.infer<typeof firmFeeScheduleListQuery>;
