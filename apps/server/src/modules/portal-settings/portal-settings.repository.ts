import { portalSettingsFields, type Scope } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firmPortalSettings } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity } from '../../platform/entity.js';
import { scopeWhere } from '../../platform/list.js';

const s = firmPortalSettings;
export type PortalSettingsRow = typeof s.$inferSelect;
export type SettingsColumns = Pick<PortalSettingsRow, 'switchedOff' | 'comingSoonTarget' | 'comingSoonMessage'>;

export const settingsEntity = bindEntity('portal settings', portalSettingsFields, { '': s });

export async function findSettings(ex: Executor, scope: Scope, firmId: number) {
  const [row] = await ex
    .select()
    .from(s)
    .where(and(eq(s.firmId, firmId), scopeWhere(scope, { firm: s.firmId })));
  return row;
}

export async function saveSettings(ex: AuditedTx, firmId: number, values: SettingsColumns) {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await ex
    .insert(s)
    .values({ firmId, ...set })
    .onConflictDoUpdate({ target: s.firmId, set })
    .returning();
  return row;
}
