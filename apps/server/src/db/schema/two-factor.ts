import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A person's second factors: an authenticator app (TOTP) or a passkey (WebAuthn). A
 * TOTP factor is pending until confirmed with a code; its secret is encrypted like client PII.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['totp', 'webauthn'] }).notNull(),
    label: text('label').notNull(),
    /** TOTP: the base32 secret, encrypted (platform/pii.ts) under 'mfa_factors.secret'. */
    secret: text('secret'),
    /** TOTP: the last accepted time step, so a code is accepted once. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    /** WebAuthn: the credential id and COSE public key (base64url), the signature counter. */
    credentialId: text('credential_id').unique(),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: text('transports'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('mfa_factors_user_idx').on(t.userId)],
);

/** Single-use recovery codes, SHA-256 of the normalised code only (60 random bits each). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/**
 * Short-lived, single-use challenges bound to a person: the second sign-in step's `mfa_token` (its
 * hash; with the passkey challenge when they have one) and a passkey registration's challenge.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['login', 'webauthn_register'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    webauthnChallenge: text('webauthn_challenge'),
    /** Wrong codes tried with this sign-in step: it ends at MFA_ATTEMPTS_PER_STEP. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId, t.purpose)],
);
