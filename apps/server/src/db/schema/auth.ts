import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** The end of the refresh window: no token of this session is honoured after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Signed in by a person whose firm requires a second factor they have not set up: only set-up is open. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    /**
     * The last request made with the session, to the minute (written at most once a minute): the idle
     * timeout counts from it. A token refresh alone does not move it.
     */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().default(sql`now()`),
    /**
     * Why the session was revoked when the person should be told: 'idle', or 'ended' (by the person from
     * another session, by an administrator, or by a password change); null otherwise (signed out).
     */
    endReason: text('end_reason', { enum: ['idle', 'ended'] }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // A person's live sessions, most recently used first, without reading every session they ever ended.
    index('sessions_live_idx').on(t.userId, t.lastUsedAt.desc(), t.createdAt.desc()).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Captcha solutions already used for a sign-in (by their challenge's nonce), kept until their challenge
 * expires: a solution opens one attempt, never two.
 */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_uses_expires_idx').on(t.expiresAt)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['password_reset', 'account_activation', 'email_change'] }).notNull(),
    /** An address change waiting for its link to be opened at this address (purpose 'email_change'). */
    newEmail: text('new_email'),
    /** Who asked for the change: the person, or an administrator or advisor for them. */
    requestedById: integer('requested_by_id').references(() => users.id),
    /** Wrong passwords typed on an email-change link: a few end the link (guessing needs new links). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** SHA-256 of the token: the token itself exists only in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

/** Password-reset requests, known address or not, counted per account and per client address. */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('password_reset_requests_email_idx').on(t.email, t.at),
    index('password_reset_requests_ip_idx').on(t.ip, t.at),
  ],
);
