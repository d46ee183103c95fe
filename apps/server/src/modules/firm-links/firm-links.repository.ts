import { type FirmLinkKind, type FirmLinkListQuery, firmLinkFields, type Scope } from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firmLinks } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity } from '../../platform/entity.js';
import { countAll, listPage, type PageRequest, scopeWhere, searchWhere } from '../../platform/list.js';

export type FirmLinkRow = typeof firmLinks.$inferSelect;
const l = firmLinks;
const owner = { firm: l.firmId };

export type LinkColumns = typeof l.$inferInsert;

export const linkEntity = bindEntity(
  'firm_link',
  firmLinkFields,
  { '': l },
  {},
  { sortBy: { kind: [l.kind, sql`lower(${l.label})`], label: [sql`lower(${l.label})`, l.kind] } },
);

/** One firm's links of the given kinds, within the scope. */
export async function listLinks(
  ex: Executor,
  scope: Scope,
  firmId: number,
  kinds: readonly FirmLinkKind[],
  q: FirmLinkListQuery,
  page: PageRequest,
) {
  const where = and(
    eq(l.firmId, firmId),
    scopeWhere(scope, owner),
    kinds.length ? inArray(l.kind, [...kinds]) : sql`false`,
    searchWhere(q.search, [l.label, l.url]),
  );
  const { rows, count } = await listPage(
    ex,
    {
      rows: (versions) => ex.select({ link: l, versions }).from(l).$dynamic(),
      count: ex.select(countAll()).from(l).$dynamic(),
      countReads: ['firm_links'],
    },
    where,
    linkEntity.orderBy(q.ordering, l.id),
    page,
  );
  return { count, rows: (rows as { link: FirmLinkRow }[]).map((r) => r.link) };
}

export async function findLink(ex: Executor, scope: Scope, id: number) {
  const [row] = await ex
    .select()
    .from(l)
    .where(and(eq(l.id, id), scopeWhere(scope, owner)));
  return row;
}

export async function insertLink(ex: AuditedTx, values: typeof l.$inferInsert) {
  const [row] = await ex.insert(l).values(values).returning();
  return row;
}

export async function updateLink(ex: AuditedTx, id: number, values: Partial<typeof l.$inferInsert>) {
  const [row] = await ex
    .update(l)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(l.id, id))
    .returning();
  return row;
}

export async function deleteLink(ex: AuditedTx, id: number) {
  await ex.delete(l).where(eq(l.id, id));
}
