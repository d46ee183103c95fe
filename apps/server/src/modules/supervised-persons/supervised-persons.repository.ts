import {
  DEFAULT_GRACE_DAYS,
  type FiscalPeriod,
  type Scope,
  type SubmissionStatus,
  type SubmissionStatusRow,
  type SubmissionSummary,
  type SupervisedPerson,
  submissionStatusFields,
  supervisedPersonFields,
} from '@portal/domain';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  attestationReminders,
  attestations,
  firms,
  profiles,
  supervisedPersons,
  users,
} from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity, type StoredRow } from '../../platform/entity.js';
import { isoInstant } from '../../platform/iso-instant.js';
import { countAll, orderedPage, type PageRequest, scopeWhere, searchWhere } from '../../platform/list.js';

/** The person's name, address and firm come from their account; the roster keeps the flags. */
const fromAccount = (column: string) => (r: StoredRow) => r[column] ?? null;
const supervisedPersonEntity = bindEntity(
  'supervised person',
  supervisedPersonFields,
  { '': supervisedPersons },
  {
    first_name: fromAccount('firstName'),
    last_name: fromAccount('lastName'),
    email: fromAccount('email'),
    firm_id: fromAccount('firmId'),
    firm_name: fromAccount('firmName'),
    has_attested: (r) => r.attestedAt != null,
    attested_date: (r) => (r.attestedAt instanceof Date ? r.attestedAt.toISOString() : null),
  },
);

export { supervisedPersonEntity };

const owner = { firm: profiles.firmId, person: users.id };
const live = and(isNull(supervisedPersons.removedAt), isNull(users.deletedAt));

/** When the person filed the attestation of the period, if they did. */
const attestedAt = (period: FiscalPeriod) =>
  sql<Date | null>`(
  select a.created_at from ${attestations} a
  where a.owner_id = ${supervisedPersons.userId} and a.deleted_at is null
    and a.fiscal_year = ${period.fiscalYear} and a.fiscal_quarter = ${period.fiscalQuarter}
  limit 1)`.mapWith((v) => (v == null ? null : new Date(v)));

const columns = (period: FiscalPeriod) => ({
  id: supervisedPersons.id,
  userId: supervisedPersons.userId,
  hasToSubmitPersonalSecurities: supervisedPersons.hasToSubmitPersonalSecurities,
  hasToSubmitOutsideBusinessActivities: supervisedPersons.hasToSubmitOutsideBusinessActivities,
  hasToSubmitPoliticalContributions: supervisedPersons.hasToSubmitPoliticalContributions,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  firmId: profiles.firmId,
  firmName: firms.name,
  attestedAt: attestedAt(period),
});

const toWire = (r: StoredRow) => supervisedPersonEntity.toWire(r) as SupervisedPerson;

/** The FROM of every roster read: the entry, its person's account and profile, and their firm. */
function roster<T extends Record<string, unknown>>(ex: Executor, select: T) {
  return ex
    .select(select as never)
    .from(supervisedPersons)
    .innerJoin(users, eq(users.id, supervisedPersons.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(firms, eq(firms.id, profiles.firmId))
    .$dynamic();
}

const SORT_COLUMNS: Record<string, SQL> = {
  first_name: sql`${users.firstName}`,
  last_name: sql`${users.lastName}`,
  email: sql`lower(${users.email})`,
  firm_name: sql`${firms.name}`,
};
function orderOf(ordering: string): SQL[] {
  const column = SORT_COLUMNS[ordering.replace(/^-/, '')];
  const direction = ordering.startsWith('-') ? sql`desc` : sql`asc`;
  return [sql`${column} ${direction} nulls last`, sql`${users.lastName} asc`, sql`${supervisedPersons.id} asc`];
}

/** What a page of the roster is made of: the entries, their accounts, profiles, firms and filings. */
export const ROSTER_READS = ['supervised_persons', 'users', 'profiles', 'firms', 'quarterly_attestations'] as const;

export async function listRoster(
  ex: Executor,
  scope: Scope,
  f: { firm?: number; search?: string; ordering: string },
  period: FiscalPeriod,
  page: PageRequest,
) {
  const where = and(
    live,
    scopeWhere(scope, owner),
    f.firm === undefined ? undefined : eq(profiles.firmId, f.firm),
    searchWhere(f.search, [users.firstName, users.lastName, users.email]),
  );
  // A firm's roster by name: the order is kept per table versions (sorting a roster of thousands for
  // each page was most of the list's cost) and a page reads its rows, with the period's filing, by id.
  const { rows, count } = await orderedPage(
    ex,
    {
      ids: roster(ex, { id: supervisedPersons.id }),
      count: roster(ex, countAll()),
      rows: async (ids, versions) =>
        (await roster(ex, { ...columns(period), versions }).where(inArray(supervisedPersons.id, ids))) as StoredRow[],
      idOf: (row) => row.id as number,
      countReads: ['supervised_persons', 'users', 'profiles', 'firms'],
    },
    where,
    orderOf(f.ordering),
    page,
  );
  return { count, results: rows.map(toWire) };
}

async function findOne(ex: Executor, scope: Scope, condition: SQL, period: FiscalPeriod) {
  const [row] = await roster(ex, columns(period)).where(and(live, condition, scopeWhere(scope, owner)));
  return row ? toWire(row as StoredRow) : undefined;
}

export const findRosterEntry = (ex: Executor, scope: Scope, id: number, period: FiscalPeriod) =>
  findOne(ex, scope, eq(supervisedPersons.id, id), period);

export const findRosterEntryOfUser = (ex: Executor, scope: Scope, userId: number, period: FiscalPeriod) =>
  findOne(ex, scope, eq(supervisedPersons.userId, userId), period);

export async function insertRosterEntry(ex: AuditedTx, values: typeof supervisedPersons.$inferInsert) {
  const [row] = await ex.insert(supervisedPersons).values(values).returning({ id: supervisedPersons.id });
  return row.id;
}

export async function updateRosterEntry(
  ex: AuditedTx,
  id: number,
  values: Partial<typeof supervisedPersons.$inferInsert>,
) {
  await ex
    .update(supervisedPersons)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(supervisedPersons.id, id));
}

/** Off the roster; the row and its dates stay (Rule 204-2). */
export async function removeRosterEntry(ex: AuditedTx, id: number, byId: number) {
  await ex
    .update(supervisedPersons)
    .set({ removedAt: new Date(), removedById: byId, updatedAt: new Date() })
    .where(eq(supervisedPersons.id, id));
}

/**
 * The submission status of every person on the roster for a period. The rule is the
 * domain's `submissionStatus`; this is the same rule in SQL, so a list can be filtered, sorted, paged
 * and counted by it: the filed attestation's status, else Delinquent once `today` is past the firm's
 * due date (the quarter after the period opens on `opensOn`, plus the firm's grace days).
 */
export interface StatusWindow {
  period: FiscalPeriod;
  /** The first day of the quarter after the period: the filing opens. */
  opensOn: string;
  today: string;
}

const filed = (w: StatusWindow) =>
  and(
    eq(attestations.ownerId, supervisedPersons.userId),
    isNull(attestations.deletedAt),
    eq(attestations.fiscalYear, w.period.fiscalYear),
    eq(attestations.fiscalQuarter, w.period.fiscalQuarter),
  );
const graceDays = sql`coalesce(${firms.attestationGraceDays}, ${DEFAULT_GRACE_DAYS})`;
const dueDate = (w: StatusWindow) => sql`(${w.opensOn}::date + ${graceDays})`;
const statusOf = (w: StatusWindow) =>
  sql<SubmissionStatus>`(case when ${attestations.status} is not null then ${attestations.status}
    when ${w.today}::date > ${dueDate(w)} then 'Delinquent' else 'Pending' end)`;

function statusFrom<T extends Record<string, unknown>>(ex: Executor, w: StatusWindow, select: T) {
  return roster(ex, select).leftJoin(attestations, filed(w));
}

/**
 * The newest reminder mailed to the person for the period (a CCO's or the schedule's): one backward
 * step on the reminders' (user, year, quarter, sent_at) index per row of the page.
 */
const lastRemindedAt = (period: FiscalPeriod) =>
  sql<string | null>`(
  select ${isoInstant(sql`r.sent_at`)} from ${attestationReminders} r
  where r.user_id = ${supervisedPersons.userId}
    and r.fiscal_year = ${period.fiscalYear} and r.fiscal_quarter = ${period.fiscalQuarter}
  order by r.sent_at desc limit 1)`;

/** Most urgent first: who has not filed and is late, then who may still file, then the filed. */
const statusRank = (w: StatusWindow) =>
  sql`(case ${statusOf(w)} when 'Delinquent' then 0 when 'Pending' then 1 when 'Submitted' then 2 else 3 end)`;

/**
 * A status row's columns that the period does not change; its status and last reminder are read per
 * period (`statusOf`, `lastRemindedAt`). Sorted columns put empty values last both ways; an address
 * sorts without regard to case, the status by urgency (`statusRank`, given per period).
 */
const statusColumns = {
  id: supervisedPersons.id,
  userId: supervisedPersons.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  firmId: profiles.firmId,
  firmName: firms.name,
  attestationId: attestations.id,
  submittedDate: attestations.submittedDate,
  attestedAt: isoInstant(attestations.createdAt),
};
const statusRowEntity = bindEntity(
  'submission status row',
  submissionStatusFields,
  { '': statusColumns },
  { status: (row) => row.status, last_reminded_at: (row) => row.lastRemindedAt },
  { sortBy: { email: [{ by: sql`lower(${users.email})`, nulls: 'last' }] } },
);

/** What a page of the submission status is made of: the roster's tables, and the reminders sent. */
export const STATUS_READS = [...ROSTER_READS, 'attestation_reminders'] as const;

export async function listSubmissionStatus(
  ex: Executor,
  scope: Scope,
  f: { firm?: number; status?: SubmissionStatus[]; search?: string; ordering: string },
  w: StatusWindow,
  page: PageRequest,
): Promise<{ rows: SubmissionStatusRow[]; count: number; versions?: string }> {
  const where = and(
    live,
    scopeWhere(scope, owner),
    f.firm === undefined ? undefined : eq(profiles.firmId, f.firm),
    f.status === undefined ? undefined : inArray(statusOf(w), f.status),
    searchWhere(f.search, [users.firstName, users.lastName, users.email]),
  );
  const select = { ...statusColumns, status: statusOf(w), lastRemindedAt: lastRemindedAt(w.period) };
  // Sorting by status visits every person of the roster (a few thousand index reads for a large firm):
  // the order is kept per table versions and a page reads its 50 rows by id.
  const { rows, count, versions } = await orderedPage(
    ex,
    {
      ids: statusFrom(ex, w, { id: supervisedPersons.id }),
      count: statusFrom(ex, w, countAll()),
      rows: async (ids, versions) =>
        (await statusFrom(ex, w, { ...select, versions }).where(inArray(supervisedPersons.id, ids))) as StoredRow[],
      idOf: (row) => row.id as number,
      countReads: ['supervised_persons', 'users', 'profiles', 'firms', 'quarterly_attestations'],
    },
    where,
    statusRowEntity.orderByWith(
      f.ordering,
      { status: [{ by: statusRank(w), nulls: 'last' }] },
      users.lastName,
      users.firstName,
      supervisedPersons.id,
    ),
    page,
  );
  return { count, rows: rows.map((row) => statusRowEntity.toWire(row) as SubmissionStatusRow), versions };
}

/** Each firm's standing for the period, over its whole roster (no search or status filter). */
export async function submissionSummaries(
  ex: Executor,
  scope: Scope,
  f: { firm?: number },
  w: StatusWindow,
): Promise<SubmissionSummary[]> {
  const status = statusOf(w);
  const n = (s: SubmissionStatus) => sql<number>`count(*) filter (where ${status} = ${s})`.mapWith(Number);
  const rows = await statusFrom(ex, w, {
    firm_id: profiles.firmId,
    firm_name: firms.name,
    total: sql<number>`count(*)`.mapWith(Number),
    reviewed: n('Reviewed'),
    submitted: n('Submitted'),
    pending: n('Pending'),
    delinquent: n('Delinquent'),
    due_date: sql<string>`to_char(${dueDate(w)}, 'YYYY-MM-DD')`,
  })
    .where(and(live, scopeWhere(scope, owner), f.firm === undefined ? undefined : eq(profiles.firmId, f.firm)))
    .groupBy(profiles.firmId, firms.name, firms.attestationGraceDays)
    .orderBy(asc(firms.name));
  return (rows as Omit<SubmissionSummary, 'percent_complete'>[]).map((r) => ({
    ...r,
    percent_complete: r.total ? Math.floor((100 * (r.submitted + r.reviewed)) / r.total) : 0,
  }));
}

/** A person's standing for a period, with what a reminder needs to say it. */
export interface Standing {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  isActive: boolean;
  firmId: number | null;
  firmName: string | null;
  status: SubmissionStatus;
  graceDays: number;
}

/**
 * The standing of the people on the roster within `scope` for a period, by the same SQL rule as the
 * list: one person (`user`), a firm's, or everyone's; `unfiled` keeps the Pending and Delinquent.
 */
export async function standings(
  ex: Executor,
  scope: Scope,
  f: { firm?: number; user?: number; unfiled?: boolean },
  w: StatusWindow,
): Promise<Standing[]> {
  const status = statusOf(w);
  const rows = await statusFrom(ex, w, {
    userId: supervisedPersons.userId,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    isActive: users.isActive,
    firmId: profiles.firmId,
    firmName: firms.name,
    status,
    graceDays: sql<number>`${graceDays}`.mapWith(Number),
  })
    .where(
      and(
        live,
        scopeWhere(scope, owner),
        f.firm === undefined ? undefined : eq(profiles.firmId, f.firm),
        f.user === undefined ? undefined : eq(supervisedPersons.userId, f.user),
        f.unfiled ? sql`${status} in ('Pending', 'Delinquent')` : undefined,
      ),
    )
    .orderBy(asc(firms.name), asc(users.lastName), asc(users.firstName), asc(supervisedPersons.id));
  return rows as Standing[];
}
