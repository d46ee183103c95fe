import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { users } from './users.js';

const CATEGORIES = ['compliance', 'investments', 'operations', 'videos', 'faqs'] as const;
const KINDS = ['file', 'link'] as const;

/**
 * A firm's training resource: a document or video kept in storage, or a link. What it
 * currently is lives in its versions (the row names the current one); removing it only marks it removed,
 * so what staff read and acknowledged stays on record.
 */
export const trainingResources = pgTable(
  'training_resources',
  {
    id: serial('id').primaryKey(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    category: text('category', { enum: CATEGORIES }).notNull(),
    name: text('name').notNull(),
    /** The current version's number (training_resource_versions.version). */
    version: integer('version').notNull().default(1),
    /** Which attestation date acknowledging it fills (Compliance documents only); null: none required. */
    acknowledgement: text('acknowledgement', { enum: ['code_of_ethics', 'ia_manual'] }),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedById: integer('deleted_by_id').references(() => users.id),
  },
  (t) => [
    index('training_resources_firm_category_idx')
      .on(t.firmId, t.category, t.name, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Every file or link a resource has been: a replacement adds one, none is ever changed or dropped. */
export const trainingResourceVersions = pgTable(
  'training_resource_versions',
  {
    id: serial('id').primaryKey(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => trainingResources.id),
    version: integer('version').notNull(),
    kind: text('kind', { enum: KINDS }).notNull(),
    /** A link's address (kind 'link'). */
    url: text('url'),
    /** A file's name, storage key, type, size and digest (kind 'file'). */
    fileName: text('file_name'),
    storageKey: text('storage_key').unique(),
    contentType: text('content_type'),
    size: integer('size'),
    sha256: text('sha256'),
    uploadedById: integer('uploaded_by_id').references(() => users.id),
    /** Kept as it read: the uploader's account may go, the record of who published stays. */
    uploadedByName: text('uploaded_by_name'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('training_resource_versions_key').on(t.resourceId, t.version)],
);

/**
 * A staff member's written acknowledgement of one version of a document (Rule 204A-1): once per person
 * and version, never changed or deleted.
 */
export const trainingResourceAcknowledgements = pgTable(
  'training_resource_acknowledgements',
  {
    id: serial('id').primaryKey(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => trainingResources.id),
    version: integer('version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The day in the portal's time zone: what the attestation's date takes. */
    acknowledgedOn: date('acknowledged_on', { mode: 'string' }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('training_resource_acknowledgements_key').on(t.resourceId, t.version, t.userId),
    index('training_resource_acknowledgements_user_idx').on(t.userId, t.resourceId),
  ],
);
