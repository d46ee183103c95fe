import type { Executor } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { type CatalogueKind, feeScheduleKind, findEntry, investmentModelKind } from './catalogues.repository.js';

/**
 * What other modules may ask of the catalogues: whether the caller may pick an entry (the investment
 * strategy form's fee schedule and model).
 */
const kinds: Record<'investmentModel' | 'feeSchedule', CatalogueKind> = {
  investmentModel: investmentModelKind,
  feeSchedule: feeScheduleKind,
};

/**
 * The name of a live entry the caller may pick, or undefined: for an advisor, one their firm is
 * offered (Firm Models, Firm Fee Schedules) or their own (what their advisor lists offer). Read in `ex` (the caller's transaction) and
 * held there, so the entry is not deleted before the record naming it commits.
 */
export async function pickableEntryName(ctx: Ctx, ex: Executor, kind: keyof typeof kinds, id: number) {
  const row = await findEntry(ex, kinds[kind], ctx.scope('investments'), id, 'share');
  return row?.name;
}

/** The catalogues' services, for callers outside the HTTP routes (the demo seed). */
export { feeSchedules, investmentModels } from './catalogues.service.js';
export { firmFeeSchedules, firmModels } from './firm-assignments.service.js';
