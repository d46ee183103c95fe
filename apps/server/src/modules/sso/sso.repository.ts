import { type Scope, type ServiceProviderListQuery, serviceProviderFields, unscoped } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { SSO_ENTITY_KEY, SSO_FIRM_KEY, ssoServiceProviders } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity } from '../../platform/entity.js';
import { isUniqueViolation } from '../../platform/errors.js';
import { countAll, listPage, type PageRequest, scopeWhere, searchWhere } from '../../platform/list.js';

export type ServiceProviderRow = typeof ssoServiceProviders.$inferSelect;
export type ProviderColumns = typeof ssoServiceProviders.$inferInsert;
const s = ssoServiceProviders;
const owner = { firm: s.firmId };

export const providerEntity = bindEntity(
  'sso_service_provider',
  serviceProviderFields,
  { '': s },
  {},
  { sortBy: { label: [sql`lower(${s.label})`] } },
);

/** One firm's service providers, within the scope. */
export async function listProviders(
  ex: Executor,
  scope: Scope,
  firmId: number,
  q: ServiceProviderListQuery,
  page: PageRequest,
) {
  const where = and(
    eq(s.firmId, firmId),
    scopeWhere(scope, owner),
    searchWhere(q.search, [s.label, s.key, s.entityId, s.acsUrl]),
  );
  const { rows, count } = await listPage(
    ex,
    {
      rows: (versions) => ex.select({ sp: s, versions }).from(s).$dynamic(),
      count: ex.select(countAll()).from(s).$dynamic(),
      countReads: ['sso_service_providers'],
    },
    where,
    providerEntity.orderBy(q.ordering, s.id),
    page,
  );
  return { count, rows: (rows as { sp: ServiceProviderRow }[]).map((r) => r.sp) };
}

export async function findProvider(ex: Executor, scope: Scope, id: number) {
  const [row] = await ex
    .select()
    .from(s)
    .where(and(eq(s.id, id), scopeWhere(scope, owner)));
  return row;
}

/** A firm's provider by its key, within the scope. */
export async function findProviderByKey(ex: Executor, scope: Scope, firmId: number, key: string) {
  const [row] = await ex
    .select()
    .from(s)
    .where(and(eq(s.firmId, firmId), eq(s.key, key), scopeWhere(scope, owner)));
  return row;
}

/** Whether the firm has a provider of this key: the firm links' check, after their own firm check. */
export async function providerKeyExists(ex: Executor, firmId: number, key: string) {
  return Boolean(await findProviderByKey(ex, unscoped('a firm link names its own firm’s provider'), firmId, key));
}

export async function insertProvider(ex: AuditedTx, values: typeof s.$inferInsert) {
  const [row] = await ex.insert(s).values(values).returning();
  return row;
}

export async function updateProvider(ex: AuditedTx, id: number, values: Partial<typeof s.$inferInsert>) {
  const [row] = await ex
    .update(s)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(s.id, id))
    .returning();
  return row;
}

export async function deleteProvider(ex: AuditedTx, id: number) {
  await ex.delete(s).where(eq(s.id, id));
}

/**
 * Which unique rule a failed write broke, if one: the entity ID, registered once on the whole portal, or
 * the key, once in a firm.
 */
export function takenBy(err: unknown): 'entity_id' | 'key' | null {
  if (isUniqueViolation(err, SSO_ENTITY_KEY)) return 'entity_id';
  if (isUniqueViolation(err, SSO_FIRM_KEY)) return 'key';
  return null;
}
