import {
  type AcknowledgementKind,
  type AcknowledgementReportQuery,
  type AcknowledgementRow,
  acknowledgementRowFields,
  ProfileType,
  type ResourceCategory,
  type ResourceListQuery,
  resourceFields,
  resourceVersionFields,
  type Scope,
} from '@portal/domain';
import { and, count, desc, eq, getTableColumns, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  profiles,
  trainingResourceAcknowledgements,
  trainingResources,
  trainingResourceVersions,
  users,
} from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity, type StoredRow } from '../../platform/entity.js';
import {
  countAll,
  keptRead,
  likeContains,
  orderedPage,
  type PageRequest,
  scopeWhere,
  searchWhere,
} from '../../platform/list.js';

const r = trainingResources;
const v = trainingResourceVersions;
const a = trainingResourceAcknowledgements;

/** Days on the wire are the portal zone's, as the attestation dates they feed are. */
const dayOf = (at: SQL | typeof r.createdAt | typeof r.updatedAt, timeZone: string) =>
  sql<string>`to_char(${at} at time zone ${timeZone}, 'YYYY-MM-DD')`;

const columns = (timeZone: string, viewer: number) => ({
  id: r.id,
  firmId: r.firmId,
  category: r.category,
  name: r.name,
  version: r.version,
  acknowledgement: r.acknowledgement,
  addedDate: dayOf(r.createdAt, timeZone),
  modifiedDate: dayOf(r.updatedAt, timeZone),
  kind: v.kind,
  link: v.url,
  fileName: v.fileName,
  storageKey: v.storageKey,
  contentType: v.contentType,
  acknowledgedOn: sql<string | null>`(select ${a.acknowledgedOn}::text from ${a}
    where ${a.resourceId} = ${r.id} and ${a.version} = ${r.version} and ${a.userId} = ${viewer})`,
});
export type ResourceRow = {
  id: number;
  firmId: number;
  category: ResourceCategory;
  name: string;
  version: number;
  acknowledgement: AcknowledgementKind | null;
  addedDate: string;
  modifiedDate: string;
  kind: 'file' | 'link';
  link: string | null;
  fileName: string | null;
  storageKey: string | null;
  contentType: string | null;
  acknowledgedOn: string | null;
};

/**
 * The resource with its current version. Days are computed in the portal's zone by the read, so their
 * fields sort by the instants they come from; the caller's acknowledgement is theirs alone.
 */
export const resourceEntity = bindEntity(
  'training_resource',
  resourceFields,
  { '': { ...getTableColumns(r), kind: v.kind, link: v.url, fileName: v.fileName } },
  {
    added_date: (row) => row.addedDate,
    last_modified_date: (row) => row.modifiedDate,
    url: (row) => (row.kind === 'file' ? `/api/resources/${row.id}/file/` : (row.link ?? '')),
    acknowledged_on: (row) => (row.acknowledgement ? row.acknowledgedOn : null),
  },
  { sortBy: { name: [sql`lower(${r.name})`], added_date: [r.createdAt], last_modified_date: [r.updatedAt] } },
);

const withCurrent = <S extends ReturnType<Executor['select']>>(select: S) =>
  select
    .from(r)
    .innerJoin(v, and(eq(v.resourceId, r.id), eq(v.version, r.version)))
    .$dynamic();

/**
 * What a page of resources or of a resource's history is made of: the resources, their versions and
 * the acknowledgements. A version is written only with its resource (whose version number it moves)
 * and never changed after, so the resources' versions stand for theirs.
 */
export const RESOURCE_LIST_READS = ['training_resources', 'training_resource_acknowledgements'] as const;

/** What a page of the acknowledgement report is made of: the firm's staff and their acknowledgements. */
export const ACKNOWLEDGEMENT_REPORT_READS = ['users', 'profiles', 'training_resource_acknowledgements'] as const;

export async function listResources(
  ex: Executor,
  scope: Scope,
  q: ResourceListQuery & { firm: number },
  page: PageRequest,
  timeZone: string,
  viewer: number,
) {
  const where = and(
    isNull(r.deletedAt),
    scopeWhere(scope, { firm: r.firmId }),
    eq(r.firmId, q.firm),
    eq(r.category, q.category as ResourceCategory),
    searchWhere(q.search, [r.name]),
  );
  // The order is kept per table versions and a page reads its rows, with their current file or link,
  // by id: a category's documents (hundreds in a large library) were joined and sorted for each page.
  const { rows, count: total } = await orderedPage(
    ex,
    {
      ids: ex.select({ id: r.id }).from(r).$dynamic(),
      count: ex.select(countAll()).from(r).$dynamic(),
      rows: async (ids, versions) =>
        (await withCurrent(ex.select({ ...columns(timeZone, viewer), versions })).where(
          inArray(r.id, ids),
        )) as unknown as ResourceRow[],
      idOf: (row) => row.id,
      countReads: ['training_resources'],
    },
    where,
    resourceEntity.orderBy(q.ordering, r.id),
    page,
  );
  return { count: total, rows };
}

/** A live resource within the scope, with its current version; removed or out of reach reads as none. */
export async function findResource(ex: Executor, scope: Scope, id: number, timeZone: string, viewer: number) {
  const [row] = await withCurrent(ex.select(columns(timeZone, viewer))).where(
    and(eq(r.id, id), isNull(r.deletedAt), scopeWhere(scope, { firm: r.firmId })),
  );
  return row as ResourceRow | undefined;
}

export async function insertResource(ex: AuditedTx, values: typeof r.$inferInsert) {
  const [row] = await ex.insert(r).values(values).returning({ id: r.id });
  return row.id;
}

export async function insertVersion(ex: AuditedTx, values: typeof v.$inferInsert) {
  await ex.insert(v).values(values);
}

export async function updateResource(ex: AuditedTx, id: number, values: Partial<typeof r.$inferInsert>) {
  await ex.update(r).set(values).where(eq(r.id, id));
}

/**
 * Takes the next version number under a row lock: two replacements at once make versions n+1 and n+2,
 * never two n+1.
 */
export async function lockNextVersion(ex: Executor, id: number) {
  const [row] = await ex.select({ version: r.version }).from(r).where(eq(r.id, id)).for('update');
  return row.version + 1;
}

// The field's column for the entity's checks (the history reads its counts kept, `acknowledgementsByVersion`).
// Qualified by hand: inside the subquery a bare "version" would be the acknowledgement's own.
const acknowledgementCount = sql<number>`(select count(*)::int from training_resource_acknowledgements ack
    where ack.resource_id = training_resource_versions.resource_id and ack.version = training_resource_versions.version)`;

/**
 * A version of the history with how many acknowledged it; its address is the resource's and the
 * version's (`versionFileUrl`, given by the caller as `url` for a file), and whether it is current is
 * the caller's (`isCurrent`).
 */
export const resourceVersionEntity = bindEntity(
  'training resource version',
  resourceVersionFields,
  { '': { ...getTableColumns(v), acknowledgements: acknowledgementCount } },
  { is_current: (row) => row.isCurrent === true },
);

export async function listVersions(ex: Executor, id: number, page: PageRequest) {
  const rows = await ex
    .select(getTableColumns(v))
    .from(v)
    .where(eq(v.resourceId, id))
    .orderBy(desc(v.version))
    .limit(page.page_size)
    .offset((page.page - 1) * page.page_size);
  const [{ n }] = await ex.select({ n: count() }).from(v).where(eq(v.resourceId, id));
  const acknowledged = await acknowledgementsByVersion(ex, id);
  return {
    rows: rows.map((row) => ({ ...row, acknowledgements: acknowledged.get(row.version) ?? 0 })),
    count: Number(n),
  };
}

/**
 * How many acknowledged each version of a resource, kept per versions of the acknowledgements: counted
 * for each page, a history of 20 versions visited every acknowledgement of each (thousands in a firm).
 */
function acknowledgementsByVersion(ex: Executor, id: number) {
  return keptRead(ex, ['training_resource_acknowledgements'], `acknowledgements by version\n${id}`, async () => {
    const rows = await ex
      .select({ version: a.version, n: count() })
      .from(a)
      .where(eq(a.resourceId, id))
      .groupBy(a.version);
    return new Map(rows.map((row) => [row.version, Number(row.n)]));
  });
}

export async function findVersion(ex: Executor, id: number, version: number) {
  const [row] = await ex
    .select()
    .from(v)
    .where(and(eq(v.resourceId, id), eq(v.version, version)));
  return row;
}

/** Records the acknowledgement once per person and version; the stored day (this call's or the first). */
export async function insertAcknowledgement(ex: AuditedTx, values: typeof a.$inferInsert) {
  const made = await ex.insert(a).values(values).onConflictDoNothing().returning({ on: a.acknowledgedOn });
  if (made.length) return { created: true, on: made[0].on };
  const [row] = await ex
    .select({ on: a.acknowledgedOn })
    .from(a)
    .where(and(eq(a.resourceId, values.resourceId), eq(a.version, values.version), eq(a.userId, values.userId)));
  return { created: false, on: row.on };
}

/**
 * Who the report lists: the firm's staff accounts that are not deleted or deactivated, as the staff
 * directory does; one invited and not yet signed in owes the acknowledgement too.
 */
const staffOf = (firmId: number) =>
  and(
    eq(profiles.firmId, firmId),
    isNull(users.deletedAt),
    isNull(users.deactivatedAt),
    or(isNull(profiles.profileType), ne(profiles.profileType, ProfileType.Client)),
  );

/**
 * A staff member in the acknowledgement report. A name sorts without regard to case, then by the other
 * name, empty names last both ways; the acknowledgement's day (a term of the read: `orderByWith`) puts
 * those who owe it first in ascending order.
 */
const acknowledgementRowEntity = bindEntity(
  'acknowledgement row',
  acknowledgementRowFields,
  { '': users },
  { acknowledged_on: (row) => row.acknowledgedOn, last_version: (row) => row.lastVersion },
  {
    sortBy: {
      last_name: [
        { by: sql`lower(${users.lastName})`, nulls: 'last' },
        { by: sql`lower(${users.firstName})`, nulls: 'last' },
      ],
      first_name: [
        { by: sql`lower(${users.firstName})`, nulls: 'last' },
        { by: sql`lower(${users.lastName})`, nulls: 'last' },
      ],
      email: [users.email],
    },
  },
);

/**
 * One page of the firm's staff with their acknowledgement of the current version (`status` pending:
 * those who owe it). Counted under the versions of the tables it reads.
 */
export async function acknowledgementReport(
  ex: Executor,
  resource: { id: number; firmId: number; version: number },
  q: AcknowledgementReportQuery,
) {
  const on = sql<string | null>`(select ${a.acknowledgedOn} from ${a}
    where ${a.resourceId} = ${resource.id} and ${a.version} = ${resource.version} and ${a.userId} = ${users.id})`;
  const last = sql<number | null>`(select max(${a.version}) from ${a}
    where ${a.resourceId} = ${resource.id} and ${a.userId} = ${users.id})`;
  const search = q.search
    ? or(
        sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') ilike ${likeContains(q.search)}`,
        sql`${users.email} ilike ${likeContains(q.search)}`,
      )
    : undefined;
  const where = and(
    staffOf(resource.firmId),
    search,
    q.status === 'pending' ? sql`${on} is null` : q.status === 'acknowledged' ? sql`${on} is not null` : undefined,
  );
  const from = <S extends ReturnType<Executor['select']>>(select: S) =>
    select.from(users).innerJoin(profiles, eq(profiles.userId, users.id)).$dynamic();
  // The firm's staff in order is kept per table versions (the CCO pages through hundreds of people,
  // and each page would sort them all and look up every one's acknowledgement); a page reads its rows
  // by id.
  const { rows, count: total } = await orderedPage(
    ex,
    {
      ids: from(ex.select({ id: users.id })),
      count: from(ex.select(countAll())),
      rows: async (ids, versions) =>
        (await from(
          ex.select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            acknowledgedOn: sql<string | null>`${on}::text`,
            lastVersion: last,
            versions,
          }),
        ).where(inArray(users.id, ids))) as StoredRow[],
      idOf: (row) => row.id as number,
      countReads: ACKNOWLEDGEMENT_REPORT_READS,
    },
    where,
    acknowledgementRowEntity.orderByWith(q.ordering, { acknowledged_on: [{ by: on, nulls: 'smallest' }] }, users.id),
    q,
  );
  return { count: total, rows: rows.map((row) => acknowledgementRowEntity.toWire(row) as AcknowledgementRow) };
}

/**
 * The caller's acknowledgement day per attestation date: over the firm's live documents that feed it, the
 * latest day when the caller acknowledged the current version of each, else null (one is still owed).
 */
export async function acknowledgementDates(ex: Executor, firmId: number, userId: number) {
  const rows = await ex
    .select({
      kind: r.acknowledgement,
      owed: sql<number>`count(*) filter (where ack.acknowledged_on is null)::int`,
      latest: sql<string | null>`max(ack.acknowledged_on)::text`,
    })
    .from(r)
    .leftJoin(sql`${a} ack`, sql`ack.resource_id = ${r.id} and ack.version = ${r.version} and ack.user_id = ${userId}`)
    .where(and(eq(r.firmId, firmId), isNull(r.deletedAt), sql`${r.acknowledgement} is not null`))
    .groupBy(r.acknowledgement);
  const out: Record<AcknowledgementKind, string | null> = { code_of_ethics: null, ia_manual: null };
  for (const row of rows) if (row.kind && row.owed === 0) out[row.kind] = row.latest;
  return out;
}
