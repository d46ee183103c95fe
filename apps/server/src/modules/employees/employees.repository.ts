import {
  type Employee,
  type EmployeeListQuery,
  employeeFields,
  ProfileType,
  type Scope,
  staffRoleLabel,
} from '@portal/domain';
import { and, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firms, profiles, staffDirectoryEntries, users } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity, type StoredRow } from '../../platform/entity.js';
import { countAll, orderedPage, type PageRequest, scopeWhere } from '../../platform/list.js';

const d = staffDirectoryEntries;
const text = (v: unknown) => (v as string | null) ?? null;

/** The account's fields, read-only in the directory: derived from the user and profile on each read. */
export const employeeEntity = bindEntity(
  'staff_directory_entry',
  employeeFields,
  { '': staffDirectoryEntries },
  {
    Name: (r) => text(r.lastName),
    First_Name__c: (r) => text(r.firstName),
    Middle_Name__c: (r) => text(r.middleName),
    MiddleName__c: (r) => text(r.middleName),
    Suffix__c: (r) => text(r.suffix),
    FullName__c: (r) => [r.firstName, r.middleName, r.lastName, r.suffix].filter(Boolean).join(' '),
    Role__c: (r) => staffRoleLabel(r.profileType as number | null),
    WorkEmail__c: (r) => r.email,
  },
  {
    // By last name, then first name; people without the sorted name last both ways.
    sortBy: {
      Name: [{ by: users.lastName, nulls: 'last' }, users.firstName],
      First_Name__c: [{ by: users.firstName, nulls: 'last' }, users.lastName],
    },
  },
);

export type EmployeeRow = StoredRow & { firmName: string | null; firmId: number | null };
export const toEmployeeDto = (r: EmployeeRow) =>
  ({ ...employeeEntity.toWire(r), FirmId__r: { Name: r.firmName } }) as Employee;

const columns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
  profileType: profiles.profileType,
  firmId: profiles.firmId,
  firmName: firms.name,
  preferredName: d.preferredName,
  // The profile's title and phones until the directory sets its own.
  title: sql<string | null>`coalesce(${d.title}, ${profiles.title})`,
  bio: d.bio,
  workPhone: sql<string | null>`coalesce(${d.workPhone}, ${profiles.phone})`,
  mobilePhone: sql<string | null>`coalesce(${d.mobilePhone}, ${profiles.mobilePhone})`,
  workAddressLine1: d.workAddressLine1,
  workAddressLine2: d.workAddressLine2,
  workCity: d.workCity,
  workState: d.workState,
  workPostalCode: d.workPostalCode,
  homeAddressLine1: d.homeAddressLine1,
  homeAddressLine2: d.homeAddressLine2,
  homeCity: d.homeCity,
  homeState: d.homeState,
  homePostalCode: d.homePostalCode,
};

/**
 * Who the directory lists: live, not deactivated staff accounts that no manager took out of it. The
 * removal is an anti-join rather than a test of the joined entry's column: the planner cannot tell how
 * many people lack an entry, and on a filter over the left join it guessed a few dozen and probed every
 * account of every firm one by one.
 */
const listed = and(
  isNull(users.deletedAt),
  isNull(users.deactivatedAt),
  or(isNull(profiles.profileType), ne(profiles.profileType, ProfileType.Client)),
  sql`not exists (select 1 from ${d} removal where removal.user_id = ${users.id} and removal.removed_at is not null)`,
);
const owner = { firm: profiles.firmId, person: users.id };

/** Staff match on first, last or preferred name by prefix, case-insensitively. */
function prefixWhere(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const prefix = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    sql`${users.firstName} ilike ${prefix}`,
    sql`${users.lastName} ilike ${prefix}`,
    sql`${d.preferredName} ilike ${prefix}`,
  );
}

const from = <S extends ReturnType<Executor['select']>>(select: S) =>
  select
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(firms, eq(firms.id, profiles.firmId))
    .leftJoin(d, eq(d.userId, users.id))
    .$dynamic();

/** What a page of the directory is made of: the accounts, their profiles and firms, their entries. */
export const DIRECTORY_READS = ['users', 'profiles', 'firms', 'staff_directory_entries'] as const;

export async function listEmployees(ex: Executor, scope: Scope, q: EmployeeListQuery, page: PageRequest) {
  const where = and(
    listed,
    scopeWhere(scope, owner),
    q.firm === undefined ? undefined : eq(profiles.firmId, q.firm),
    prefixWhere(q.search),
  );
  // A firm's staff by name: the order is kept per table versions (every member of staff opens the
  // directory, and sorting the firm's people for each page was most of its cost) and a page reads its
  // rows by id.
  const { rows, count } = await orderedPage<EmployeeRow>(
    ex,
    {
      ids: from(ex.select({ id: users.id })),
      count: from(ex.select(countAll())),
      rows: async (ids, versions) =>
        (await from(ex.select({ ...columns, versions })).where(inArray(users.id, ids))) as unknown as EmployeeRow[],
      idOf: (row) => Number(row.userId),
      countReads: ['users', 'profiles', 'staff_directory_entries'],
    },
    where,
    employeeEntity.orderBy(q.ordering, users.id),
    page,
  );
  return { count, rows };
}

/** One listed staff member within the scope; absent, removed or out of reach reads as none. */
export async function findEmployee(ex: Executor, scope: Scope, id: number) {
  const [row] = await from(ex.select(columns)).where(and(eq(users.id, id), listed, scopeWhere(scope, owner)));
  return row as unknown as EmployeeRow | undefined;
}

/** Writes the directory's columns, making the entry on the first edit. */
export async function saveEntry(ex: AuditedTx, userId: number, values: Partial<typeof d.$inferInsert>) {
  const set = { ...values, updatedAt: new Date() };
  await ex
    .insert(d)
    .values({ ...set, userId })
    .onConflictDoUpdate({ target: d.userId, set });
}
