import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { users } from './users.js';

/**
 * The portal's case numbers: one sequence, so two cases opened at the same instant never share a number
 * (a rolled-back insert leaves a gap, as Salesforce's do).
 */
export const supportCaseNumbers = pgSequence('support_case_number_seq', { startWith: 1001 });

/**
 * The text the list's search reads: case number, subject and the submitter's name and email, joined by
 * a line feed that a one-line term cannot span (as the investment requests' search text).
 */
export const supportCaseSearchText = (t: {
  caseNumber: AnyPgColumn;
  subject: AnyPgColumn;
  submitterName: AnyPgColumn;
  submitterEmail: AnyPgColumn;
}) =>
  sql`(coalesce(${t.caseNumber}, '') || chr(10) || coalesce(${t.subject}, '') || chr(10) || coalesce(${t.submitterName}, '') || chr(10) || coalesce(${t.submitterEmail}, ''))`;

/**
 * A support case: a staff member's help or prayer request to their firm. The submitter's
 * name and email are kept as they were when it was opened, so the case reads the same if the account goes.
 */
export const supportCases = pgTable(
  'support_cases',
  {
    id: serial('id').primaryKey(),
    caseNumber: text('case_number')
      .notNull()
      .unique()
      .default(sql`lpad(nextval('support_case_number_seq')::text, 8, '0')`),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    submitterId: integer('submitter_id')
      .notNull()
      .references((): AnyPgColumn => users.id),
    submitterName: text('submitter_name'),
    submitterEmail: text('submitter_email'),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('New'),
    category: text('category').notNull(),
    type: text('type'),
    priority: text('priority'),
    reason: text('reason'),
    description: text('description'),
    origin: text('origin').notNull().default('Web'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    // The lists, newest first: a firm's (its handlers'), a firm's by category (Prayer Requests), one submitter's, every firm's.
    index('support_cases_firm_created_idx').on(t.firmId, t.createdAt.desc().nullsLast(), t.id),
    index('support_cases_firm_category_created_idx').on(t.firmId, t.category, t.createdAt.desc().nullsLast(), t.id),
    index('support_cases_submitter_created_idx').on(t.submitterId, t.createdAt.desc().nullsLast(), t.id),
    index('support_cases_created_idx').on(t.createdAt.desc().nullsLast(), t.id),
    index('support_cases_search_trgm_idx')
      .using('gin', t.firmId, sql`${supportCaseSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** One message of a case's conversation, from its submitter or one of the firm's handlers. */
export const supportCaseReplies = pgTable(
  'support_case_replies',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => supportCases.id),
    authorId: integer('author_id').references((): AnyPgColumn => users.id),
    // The author's name as it was, like the case's submitter.
    authorName: text('author_name'),
    fromSupport: boolean('from_support').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('support_case_replies_case_idx').on(t.caseId, t.createdAt, t.id)],
);
