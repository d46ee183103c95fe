import {
  type Actor,
  canManageFirms,
  type FirmBody,
  type FirmListQuery,
  isSuperAdmin,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
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

export const messagesFor = {
  hasMembers: (n: number) =>
    `This firm cannot be deleted: ${n} user${n === 1 ? ' belongs' : 's belong'} to it (deleted users count too, since their records name the firm).`,
  logoType: 'The logo must be a PNG, JPEG, WebP or GIF image.',
  logoSize: 'The logo must be at most 512 KB.',
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
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (!(LOGO_TYPES as readonly string[]).includes(type)) throw new HttpError(415, messagesFor.logoType);
  if (bytes.length > LOGO_MAX_BYTES) throw new HttpError(413, messagesFor.logoSize);
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
