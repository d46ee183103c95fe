import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuditAction, AuditEntity } from '@portal/domain';
import { and, asc, count, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client.js';
import { auditChainState, auditEvents } from '../db/schema/index.js';
import { personNameSql } from './person-name.js';
import { shapedStatement } from './statements.js';

/**
 * Tamper evidence for the audit trail: a hash chain. Each event stores the previous event's hash and
 * its own: an HMAC-SHA256 over the previous hash and its canonical content (every other stored column,
 * its id and time included). An event edited in the database no longer matches its hash; a deleted one breaks the
 * link of the event after it.
 *
 * Keyed, not a bare SHA-256: with a plain hash, whoever can write to the database can edit a row and
 * recompute every hash after it, and the chain proves nothing against the very person it is for (a
 * DBA, a stolen backup restored with changes, SQL injection). The key is derived from SECRET_KEY, which
 * lives in the app's environment, not in the database. The price: verifying needs that key (an examiner
 * checks through the portal, not with `sha256sum`), and replacing SECRET_KEY makes the events sealed
 * under the old one fail verification. Removing the newest events (truncating the tail) leaves a valid
 * shorter chain: no chain kept in the same database can show that; the count checked is reported.
 *
 * Order: events are inserted at the end of their write's transaction under a transaction-scoped
 * advisory lock, and take their id and time under it, so the chain's order is the id order and the
 * commit order; the lock is held only from taking the chain's end to the commit.
 *
 * Canonical content: PostgreSQL's own `jsonb` text of the stored columns (jsonb orders keys and prints
 * one form of each value), computed by the same SQL expression when an event is sealed and when it is
 * verified, so no JSON library's formatting can make the two differ.
 */

/** The advisory lock of the chain's end: any constant no other lock in the app uses. */
const CHAIN_LOCK_KEY = 7_340_022;
const VERIFY_BATCH = 2000;

const keys = new WeakMap<Executor, Buffer>();

/** The chain's key for this database handle: a subkey of SECRET_KEY (never SECRET_KEY itself). */
export function useAuditChain(db: Executor, secretKey: string) {
  keys.set(db, createHmac('sha256', secretKey).update('portal audit-event chain v1').digest());
}

function keyOf(db: Executor): Buffer {
  const key = keys.get(db);
  // A process that writes without the key would leave events nobody can verify: stop instead.
  if (!key) throw new Error('the audit chain has no key: call useAuditChain(db, secretKey) after migrating');
  return key;
}

/** An event's seal: the HMAC of the previous event's hash (none for the first) and its own content. */
const sealOf = (key: Buffer, prevHash: string | null, content: string) =>
  createHmac('sha256', key)
    .update(`${prevHash ?? ''}\n${content}`, 'utf8')
    .digest('hex');

/** An instant as the chain reads it: UTC with its microseconds, whatever the session's time zone. */
const instantText = (at: SQL | typeof auditEvents.occurredAt) =>
  sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface ChainColumns {
  id: SQL | typeof auditEvents.id;
  occurredAt: SQL;
  actorId: SQL | typeof auditEvents.actorId;
  actorName: SQL | typeof auditEvents.actorName;
  actorEmail: SQL | typeof auditEvents.actorEmail;
  firmId: SQL | typeof auditEvents.firmId;
  action: SQL | typeof auditEvents.action;
  entity: SQL | typeof auditEvents.entity;
  entityId: SQL | typeof auditEvents.entityId;
  changes: SQL | typeof auditEvents.changes;
  requestId: SQL | typeof auditEvents.requestId;
  subjectId: SQL | typeof auditEvents.subjectId;
  ip: SQL | typeof auditEvents.ip;
  userAgent: SQL | typeof auditEvents.userAgent;
}

/**
 * The canonical content of every stored column but the chain's own: one SQL expression for a stored
 * row and for the values about to be stored. The previous hash is sealed with it (`sealOf`), so the
 * events of one write are prepared in one statement before they are chained.
 */
const contentOf = (c: ChainColumns) =>
  sql<string>`(jsonb_build_object('id', ${c.id}, 'occurred_at', ${c.occurredAt}, 'actor_id', ${c.actorId}, 'firm_id', ${c.firmId}, 'action', ${c.action}, 'entity', ${c.entity}, 'entity_id', ${c.entityId}, 'changes', ${c.changes}, 'request_id', ${c.requestId}) || ${laterContent(c)})::text`;

/**
 * The columns added after the chain began (the actor's name and email at the time; the subject, client
 * address and user agent), in the content only when stored: events sealed before a column existed keep
 * the content they were sealed with, and a value stored later is sealed (clearing or setting it in the
 * database breaks the hash like any other edit).
 */
const laterContent = (c: ChainColumns) =>
  sql`jsonb_strip_nulls(jsonb_build_object('actor_name', ${c.actorName}, 'actor_email', ${c.actorEmail}, 'subject_id', ${c.subjectId}, 'ip', ${c.ip}, 'user_agent', ${c.userAgent}))`;

const storedContent = contentOf({ ...auditEvents, occurredAt: instantText(auditEvents.occurredAt) });

export interface ChainedEvent {
  actorId: number | null;
  requestId: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  firmId: number | null;
  changes: Record<string, unknown> | null;
  subjectId: number | null;
  ip: string | null;
  userAgent: string | null;
}

/**
 * How much the chain serialises writes, since the process started: the writes that took its lock, the
 * time they waited for it, and the time they held it (from taking it to their commit). Held seconds per
 * second is the share of time the chain was busy; near 1, writes queue behind it.
 */
export interface ChainLockUse {
  writes: number;
  waitSeconds: number;
  holdSeconds: number;
}
const lockUse = new WeakMap<Executor, ChainLockUse>();

export function chainLockUse(db: Executor): ChainLockUse {
  return { ...(lockUse.get(db) ?? { writes: 0, waitSeconds: 0, holdSeconds: 0 }) };
}

/**
 * The lock of one write, filled in as it goes: when it was asked for and taken (performance.now()
 * milliseconds). A write that fails while waiting or holding still counts its time.
 */
export interface ChainLockTimes {
  askedAt?: number;
  takenAt?: number;
}

/** Counts a write's wait for the chain's lock and its hold, once its transaction has ended. */
export function chainLockReleased(db: Executor, lock: ChainLockTimes, releasedAt: number) {
  if (lock.askedAt === undefined) return;
  const use = lockUse.get(db) ?? { writes: 0, waitSeconds: 0, holdSeconds: 0 };
  lockUse.set(db, use);
  use.waitSeconds += ((lock.takenAt ?? releasedAt) - lock.askedAt) / 1000;
  if (lock.takenAt === undefined) return;
  use.writes += 1;
  use.holdSeconds += (releasedAt - lock.takenAt) / 1000;
}

/** The events' columns as `jsonb_to_recordset` reads them, typed as their columns are. */
const EVENT_RECORD = sql.raw(
  'ord integer, actor_id integer, firm_id integer, action text, entity text, entity_id text, changes jsonb, request_id text, subject_id integer, ip text, user_agent text',
);
/** What the chain adds to each event: its place and time, its actor as they were, its links. */
const LINK_RECORD = sql.raw(
  'ord integer, id bigint, occurred_at text, actor_name text, actor_email text, prev_hash text, hash text',
);

/** An event's own columns by their names, as `EVENT_RECORD` reads them. */
const columnsOf = (e: ChainedEvent) => ({
  actor_id: e.actorId,
  firm_id: e.firmId,
  action: e.action,
  entity: e.entity,
  entity_id: e.entityId,
  changes: e.changes,
  request_id: e.requestId,
  subject_id: e.subjectId,
  ip: e.ip,
  user_agent: e.userAgent,
});

/**
 * Appends events at the end of the chain, in the caller's transaction (the last thing it does before
 * committing: the lock waits for the previous writer's commit and is held until this one's). The
 * events travel as one JSON parameter of each of the two statements, so a statement costs the same to
 * build for one event or a thousand. `lock` gets when the lock was asked for and taken.
 */
export async function appendChained(db: Executor, tx: Tx, events: readonly ChainedEvent[], lock: ChainLockTimes = {}) {
  await (await appendChainedBeforeCommit(db, tx, events, lock)).stored;
}

/**
 * `appendChained` for a transaction that commits right after: the events' insert is sent and not
 * awaited, so the COMMIT that follows it leaves as soon as the insert is done, without a turn of the
 * process's event loop in between while the chain's lock is held (under load, such a turn waits behind
 * the other requests' work). `stored` settles with the insert: the caller awaits it after the commit. A failed
 * insert aborts the transaction, and PostgreSQL answers the COMMIT behind it with a rollback; `stored`
 * then rejects with the insert's error.
 */
export async function appendChainedBeforeCommit(
  db: Executor,
  tx: Tx,
  events: readonly ChainedEvent[],
  lock: ChainLockTimes = {},
): Promise<{ stored: Promise<void> }> {
  const given = JSON.stringify(events.map((e, ord) => ({ ord, ...columnsOf(e) })));
  return chainRows(db, tx, GIVEN, events.length, lock, { given });
}

/** A write's own events, as one JSON parameter (`given`): the source whose statements are built once. */
const GIVEN = Symbol('the given events');

/**
 * The chain's end (`audit_chain_take`: the lock, then the last hash and the events' ids and times) with
 * the events' contents. The lock, the last hash, the ids and the times come from the function (its own
 * statements see the previous holder's committed events, which this statement's snapshot, taken before
 * the wait, would not); the actor's name and email as they are now. The contents are sealed as stored:
 * the changes are the jsonb the insert below stores.
 */
const takeStatement = shapedStatement(
  (source: SQL | typeof GIVEN) => (source === GIVEN ? 'given' : undefined),
  (_: Tx, source) =>
    sql`select t.ord, t.id::text as id, t.at, s.actor_name, s.actor_email, ${contentOf({
      id: sql`t.id`,
      occurredAt: sql`t.at`,
      actorId: sql`s.actor_id`,
      actorName: sql`s.actor_name`,
      actorEmail: sql`s.actor_email`,
      firmId: sql`s.firm_id`,
      action: sql`s.action`,
      entity: sql`s.entity`,
      entityId: sql`s.entity_id`,
      changes: sql`s.changes`,
      requestId: sql`s.request_id`,
      subjectId: sql`s.subject_id`,
      ip: sql`s.ip`,
      userAgent: sql`s.user_agent`,
    })} as content, t.last
    from audit_chain_take(${sql.placeholder('key')}, ${sql.placeholder('count')}) t
    join (select v.*, ${personNameSql({ first: sql`u.first_name`, last: sql`u.last_name` })} as actor_name,
                 u.email as actor_email
          from ${sourceSql(source)}
          left join users u on u.id = v.actor_id) s on s.ord = t.ord` as SQL<TakenRow[]>,
);

/** The events' insert, with what the chain gave each one (`links`). */
const insertStatement = shapedStatement(
  (source: SQL | typeof GIVEN) => (source === GIVEN ? 'given' : undefined),
  (_: Tx, source) =>
    sql`insert into ${auditEvents} (id, occurred_at, actor_id, actor_name, actor_email, firm_id, action,
      entity, entity_id, changes, request_id, subject_id, ip, user_agent, prev_hash, hash)
    select r.id, r.occurred_at::timestamptz, v.actor_id, r.actor_name, r.actor_email, v.firm_id, v.action, v.entity,
      v.entity_id, v.changes, v.request_id, v.subject_id, v.ip, v.user_agent, r.prev_hash, r.hash
    from ${sourceSql(source)} join jsonb_to_recordset(${sql.placeholder('links')}::jsonb) as r(${LINK_RECORD}) on r.ord = v.ord`,
);

const sourceSql = (source: SQL | typeof GIVEN) =>
  source === GIVEN ? sql`jsonb_to_recordset(${sql.placeholder('given')}::jsonb) as v(${EVENT_RECORD})` : source;

interface TakenRow {
  ord: number;
  id: string;
  at: string;
  actor_name: string | null;
  actor_email: string | null;
  content: string;
  last: string | null;
}

/**
 * Appends the `count` events that `source` names (a FROM item, aliased `v`, with the columns of
 * `EVENT_RECORD` and `ord` from 0 to count - 1, the same rows each time it is read): the given events
 * of a write, or a bulk load's rows made in SQL.
 */
export async function appendChainedRows(db: Executor, tx: Tx, source: SQL, count: number, lock: ChainLockTimes = {}) {
  await (await chainRows(db, tx, source, count, lock)).stored;
}

/**
 * Two statements whatever the number of events: the chain's end (`audit_chain_take`: the lock, then
 * the last hash and the events' ids and times) with the events' contents, and the insert of the events
 * with what the chain gave them, which is returned started and not awaited (`stored`).
 */
async function chainRows(
  db: Executor,
  tx: Tx,
  source: SQL | typeof GIVEN,
  count: number,
  lock: ChainLockTimes,
  values: Record<string, unknown> = {},
): Promise<{ stored: Promise<void> }> {
  const key = keyOf(db);
  lock.askedAt = performance.now();
  const prepared = await takeStatement(tx, source, { key: CHAIN_LOCK_KEY, count, ...values });
  // Taken, as this process sees it, once the chain's end is answered: the hold runs from there to the commit.
  lock.takenAt = performance.now();
  // The chain's order is the id order.
  prepared.sort((a, b) => Number(a.id) - Number(b.id));
  let prevHash = prepared[0]?.last ?? null;
  const links = prepared.map((p) => {
    const hash = sealOf(key, prevHash, p.content);
    const link = {
      ord: p.ord,
      id: p.id,
      occurred_at: p.at,
      actor_name: p.actor_name,
      actor_email: p.actor_email,
      prev_hash: prevHash,
      hash,
    };
    prevHash = hash;
    return link;
  });
  const insert = insertStatement(tx, source, { links: JSON.stringify(links), ...values });
  return { stored: started(insert) };
}

/**
 * A query's outcome, kept for whoever awaits it later, and never an unhandled rejection meanwhile. The
 * query is sent at once: a kept statement when it is called, a drizzle builder when `then` is.
 */
function started(query: PromiseLike<unknown>): Promise<void> {
  const outcome = new Promise<void>((resolve, reject) => {
    query.then(() => resolve(), reject);
  });
  outcome.catch(() => {});
  return outcome;
}

export interface ChainCheck {
  ok: boolean;
  checked: number;
  first_bad_id: number | null;
}

const sameHash = (a: string | null, b: string) =>
  a !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Walks the whole chain oldest first, a batch at a time by id (flat memory, no transaction held):
 * the first event whose hash is not its content's (or that has none), or whose previous hash is not the hash of the event
 * before it (one was deleted, or inserted), is the first bad one. `checked` counts the events read up to
 * and including it.
 */
export async function verifyChain(db: Executor, batch = VERIFY_BATCH): Promise<ChainCheck> {
  const key = keyOf(db);
  let after = 0;
  let prev: string | null = null;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select({ id: auditEvents.id, prevHash: auditEvents.prevHash, hash: auditEvents.hash, content: storedContent })
      .from(auditEvents)
      .where(gt(auditEvents.id, after))
      .orderBy(asc(auditEvents.id))
      .limit(batch);
    for (const row of rows) {
      checked++;
      const linked = row.prevHash === prev;
      if (!linked || !sameHash(row.hash, sealOf(key, row.prevHash, row.content)))
        return { ok: false, checked, first_bad_id: row.id };
      prev = row.hash;
    }
    if (rows.length < batch) return { ok: true, checked, first_bad_id: null };
    after = rows[rows.length - 1].id;
  }
}

export interface SealResult {
  /** Events recorded before the chain, sealed now. */
  sealed: number;
  /** Events without a hash left as they are: the chain had started, so they are tampering (verify shows them). */
  refused: number;
}

/**
 * Seals the events recorded before the chain existed (the migration that added it left them without
 * a hash), oldest first, once per database, ever: only while `audit_chain_state` says the chain has
 * not started, and sealing them starts it in the same transaction. The marker lives outside the events:
 * someone who clears every event's hash (so that no event looks sealed) has the app seal their edits
 * only if they also put the marker back to pending past its own trigger. A new database starts its
 * chain at migration, before its first event. The sealing is itself an event of the trail.
 * Run at start under the chain's lock, so instances starting together seal once.
 */
export async function sealUnchainedEvents(db: Db): Promise<SealResult> {
  const key = keyOf(db);
  return db.transaction(async (tx) => {
    // Once per database and possibly long (every older event): not bounded like a request's statements.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
    const [state] = await tx.select({ startedAt: auditChainState.startedAt }).from(auditChainState);
    // No marker at all is tampering too: its migration always writes it.
    if (!state || state.startedAt !== null) {
      const [left] = await tx.select({ n: count() }).from(auditEvents).where(isNull(auditEvents.hash));
      return { sealed: 0, refused: left.n };
    }
    let prev: string | null = null;
    let sealed = 0;
    let after = 0;
    for (;;) {
      const batch = await tx
        .select({ id: auditEvents.id, content: storedContent })
        .from(auditEvents)
        .where(and(gt(auditEvents.id, after), isNull(auditEvents.hash)))
        .orderBy(asc(auditEvents.id))
        .limit(VERIFY_BATCH);
      if (batch.length === 0) break;
      const seals = batch.map((row) => {
        const seal = { id: row.id, prevHash: prev, hash: sealOf(key, prev, row.content) };
        prev = seal.hash;
        return seal;
      });
      // The one update the append-only trigger allows: an unsealed row's hash columns, from null.
      const rows = sql.join(
        seals.map((x) => sql`(${x.id}::bigint, ${x.prevHash}::text, ${x.hash}::text)`),
        sql`, `,
      );
      await tx.execute(
        sql`update audit_events set prev_hash = v.prev_hash, hash = v.hash from (values ${rows}) as v(id, prev_hash, hash) where audit_events.id = v.id`,
      );
      sealed += batch.length;
      after = batch[batch.length - 1].id;
    }
    await tx.update(auditChainState).set({ startedAt: sql`now()` });
    if (sealed > 0)
      await appendChained(db, tx, [
        {
          actorId: null,
          requestId: null,
          action: 'seal',
          entity: 'audit_chain',
          entityId: null,
          firmId: null,
          changes: { events: sealed },
          subjectId: null,
          ip: null,
          userAgent: null,
        },
      ]);
    return { sealed, refused: 0 };
  });
}
