import { sql } from 'drizzle-orm';
import { customType, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const firms = pgTable('firms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation'),
  firmTk: integer('firm_tk'),
  street: text('street'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  formAdvUrl: text('form_adv_url'),
  formCrsUrl: text('form_crs_url'),
  attestationGraceDays: integer('attestation_grace_days').notNull().default(15),
  /** rules/two-factor.ts: who must sign in with a second factor. */
  twoFactorPolicy: text('two_factor_policy', { enum: ['required', 'optional', 'demo'] })
    .notNull()
    .default('required'),
  /** Minutes a session may go unused before it ends. */
  idleTimeoutMinutes: integer('idle_timeout_minutes').notNull().default(30),
  logoContentType: text('logo_content_type'),
  logo: bytea('logo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
