import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { firms } from './firms.js';

/** The unique rules of the table, by the names a failed write reports. */
export const SSO_FIRM_KEY = 'sso_service_providers_firm_key';
export const SSO_ENTITY_KEY = 'sso_service_providers_entity_key';

/**
 * A firm's SAML service provider: a portfolio system its staff are signed in to. The portal signs
 * responses with its own key (config `ssoSigning`); these rows say where and what to send.
 */
export const ssoServiceProviders = pgTable(
  'sso_service_providers',
  {
    id: serial('id').primaryKey(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    /** What a link's `sp` names; links reference it, and follow a rename (firm_links' foreign key). */
    key: text('key').notNull(),
    label: text('label').notNull(),
    entityId: text('entity_id').notNull(),
    acsUrl: text('acs_url').notNull(),
    certificate: text('certificate').notNull(),
    /** Read from the certificate when saved: the setup list shows and sorts by them. */
    certificateSubject: text('certificate_subject').notNull(),
    certificateExpires: timestamp('certificate_expires', { withTimezone: true }).notNull(),
    /** Always 'persistent' (the only format the portal signs), kept for the wire field that shows it. */
    nameIdFormat: text('name_id_format', { enum: ['persistent'] })
      .notNull()
      .default('persistent'),
    attributes: text('attributes').array().notNull().default(sql`'{}'::text[]`),
    relayState: text('relay_state').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The key of this provider's persistent NameIDs (an HMAC of the user's id): opaque, different for
     * each provider, and unchanged by any rotation of the portal's own secrets. Never leaves the server.
     */
    nameIdSecret: text('name_id_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    // A constraint, not an index: firm_links references (firm_id, key).
    unique(SSO_FIRM_KEY).on(t.firmId, t.key),
    // Portal-wide, whatever the case: every provider gets assertions under the same issuer and
    // certificate, so a second registration of one entity ID would let another firm aim them at it.
    uniqueIndex(SSO_ENTITY_KEY).on(sql`lower(${t.entityId})`),
  ],
);
