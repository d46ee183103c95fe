import { canEditFirmContent, type LifeImpactPage, type LifeImpactPageBody } from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import { type FirmPageRow, findPage, pageEntity, savePage } from './firm-pages.repository.js';
import { sanitizePageHtml } from './html-sanitizer.js';

const LIFE_IMPACT = 'life-impact';

/** A page never written reads as empty. */
const UNWRITTEN = { content: '', updatedAt: null };
const toDto = (row: FirmPageRow | undefined) => pageEntity.toWire(row ?? UNWRITTEN) as LifeImpactPage;

/** The caller's firm's Life Impact page; unwritten (or no firm) reads as empty. */
export async function lifeImpact(ctx: Ctx): Promise<LifeImpactPage> {
  const firmId = ctx.actor.profile._firm;
  if (firmId === null) return toDto(undefined);
  return toDto(await findPage(ctx.deps.db, ctx.scope('firmContent'), firmId, LIFE_IMPACT));
}

/** An administrator saves the page; the HTML is kept only as far as the allow-list permits. */
export async function saveLifeImpact(ctx: Ctx, body: LifeImpactPageBody): Promise<LifeImpactPage> {
  if (!canEditFirmContent(ctx.actor)) throw forbidden();
  const firmId = ctx.actor.profile._firm as number;
  const before = await findPage(ctx.deps.db, ctx.scope('firmContent'), firmId, LIFE_IMPACT);
  const content = sanitizePageHtml(body.content);
  return writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const row = await savePage(tx, firmId, LIFE_IMPACT, content, ctx.actor.id);
    // The page's length before and after rather than the text: the page itself is the record.
    record({
      action: before ? 'update' : 'create',
      entity: 'firm page',
      entityId: LIFE_IMPACT,
      firmId,
      changes: { content_length: { from: before?.content.length ?? null, to: content.length } },
    });
    return toDto(row);
  });
}
