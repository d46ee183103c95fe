import {
  canManageFirms,
  type FirmBody,
  type FirmListQuery,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  messages,
  unscoped,
} from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import type { AppDeps, Ctx } from '../../platform/context.js';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import {
  countFirmMembers,
  deleteFirm,
  findFirm,
  findFirmLogo,
  firmEntity,
  insertFirm,
  listFirms,
  toFirmDto,
  updateFirm,
} from './firms.repository.js';

const m = messages.firms;

/** The first bytes of each accepted image type: the body must be what its content type says. */
const MAGIC: Record<(typeof LOGO_TYPES)[number], (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** For other modules: whether a firm exists, whoever asks (a user's firm must be a real one). */
export async function firmExists(deps: AppDeps, id: number) {
  return Boolean(await findFirm(deps.db, unscoped('firm existence check'), id));
}

/** For other modules: a firm's name and abbreviation, which their records keep as a snapshot. */
export async function firmLabel(deps: AppDeps, id: number) {
  const firm = await findFirm(deps.db, unscoped('firm label for a snapshot'), id);
  return firm && { name: firm.name, abbreviation: firm.abbreviation };
}

/** A firm outside the caller's reach is absent: 404, never a hint that it exists. */
async function visibleFirm(ctx: Ctx, id: number) {
  const firm = await findFirm(ctx.deps.db, ctx.scope('firms'), id);
  if (!firm) throw notFound();
  return firm;
}

async function writableFirm(ctx: Ctx, id: number) {
  const firm = await visibleFirm(ctx, id);
  if (!canManageFirms(ctx.actor)) throw forbidden();
  return firm;
}

export async function list(ctx: Ctx, q: FirmListQuery) {
  const scope = ctx.scope('firms');
  return keptAnswer(ctx, ['firms'], answerKey('firms', scope, q), async () => {
    const { rows, count } = await listFirms(ctx.deps.db, scope, q, q);
    return { count, results: rows.map(toFirmDto) };
  });
}

export async function get(ctx: Ctx, id: number) {
  return toFirmDto(await visibleFirm(ctx, id));
}

/** Refuses moving a firm onto the `demo` policy where the server does not honour it (config.allowDemoSignIn). */
function assertPolicyAllowed(deps: AppDeps, body: FirmBody, current?: string) {
  if (body.two_factor_policy === 'demo' && current !== 'demo' && !deps.config.allowDemoSignIn)
    throw fieldError('two_factor_policy', m.demoPolicyOff);
}

export async function create(ctx: Ctx, body: FirmBody) {
  if (!canManageFirms(ctx.actor)) throw forbidden();
  assertPolicyAllowed(ctx.deps, body);
  const { columns, changed } = firmEntity.changes(ctx.actor, body, firmEntity.blank());
  const id = await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const newId = await insertFirm(tx, { name: body.name, ...columns[''] });
    record({ action: 'create', entity: 'firm', entityId: newId, firmId: newId, changes: firmEntity.auditOf(changed) });
    return newId;
  });
  return get(ctx, id);
}

export async function update(ctx: Ctx, id: number, body: FirmBody) {
  const current = toFirmDto(await writableFirm(ctx, id));
  assertPolicyAllowed(ctx.deps, body, current.two_factor_policy);
  const { columns, changed } = firmEntity.changes(ctx.actor, body, current);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await updateFirm(tx, id, columns[''] ?? {});
    record({
      action: 'update',
      entity: 'firm',
      entityId: id,
      firmId: id,
      changes: firmEntity.auditOf(changed, current),
    });
  });
  return get(ctx, id);
}

export async function remove(ctx: Ctx, id: number) {
  const firm = await writableFirm(ctx, id);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const members = await countFirmMembers(tx, id);
    if (members > 0) throw conflict(m.hasMembers(members));
    await deleteFirm(tx, id);
    record({ action: 'delete', entity: 'firm', entityId: id, firmId: id, changes: { name: firm.name } });
  });
}

export async function setLogo(ctx: Ctx, id: number, contentType: string, bytes: Buffer) {
  const before = toFirmDto(await writableFirm(ctx, id));
  const type = contentType.split(';')[0].trim().toLowerCase() as (typeof LOGO_TYPES)[number];
  if (!LOGO_TYPES.includes(type)) throw new HttpError(415, m.logoType);
  if (bytes.length > LOGO_MAX_BYTES) throw new HttpError(413, m.logoSize);
  if (!MAGIC[type](bytes)) throw new HttpError(415, m.logoNotImage(type));
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await updateFirm(tx, id, { logo: bytes, logoContentType: type });
    // The logo's address before and after: each upload has its own, so a replaced image shows as one.
    const after = await findFirm(tx, ctx.scope('firms'), id);
    if (!after) throw notFound();
    record({
      action: 'update',
      entity: 'firm',
      entityId: id,
      firmId: id,
      changes: firmEntity.auditDiff(before, toFirmDto(after)),
    });
  });
  return get(ctx, id);
}

export async function getLogo(ctx: Ctx, id: number) {
  const logo = await findFirmLogo(ctx.deps.db, ctx.scope('firms'), id);
  if (!logo?.logo || !logo.type) throw notFound();
  return { bytes: logo.logo, type: logo.type };
}
