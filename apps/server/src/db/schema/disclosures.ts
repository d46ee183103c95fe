import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { users } from './users.js';

const KINDS = ['adv_2a', 'adv_2b', 'crs'] as const;

/** A firm's Form ADV Part 2A/2B or Form CRS as published on a date: the PDF lives in storage under `storage_key`. */
export const disclosureDocuments = pgTable(
  'disclosure_documents',
  {
    id: serial('id').primaryKey(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    kind: text('kind', { enum: KINDS }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** Form ADV only: whether existing clients must be delivered this version (see rules/disclosures.ts). */
    materialChange: boolean('material_change').notNull().default(false),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id),
    /** Kept as it read: the uploader's account may go, the record of who published stays. */
    uploadedByName: text('uploaded_by_name'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('disclosure_documents_current_idx').on(t.firmId, t.kind, t.effectiveDate, t.uploadedAt)],
);

/**
 * Proof that a client received a document (Rule 204-2): which version (or the firm's external link),
 * on which day, how. Versions delivered are never deleted (the foreign key refuses it).
 */
export const disclosureDeliveries = pgTable(
  'disclosure_deliveries',
  {
    id: serial('id').primaryKey(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: KINDS }).notNull(),
    documentId: integer('document_id').references(() => disclosureDocuments.id),
    /** The firm's external link delivered, when the firm kept no version of the kind. */
    url: text('url'),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** 'portal': the client opened it in the portal. */
    method: text('method', { enum: ['portal'] })
      .notNull()
      .default('portal'),
    /** The session that recorded the receipt, and its client address and user agent: evidence of who opened it. */
    sessionId: uuid('session_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    // A version (or a link) is delivered to a client once: the first opening is the proof.
    uniqueIndex('disclosure_deliveries_version_key')
      .on(t.clientId, t.documentId)
      .where(sql`${t.documentId} is not null`),
    uniqueIndex('disclosure_deliveries_url_key').on(t.clientId, t.kind, t.url).where(sql`${t.documentId} is null`),
    index('disclosure_deliveries_client_idx').on(t.clientId, t.kind, t.deliveryDate),
    index('disclosure_deliveries_document_idx').on(t.documentId),
  ],
);

/** A CCO's Deliver: the mail that sent a client the link to a document they had not received. */
export const disclosureNotices = pgTable(
  'disclosure_notices',
  {
    id: serial('id').primaryKey(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: KINDS }).notNull(),
    documentId: integer('document_id').references(() => disclosureDocuments.id),
    url: text('url'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().default(sql`now()`),
    sentById: integer('sent_by_id').references(() => users.id),
  },
  (t) => [index('disclosure_notices_client_idx').on(t.clientId, t.kind, t.sentAt)],
);
