import { firmFeeScheduleFields, firmModelFields, type Scope } from '@portal/domain';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { firmFeeSchedules, firmModels, firms, users } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { type AuditedEntity, bindEntity, type StoredRow } from '../../platform/entity.js';
import { countAll, listPage, type PageRequest, searchWhere, type VersionedTable } from '../../platform/list.js';
import { type CatalogueKind, feeScheduleKind, firmsWhere, investmentModelKind } from './catalogues.repository.js';

type AssignmentTable = typeof firmModels;

export interface AssignmentKind {
  /** Both assignment tables share one shape (firm, entry, stamps): the fee schedules' is used under the models' type. */
  table: AssignmentTable;
  catalogue: CatalogueKind;
  entity: AuditedEntity;
  nameKey: string;
  /** Firm models are also found by their advisor's email; firm fee schedules have none. */
  withEmail: boolean;
  versioned: VersionedTable;
}

const joined = (key: string) => (r: StoredRow) => r[key];
const computed = { firm_name: joined('firmName'), email: joined('advisorEmail') };

export const firmModelKind: AssignmentKind = {
  table: firmModels,
  catalogue: investmentModelKind,
  entity: bindEntity(
    'firm model',
    firmModelFields,
    { '': firmModels },
    {
      ...computed,
      investment_model_name: joined('entryName'),
    },
  ),
  nameKey: 'investment_model_name',
  withEmail: true,
  versioned: 'firm_models',
};

export const firmFeeScheduleKind: AssignmentKind = {
  table: firmFeeSchedules as unknown as AssignmentTable,
  catalogue: feeScheduleKind,
  entity: bindEntity(
    'firm fee schedule',
    firmFeeScheduleFields,
    { '': firmFeeSchedules },
    {
      firm_name: computed.firm_name,
      fee_schedule_name: joined('entryName'),
    },
  ),
  nameKey: 'fee_schedule_name',
  withEmail: false,
  versioned: 'firm_fee_schedules',
};

export type AssignmentRow = {
  id: number;
  firmId: number;
  entryId: number;
  createdAt: Date;
  updatedAt: Date;
  entryName: string;
  firmName: string;
  advisorEmail: string | null;
};

function columnsOf(kind: AssignmentKind) {
  const a = kind.table;
  const e = kind.catalogue.table;
  return {
    id: a.id,
    firmId: a.firmId,
    entryId: a.entryId,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    entryName: e.name,
    firmName: firms.name,
    advisorEmail: users.email,
  };
}

/** The joins every read of an assignment makes: its entry, its firm, and the entry's advisor. */
function from<T extends Record<string, unknown>>(ex: Executor, kind: AssignmentKind, select: T) {
  const a = kind.table;
  const e = kind.catalogue.table;
  return ex
    .select(select as never)
    .from(a)
    .innerJoin(e, eq(e.id, a.entryId))
    .innerJoin(firms, eq(firms.id, a.firmId))
    .leftJoin(users, eq(users.id, e.financialAdvisorId))
    .$dynamic();
}

/**
 * The live assignments a scope reaches: those of its firms, of live entries (an entry deleted however
 * it happened offers nothing); for an advisor, of entries that are theirs or shared (as the catalogue
 * itself shows them).
 */
function reachWhere(scope: Scope, kind: AssignmentKind): SQL | undefined {
  const a = kind.table;
  const e = kind.catalogue.table;
  const people = scope.people;
  const person = people === 'all' ? undefined : 'advisorOf' in people ? people.advisorOf : people.self;
  return and(
    isNull(a.deletedAt),
    isNull(e.deletedAt),
    firmsWhere(scope, a.firmId),
    person === undefined ? undefined : or(eq(e.financialAdvisorId, person), isNull(e.financialAdvisorId)),
  );
}

export interface AssignmentFilters {
  search?: string;
  ordering: string;
  firm?: number;
  /** The entries that are this advisor's or shared. */
  advisor?: number;
}

/** What a list of offers is made of: the offers, their entries, firms and the entries' advisors. */
export const assignmentReads = (kind: AssignmentKind) =>
  [kind.versioned, kind.catalogue.versioned, 'firms', 'users'] as const;

export async function listAssignments(
  ex: Executor,
  kind: AssignmentKind,
  scope: Scope,
  f: AssignmentFilters,
  page: PageRequest,
): Promise<{ rows: AssignmentRow[]; count: number }> {
  const a = kind.table;
  const e = kind.catalogue.table;
  const searched: PgColumn[] = [firms.name, e.name, ...(kind.withEmail ? [users.email] : [])];
  const where = and(
    reachWhere(scope, kind),
    f.firm === undefined ? undefined : eq(a.firmId, f.firm),
    f.advisor === undefined ? undefined : or(eq(e.financialAdvisorId, f.advisor), isNull(e.financialAdvisorId)),
    searchWhere(f.search, searched),
  );
  const sortable: Record<string, PgColumn> = {
    [kind.nameKey]: e.name,
    firm_name: firms.name,
    email: users.email,
    created_date: a.createdAt,
    last_modified_date: a.updatedAt,
  };
  const key = f.ordering.replace(/^-/, '');
  const column = sortable[key];
  if (!column) throw new Error(`${kind.entity.name}: '${key}' is not sortable`);
  const orderBy = [
    f.ordering.startsWith('-') ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
    asc(a.id),
  ];
  const { rows, count } = await listPage(
    ex,
    {
      rows: (versions) => from(ex, kind, { ...columnsOf(kind), versions }),
      count: from(ex, kind, countAll()),
      countReads: assignmentReads(kind),
    },
    where,
    orderBy,
    page,
  );
  return { rows: rows as unknown as AssignmentRow[], count };
}

export async function findAssignment(ex: Executor, kind: AssignmentKind, scope: Scope, id: number) {
  const [row] = await from(ex, kind, columnsOf(kind)).where(and(eq(kind.table.id, id), reachWhere(scope, kind)));
  return row as unknown as AssignmentRow | undefined;
}

export async function insertAssignment(
  ex: AuditedTx,
  kind: AssignmentKind,
  values: { firmId: number; entryId: number; createdById: number },
) {
  const [row] = await ex.insert(kind.table).values(values).returning({ id: kind.table.id });
  return row.id;
}

export async function updateAssignment(
  ex: AuditedTx,
  kind: AssignmentKind,
  id: number,
  values: { firmId?: number; entryId?: number },
) {
  await ex
    .update(kind.table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(kind.table.id, id));
}

export async function softDeleteAssignment(ex: AuditedTx, kind: AssignmentKind, id: number, actorId: number) {
  await ex.update(kind.table).set({ deletedAt: new Date(), deletedById: actorId }).where(eq(kind.table.id, id));
}
