import {
  type Actor,
  canManageFirms,
  type FirmBody,
  type FirmListQuery,
  isSuperAdmin,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  messages,
} from '@portal/domain';
import { audit } from '../../platform/audit.js';
import type { AuthState } from '../../platform/auth.js';
import type { AppDeps, RequestMeta } from '../../platform/context.js';
import { conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { parseOrdering } from '../../platform/pagination.js';
import {
  countFirmMembers,
  deleteFirm,
  type FirmSortKey,
  findFirm,
  findFirmLogo,
  insertFirm,
  listFirms,
  toFirmDto,
  updateFirm,
} from './firms.repository.js';

const messagesFor = messages.firms;

/** The first bytes of each accepted image type: the body must be what its content type says. */
const MAGIC: Record<(typeof LOGO_TYPES)[number], (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** A firm outside the caller's reach is absent: 404, never a hint that it exists. */
async function visibleFirm(deps: AppDeps, actor: Actor, id: number) {
  const firm = await findFirm(deps.db, id);
  if (!firm || (!isSuperAdmin(actor) && actor.profile._firm !== id)) throw notFound();
  return firm;
}

async function writableFirm(deps: AppDeps, actor: Actor, id: number) {
  const firm = await visibleFirm(deps, actor, id);
  if (!canManageFirms(actor)) throw forbidden();
  return firm;
}

export async function list(deps: AppDeps, actor: Actor, q: FirmListQuery) {
  const { key, desc } = parseOrdering<FirmSortKey>(q.ordering);
  const { rows, count } = await listFirms(deps.db, {
    onlyFirmId: isSuperAdmin(actor) ? undefined : actor.profile._firm,
    search: q.search,
    sort: key,
    desc,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  return { count, results: rows.map(toFirmDto) };
}

export async function get(deps: AppDeps, actor: Actor, id: number) {
  return toFirmDto(await visibleFirm(deps, actor, id));
}

const columnsOf = (b: FirmBody) => ({
  name: b.name,
  abbreviation: b.abbreviation || null,
  firmTk: b.firm_tk ?? null,
  street: b.street || null,
  city: b.city || null,
  state: b.state || null,
  zipCode: b.zip_code || null,
  formAdvUrl: b.form_adv_url || null,
  formCrsUrl: b.form_crs_url || null,
});

export async function create(deps: AppDeps, auth: AuthState, body: FirmBody, meta: RequestMeta) {
  if (!canManageFirms(auth.actor)) throw forbidden();
  const values = columnsOf(body);
  const id = await deps.db.transaction(async (tx) => {
    const newId = await insertFirm(tx, values);
    await audit(tx, meta, { action: 'create', entity: 'firm', entityId: newId, firmId: newId, changes: values });
    return newId;
  });
  return get(deps, auth.actor, id);
}

export async function update(deps: AppDeps, auth: AuthState, id: number, body: FirmBody, meta: RequestMeta) {
  await writableFirm(deps, auth.actor, id);
  const values = columnsOf(body);
  await deps.db.transaction(async (tx) => {
    await updateFirm(tx, id, values);
    await audit(tx, meta, { action: 'update', entity: 'firm', entityId: id, firmId: id, changes: values });
  });
  return get(deps, auth.actor, id);
}

export async function remove(deps: AppDeps, auth: AuthState, id: number, meta: RequestMeta) {
  const firm = await writableFirm(deps, auth.actor, id);
  await deps.db.transaction(async (tx) => {
    const members = await countFirmMembers(tx, id);
    if (members > 0) throw conflict(messagesFor.hasMembers(members));
    await deleteFirm(tx, id);
    await audit(tx, meta, { action: 'delete', entity: 'firm', entityId: id, firmId: id, changes: { name: firm.name } });
  });
}

export async function setLogo(
  deps: AppDeps,
  auth: AuthState,
  id: number,
  contentType: string,
  bytes: Buffer,
  meta: RequestMeta,
) {
  await writableFirm(deps, auth.actor, id);
  const type = contentType.split(';')[0].trim().toLowerCase() as (typeof LOGO_TYPES)[number];
  if (!LOGO_TYPES.includes(type)) throw new HttpError(415, messagesFor.logoType);
  if (bytes.length > LOGO_MAX_BYTES) throw new HttpError(413, messagesFor.logoSize);
  if (!MAGIC[type](bytes)) throw new HttpError(415, messagesFor.logoNotImage(type));
  await deps.db.transaction(async (tx) => {
    await updateFirm(tx, id, { logo: bytes, logoContentType: type });
    await audit(tx, meta, { action: 'update', entity: 'firm', entityId: id, firmId: id, changes: { logo: true } });
  });
  return get(deps, auth.actor, id);
}

export async function getLogo(deps: AppDeps, actor: Actor, id: number) {
  await visibleFirm(deps, actor, id);
  const logo = await findFirmLogo(deps.db, id);
  if (!logo?.logo || !logo.type) throw notFound();
  return { bytes: logo.logo, type: logo.type };
}
