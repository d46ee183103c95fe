import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** The body with its one-time links masked: it replaces the live body once the mail has left. */
    redactedTextBody: text('redacted_text_body'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** A claim by one instance; a crashed sender's claim expires and another takes the mail. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * The entities whose events name their parent record in `changes` under `key` (an attestation's rows:
 * a removed row's event is found through it, as its own id leads nowhere). The history's query and its
 * index below are both written from this one list, so the query's predicate is the index's.
 */
export const AUDIT_ROW_PARENT = {
  key: 'attestation',
  entities: ['personal security', 'outside business activity', 'political contribution'],
} as const;

/** `'text'`: a code constant as an SQL literal (an index predicate is matched against literals). */
export const sqlLiteral = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`now()`),
    actorId: integer('actor_id'),
    /**
     * Who the actor was when it happened (name and email then), so a later rename does not rewrite the
     * trail. Null on events recorded before they were kept (the viewer shows the account's current ones).
     */
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    firmId: integer('firm_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes'),
    requestId: text('request_id'),
    /**
     * The account an event is about when nobody signed in acted (a password reset asked, a sign-in
     * failed, an activation link opened): the actor stays null (anonymous), the subject is named here.
     */
    subjectId: integer('subject_id'),
    /** The client address and user agent of the request that caused the event (null for a job or the CLI). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * The hash chain (platform/audit-chain.ts): the previous event's `hash` (null for the first event)
     * and this event's HMAC-SHA256 over its canonical content, `prevHash` included. Null only on an
     * event recorded before the chain, until the first start seals it.
     */
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entity, t.entityId),
    index('audit_events_firm_idx').on(t.firmId, t.occurredAt),
    // The audit trail's filters, each with the list's order (newest first by id) for a top-N scan.
    index('audit_events_firm_id_idx').on(t.firmId, t.id),
    index('audit_events_actor_id_idx').on(t.actorId, t.id),
    index('audit_events_subject_id_idx').on(t.subjectId, t.id),
    index('audit_events_entity_id_order_idx').on(t.entity, t.id),
    index('audit_events_action_id_idx').on(t.action, t.id),
    index('audit_events_occurred_at_idx').on(t.occurredAt),
    // An attestation's History reads its rows' events by parent: without this, every opening scanned
    // every row event of every firm.
    index('audit_events_row_parent_idx')
      .on(sql`(${t.changes} ->> ${sqlLiteral(AUDIT_ROW_PARENT.key)})`)
      .where(sql`${t.entity} in (${sql.join(AUDIT_ROW_PARENT.entities.map(sqlLiteral), sql`, `)})`),
    // Every start looks for unsealed events (none, once the chain runs): this keeps that a lookup.
    index('audit_events_unsealed_idx').on(t.id).where(sql`${t.hash} is null`),
  ],
);

/**
 * The audit chain's start, outside the events it protects (one row, written by its migration): the
 * events recorded before the chain may be sealed only while `startedAt` is null, and sealing them sets
 * it, so clearing every event's hash later cannot get edited history sealed again
 * (platform/audit-chain.ts). A trigger lets it go from null to a time and never back, nor be removed.
 */
export const auditChainState = pgTable(
  'audit_chain_state',
  {
    id: boolean('id').primaryKey().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (t) => [check('audit_chain_state_one_row', sql`${t.id}`)],
);

/**
 * A counter per table, bumped by a statement trigger in the writing transaction: a list's total is
 * cached under the versions of the tables it counts, so it is recounted only after a write commits.
 */
export const tableVersions = pgTable('table_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * One row per run of a scheduled job (platform/jobs.ts): the instance that inserts it runs the job, so
 * N instances run it once. A run that failed, or whose instance died (its lease ran out), is taken again.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** The scheduled occurrence this run is for (an ISO instant). */
    runKey: text('run_key').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.runKey] })],
);
