import type { Executor } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { type CatalogueKind, entryNames, feeScheduleKind, investmentModelKind } from './catalogues.repository.js';

/**
 * What other modules may ask of the catalogues: whether the caller may pick an entry (the investment
 * strategy form's fee schedule and model).
 */
const kinds: Record<'investmentModel' | 'feeSchedule', CatalogueKind> = {
  investmentModel: investmentModelKind,
  feeSchedule: feeScheduleKind,
};

/**
 * The names of live entries the caller may pick, each undefined when it may not: for an advisor, one
 * their firm is offered (Firm Models, Firm Fee Schedules) or their own (what their advisor lists offer).
 * Read in `ex` (the caller's transaction) and held there, so an entry is not deleted before the record
 * naming it commits. One statement for all of them.
 */
export function pickableEntryNames(ctx: Ctx, ex: Executor, picks: { kind: keyof typeof kinds; id: number }[]) {
  return entryNames(
    ex,
    ctx.scope('investments'),
    picks.map((p) => ({ kind: kinds[p.kind], id: p.id })),
  );
}

/** The catalogues' services, for callers outside the HTTP routes (the demo seed). */
export { feeSchedules, investmentModels } from './catalogues.service.js';
export { firmFeeSchedules, firmModels } from './firm-assignments.service.js';
