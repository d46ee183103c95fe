import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  type ExtraConfigColumn,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { users } from './users.js';

const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  createdById: integer('created_by_id').references((): AnyPgColumn => users.id),
  // Strategies name the model and fee schedule they were filed with: a delete only hides the entry.
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedById: integer('deleted_by_id').references((): AnyPgColumn => users.id),
});

/**
 * The columns of a catalogue (models, fee schedules): one shape for both, so one repository serves
 * both. `financial_advisor` is an advisor of the firm whose own entry it is; none: the firm's shared one.
 */
const catalogueColumns = () => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  firmId: integer('firm_id')
    .notNull()
    .references(() => firms.id),
  financialAdvisorId: integer('financial_advisor_id').references(() => users.id),
  ...stamps(),
});

export const investmentModels = pgTable('investment_models', catalogueColumns(), (t) => [
  // The manager's list and the dropdowns: a firm's live entries by name.
  index('investment_models_firm_name_idx').on(t.firmId, t.name, t.id).where(sql`${t.deletedAt} is null`),
  // The name search, within a firm or across all (a super admin's): firm and trigrams in one GIN (btree_gin).
  index('investment_models_firm_name_trgm_idx')
    .using('gin', t.firmId, sql`${t.name} gin_trgm_ops`)
    .with({ fastupdate: false })
    .where(sql`${t.deletedAt} is null`),
  index('investment_models_advisor_idx').on(t.financialAdvisorId).where(sql`${t.deletedAt} is null`),
]);

export const feeSchedules = pgTable('fee_schedules', catalogueColumns(), (t) => [
  index('fee_schedules_firm_name_idx').on(t.firmId, t.name, t.id).where(sql`${t.deletedAt} is null`),
  index('fee_schedules_firm_name_trgm_idx')
    .using('gin', t.firmId, sql`${t.name} gin_trgm_ops`)
    .with({ fastupdate: false })
    .where(sql`${t.deletedAt} is null`),
  index('fee_schedules_advisor_idx').on(t.financialAdvisorId).where(sql`${t.deletedAt} is null`),
]);

/** A model offered to a firm (the Firm Models screen): a pair lives once. */
export const firmModels = pgTable(
  'firm_models',
  {
    id: serial('id').primaryKey(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    entryId: integer('investment_model_id')
      .notNull()
      .references(() => investmentModels.id),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('firm_models_live_pair_key').on(t.firmId, t.entryId).where(sql`${t.deletedAt} is null`),
    // The in-use count of a model before its delete.
    index('firm_models_model_idx').on(t.entryId).where(sql`${t.deletedAt} is null`),
  ],
);

/** A fee schedule offered to a firm: a pair lives once. */
export const firmFeeSchedules = pgTable(
  'firm_fee_schedules',
  {
    id: serial('id').primaryKey(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    entryId: integer('fee_schedule_id')
      .notNull()
      .references(() => feeSchedules.id),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('firm_fee_schedules_live_pair_key').on(t.firmId, t.entryId).where(sql`${t.deletedAt} is null`),
    index('firm_fee_schedules_fee_schedule_idx').on(t.entryId).where(sql`${t.deletedAt} is null`),
  ],
);

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * What strategies and cash requests share: the client they are filed for, the advisor
 * who filed them (with their name and email as they were, kept if the account goes), the client's
 * firm, the status the investment department moves and the reason of its last move.
 */
const requestColumns = () => ({
  id: serial('id').primaryKey(),
  firmId: integer('firm_id')
    .notNull()
    .references(() => firms.id),
  clientId: integer('client_id')
    .notNull()
    .references((): AnyPgColumn => users.id),
  submitterId: integer('submitter_id')
    .notNull()
    .references((): AnyPgColumn => users.id),
  submitterEmail: text('submitter_email'),
  submitterFirstName: text('submitter_first_name'),
  submitterLastName: text('submitter_last_name'),
  status: text('status').notNull().default('Submitted'),
  statusReason: text('status_reason'),
  accountName: text('account_name').notNull(),
  accountNumber: text('account_number').notNull(),
  custodian: text('custodian').notNull(),
  advisorName: text('advisor_name'),
  relationshipName: text('relationship_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * The text the lists' search reads (one "contains" over several columns): the columns joined by a
 * line feed, which a search term (one trimmed line) cannot span, so a term never matches across two.
 */
const joinedText = (columns: AnyPgColumn[]) =>
  sql`(${sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || chr(10) || `,
  )})`;

export const investmentStrategySearchText = (t: {
  accountName: AnyPgColumn;
  accountNumber: AnyPgColumn;
  masterCode: AnyPgColumn;
  custodian: AnyPgColumn;
  relationshipName: AnyPgColumn;
  clientName: AnyPgColumn;
}) => joinedText([t.accountName, t.accountNumber, t.masterCode, t.custodian, t.relationshipName, t.clientName]);

export const cashRequestSearchText = (t: {
  accountName: AnyPgColumn;
  accountNumber: AnyPgColumn;
  custodian: AnyPgColumn;
  relationshipName: AnyPgColumn;
}) => joinedText([t.accountName, t.accountNumber, t.custodian, t.relationshipName]);

/**
 * The lists' indexes, the same for both: the default order (newest first, `id` the tie-breaker) within
 * a firm, within a firm and a status, and of one advisor's filings; the client filter; the search (the
 * firm and the search text's trigrams in one GIN, btree_gin, as the attestations' name search).
 */
const requestIndexes = (
  name: string,
  t: Record<'firmId' | 'status' | 'submitterId' | 'clientId' | 'createdAt' | 'id', ExtraConfigColumn>,
  search: SQL,
) => [
  index(`${name}_firm_created_idx`).on(t.firmId, t.createdAt.desc().nullsLast(), t.id),
  index(`${name}_firm_status_created_idx`).on(t.firmId, t.status, t.createdAt.desc().nullsLast(), t.id),
  index(`${name}_submitter_created_idx`).on(t.submitterId, t.createdAt.desc().nullsLast(), t.id),
  // A super admin's list of every firm.
  index(`${name}_created_idx`).on(t.createdAt.desc().nullsLast(), t.id),
  index(`${name}_client_idx`).on(t.clientId),
  index(`${name}_search_trgm_idx`).using('gin', t.firmId, sql`${search} gin_trgm_ops`).with({ fastupdate: false }),
];

/** An investment strategy: what the advisor asks the investment department to set up. */
export const investmentStrategies = pgTable(
  'investment_strategies',
  {
    ...requestColumns(),
    masterCode: text('master_code').notNull(),
    feeScheduleId: integer('fee_schedule_id')
      .notNull()
      .references(() => feeSchedules.id),
    // The names as chosen: a renamed entry does not rewrite a filed request.
    feeScheduleName: text('fee_schedule_name'),
    feeMinimum: money('fee_minimum').notNull(),
    clientName: text('client_name').notNull(),
    clientStreet: text('client_street').notNull(),
    clientCity: text('client_city').notNull(),
    clientState: text('client_state').notNull(),
    clientZipCode: text('client_zip_code').notNull(),
    clientEmail: text('client_email').notNull(),
    jointClientName: text('joint_client_name'),
    jointClientStreet: text('joint_client_street'),
    jointClientCity: text('joint_client_city'),
    jointClientState: text('joint_client_state'),
    jointClientZipCode: text('joint_client_zip_code'),
    jointClientEmail: text('joint_client_email'),
    hasReceivedFormAdv: boolean('has_received_form_adv').notNull().default(false),
    hasSignedIps: boolean('has_signed_ips').notNull().default(false),
    investmentModelId: integer('investment_model_id')
      .notNull()
      .references(() => investmentModels.id),
    investmentModelName: text('investment_model_name'),
    tradingAuthority: text('trading_authority').notNull(),
    cashTargetPercentage: numeric('cash_target_percentage', { precision: 5, scale: 2, mode: 'number' }),
    cashTargetDollars: money('cash_target_dollars'),
    isCashDistributions: boolean('is_cash_distributions').notNull().default(false),
    amount: money('amount'),
    cashManagementFrequency: text('cash_management_frequency'),
    cashManagementNotes: text('cash_management_notes'),
  },
  (t) => [
    ...requestIndexes('investment_strategies', t, investmentStrategySearchText(t)),
    // The catalogues' in-use counts before a delete.
    index('investment_strategies_fee_schedule_idx').on(t.feeScheduleId),
    index('investment_strategies_model_idx').on(t.investmentModelId),
  ],
);

/** A cash request: raise or invest an amount in a client's account. */
export const cashRequests = pgTable(
  'cash_requests',
  {
    ...requestColumns(),
    requestType: text('request_type').notNull(),
    amount: money('amount').notNull(),
    notes: text('notes'),
  },
  (t) => [...requestIndexes('cash_requests', t, cashRequestSearchText(t))],
);
