import {
  CASH_REQUEST_LIST_FIELDS,
  cashRequestFields,
  INVESTMENT_STRATEGY_LIST_FIELDS,
  type InvestmentRequestKind,
  investmentStrategyFields,
  ProfileType,
  type Scope,
} from '@portal/domain';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  cashRequestSearchText,
  cashRequests,
  investmentStrategies,
  investmentStrategySearchText,
  profiles,
  users,
} from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { type AuditedEntity, bindEntity, type StoredRow } from '../../platform/entity.js';
import {
  type PageRequest,
  scopedStatement,
  scopeWhere,
  searchWhere,
  tablePage,
  type VersionedTable,
} from '../../platform/list.js';
import {
  type InsertStatements,
  insertStatements,
  statement,
  type UpdateStatements,
  updateStatements,
} from '../../platform/statements.js';

/**
 * Strategies and cash requests share their base columns (`requestColumns` in db/schema/investments.ts),
 * so one set of queries serves both: the cash requests' table is used under the strategies' type for
 * those columns, and each kind's own columns travel as plain values.
 */
type RequestTable = typeof investmentStrategies;
export type RequestRow = StoredRow & {
  id: number;
  firmId: number;
  clientId: number;
  submitterId: number;
  submitterEmail: string | null;
  submitterFirstName: string | null;
  submitterLastName: string | null;
  status: string;
  statusReason: string | null;
  accountName: string;
  accountNumber: string;
  relationshipName: string;
  createdAt: Date;
};

export interface RequestKind {
  kind: InvestmentRequestKind;
  table: RequestTable;
  entity: AuditedEntity;
  /** A list row (the contract's list fields): its columns, and its wire shape from them. */
  listRow: { columns: Record<string, PgColumn | SQL>; toWire: (row: StoredRow) => Record<string, unknown> };
  search: SQL;
  versioned: VersionedTable;
  insert: InsertStatements<RequestTable>;
  update: UpdateStatements<RequestTable>;
}

function kindOf(
  kind: InvestmentRequestKind,
  table: RequestTable,
  entity: AuditedEntity,
  listFields: readonly string[],
  search: SQL,
  versioned: VersionedTable,
): RequestKind {
  return {
    kind,
    table,
    entity,
    // Only the list's columns are read: a page sorts and ships 14 columns, not the record's 40.
    listRow: entity.listRow(listFields),
    search,
    versioned,
    insert: insertStatements(table),
    update: updateStatements(table),
  };
}

export const strategyKind = kindOf(
  'strategy',
  investmentStrategies,
  bindEntity('investment strategy', investmentStrategyFields, { '': investmentStrategies }),
  INVESTMENT_STRATEGY_LIST_FIELDS,
  investmentStrategySearchText(investmentStrategies),
  'investment_strategies',
);

export const cashRequestKind = kindOf(
  'cashRequest',
  cashRequests as unknown as RequestTable,
  bindEntity('cash request', cashRequestFields, { '': cashRequests }),
  CASH_REQUEST_LIST_FIELDS,
  cashRequestSearchText(cashRequests),
  'cash_requests',
);

/** The scope's people are the advisors who filed: an advisor's book is what they submitted. */
const ownerOf = (t: RequestTable) => ({ firm: t.firmId, person: t.submitterId });

export interface RequestFilters {
  clientId?: number;
  firm?: number;
  search?: string;
  status?: string[];
  ordering: string;
}

export async function listRequests(ex: Executor, k: RequestKind, scope: Scope, f: RequestFilters, page: PageRequest) {
  const t = k.table;
  const where = and(
    scopeWhere(scope, ownerOf(t)),
    f.clientId === undefined ? undefined : eq(t.clientId, f.clientId),
    f.firm === undefined ? undefined : eq(t.firmId, f.firm),
    f.status?.length ? inArray(t.status, f.status) : undefined,
    searchWhere(f.search, [k.search]),
  );
  const { rows, count } = await tablePage(
    ex,
    t,
    k.listRow.columns,
    [k.versioned],
    where,
    k.entity.orderBy(f.ordering, t.id),
    page,
    f.search,
  );
  return { count, results: rows.map((r) => k.listRow.toWire(r as StoredRow)) };
}

/** One request within the scope; `lock` holds it for the caller's transaction (a status move). */
export async function findRequest(ex: Executor, k: RequestKind, scope: Scope, id: number, lock?: 'update') {
  const [row] = await findStatement(ex, scope, { k, lock }, { id });
  return row as RequestRow | undefined;
}
const findStatement = scopedStatement(
  (s: { k: RequestKind; lock?: 'update' }) => `${s.k.kind}, ${s.lock ?? 'no lock'}`,
  (ex: Executor, scope, { k, lock }) => {
    const t = k.table;
    const query = ex
      .select()
      .from(t)
      .where(and(eq(t.id, sql.placeholder('id')), scopeWhere(scope, ownerOf(t))));
    return lock ? query.for(lock) : query;
  },
);

/** The new request as stored. */
export async function insertRequest(ex: AuditedTx, k: RequestKind, values: Record<string, unknown>) {
  const [row] = await k.insert.returning(ex, [values as typeof investmentStrategies.$inferInsert]);
  return row as RequestRow;
}

/** The request as stored after the change. */
export async function updateRequest(ex: AuditedTx, k: RequestKind, id: number, values: Record<string, unknown>) {
  const [row] = await k.update.returning(ex, id, { ...values, updatedAt: new Date() });
  return row as RequestRow;
}

/**
 * The user named as a request's client, whoever asks (the rule that judges it is `clientRefusal`): a
 * deleted account is none. Active: not deactivated (an invited client who has not signed in yet is
 * still the advisor's client, and a request is filed for them, not by them).
 */
export async function clientCandidate(ex: Executor, userId: number) {
  const [row] = await candidateStatement(ex, { userId });
  return row ? { ...row, active: row.deactivatedAt === null } : null;
}
const candidateStatement = statement((ex: Executor) =>
  ex
    .select({
      firmId: profiles.firmId,
      advisorId: users.advisorId,
      profileType: profiles.profileType,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt))),
);

/**
 * Who is mailed about a firm's new request: its live, active investments users; when it has none, its
 * administrators, so a request never waits unseen. Both groups come in one statement.
 */
export async function departmentOf(ex: Executor, firmId: number) {
  const rows = await departmentStatement(ex, { firmId });
  const investments = rows.filter((r) => r.investments);
  return (investments.length ? investments : rows).sort((a, b) => a.id - b.id).map((r) => r.email);
}
const departmentStatement = statement((ex: Executor) => {
  const firmId = sql.placeholder('firmId');
  const people = (investments: boolean, condition: SQL) =>
    ex
      .select({
        id: users.id,
        email: users.email,
        investments: sql<boolean>`${sql.raw(String(investments))}`.as('investments'),
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(
        and(
          eq(profiles.firmId, firmId),
          isNull(users.deletedAt),
          eq(users.isActive, true),
          ne(profiles.profileType, ProfileType.Client),
          condition,
        ),
      );
  return unionAll(
    people(true, eq(profiles.isInvestmentsUser, true)),
    // Each kind of administrator through its own index (an OR over the two tables read every profile of
    // the firm: thousands, for a few people).
    people(
      false,
      sql`${users.id} in (select p.user_id from ${profiles} p where p.firm_id = ${firmId}
        and p.profile_type = ${ProfileType.Administrator} union all select a.id from ${users} a where a.is_admin)`,
    ),
  );
});
