import { canEditFirmContent, type PortalSettings, type portalSettingsBody } from '@portal/domain';
import type { z } from 'zod';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import {
  findSettings,
  type PortalSettingsRow,
  type SettingsColumns,
  saveSettings,
  settingsEntity,
} from './portal-settings.repository.js';

/** A firm that never saved its settings has every entry on and no countdown. */
const UNSAVED: Pick<PortalSettingsRow, 'switchedOff' | 'comingSoonTarget' | 'comingSoonMessage'> = {
  switchedOff: [],
  comingSoonTarget: null,
  comingSoonMessage: null,
};
const toDto = (row: PortalSettingsRow | undefined) => settingsEntity.toWire(row ?? UNSAVED) as PortalSettings;

/** The caller's firm's settings: what the navigation reads for everyone; defaults until saved. */
export async function get(ctx: Ctx): Promise<PortalSettings> {
  const firmId = ctx.actor.profile._firm;
  if (firmId === null) return toDto(undefined);
  return toDto(await findSettings(ctx.deps.db, ctx.scope('firmContent'), firmId));
}

/** An administrator switches menu entries off (to the coming-soon card) and sets its countdown. */
export async function update(ctx: Ctx, body: z.output<typeof portalSettingsBody>): Promise<PortalSettings> {
  if (!canEditFirmContent(ctx.actor)) throw forbidden();
  const firmId = ctx.actor.profile._firm as number;
  const before = toDto(await findSettings(ctx.deps.db, ctx.scope('firmContent'), firmId));
  return writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const row = await saveSettings(tx, firmId, settingsEntity.rowColumns(ctx.actor, body) as SettingsColumns);
    const after = toDto(row);
    record({
      action: 'update',
      entity: 'portal settings',
      entityId: firmId,
      firmId,
      changes: settingsEntity.auditDiff(before, after),
    });
    return after;
  });
}
