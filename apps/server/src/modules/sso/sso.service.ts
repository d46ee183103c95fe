import { randomBytes } from 'node:crypto';
import {
  attributesSent,
  canManageServiceProviders,
  canUseSso,
  inScope,
  messages,
  NAME_ID_FORMAT,
  type ServiceProvider,
  type ServiceProviderBody,
  type ServiceProviderListQuery,
  type ServiceProviderUpdateBody,
  type SsoAttribute,
  staffRoleLabel,
} from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import type { AppDeps, Ctx } from '../../platform/context.js';
import { badRequest, conflict, forbidden, HttpError, isForeignKeyViolation, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import { certificateOf } from '../../platform/saml-keys.js';
import { accountById } from '../accounts/accounts.service.js';
import { firmLabel } from '../firms/firms.service.js';
import { idpMetadata, signedLoginResponse } from './saml-idp.js';
import {
  deleteProvider,
  findProvider,
  findProviderByKey,
  insertProvider,
  listProviders,
  type ProviderColumns,
  providerEntity,
  providerKeyExists,
  type ServiceProviderRow,
  takenBy,
  updateProvider,
} from './sso.repository.js';

const m = messages.sso;

const toWire = (r: ServiceProviderRow) => providerEntity.toWire(r) as ServiceProvider;

/** The record as the audit trail keeps it: the certificate by its subject and end, not its text. */
const audited = (r: ServiceProviderRow) => {
  const wire = toWire(r);
  return { ...wire, certificate: `${wire.certificate_subject} (expires ${wire.certificate_expires})` };
};

/** A firm outside the caller's reach is absent (404); inside it, only its administrators keep its providers (403). */
function managedFirm(ctx: Ctx, firmId: number) {
  if (!inScope(ctx.scope('firms'), { firmId })) throw notFound();
  if (!canManageServiceProviders(ctx.actor, firmId)) throw forbidden();
}

const usDate = (d: Date, timeZone: string) =>
  d.toLocaleDateString('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric' });

/**
 * The certificate's columns: its text as read, its subject and its end. A PEM that is no X.509
 * certificate, or an expired one, is a 400.
 */
function certificateColumns(ctx: Ctx, pem: string) {
  const cert = certificateOf(pem);
  if (!cert) throw badRequest(m.certificateInvalid, { certificate: m.certificateInvalid });
  const expires = new Date(cert.validTo);
  if (expires <= ctx.deps.config.now()) {
    const message = m.certificateExpired(usDate(expires, ctx.deps.config.timeZone));
    throw badRequest(message, { certificate: message });
  }
  return {
    certificate: cert.toString(),
    certificateSubject: cert.subject.replaceAll('\n', ', '),
    certificateExpires: expires,
  };
}

/**
 * Keys are unique in a firm, entity IDs on the whole portal (the answer names no other firm); a provider
 * that links sign in through stays until they change.
 */
async function guarded<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    const taken = takenBy(err);
    if (taken === 'entity_id') throw conflict(m.entityIdTaken, { entity_id: m.entityIdTaken });
    if (taken === 'key') throw conflict(m.duplicate, { key: m.duplicate });
    if (isForeignKeyViolation(err)) throw conflict(m.inUse);
    throw err;
  }
}

export async function list(ctx: Ctx, q: ServiceProviderListQuery) {
  managedFirm(ctx, q.firm);
  const scope = ctx.scope('firms');
  return keptAnswer(ctx, ['sso_service_providers'], answerKey('service providers', scope, q), async () => {
    const { rows, count } = await listProviders(ctx.deps.db, scope, q.firm, q, q);
    return { count, results: rows.map(toWire) };
  });
}

async function managedProvider(ctx: Ctx, id: number) {
  const row = await findProvider(ctx.deps.db, ctx.scope('firms'), id);
  if (!row) throw notFound();
  managedFirm(ctx, row.firmId);
  return row;
}

export async function get(ctx: Ctx, id: number) {
  return toWire(await managedProvider(ctx, id));
}

export async function create(ctx: Ctx, body: ServiceProviderBody) {
  managedFirm(ctx, body.firm);
  const columns = { ...providerEntity.rowColumns(ctx.actor, body), ...certificateColumns(ctx, body.certificate) };
  const row = await guarded(() =>
    writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      const inserted = await insertProvider(tx, {
        ...(columns as ProviderColumns),
        firmId: body.firm,
        nameIdSecret: randomBytes(32).toString('base64url'),
      });
      record({
        action: 'create',
        entity: 'sso_service_provider',
        entityId: inserted.id,
        firmId: body.firm,
        changes: providerEntity.auditRecord(audited(inserted)),
      });
      return inserted;
    }),
  );
  return toWire(row);
}

export async function update(ctx: Ctx, id: number, body: ServiceProviderUpdateBody) {
  const before = await managedProvider(ctx, id);
  // The certificate is read again whether or not its text changed: an expired one is refused.
  const { columns } = providerEntity.changes(ctx.actor, body, toWire(before));
  const values = { ...columns[''], ...certificateColumns(ctx, body.certificate) } as Partial<ProviderColumns>;
  const row = await guarded(() =>
    writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      const updated = await updateProvider(tx, id, values);
      record({
        action: 'update',
        entity: 'sso_service_provider',
        entityId: id,
        firmId: before.firmId,
        changes: providerEntity.auditDiff(audited(before), audited(updated), providerEntity.writable),
      });
      return updated;
    }),
  );
  return toWire(row);
}

export async function remove(ctx: Ctx, id: number) {
  const before = await managedProvider(ctx, id);
  await guarded(() =>
    writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      await deleteProvider(tx, id);
      record({
        action: 'delete',
        entity: 'sso_service_provider',
        entityId: id,
        firmId: before.firmId,
        changes: providerEntity.auditRecord(toWire(before), ['key', 'label', 'entity_id']),
      });
    }),
  );
}

/** For the firm links: whether the firm has a provider of this key. */
export const hasServiceProvider = (deps: AppDeps, firmId: number, key: string) =>
  providerKeyExists(deps.db, firmId, key);

/** Single sign-on is off: production without the signing key in its environment. */
const ssoOff = () => new HttpError(503, m.notConfigured);

/** The IdP's metadata (public: service providers read it to trust the portal). */
export function metadata(deps: AppDeps) {
  const xml = idpMetadata(deps.config.sso, deps.config.publicUrl);
  if (xml === null) throw ssoOff();
  return xml;
}

/** What the sign-on page posts: to where, the signed response, and the RelayState. */
export interface SignOn {
  label: string;
  acsUrl: string;
  samlResponse: string;
  relayState: string;
}

/**
 * Signs the caller in to their own firm's service provider `key` (IdP-initiated): another firm's key,
 * an unknown or inactive one is absent (404); a provider for the firm's staff refuses its clients (403).
 * The account is read afresh, so the email goes only while its proof holds. Each response issued is in the
 * audit trail: who, to which provider, with which attributes.
 */
export async function signOn(ctx: Ctx, key: string): Promise<SignOn> {
  const firmId = ctx.actor.profile._firm;
  const sp = firmId === null ? undefined : await findProviderByKey(ctx.deps.db, ctx.scope('firms'), firmId, key);
  if (!sp?.isActive || firmId === null) throw notFound(m.notFound);
  if (!canUseSso(ctx.actor)) throw forbidden(m.notForYou);
  const person = await accountById(ctx.deps.db, ctx.auth.actor.id);
  if (!person) throw notFound(m.notFound);
  const firm = await firmLabel(ctx.deps, firmId);
  const values: Record<SsoAttribute, string> = {
    email: person.email,
    first_name: person.firstName ?? '',
    last_name: person.lastName ?? '',
    firm: firm?.name ?? '',
    role: staffRoleLabel(ctx.actor.profile.profile_type) ?? '',
  };
  const sent = attributesSent(sp.attributes, person.emailVerifiedAt !== null);
  const signed = await signedLoginResponse(
    ctx.deps.config.sso,
    ctx.deps.config.publicUrl,
    sp,
    { id: person.id, attributes: Object.fromEntries(sent.map((a) => [a, values[a]])) },
    ctx.deps.config.now(),
  );
  if (!signed) throw ssoOff();
  await writeAudited(ctx.deps.db, ctx.meta, async (_tx, record) => {
    record({
      action: 'sso',
      entity: 'sso_service_provider',
      entityId: sp.id,
      firmId,
      changes: {
        service_provider: sp.key,
        entity_id: sp.entityId,
        name_id_format: NAME_ID_FORMAT,
        attributes: sent,
        response_id: signed.responseId,
      },
    });
  });
  return { label: sp.label, acsUrl: sp.acsUrl, samlResponse: signed.samlResponse, relayState: sp.relayState };
}
