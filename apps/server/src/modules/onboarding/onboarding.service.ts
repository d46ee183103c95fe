import {
  CLIENT_AGREEMENT_PII,
  type ClientAgreement,
  type ClientAgreementBody,
  canReadOnboarding,
  canRevealOnboardingPii,
  canWriteOnboarding,
  clientAgreementFields,
  clientAgreementName,
  type InvestorProfile,
  type InvestorProfileBody,
  isClient,
  JOINT_CLIENT_FIELDS,
  looksMasked,
  maskPii,
  messages,
  nextInvestorProfileStatus,
  type OnboardingStatus,
  onboardingStatus,
} from '@portal/domain';
import type { Executor } from '../../db/client.js';
import { type AuditedTx, writeAudited } from '../../platform/audit.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { keptAnswer } from '../../platform/list.js';
import type { PiiKeyring } from '../../platform/pii.js';
import { totpKeyIdsInUse } from '../auth/auth.service.js';
import { type InitialDeliveryDates, initialDeliveryDates } from '../disclosures/disclosures.service.js';
import {
  type AgreementRow,
  agreementOfClient,
  agreementsNotUnderKey,
  type ClientRow,
  clientAgreementEntity,
  clientInScope,
  insertAgreement,
  insertInvestorProfile,
  investorProfileEntity,
  investorProfileOf,
  isClientRow,
  ownerOfAgreement,
  type PiiColumn,
  piiKeyIdsInUse,
  setPiiValues,
  updateAgreement,
  updateInvestorProfile,
} from './onboarding.repository.js';

const m = messages.clientAgreements;
const ip = messages.investorProfiles;
const CLIENT = 'ESWA_Portal_User_ID__c';

/** Each PII field: its wire name, its row property, its kind, and the name its encryption is bound to. */
const PII = CLIENT_AGREEMENT_PII.map(([wire, kind]) => {
  const column = clientAgreementFields[wire].column;
  return { wire, kind, column, bound: `client_agreements.${column}` };
});

/** What the server sets on an agreement: a new one's body values for these are ignored. */
const AGREEMENT_SET_BY_SERVER = ['Id', 'Name', 'Client_Agreement_Date__c', 'Client__r', 'Joint_Client__r'];
const PROFILE_SET_BY_SERVER = ['Id', 'portalUserEmail', 'Investor_Profile_Status__c', 'Status__c'];

const deliveryRef = (d: InitialDeliveryDates | undefined) => ({
  Initial_Form_ADV_Delivery_Date__c: d?.adv ?? null,
  Initial_Form_CRS_Delivery_Date__c: d?.crs ?? null,
});

// ---------------------------------------------------------------------------------------------------
// Access

/**
 * The client whose records are asked for. Outside the caller's onboarding scope, not a client, or not
 * theirs to read: 404 (another firm's records are never revealed). A reader who may not write (a
 * firm administrator): 403; a reader who may not reveal the PII in clear (`canRevealOnboardingPii`):
 * 403. `tx` locks the client's row for a write.
 */
async function clientFor(
  ctx: Ctx,
  userId: number,
  need: 'read' | 'write' | 'reveal',
  tx?: AuditedTx,
): Promise<ClientRow> {
  const row = await clientInScope(tx ?? ctx.deps.db, ctx.scope('onboarding'), userId, Boolean(tx));
  const target = row && { id: row.id, firmId: row.firmId, advisorId: row.advisorId, isClient: isClientRow(row) };
  if (!row || !target || row.firmId === null || !canReadOnboarding(ctx.actor, target)) throw notFound();
  if (need === 'write' && !canWriteOnboarding(ctx.actor, target)) throw forbidden();
  if (need === 'reveal' && !canRevealOnboardingPii(ctx.actor, target)) throw forbidden();
  return row;
}

/** The client of agreement `id`, checked like `clientFor`. */
async function clientOfAgreement(ctx: Ctx, id: number, need: 'read' | 'write' | 'reveal', tx?: AuditedTx) {
  const ownerId = await ownerOfAgreement(tx ?? ctx.deps.db, ctx.scope('onboarding'), id);
  if (ownerId === null) throw notFound();
  return clientFor(ctx, ownerId, need, tx);
}

// ---------------------------------------------------------------------------------------------------
// Client agreements

/** The row with its PII in clear (`'clear'`) or masked, and the delivery dates put on it. */
async function present(ctx: Ctx, ex: Executor, row: AgreementRow, pii: 'clear' | 'masked'): Promise<ClientAgreement> {
  const out: Record<string, unknown> = { ...row };
  for (const f of PII) {
    const stored = row[f.column as keyof AgreementRow] as string | null;
    out[f.column] =
      pii === 'clear' ? ctx.deps.pii.decrypt(stored, f.bound) : ctx.deps.pii.mask(f.kind, stored, f.bound);
  }
  const dates = await initialDeliveryDates(ex, [row.portalUserId], ctx.deps.config.timeZone);
  out.clientDeliveries = deliveryRef(dates.get(row.portalUserId));
  // The joint client has no portal account of their own: deliveries are recorded to the client's.
  out.jointClientDeliveries = null;
  return clientAgreementEntity.toWire(out) as ClientAgreement;
}

/**
 * The body as `changes` should judge it against `current` (the stored record in clear, or none):
 * a mask sent back unchanged is dropped (the stored value stays); another masked value is a 400 on
 * its field; an Individual Client's joint column is emptied; a date of birth sent must be before
 * `today` (the portal's, so not in the shared schema, which has no clock).
 */
function judged(body: ClientAgreementBody, current: ClientAgreement | null, today: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  const fields: Record<string, string> = {};
  for (const f of PII) {
    const sent = out[f.wire];
    if (!looksMasked(sent)) continue;
    const stored = current?.[f.wire as keyof ClientAgreement] as string | null | undefined;
    if (stored && maskPii(f.kind, stored) === sent) delete out[f.wire];
    else fields[f.wire] = m.maskedValue;
  }
  if (Object.keys(fields).length) throw badRequest(m.requiredFields, fields);
  if (out.Form_Type__c !== 'Joint Clients')
    for (const wire of JOINT_CLIENT_FIELDS) out[wire] = wire.startsWith('Is') ? false : null;
  for (const f of PII) {
    const sent = out[f.wire];
    if (f.kind === 'dob' && typeof sent === 'string' && sent >= today) fields[f.wire] = m.dobInPast;
  }
  if (Object.keys(fields).length) throw badRequest(m.requiredFields, fields);
  return out;
}

/** The column values with each PII value encrypted under the current key. */
function sealed(ctx: Ctx, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const f of PII)
    if (f.column in out) out[f.column] = ctx.deps.pii.encrypt(out[f.column] as string | null, f.bound);
  return out;
}

/**
 * What the masked agreement is made of: the agreement, and the client's first receipts of the disclosure
 * documents (their dates, with the firm's versions, and the client's firm).
 */
const AGREEMENT_READS = [
  'client_agreements',
  'disclosure_deliveries',
  'disclosure_documents',
  'users',
  'profiles',
] as const;

export const clientAgreements = {
  /**
   * `GET /api/client_agreements/?portalUserId=`: the client's agreement, 0 or 1 rows, masked. Without
   * `portalUserId`, the caller's own: none for someone who is not a client (a list is never a 404).
   */
  async list(ctx: Ctx, portalUserId: number | undefined) {
    if (portalUserId === undefined && !isClient(ctx.actor)) return { count: 0, results: [] };
    const client = await clientFor(ctx, portalUserId ?? ctx.actor.id, 'read');
    // Masked, the same for every reader who may read it: kept per client.
    return keptAnswer(ctx, AGREEMENT_READS, `client agreement\n${client.id}`, async () => {
      const row = await agreementOfClient(ctx.deps.db, client.id);
      const results = row ? [await present(ctx, ctx.deps.db, row, 'masked')] : [];
      return { count: results.length, results };
    });
  },

  /** Masked, or in clear with `reveal` (to its readers, each reveal an audit event naming the fields). */
  async get(ctx: Ctx, id: number, reveal: boolean): Promise<ClientAgreement> {
    const client = await clientOfAgreement(ctx, id, reveal ? 'reveal' : 'read');
    const row = await agreementOfClient(ctx.deps.db, client.id);
    if (!row) throw notFound();
    if (!reveal) return present(ctx, ctx.deps.db, row, 'masked');
    return writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      const shown = await present(ctx, tx, row, 'clear');
      record({
        action: 'reveal',
        entity: clientAgreementEntity.name,
        entityId: row.id,
        firmId: row.firmId,
        changes: { fields: PII.filter((f) => shown[f.wire as keyof ClientAgreement] !== null).map((f) => f.wire) },
      });
      return shown;
    });
  },

  /**
   * The first submit: by the client for themself, or by their advisor for the client named in
   * `ESWA_Portal_User_ID__c`. One agreement per client (409). The agreement date is today in the
   * portal's time zone.
   */
  async create(ctx: Ctx, body: ClientAgreementBody): Promise<ClientAgreement> {
    const { actor, deps } = ctx;
    const clientId = (body[CLIENT] as number | undefined) ?? (isClient(actor) ? actor.id : undefined);
    if (clientId === undefined) throw badRequest(m.requiredFields, { [CLIENT]: m.clientRequired });
    try {
      return await writeAudited(deps.db, ctx.meta, async (tx, record) => {
        const client = await clientFor(ctx, clientId, 'write', tx);
        if (await agreementOfClient(tx, client.id)) throw conflict(m.exists);
        const input = judged(body, null, todayOf(deps.config));
        const { columns, changed } = clientAgreementEntity.changes(actor, input, clientAgreementEntity.blank(), {
          forced: AGREEMENT_SET_BY_SERVER,
        });
        const values = sealed(ctx, columns[''] ?? {});
        const row = await insertAgreement(tx, {
          ...values,
          portalUserId: client.id,
          firmId: client.firmId as number,
          name: clientAgreementName(input.ClientName__c as string, (input.JtCltName__c as string | null) ?? null),
          agreementDate: todayOf(deps.config),
          createdById: actor.id,
          updatedById: actor.id,
        });
        record({
          action: 'create',
          entity: clientAgreementEntity.name,
          entityId: row.id,
          firmId: row.firmId,
          changes: clientAgreementEntity.auditOf(changed),
        });
        return present(ctx, tx, row, 'masked');
      });
    } catch (err) {
      // Two first submits at once (two tabs): the second finds the unique client taken.
      if (isUniqueViolation(err)) throw conflict(m.exists);
      throw err;
    }
  },

  /** A later save, by the client or their advisor; masks sent back leave their values as stored. */
  async update(ctx: Ctx, id: number, body: ClientAgreementBody): Promise<ClientAgreement> {
    return writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      const client = await clientOfAgreement(ctx, id, 'write', tx);
      const row = await agreementOfClient(tx, client.id);
      if (!row) throw notFound();
      const sentClient = body[CLIENT] as number | undefined;
      if (sentClient !== undefined && sentClient !== row.portalUserId)
        throw badRequest(m.requiredFields, { [CLIENT]: m.clientFixed });
      const current = await present(ctx, tx, row, 'clear');
      const input = judged(body, current, todayOf(ctx.deps.config));
      const { columns, changed } = clientAgreementEntity.changes(ctx.actor, input, current);
      const values = sealed(ctx, columns[''] ?? {});
      const after = { ...current, ...input } as Record<string, unknown>;
      const saved = await updateAgreement(tx, row.id, {
        ...values,
        name: clientAgreementName(
          (after.ClientName__c as string | null) ?? null,
          (after.JtCltName__c as string | null) ?? null,
        ),
        updatedAt: ctx.deps.config.now(),
        updatedById: ctx.actor.id,
      });
      record({
        action: 'update',
        entity: clientAgreementEntity.name,
        entityId: row.id,
        firmId: row.firmId,
        changes: clientAgreementEntity.auditOf(changed, current),
      });
      return present(ctx, tx, saved, 'masked');
    });
  },
};

// ---------------------------------------------------------------------------------------------------
// Exhibit B investor profile

export const investorProfiles = {
  /** `portalUserEmail`, when sent, must be the client's (else not found, like a client without one). */
  async get(ctx: Ctx, userId: number, portalUserEmail: string | null | undefined): Promise<InvestorProfile> {
    const client = await clientFor(ctx, userId, 'read');
    if (portalUserEmail && portalUserEmail.toLowerCase() !== client.email.toLowerCase()) throw notFound(ip.notFound);
    const row = await investorProfileOf(ctx.deps.db, client.id);
    if (!row) throw notFound(ip.notFound);
    return investorProfileEntity.toWire(row) as InvestorProfile;
  },

  /**
   * Save, by the client or their advisor, for an Exhibit B client only. The status follows
   * `nextInvestorProfileStatus` (Submitted, then Updated).
   */
  async save(ctx: Ctx, userId: number, body: InvestorProfileBody): Promise<InvestorProfile> {
    return writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      const client = await clientFor(ctx, userId, 'write', tx);
      if (!client.exhibitB) throw conflict(ip.notExhibitBUser);
      const existing = await investorProfileOf(tx, client.id);
      const current = existing ? investorProfileEntity.toWire(existing) : investorProfileEntity.blank();
      const { columns, changed } = investorProfileEntity.changes(ctx.actor, body, current, {
        forced: PROFILE_SET_BY_SERVER,
      });
      const status = nextInvestorProfileStatus(existing?.status ?? null);
      const values = { ...(columns[''] ?? {}), status, updatedAt: ctx.deps.config.now(), updatedById: ctx.actor.id };
      if (existing) await updateInvestorProfile(tx, existing.id, values);
      else
        await insertInvestorProfile(tx, {
          ...(values as Parameters<typeof insertInvestorProfile>[1]),
          portalUserId: client.id,
          firmId: client.firmId as number,
          createdById: ctx.actor.id,
        });
      const saved = await investorProfileOf(tx, client.id);
      if (!saved) throw new Error('the investor profile just saved is missing');
      record({
        action: existing ? 'update' : 'create',
        entity: investorProfileEntity.name,
        entityId: saved.id,
        firmId: saved.firmId,
        changes: investorProfileEntity.auditOf(
          { ...changed, Investor_Profile_Status__c: status },
          existing ? current : undefined,
        ),
      });
      return investorProfileEntity.toWire(saved) as InvestorProfile;
    });
  },
};

// ---------------------------------------------------------------------------------------------------
// Onboarding status

/** The steps of one client's onboarding (the client, their advisor, the firm's administrators). */
export async function statusOf(ctx: Ctx, userId: number): Promise<OnboardingStatus> {
  const db: Executor = ctx.deps.db;
  const client = await clientFor(ctx, userId, 'read');
  const [agreement, profile, dates] = [
    await agreementOfClient(db, client.id),
    await investorProfileOf(db, client.id),
    await initialDeliveryDates(db, [client.id], ctx.deps.config.timeZone),
  ];
  return onboardingStatus({
    exhibitB: client.exhibitB,
    agreement: agreement && {
      Id: agreement.id,
      Client_Agreement_Date__c: agreement.agreementDate,
      Client__r: deliveryRef(dates.get(client.id)),
      Joint_Client__r: null,
    },
    investorProfile: profile && { Investor_Profile_Status__c: profile.status },
  });
}

// ---------------------------------------------------------------------------------------------------
// Key rotation (`npm run rotate-pii-key`)

export interface RotationResult {
  keyId: string;
  agreements: number;
  values: number;
  batches: number;
}

/**
 * The keys that stored values (client agreements' PII, authenticator secrets) are encrypted under and
 * `pii` does not hold: what is under them cannot be read until the key is configured again.
 */
export async function unconfiguredPiiKeys(db: Executor, pii: PiiKeyring): Promise<string[]> {
  const inUse = new Set([...(await piiKeyIdsInUse(db)), ...(await totpKeyIdsInUse(db))]);
  return [...inUse].filter((id) => !pii.keyIds.includes(id)).sort();
}

/**
 * Re-encrypts under the current key every PII value of the client agreements that is under another
 * one (a previous key must still be configured to read it). Batches of `batchSize` agreements, each
 * one transaction with its audit event; a value already under the current key is left alone, so a
 * run cut short is finished by running it again.
 */
export async function rotatePiiKey(
  db: Executor,
  pii: PiiKeyring,
  opts: { batchSize?: number; log?: (line: string) => void } = {},
): Promise<RotationResult> {
  const batchSize = opts.batchSize ?? 500;
  const result: RotationResult = { keyId: pii.currentKeyId, agreements: 0, values: 0, batches: 0 };
  let afterId = 0;
  for (;;) {
    // Looked at first, outside a transaction: an empty batch writes (and audits) nothing.
    if (!(await agreementsNotUnderKey(db, pii.currentKeyId, afterId, 1)).length) break;
    const batch = await writeAudited(db, { actorId: null, requestId: null }, async (tx, record) => {
      const rows = await agreementsNotUnderKey(tx, pii.currentKeyId, afterId, batchSize, true);
      let values = 0;
      for (const row of rows) {
        const sealedValues: Partial<Record<PiiColumn, string | null>> = {};
        for (const f of PII) {
          const stored = row[f.column as PiiColumn];
          if (!pii.needsRotation(stored)) continue;
          sealedValues[f.column as PiiColumn] = pii.encrypt(pii.decrypt(stored, f.bound), f.bound);
          values++;
        }
        await setPiiValues(tx, row.id, sealedValues);
      }
      record({
        action: 'rotate_pii_key',
        entity: clientAgreementEntity.name,
        changes: { key_id: pii.currentKeyId, agreements: rows.length, values, ids: rows.map((r) => r.id) },
      });
      return { rows: rows.length, values, lastId: rows.at(-1)?.id ?? afterId };
    });
    result.agreements += batch.rows;
    result.values += batch.values;
    result.batches++;
    afterId = batch.lastId;
    opts.log?.(`batch ${result.batches}: ${batch.values} values in ${batch.rows} client agreements re-encrypted`);
  }
  return result;
}
