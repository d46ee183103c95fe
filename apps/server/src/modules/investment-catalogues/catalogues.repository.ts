import { type CatalogueUses, feeScheduleFields, investmentModelFields, ProfileType, type Scope } from '@portal/domain';
import { and, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  feeSchedules,
  firmFeeSchedules,
  firmModels,
  firms,
  investmentModels,
  investmentStrategies,
  profiles,
  users,
} from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { type AuditedEntity, bindEntity } from '../../platform/entity.js';
import {
  countAll,
  listPage,
  type PageRequest,
  type ScopeId,
  type ScopeIds,
  scopedStatement,
  searchWhere,
  type VersionedTable,
} from '../../platform/list.js';

/**
 * Both catalogues are built from one column set (`catalogueColumns` in db/schema/investments.ts), so
 * one set of queries serves both: the fee schedules' tables are used under the models' table types.
 */
type CatalogueTable = typeof investmentModels;
type AssignmentTable = typeof firmModels;

export interface CatalogueKind {
  table: CatalogueTable;
  /** The firms an entry is offered to: a live row there is a use of the entry. */
  assignments: AssignmentTable;
  entity: AuditedEntity;
  versioned: VersionedTable;
  /** The versions of `assignments`: what an advisor may pick moves with them. */
  assignmentsVersioned: VersionedTable;
  /** The strategies' column naming an entry of this catalogue: a strategy is a use of the entry. */
  strategyColumn: PgColumn;
}

export const investmentModelKind: CatalogueKind = {
  table: investmentModels,
  assignments: firmModels,
  entity: bindEntity('investment model', investmentModelFields, { '': investmentModels }),
  versioned: 'investment_models',
  assignmentsVersioned: 'firm_models',
  strategyColumn: investmentStrategies.investmentModelId,
};

export const feeScheduleKind: CatalogueKind = {
  table: feeSchedules as unknown as CatalogueTable,
  assignments: firmFeeSchedules as unknown as AssignmentTable,
  entity: bindEntity('fee schedule', feeScheduleFields, { '': feeSchedules }),
  versioned: 'fee_schedules',
  assignmentsVersioned: 'firm_fee_schedules',
  strategyColumn: investmentStrategies.feeScheduleId,
};

const columnsOf = (t: CatalogueTable) => ({
  id: t.id,
  name: t.name,
  firmId: t.firmId,
  financialAdvisorId: t.financialAdvisorId,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});
export type CatalogueRow = { id: number; name: string; firmId: number; financialAdvisorId: number | null } & {
  createdAt: Date;
  updatedAt: Date;
};

/** A scope's firms as a condition on `firm` (nothing when every firm). */
export function firmsWhere(scope: ScopeIds, firm: PgColumn): SQL | undefined {
  if (scope.firms === 'all') return undefined;
  return scope.firms.length ? inArray(firm, [...scope.firms]) : sql`false`;
}

/**
 * What an advisor may pick (and so reads): their own entries, and the shared ones (no advisor named)
 * that their firm is offered (a live Firm Models / Firm Fee Schedules row). A shared entry merely kept
 * in the catalogue is not offered: the assignment is the firm's gate. Another
 * advisor's private entry stays theirs, even when offered to the firm.
 */
export function pickableBy(kind: CatalogueKind, advisorId: ScopeId): SQL {
  const t = kind.table;
  const a = kind.assignments;
  const offered = sql`exists (select 1 from ${a} where ${a.entryId} = ${t.id} and ${a.firmId} = ${t.firmId} and ${a.deletedAt} is null)`;
  return or(eq(t.financialAdvisorId, advisorId), and(isNull(t.financialAdvisorId), offered)) as SQL;
}

/** The live entries a scope reaches: an advisor's scope (their book) only what they may pick. */
export function entriesWhere(scope: ScopeIds, kind: CatalogueKind): SQL | undefined {
  const t = kind.table;
  const people = scope.people;
  const person = people === 'all' ? undefined : 'advisorOf' in people ? people.advisorOf : people.self;
  return and(
    isNull(t.deletedAt),
    firmsWhere(scope, t.firmId),
    person === undefined ? undefined : pickableBy(kind, person),
  );
}

export interface CatalogueFilters {
  search?: string;
  ordering: string;
  firm?: number;
  /** What one advisor may pick (`pickableBy`). */
  advisor?: number;
}

/** What a list of entries is made of: the entries, their firms' names, and the offers (`pickableBy`). */
export const listReads = (kind: CatalogueKind) => [kind.versioned, 'firms', kind.assignmentsVersioned] as const;

export async function listEntries(
  ex: Executor,
  kind: CatalogueKind,
  scope: Scope,
  f: CatalogueFilters,
  page: PageRequest,
): Promise<{ rows: CatalogueRow[]; count: number }> {
  const t = kind.table;
  const where = and(
    entriesWhere(scope, kind),
    f.firm === undefined ? undefined : eq(t.firmId, f.firm),
    f.advisor === undefined ? undefined : pickableBy(kind, f.advisor),
    // A fee schedule is found by its name or its firm's.
    searchWhere(f.search, [t.name, firms.name]),
  );
  const { rows, count } = await listPage(
    ex,
    {
      rows: (versions) =>
        ex
          .select({ ...columnsOf(t), versions })
          .from(t)
          .innerJoin(firms, eq(firms.id, t.firmId))
          .$dynamic(),
      count: ex.select(countAll()).from(t).innerJoin(firms, eq(firms.id, t.firmId)).$dynamic(),
      // An advisor's scope or filter reads the offers too (`pickableBy`).
      countReads: listReads(kind),
    },
    where,
    kind.entity.orderBy(f.ordering, t.id),
    page,
  );
  return { rows: rows as CatalogueRow[], count };
}

/**
 * A live entry within the scope. `lock` holds it against a concurrent delete until the caller's
 * transaction ends (a strategy naming it then counts before the delete does).
 */
export async function findEntry(ex: Executor, kind: CatalogueKind, scope: Scope, id: number, lock?: 'share') {
  const t = kind.table;
  const query = ex
    .select(columnsOf(t))
    .from(t)
    .where(and(eq(t.id, id), entriesWhere(scope, kind)));
  const [row] = await (lock ? query.for(lock, { of: t }) : query);
  return row as CatalogueRow | undefined;
}

/**
 * The names of several live entries within the scope in one statement (a sub-select of each entry's
 * table), each held as `findEntry` holds it; undefined for an entry the scope does not reach.
 */
export async function entryNames(
  ex: Executor,
  scope: Scope,
  picks: readonly { kind: CatalogueKind; id: number }[],
): Promise<(string | undefined)[]> {
  if (!picks.length) return [];
  const ids: Record<string, number> = {};
  picks.forEach((pick, i) => {
    ids[`id ${i}`] = pick.id;
  });
  const [row] = await namesStatement(
    ex,
    scope,
    picks.map((p) => p.kind),
    ids,
  );
  return picks.map((_, i) => row[`n${i}`] ?? undefined);
}
const namesStatement = scopedStatement(
  (kinds: CatalogueKind[]) => kinds.map((k) => k.versioned).join(','),
  (_: Executor, scope, kinds) => {
    const names = kinds.map((kind, i) => {
      const t = kind.table;
      const where = and(eq(t.id, sql.placeholder(`id ${i}`)), entriesWhere(scope, kind));
      return sql`(select ${t.name} from ${t} where ${where} for share of ${t}) as ${sql.identifier(`n${i}`)}`;
    });
    return sql`select ${sql.join(names, sql`, `)}` as SQL<Record<string, string | null>[]>;
  },
);

export async function insertEntry(ex: AuditedTx, kind: CatalogueKind, values: typeof investmentModels.$inferInsert) {
  const [row] = await ex.insert(kind.table).values(values).returning({ id: kind.table.id });
  return row.id;
}

export async function updateEntry(
  ex: AuditedTx,
  kind: CatalogueKind,
  id: number,
  values: Partial<typeof investmentModels.$inferInsert>,
) {
  await ex
    .update(kind.table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(kind.table.id, id));
}

export async function softDeleteEntry(ex: AuditedTx, kind: CatalogueKind, id: number, actorId: number) {
  await ex.update(kind.table).set({ deletedAt: new Date(), deletedById: actorId }).where(eq(kind.table.id, id));
}

/**
 * The records that use an entry, which then may be neither deleted nor moved to another firm: the live
 * offers of it to firms, and the investment strategies naming it (whatever their status: a filed
 * strategy keeps its model). The entry is locked first, so a strategy filed or an offer made meanwhile
 * (each holds it shared) is counted or waits. Only the scope's firms are itemised: a message must not
 * tell what another firm does.
 */
export async function usesOf(ex: Executor, kind: CatalogueKind, scope: Scope, id: number): Promise<CatalogueUses> {
  const a = kind.assignments;
  const s = investmentStrategies;
  await ex.select({ id: kind.table.id }).from(kind.table).where(eq(kind.table.id, id)).for('update');
  const within = (firm: PgColumn) => firmsWhere(scope, firm) ?? sql`true`;
  const [offers] = await ex
    .select({ all: count(), seen: sql<number>`count(*) filter (where ${within(a.firmId)})`.mapWith(Number) })
    .from(a)
    .where(and(eq(a.entryId, id), isNull(a.deletedAt)));
  const [strategies] = await ex
    .select({ all: count(), seen: sql<number>`count(*) filter (where ${within(s.firmId)})`.mapWith(Number) })
    .from(s)
    .where(eq(kind.strategyColumn, id));
  return {
    strategies: strategies.seen,
    firms: offers.seen,
    elsewhere: strategies.all - strategies.seen + offers.all - offers.seen,
  };
}

export const inUse = (u: CatalogueUses) => u.strategies + u.firms + u.elsewhere > 0;

/** Whether a firm exists (a super admin may name any). */
export async function firmExists(ex: Executor, id: number) {
  const [row] = await ex.select({ id: firms.id }).from(firms).where(eq(firms.id, id));
  return Boolean(row);
}

/** The firm of a `firm_tk` (the firm's number in the seed's paths), within the scope's firms. */
export async function firmIdOfTk(ex: Executor, scope: Scope, firmTk: number) {
  const [row] = await ex
    .select({ id: firms.id })
    .from(firms)
    .where(and(eq(firms.firmTk, firmTk), firmsWhere(scope, firms.id)))
    .orderBy(firms.id)
    .limit(1);
  return row?.id;
}

/** Whether `userId` is a live financial advisor (profile type 2) of `firmId`. */
export async function isAdvisorOfFirm(ex: Executor, userId: number, firmId: number) {
  const [row] = await ex
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        eq(profiles.firmId, firmId),
        eq(profiles.profileType, ProfileType.FinancialAdvisor),
        isNull(users.deletedAt),
      ),
    );
  return Boolean(row);
}
