import { firmPageFields, type Scope } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firmPages } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity } from '../../platform/entity.js';
import { scopeWhere } from '../../platform/list.js';

const p = firmPages;
export type FirmPageRow = typeof p.$inferSelect;

export const pageEntity = bindEntity('firm page', firmPageFields, { '': p });

export async function findPage(ex: Executor, scope: Scope, firmId: number, slug: string) {
  const [row] = await ex
    .select()
    .from(p)
    .where(and(eq(p.firmId, firmId), eq(p.slug, slug), scopeWhere(scope, { firm: p.firmId })));
  return row;
}

export async function savePage(ex: AuditedTx, firmId: number, slug: string, content: string, updatedById: number) {
  const set = { content, updatedById, updatedAt: new Date() };
  const [row] = await ex
    .insert(p)
    .values({ firmId, slug, ...set })
    .onConflictDoUpdate({ target: [p.firmId, p.slug], set })
    .returning();
  return row;
}
