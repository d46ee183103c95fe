import { auditEntitySpellings, auditEventFields, MAX_ID, type Scope } from '@portal/domain';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { auditEvents, firms, users } from '../../db/schema/index.js';
import { actorThen } from '../../platform/audit.js';
import { bindEntity } from '../../platform/entity.js';
import { isoInstant } from '../../platform/iso-instant.js';
import { countAll, listPage, type PageRequest, scopeWhere, searchWhere } from '../../platform/list.js';
import { personNameSql } from '../../platform/person-name.js';

/** The audit trail's filters as the service hands them over. */
export interface AuditFilter {
  /** An entity's name, or one of its former spellings: its events under every spelling the trail holds. */
  entity?: string;
  entityId?: string;
  /** A user id, or text matched against a person's name and email: their events as actor or subject. */
  actor?: string;
  firm?: number;
  action?: string;
  /** Days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string;
  to?: string;
  timeZone: string;
}

const USER_ID = /^[1-9][0-9]{0,9}$/;

/** An actor filter that names one account by its id (otherwise it searches names and addresses). */
const isPersonId = (actor: string) => USER_ID.test(actor) && Number(actor) <= MAX_ID;

/**
 * The events of the people a filter names, as actor or as subject: what someone did, and what was
 * done to their account while nobody was signed in (a reset asked in their name, a guessed password),
 * which before the subject was kept apart was recorded as theirs and found by the same filter. The ids
 * come first, so each side is read through its index (actor, subject).
 */
function actorWhere(actor: string | undefined): SQL | undefined {
  if (!actor) return undefined;
  if (isPersonId(actor)) return or(eq(auditEvents.actorId, Number(actor)), eq(auditEvents.subjectId, Number(actor)));
  const named = searchWhere(actor, [sql`${users.firstName} || ' ' || ${users.lastName}`, users.email]);
  const people = sql`(select ${users.id} from ${users} where ${named})`;
  return or(inArray(auditEvents.actorId, people), inArray(auditEvents.subjectId, people));
}

/**
 * The events of an entity under each spelling the trail holds for it (events are sealed with the
 * spelling they were recorded under, so older ones keep a former one). A list of literals compared to
 * the bare column, so the entity's index still serves it (or to `checkedOnRows`' expression).
 */
function entityWhere(entity: string | undefined, column: SQL): SQL | undefined {
  if (entity === undefined) return undefined;
  const spellings = auditEntitySpellings(entity);
  return spellings.length === 1 ? eq(column, entity) : inArray(column, spellings);
}

/**
 * A column compared on the rows found by another condition, never through its own index: when one
 * person's events are asked for, they are the narrow set, and the action and entity are checked on them.
 * The planner otherwise combined the person's index (a thousand events) with the action's (a third of the
 * trail, 66,000 entries for a common action) to keep 83.
 */
const checkedOnRows = (column: typeof auditEvents.action | typeof auditEvents.entity) => sql`(${column} || '')`;

/** The first instant of a day in the portal's time zone. */
const startOf = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;

function filterWhere(scope: Scope, f: AuditFilter): SQL | undefined {
  const person = f.actor !== undefined && isPersonId(f.actor);
  return and(
    scopeWhere(scope, { firm: auditEvents.firmId }),
    entityWhere(f.entity, person ? checkedOnRows(auditEvents.entity) : sql`${auditEvents.entity}`),
    f.entityId === undefined ? undefined : eq(auditEvents.entityId, f.entityId),
    f.firm === undefined ? undefined : eq(auditEvents.firmId, f.firm),
    f.action === undefined
      ? undefined
      : eq(person ? checkedOnRows(auditEvents.action) : sql`${auditEvents.action}`, f.action),
    actorWhere(f.actor),
    f.from === undefined ? undefined : sql`${auditEvents.occurredAt} >= ${startOf(f.from, f.timeZone)}`,
    f.to === undefined
      ? undefined
      : sql`${auditEvents.occurredAt} < ((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})`,
  );
}

/** The account an event is about, joined beside the actor's. */
const subjects = alias(users, 'subject');

/**
 * An event with its actor as they were then (stored with the event), else, for events recorded before
 * that was kept, as the account is now (a deleted one's row too); its subject as the account is now;
 * and its firm's name.
 */
const eventColumns = {
  id: auditEvents.id,
  occurredAt: isoInstant(auditEvents.occurredAt),
  actorId: auditEvents.actorId,
  ...actorThen,
  action: auditEvents.action,
  entity: auditEvents.entity,
  entityId: auditEvents.entityId,
  firmId: auditEvents.firmId,
  firmName: firms.name,
  requestId: auditEvents.requestId,
  subjectId: auditEvents.subjectId,
  subjectName: sql<string | null>`${personNameSql({ first: subjects.firstName, last: subjects.lastName })}`,
  subjectEmail: subjects.email,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
  changes: auditEvents.changes,
  prevHash: auditEvents.prevHash,
  hash: auditEvents.hash,
};
/**
 * An event as the viewer answers it: `changes` is given by the caller as the list of fields it
 * reads from the recorded changes (`changesOf`). Time order is the chain's order, the id order.
 */
export const auditEventEntity = bindEntity(
  'audit event',
  auditEventFields,
  { '': eventColumns },
  {},
  { sortBy: { occurred_at: [auditEvents.id] } },
);

export interface AuditEventRecord {
  id: number;
  occurredAt: string;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  firmId: number | null;
  firmName: string | null;
  requestId: string | null;
  subjectId: number | null;
  subjectName: string | null;
  subjectEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  changes: unknown;
  prevHash: string | null;
  hash: string | null;
}

/** What a page of events is made of: the events, their actors and subjects, their firms' names. */
export const AUDIT_LIST_READS = ['audit_events', 'users', 'firms'] as const;

/** One page, newest first by default. The chain's order is the id order (and the time order). */
export async function listAuditEvents(
  ex: Executor,
  scope: Scope,
  f: AuditFilter,
  ordering: '-occurred_at' | 'occurred_at',
  page: PageRequest,
) {
  const { rows, count } = await listPage(
    ex,
    {
      rows: (versions) =>
        ex
          .select({ ...eventColumns, versions })
          .from(auditEvents)
          .leftJoin(users, eq(users.id, auditEvents.actorId))
          .leftJoin(firms, eq(firms.id, auditEvents.firmId))
          .leftJoin(subjects, eq(subjects.id, auditEvents.subjectId))
          .$dynamic(),
      count: ex.select(countAll()).from(auditEvents).$dynamic(),
      countReads: AUDIT_LIST_READS,
    },
    filterWhere(scope, f),
    auditEventEntity.orderBy(ordering),
    page,
  );
  return { rows: rows as unknown as AuditEventRecord[], count };
}

/** Whether any event matches: an empty export is refused before the file starts. */
export async function hasAuditEvents(ex: Executor, scope: Scope, f: AuditFilter) {
  const [row] = await ex.select({ id: auditEvents.id }).from(auditEvents).where(filterWhere(scope, f)).limit(1);
  return row !== undefined;
}

export const EXPORT_BATCH_SIZE = 1000;

/** The matching events oldest first (the chain's order), a batch at a time by id: any size in flat memory. */
export async function* auditEventBatches(ex: Executor, scope: Scope, f: AuditFilter, size = EXPORT_BATCH_SIZE) {
  let after = 0;
  for (;;) {
    const rows = (await ex
      .select(eventColumns)
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .leftJoin(firms, eq(firms.id, auditEvents.firmId))
      .leftJoin(subjects, eq(subjects.id, auditEvents.subjectId))
      .where(and(filterWhere(scope, f), gt(auditEvents.id, after)))
      .orderBy(asc(auditEvents.id))
      .limit(size)) as unknown as AuditEventRecord[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1].id;
  }
}
