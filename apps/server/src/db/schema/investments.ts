import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** A model offered to a firm (spec 001 §2 Firm Models): a pair lives once. */
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
