import type { AuditAction, AuditEntity } from '@portal/domain';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client.js';
import { type AUDIT_ROW_PARENT, auditEvents, sqlLiteral, users } from '../db/schema/index.js';
import { appendChainedBeforeCommit, type ChainLockTimes, chainLockReleased } from './audit-chain.js';
import { isoInstant } from './iso-instant.js';
import { personNameSql } from './person-name.js';

/**
 * Who caused a write and through which request. `actorId` is the person signed in (null for a job, the
 * command line, or a request nobody signed in made); `ip` and `userAgent` are the request's client,
 * absent outside a request.
 */
export interface AuditContext {
  actorId: number | null;
  requestId: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** What was done to which record: the action and the entity are names of the domain's audit vocabulary. */
export interface AuditEvent {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  firmId?: number | null;
  changes?: Record<string, unknown>;
  /**
   * The account the event is about when it is not the actor's own doing: a request nobody signed in
   * made (a password reset asked, a link opened, a failed sign-in) keeps its actor null, so that whoever
   * holds a link or guesses a password is never recorded as the account's owner acting.
   */
  subjectId?: number | null;
}

/**
 * A safety net for events recorded by hand, not through a field table: a top-level key that names a
 * secret or client PII. Field values are redacted by their entity's field table (`auditOf`, which
 * knows a field's `pii`/`secret` flag); a name pattern applied deeper would redact ordinary answers
 * whose names merely look alike ("Other social media", "Insurance license").
 */
const SECRET_OR_PII =
  /password|passwd|token|secret|api_?key|(^|_)ssn(_|$)|social_?security|tax_?id|(^|_)dob(_|$)|date_?of_?birth|birth_?date|driver_?s?_?licen[cs]e/i;

export const REDACTED = '[redacted]';

/**
 * An event's changes with each top-level key that names a secret or PII kept by name only: a change
 * recorded as `{ from, to }` keeps that shape, '[redacted]' on both sides.
 */
export function redactChanges(changes: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!changes) return undefined;
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, SECRET_OR_PII.test(k) ? redactedLike(v) : v]));
}

const redactedLike = (v: unknown) => (isFieldChange(v) ? { from: REDACTED, to: REDACTED } : REDACTED);

/** Whether a key names a secret or client PII (`password`, `ssn`, `Tax_ID__c`, `date_of_birth`…). */
export const namesSecretOrPii = (key: string) => SECRET_OR_PII.test(key);

/**
 * A stored value as the audit trail shows it: every key at any depth that names a secret or PII kept
 * by name only. The events were redacted when recorded (field tables, `redactChanges`); this is the
 * net on the way out, for an event recorded by hand with a nested secret.
 */
export function redactDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactDeep);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, namesSecretOrPii(k) ? REDACTED : redactDeep(v)]));
}

/** One field's change as the audit trail keeps it. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** Whether a recorded value is one field's change (`{ from, to }`) rather than a value set. */
export const isFieldChange = (v: unknown): v is FieldChange =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'from' in v && 'to' in v;

/** A child row a save inserted (every field from nothing) or changed (the fields that differ). */
export interface RowChange {
  Id: number;
  action: 'insert' | 'update';
  fields: Record<string, FieldChange>;
}

/**
 * Whether two values are the same as stored and sent: compared as JSON (null and absent alike). A value
 * in another form than the stored one (a number for a numeric column read as text) counts as different.
 */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose values differ between two records in wire shape, each with its value before and after. */
export function fieldDiff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  skip: readonly string[] = [],
): Record<string, FieldChange> {
  const out: Record<string, FieldChange> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.includes(key) || sameValue(before[key], after[key])) continue;
    out[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return out;
}

/**
 * A child list before and after a save, row by row (rows keyed by `Id`): the rows it inserted with
 * their content and the rows it changed with their fields' before and after. Removed rows have their
 * own delete call and event.
 */
export function rowsDiff(
  before: Record<string, unknown>[],
  after: Record<string, unknown>[],
  skip: readonly string[] = ['Id'],
): RowChange[] {
  const old = new Map(before.map((row) => [Number(row.Id), row]));
  const out: RowChange[] = [];
  for (const row of after) {
    const id = Number(row.Id);
    const was = old.get(id);
    const fields = fieldDiff(was ?? {}, row, skip);
    if (!was) out.push({ Id: id, action: 'insert', fields });
    else if (Object.keys(fields).length) out.push({ Id: id, action: 'update', fields });
  }
  return out;
}

declare const door: unique symbol;

/**
 * A transaction opened by `writeAudited`: the only executor a repository function that changes a
 * record accepts. Nothing else in the server makes one (the brand exists only in the type; tests set
 * rows up with `fixtureTx`), so a record written outside an audited transaction does not compile.
 */
export type AuditedTx = Tx & { readonly [door]: 'audited' };

/**
 * The database (or the caller's transaction) handed out by `writeUnaudited`, for the writes that are
 * not events of the audit trail. A repository function for such a write takes a `Writer`.
 */
export type UnauditedWriter = Omit<Db, 'transaction'> & { readonly [door]: 'unaudited' };

/** Either door: what a repository function takes for a write that is not an audit event. */
export type Writer = AuditedTx | UnauditedWriter;

/**
 * Why a write may leave no audit event, the complete list: the platform's own bookkeeping, where an
 * event would record nothing a person did to a record (or would flood the trail on every request).
 */
export const UNAUDITED_REASONS = [
  /**
   * A mail queued in the outbox on its own: what causes a mail is audited, and the worker's claims run
   * on the platform's own database.
   */
  'mail outbox',
  /**
   * Counters of the sign-in guard: failed sign-ins and reset requests, spent captcha solutions, wrong
   * codes on a sign-in step, wrong passwords on an address-change link.
   */
  'sign-in throttle',
  /** A session's last use (at most one write a minute per session). */
  'session use',
] as const;
export type UnauditedReason = (typeof UNAUDITED_REASONS)[number];

/**
 * The second door, for writes that are not audit events (`UNAUDITED_REASONS`): `work` gets `ex` as a
 * writer, in the caller's transaction if `ex` is one, else statement by statement (no transaction is
 * opened: a session's touch stays one round trip). `reason` names which kind of write it is, so every
 * unaudited write is found by searching for `writeUnaudited(`.
 */
export function writeUnaudited<T>(
  ex: Executor,
  reason: UnauditedReason,
  work: (writer: UnauditedWriter) => Promise<T>,
): Promise<T> {
  void reason;
  return work(ex as UnauditedWriter);
}

/**
 * The one way a service writes: `work` runs in a transaction and records what it did through
 * `record`; the events are appended to the audit chain at the end of the same transaction (so the
 * chain's lock is held only from there to the commit). A write that records nothing is a bug and rolls
 * back, so every change leaves its trace or does not happen. `db` is the plain database, which has no
 * write calls of its own (`Executor`): this door and `writeUnaudited` are the only ways to one.
 */
export async function writeAudited<T>(
  db: Executor,
  meta: AuditContext,
  work: (tx: AuditedTx, record: (event: AuditEvent) => void) => Promise<T>,
): Promise<T> {
  const lock: ChainLockTimes = {};
  let stored: Promise<void> | undefined;
  try {
    const result = await (db as Db).transaction(async (tx) => {
      const events: AuditEvent[] = [];
      const result = await work(tx as AuditedTx, (event) => events.push(event));
      if (events.length === 0) throw new Error('a write recorded no audit event');
      ({ stored } = await appendChainedBeforeCommit(
        db as Db,
        tx,
        events.map((event) => ({
          actorId: meta.actorId,
          requestId: meta.requestId,
          action: event.action,
          entity: event.entity,
          entityId: event.entityId == null ? null : String(event.entityId),
          firmId: event.firmId ?? null,
          changes: redactChanges(event.changes) ?? null,
          subjectId: event.subjectId ?? null,
          ip: meta.ip ?? null,
          userAgent: meta.userAgent ?? null,
        })),
        lock,
      ));
      return result;
    });
    // The commit went out behind the events' insert: had the insert failed, it was a rollback.
    await stored;
    return result;
  } catch (err) {
    // A failed insert of the events is the cause of whatever the commit then answered.
    await stored;
    throw err;
  } finally {
    // Committed or rolled back: the lock is released either way.
    chainLockReleased(db, lock, performance.now());
  }
}

/**
 * The actor as they were when the event was recorded (kept with it), else, for events from before that
 * was kept, as the account is now: deleted and deactivated accounts keep their row (soft delete), so
 * the name is still there. Read with `users` left-joined on the actor.
 */
export const actorThen = {
  actorName: sql<
    string | null
  >`coalesce(${auditEvents.actorName}, ${personNameSql({ first: users.firstName, last: users.lastName })})`,
  actorEmail: sql<string | null>`coalesce(${auditEvents.actorEmail}, ${users.email})`,
};

/** An audit event as a history shows it: the actor's name kept even when their account is gone. */
export interface StoredAuditEvent {
  id: number;
  occurredAt: string;
  action: string;
  entity: string;
  entityId: string | null;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  changes: unknown;
}

/**
 * The events of one record and of the rows it owns, oldest first: the record's own (`entity`,
 * `entityId`) and those of `rows.entities` whose changes name it under `rows.key` (a removed row's
 * event names its parent, as its own id no longer leads there). `rows` is one of the schema's declared
 * parents, so the predicate is its index's (written as the same literals). The caller has checked the
 * reader may see the record: these events are its history.
 */
export async function eventsOfRecord(
  ex: Executor,
  target: { entity: AuditEntity; entityId: number; rows?: typeof AUDIT_ROW_PARENT },
): Promise<StoredAuditEvent[]> {
  const own = and(eq(auditEvents.entity, target.entity), eq(auditEvents.entityId, String(target.entityId)));
  const rows = target.rows;
  const children = rows
    ? sql`(${auditEvents.entity} in (${sql.join(rows.entities.map(sqlLiteral), sql`, `)}) and ${auditEvents.changes} ->> ${sqlLiteral(rows.key)} = ${String(target.entityId)})`
    : undefined;
  return ex
    .select({
      id: auditEvents.id,
      occurredAt: isoInstant(auditEvents.occurredAt),
      action: auditEvents.action,
      entity: auditEvents.entity,
      entityId: auditEvents.entityId,
      actorId: auditEvents.actorId,
      ...actorThen,
      changes: auditEvents.changes,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(children ? or(own, children) : own)
    .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id));
}
