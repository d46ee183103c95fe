import {
  canManageFirmLinks,
  FIRM_LINK_KINDS,
  type FirmLink,
  type FirmLinkBody,
  type FirmLinkListQuery,
  type FirmLinkUpdateBody,
  firmLinkKindsFor,
  inScope,
  messages,
} from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import {
  conflict,
  fieldError,
  forbidden,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import { hasServiceProvider } from '../sso/sso.service.js';
import {
  deleteLink,
  type FirmLinkRow,
  findLink,
  insertLink,
  type LinkColumns,
  linkEntity,
  listLinks,
  updateLink,
} from './firm-links.repository.js';

const m = messages.firmLinks;

const toWire = (r: FirmLinkRow) => linkEntity.toWire(r) as FirmLink;

/** A firm outside the caller's reach is absent (404); inside it, only its administrators keep its links (403). */
function managedFirm(ctx: Ctx, firmId: number) {
  if (!inScope(ctx.scope('firms'), { firmId })) throw notFound();
  if (!canManageFirmLinks(ctx.actor, firmId)) throw forbidden();
}

/**
 * Without a firm: the caller's own firm's links that their menus show. With one: every link of that
 * firm, for its administrators.
 */
export async function list(ctx: Ctx, q: FirmLinkListQuery) {
  const scope = ctx.scope('firms');
  let firmId: number | null;
  let kinds = FIRM_LINK_KINDS.filter((k) => !q.kind || k === q.kind);
  if (q.firm === undefined) {
    firmId = ctx.actor.profile._firm;
    const mine = firmLinkKindsFor(ctx.actor);
    kinds = kinds.filter((k) => mine.includes(k));
  } else {
    managedFirm(ctx, q.firm);
    firmId = q.firm;
  }
  if (firmId === null) return { count: 0, results: [] };
  // The menus' read: the person's own firm, whatever the firms area would otherwise let them see.
  const key = answerKey('firm links', scope, firmId, kinds, q);
  return keptAnswer(ctx, ['firm_links'], key, async () => {
    const { rows, count } = await listLinks(ctx.deps.db, scope, firmId, kinds, q, q);
    return { count, results: rows.map(toWire) };
  });
}

/** A link signs in through one of its own firm's service providers. */
async function checkServiceProvider(ctx: Ctx, firmId: number, key: string | null) {
  if (key !== null && !(await hasServiceProvider(ctx.deps, firmId, key)))
    throw fieldError('service_provider', messages.sso.linkUnknown);
}

/** A second link of the same kind and label in a firm would show twice in a menu. */
async function unique<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(m.duplicate, { label: m.duplicate });
    // Its service provider removed since the check above.
    if (isForeignKeyViolation(err)) throw fieldError('service_provider', messages.sso.linkUnknown);
    throw err;
  }
}

export async function create(ctx: Ctx, body: FirmLinkBody) {
  managedFirm(ctx, body.firm);
  await checkServiceProvider(ctx, body.firm, body.service_provider);
  const row = await unique(() =>
    writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      const inserted = await insertLink(tx, {
        ...(linkEntity.rowColumns(ctx.actor, body) as LinkColumns),
        firmId: body.firm,
      });
      record({
        action: 'create',
        entity: 'firm_link',
        entityId: inserted.id,
        firmId: body.firm,
        changes: linkEntity.auditRecord(toWire(inserted)),
      });
      return inserted;
    }),
  );
  return toWire(row);
}

async function managedLink(ctx: Ctx, id: number) {
  const row = await findLink(ctx.deps.db, ctx.scope('firms'), id);
  if (!row) throw notFound();
  managedFirm(ctx, row.firmId);
  return row;
}

export async function update(ctx: Ctx, id: number, body: FirmLinkUpdateBody) {
  const before = await managedLink(ctx, id);
  await checkServiceProvider(ctx, before.firmId, body.service_provider);
  const { columns } = linkEntity.changes(ctx.actor, body, toWire(before));
  const row = await unique(() =>
    writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      const updated = await updateLink(tx, id, columns[''] ?? {});
      const changes = linkEntity.auditDiff(toWire(before), toWire(updated), linkEntity.writable);
      record({ action: 'update', entity: 'firm_link', entityId: id, firmId: before.firmId, changes });
      return updated;
    }),
  );
  return toWire(row);
}

export async function remove(ctx: Ctx, id: number) {
  const before = await managedLink(ctx, id);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await deleteLink(tx, id);
    record({
      action: 'delete',
      entity: 'firm_link',
      entityId: id,
      firmId: before.firmId,
      changes: linkEntity.auditRecord(toWire(before)),
    });
  });
}
