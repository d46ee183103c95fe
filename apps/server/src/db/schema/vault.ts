import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { ssoServiceProviders } from './sso.js';
import { users } from './users.js';

/**
 * A document of a client's vault: the bytes live in storage under `storage_key`. A removal
 * only sets `removed_at`: what a client and their advisor exchanged stays on record (books and records),
 * and its file with it.
 */
export const clientDocuments = pgTable(
  'client_documents',
  {
    id: serial('id').primaryKey(),
    /** The client's firm when uploaded: the firm scope of every read. */
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    category: text('category', { enum: ['statement', 'signed_agreement', 'tax_form', 'other'] })
      .notNull()
      .default('other'),
    description: text('description'),
    storageKey: text('storage_key').notNull().unique(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id),
    /** Kept as it read: the uploader's account may go, the record of who gave the document stays. */
    uploadedByName: text('uploaded_by_name'),
    uploadedByClient: boolean('uploaded_by_client').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().default(sql`now()`),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedById: integer('removed_by_id').references(() => users.id),
  },
  (t) => [index('client_documents_client_idx').on(t.clientId, t.uploadedAt).where(sql`${t.removedAt} is null`)],
);

/** A firm's configured link: where it shows is its kind (rules/firm-links.ts). */
export const firmLinks = pgTable(
  'firm_links',
  {
    id: serial('id').primaryKey(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    kind: text('kind', { enum: ['financial_planning', 'portfolio', 'help_portal'] }).notNull(),
    label: text('label').notNull(),
    url: text('url').notNull(),
    /** The key of the firm's service provider this portfolio-system link signs in through. */
    serviceProviderKey: text('service_provider_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('firm_links_label_key').on(t.firmId, t.kind, sql`lower(${t.label})`),
    // Of the link's own firm; a renamed key follows; a provider a link uses cannot be removed.
    foreignKey({
      name: 'firm_links_service_provider_fk',
      columns: [t.firmId, t.serviceProviderKey],
      foreignColumns: [ssoServiceProviders.firmId, ssoServiceProviders.key],
    })
      .onUpdate('cascade')
      .onDelete('restrict'),
  ],
);
