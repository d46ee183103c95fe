import {
  type DisclosureDeliveryExportQuery,
  type DisclosureKind,
  type DisclosureVersionQuery,
  disclosureDeliveryFields,
  disclosureVersionFields,
  messages,
  ProfileType,
  type Scope,
} from '@portal/domain';
import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/migrate.js';
import {
  disclosureDeliveries,
  disclosureDocuments,
  disclosureNotices,
  firms,
  profiles,
  users,
} from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity } from '../../platform/entity.js';
import { countAll, keptRead, likeContains, listPage } from '../../platform/list.js';
import { personListNameSql, personNameSql } from '../../platform/person-name.js';

export type VersionRow = typeof disclosureDocuments.$inferSelect;

/** The firm ids a scope reaches, as a condition on `column` (nothing when every firm). */
function firmsOf(scope: Scope, column: SQL | typeof disclosureDocuments.firmId): SQL | undefined {
  if (scope.firms === 'all') return undefined;
  return scope.firms.length ? inArray(column as typeof disclosureDocuments.firmId, [...scope.firms]) : sql`false`;
}

export async function findFirmLinks(ex: Executor, firmId: number) {
  const [row] = await ex
    .select({
      id: firms.id,
      name: firms.name,
      abbreviation: firms.abbreviation,
      formAdvUrl: firms.formAdvUrl,
      formCrsUrl: firms.formCrsUrl,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row;
}

/** The firm's external link that stands for a kind when it keeps no version of it (ADV's link is Part 2A). */
export const linkOf = (f: { formAdvUrl: string | null; formCrsUrl: string | null }, kind: DisclosureKind) =>
  kind === 'crs' ? f.formCrsUrl : kind === 'adv_2a' ? f.formAdvUrl : null;

// Qualified by hand: drizzle writes a one-table select's columns bare, and a bare "id" inside the
// subquery would be the delivery's own id.
const deliveryCount = sql<number>`(select count(*)::int from ${disclosureDeliveries} where ${disclosureDeliveries.documentId} = ${sql.identifier('disclosure_documents')}.${sql.identifier('id')})`;

/** A kind's name as people read it (the mails, the download names, the report's columns). */
export const titleOf = (kind: DisclosureKind) => messages.disclosures.kinds[kind];
/** Where a version's PDF is read. */
export const fileUrlOf = (id: number) => `/api/disclosure_documents/${id}/file/`;

/**
 * A version as read with its delivery count (`deliveries`); whether it is current is the domain rule's
 * over the firm's versions, given by the caller as `isCurrent`. Its sortable columns order by
 * themselves (all required, so no empty value to place).
 */
export const versionEntity = bindEntity(
  'disclosure version',
  disclosureVersionFields,
  { '': { ...getTableColumns(disclosureDocuments), deliveries: deliveryCount } },
  {
    title: (row) => titleOf(row.kind as DisclosureKind),
    file_url: (row) => fileUrlOf(row.id as number),
    is_current: (row) => row.isCurrent === true,
  },
);

export async function listVersions(ex: Executor, scope: Scope, q: DisclosureVersionQuery) {
  const where = and(
    firmsOf(scope, disclosureDocuments.firmId),
    eq(disclosureDocuments.firmId, q.firm),
    q.kind ? eq(disclosureDocuments.kind, q.kind) : undefined,
  );
  // The page carries the versions of the versions and their receipts: the firm's versions and their
  // delivery counts beside the page are kept under them, without a read of their own.
  return listPage(
    ex,
    {
      rows: (versions) =>
        ex
          .select({ ...getTableColumns(disclosureDocuments), versions })
          .from(disclosureDocuments)
          .$dynamic(),
      count: ex.select(countAll()).from(disclosureDocuments).$dynamic(),
      countReads: ['disclosure_documents', 'disclosure_deliveries'],
    },
    where,
    versionEntity.orderBy(q.ordering, desc(disclosureDocuments.uploadedAt), desc(disclosureDocuments.id)),
    q,
  );
}

/**
 * How many deliveries each version of a firm has (the versions list's column), kept per versions of the
 * receipts: counted for a page, the current versions' thousands of receipts were visited on every read.
 */
export function deliveriesByVersion(ex: Executor, firmId: number, versions?: string) {
  return keptRead(
    ex,
    ['disclosure_deliveries'],
    `deliveries by version\n${firmId}`,
    async () => {
      const rows = await ex
        .select({ id: disclosureDeliveries.documentId, n: count() })
        .from(disclosureDeliveries)
        .where(
          inArray(
            disclosureDeliveries.documentId,
            ex
              .select({ id: disclosureDocuments.id })
              .from(disclosureDocuments)
              .where(eq(disclosureDocuments.firmId, firmId)),
          ),
        )
        .groupBy(disclosureDeliveries.documentId);
      return new Map(rows.map((r) => [r.id as number, Number(r.n)]));
    },
    versions,
  );
}

/**
 * Every version of a firm (a handful per year): the current one is picked by the domain rule. Kept per
 * versions of the table: every list of versions, delivery and client's disclosures page reads them.
 */
export function versionsOfFirm(ex: Executor, firmId: number, versions?: string): Promise<VersionRow[]> {
  return keptRead(
    ex,
    ['disclosure_documents'],
    `disclosure versions\n${firmId}`,
    () => ex.select().from(disclosureDocuments).where(eq(disclosureDocuments.firmId, firmId)),
    versions,
  );
}

export async function findVersion(ex: Executor, scope: Scope, id: number) {
  const [row] = await ex
    .select({ version: disclosureDocuments, deliveries: deliveryCount })
    .from(disclosureDocuments)
    .where(and(eq(disclosureDocuments.id, id), firmsOf(scope, disclosureDocuments.firmId)));
  return row;
}

export async function insertVersion(ex: AuditedTx, values: typeof disclosureDocuments.$inferInsert) {
  const [row] = await ex.insert(disclosureDocuments).values(values).returning();
  return row;
}

/** Whether anything refers to the version: a delivery (proof) or a notice (a mail that linked it). */
export async function versionInUse(ex: Executor, id: number) {
  const [row] = rowsOf<{ used: boolean }>(
    await ex.execute(
      sql`select exists (select 1 from ${disclosureDeliveries} where document_id = ${id})
            or exists (select 1 from ${disclosureNotices} where document_id = ${id}) as used`,
    ),
  );
  return row.used;
}

export async function deleteVersion(ex: AuditedTx, id: number) {
  await ex.delete(disclosureDocuments).where(eq(disclosureDocuments.id, id));
}

/** A person's name as a record keeps it ('First Last', else the email). */
export async function nameOf(ex: Executor, userId: number) {
  const [u] = await ex
    .select({ name: personNameSql({ first: users.firstName, last: users.lastName, email: users.email }) })
    .from(users)
    .where(eq(users.id, userId));
  return u ? u.name : null;
}

/** A live client account (profile type 4) and its firm, or nothing. */
export async function findClient(ex: Executor, userId: number) {
  const [row] = await ex
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      advisorId: users.advisorId,
      firmId: profiles.firmId,
      profileType: profiles.profileType,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  return row && row.profileType === ProfileType.Client && row.firmId !== null
    ? { ...row, firmId: row.firmId }
    : undefined;
}

export async function deliveriesOfClients(ex: Executor, clientIds: number[]) {
  if (!clientIds.length) return [];
  return ex
    .select({
      clientId: disclosureDeliveries.clientId,
      firmId: disclosureDeliveries.firmId,
      kind: disclosureDeliveries.kind,
      documentId: disclosureDeliveries.documentId,
      url: disclosureDeliveries.url,
      deliveryDate: disclosureDeliveries.deliveryDate,
    })
    .from(disclosureDeliveries)
    .where(inArray(disclosureDeliveries.clientId, clientIds))
    .orderBy(asc(disclosureDeliveries.deliveryDate), asc(disclosureDeliveries.id));
}

/**
 * The first day (portal zone, as delivery dates are) a client of each firm could receive a Part 2B: a
 * version counts from its upload day, or its effective date when that is later (not yet current before).
 */
export async function part2BReceivableSince(ex: Executor, firmIds: number[], timeZone: string) {
  if (!firmIds.length) return new Map<number, string>();
  const rows = await ex
    .select({
      firmId: disclosureDocuments.firmId,
      first: sql<string>`min(greatest(${disclosureDocuments.effectiveDate}, (${disclosureDocuments.uploadedAt} at time zone ${timeZone})::date))::text`,
    })
    .from(disclosureDocuments)
    .where(and(inArray(disclosureDocuments.firmId, firmIds), eq(disclosureDocuments.kind, 'adv_2b')))
    .groupBy(disclosureDocuments.firmId);
  return new Map(rows.map((r) => [r.firmId, r.first]));
}

/** Records a delivery once per client and version (or link); true when this call made it. */
export async function insertDelivery(ex: AuditedTx, values: typeof disclosureDeliveries.$inferInsert) {
  const rows = await ex
    .insert(disclosureDeliveries)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: disclosureDeliveries.id });
  return rows.length > 0;
}

export async function insertNotices(ex: AuditedTx, values: (typeof disclosureNotices.$inferInsert)[]) {
  if (values.length) await ex.insert(disclosureNotices).values(values);
}

/** The fiscal year end (March 31) on or before a date, as `rules/disclosures.ts` has it. */
const fiscalYearEnd = (d: SQL) =>
  sql`case when ${d} >= make_date(extract(year from ${d})::int, 3, 31) then make_date(extract(year from ${d})::int, 3, 31) else make_date(extract(year from ${d})::int - 1, 3, 31) end`;

const KIND_ALIASES: Record<DisclosureKind, string> = { adv_2a: 'a2a', adv_2b: 'a2b', crs: 'crs' };
const KINDS = ['adv_2a', 'adv_2b', 'crs'] as const;

/**
 * What one document kind's status needs, for every client row `b` of the report: the current version
 * (its firm's, read once per firm in `current_versions`), the receipt of it (a version, or the firm's
 * link when it keeps none, is received once at most: the unique keys), and the status rank (0 overdue,
 * 1 due, 2 anything else), which mirrors `deliveryStatus` of the domain so that SQL can filter and sort by
 * it (the row's displayed cells are computed by the domain rule itself). Plain joins, so that the
 * planner reads the firm's receipts as one set rather than probing them client by client.
 */
function rankParts(kind: DisclosureKind, today: string) {
  const a = KIND_ALIASES[kind];
  const cur = sql.raw(`cur_${a}`);
  const got = sql.raw(`got_${a}`);
  const url = kind === 'crs' ? sql`b.form_crs_url` : kind === 'adv_2a' ? sql`b.form_adv_url` : sql`null::text`;
  const joins = sql`
    left join current_versions ${cur} on ${cur}.firm_id = b.firm_id and ${cur}.kind = ${kind}
    left join disclosure_deliveries ${got} on ${got}.client_id = b.client_id and ${got}.kind = ${kind}
      and (${got}.document_id = ${cur}.id or (${cur}.id is null and ${got}.document_id is null and ${got}.url = ${url}))`;
  const eff = sql`${cur}.effective_date`;
  const dueBy = sql`case
      when b.agreement_date is null then null
      when ${cur}.id is null or b.agreement_date >= ${eff} then b.agreement_date
      when ${kind} = 'crs' then ${eff} + 60
      when not ${cur}.material_change then null
      else greatest(${fiscalYearEnd(eff)} + 120, ${eff} + 30) end`;
  const notRequired = sql`(b.agreement_date is not null and ${cur}.id is not null and b.agreement_date < ${eff} and ${kind} <> 'crs' and not ${cur}.material_change)`;
  const rank = sql`case
      when ${cur}.id is null and ${url} is null then 2
      when ${got}.id is not null then 2
      when ${notRequired} then 2
      when (${dueBy}) is not null and ${today}::date > (${dueBy}) then 0
      else 1 end`;
  const columns = sql`
    ${cur}.id as ${sql.raw(`${a}_cur_id`)}, ${eff}::text as ${sql.raw(`${a}_cur_eff`)},
    coalesce(${cur}.material_change, false) as ${sql.raw(`${a}_cur_material`)}, ${url} as ${sql.raw(`${a}_url`)},
    ${got}.delivery_date::text as ${sql.raw(`${a}_got_on`)}, ${rank} as ${sql.raw(`${a}_rank`)}`;
  return { joins, columns };
}

/**
 * What a kind's cell shows besides its status, for the rows of the page only (`page`): the last receipt
 * and its version, the session that recorded it (`client_session`: the session's account is the
 * client's; null when no session was recorded), and the last notice about the current version. Read per
 * client, so never before the page is cut.
 */
function cellParts(kind: DisclosureKind, timeZone: string) {
  const a = KIND_ALIASES[kind];
  const last = sql.raw(`last_${a}`);
  const lastDoc = sql.raw(`last_doc_${a}`);
  const note = sql.raw(`note_${a}`);
  const curId = sql.raw(`page.${a}_cur_id`);
  const url = sql.raw(`page.${a}_url`);
  const joins = sql`
    left join lateral (select dl.document_id, dl.delivery_date, dl.session_id, dl.ip, dl.user_agent,
        s.user_id = dl.client_id as own
      from disclosure_deliveries dl left join sessions s on s.id = dl.session_id
      where dl.client_id = page.client_id and dl.kind = ${kind} order by dl.delivery_date desc, dl.id desc limit 1) ${last} on true
    left join disclosure_documents ${lastDoc} on ${lastDoc}.id = ${last}.document_id
    left join lateral (select max(n.sent_at) as at_ from disclosure_notices n
      where n.client_id = page.client_id and n.kind = ${kind}
        and (n.document_id = ${curId} or (${curId} is null and n.document_id is null and n.url = ${url}))) ${note} on true`;
  const columns = sql`
    ${last}.document_id as ${sql.raw(`${a}_last_id`)}, ${last}.delivery_date::text as ${sql.raw(`${a}_last_on`)},
    ${lastDoc}.effective_date::text as ${sql.raw(`${a}_last_eff`)},
    to_char(${note}.at_ at time zone ${timeZone}, 'YYYY-MM-DD') as ${sql.raw(`${a}_note_on`)},
    ${last}.session_id::text as ${sql.raw(`${a}_session_id`)}, ${last}.ip as ${sql.raw(`${a}_ip`)},
    ${last}.user_agent as ${sql.raw(`${a}_user_agent`)},
    case when ${last}.session_id is null then null else coalesce(${last}.own, false) end as ${sql.raw(`${a}_client_session`)}`;
  return { joins, columns };
}

export interface ReportRowRaw {
  client_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  firm_id: number;
  firm_name: string;
  advisor_name: string | null;
  agreement_date: string | null;
  rank: number;
  [cell: string]: unknown;
}

/**
 * A row of the report as its SQL names its columns (`reportRows`): the names sort the page, the status
 * by its rank (overdue, due, then the rest), names and addresses without regard to case. The cells and
 * the status are the domain rule's, given by the caller.
 */
export const deliveryRowEntity = bindEntity(
  'disclosure delivery row',
  disclosureDeliveryFields,
  {
    '': Object.fromEntries(
      ['client_id', 'first_name', 'last_name', 'email', 'firm_id', 'firm_name', 'advisor_name', 'agreement_date'].map(
        (name) => [name, sql.raw(name)],
      ),
    ),
  },
  {
    status: (row) => row.status,
    adv_2a: (row) => (row.cells as Record<DisclosureKind, unknown>).adv_2a,
    adv_2b: (row) => (row.cells as Record<DisclosureKind, unknown>).adv_2b,
    crs: (row) => (row.cells as Record<DisclosureKind, unknown>).crs,
  },
  {
    sortBy: {
      status: [sql.raw('rank')],
      last_name: [sql.raw('lower(last_name)')],
      first_name: [sql.raw('lower(first_name)')],
      email: [sql.raw('lower(email)')],
      firm_name: [sql.raw('lower(firm_name)')],
    },
  },
);

/** The report's filters, and the clients it may be narrowed to (one client's Deliver, a page's rows). */
export type ReportQuery = DisclosureDeliveryExportQuery & { clients?: number[] };

/**
 * The report's clients ranked: the firm's live accounts of profile type 4 matching the filters, each
 * with what its status needs per kind and its rank (`ranked`), the status filter as a WHERE on it, and
 * the order of the rows.
 */
function rankedSql(scope: Scope, q: ReportQuery, today: string) {
  const search = q.search
    ? sql`(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ilike ${likeContains(q.search)} or u.email ilike ${likeContains(q.search)})`
    : undefined;
  const baseWhere = and(
    sql`p.profile_type = ${sql.raw(String(ProfileType.Client))} and u.deleted_at is null`,
    firmsOf(scope, sql`p.firm_id`),
    q.firm ? sql`p.firm_id = ${q.firm}` : undefined,
    q.clients ? sql`u.id = any(${sql.param(q.clients)}::int[])` : undefined,
    search,
  );
  const ranks = KINDS.map((k) => rankParts(k, today));
  const rankOf = sql`least(a2a_rank, a2b_rank, crs_rank)`;
  const statusWhere =
    q.status === 'due'
      ? sql`where ${rankOf} <= 1`
      : q.status === 'overdue'
        ? sql`where ${rankOf} = 0`
        : q.status === 'received'
          ? sql`where ${rankOf} = 2`
          : sql``;
  const order = sql.join(
    deliveryRowEntity.orderBy(q.ordering, sql`lower(last_name) asc`, sql`lower(first_name) asc`, sql`client_id asc`),
    sql`, `,
  );
  const ctes = sql`
    with b as (
      select u.id as client_id, u.first_name, u.last_name, u.email, f.id as firm_id, f.name as firm_name,
        ${personListNameSql({ first: sql`adv.first_name`, last: sql`adv.last_name`, email: sql`adv.email` })} as advisor_name,
        f.form_adv_url, f.form_crs_url, ca.agreement_date
      from users u join profiles p on p.user_id = u.id join firms f on f.id = p.firm_id
        left join users adv on adv.id = u.advisor_id
        left join client_agreements ca on ca.portal_user_id = u.id
      where ${baseWhere}
    ),
    current_versions as (
      select distinct on (d.firm_id, d.kind) d.firm_id, d.kind, d.id, d.effective_date, d.material_change
      from disclosure_documents d
      where d.firm_id in (select firm_id from b) and d.effective_date <= ${today}::date
      order by d.firm_id, d.kind, d.effective_date desc, d.uploaded_at desc, d.id desc
    ),
    ranked as (
      select b.client_id, b.first_name, b.last_name, b.email, b.firm_id, b.firm_name, b.advisor_name, b.agreement_date::text as agreement_date,
        ${sql.join(
          ranks.map((p) => p.columns),
          sql`, `,
        )}
      from b ${sql.join(
        ranks.map((p) => p.joins),
        sql` `,
      )}
    ),
    matched as (select *, ${rankOf} as rank from ranked ${statusWhere})`;
  return { ctes, order };
}

/**
 * The tables a page of the report reads: its order (a write to any of them ranks the clients anew) and
 * its cells (the notices besides). The sessions a receipt names are read too, but only for their account,
 * which a session never changes, and a session row is never deleted.
 */
export const REPORT_PAGE_READS = [
  'users',
  'profiles',
  'firms',
  'client_agreements',
  'disclosure_documents',
  'disclosure_deliveries',
  'disclosure_notices',
] as const;

/** The ids of the report's rows in its order (at most `limit`): every matching client is ranked. */
export async function reportOrder(ex: Executor, scope: Scope, q: ReportQuery, today: string, limit: number) {
  const { ctes, order } = rankedSql(scope, q, today);
  const rows = rowsOf<{ client_id: number }>(
    await ex.execute(sql`${ctes} select client_id from matched order by ${order} limit ${limit}`),
  );
  return rows.map((r) => r.client_id);
}

/**
 * The report's rows with their cells, in its order: every matching row (the export, Deliver), or the
 * clients of a page (`clients`).
 */
export async function reportRows(
  ex: Executor,
  scope: Scope,
  q: ReportQuery,
  today: string,
  timeZone: string,
): Promise<ReportRowRaw[]> {
  const { ctes, order } = rankedSql(scope, q, today);
  const cells = KINDS.map((k) => cellParts(k, timeZone));
  const query = sql`${ctes}
    select page.*, ${sql.join(
      cells.map((p) => p.columns),
      sql`, `,
    )}
    from matched page ${sql.join(
      cells.map((p) => p.joins),
      sql` `,
    )}
    order by ${order}`;
  return rowsOf<ReportRowRaw>(await ex.execute(query));
}
