import type { Readable } from 'node:stream';
import {
  ADV_PARTS,
  advInitialDate,
  type CurrentDisclosure,
  type CurrentDisclosures,
  canReadDisclosureFile,
  canRecordDelivery,
  type DeliveryDateBody,
  DISCLOSURE_KINDS,
  type DisclosureKind,
  deliveryDateAccepted,
  inScope,
  isClient,
  messages,
} from '@portal/domain';
import type { Executor } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { currentOf } from './disclosure-versions.service.js';
import {
  deliveriesOfClients,
  fileUrlOf,
  findClient,
  findFirmLinks,
  findVersion,
  insertDelivery,
  linkOf,
  part2BReceivableSince,
  titleOf,
  versionsOfFirm,
} from './disclosures.repository.js';

// What a client receives: opening a version's file or a firm's link records its delivery (a receipt
// with the session it was opened in), and the first delivery days onboarding gates on.

const m = messages.disclosures;

/**
 * A version's PDF. Staff of the firm and super accounts read any version; a client of the firm only the
 * current one of its kind or one they received, and opening the current one records its delivery.
 * `opened`: a GET (the file is read); a HEAD delivers nothing.
 */
export async function openFile(ctx: Ctx, id: number, opened = true): Promise<{ stream: Readable; fileName: string }> {
  const found = await findVersion(ctx.deps.db, ctx.scope('firms'), id);
  if (!found || !canReadDisclosureFile(ctx.actor, found.version.firmId)) throw notFound();
  const v = found.version;
  const today = todayOf(ctx.deps.config);
  let delivers = false;
  if (isClient(ctx.actor)) {
    const isCurrent = currentOf(await versionsOfFirm(ctx.deps.db, v.firmId), today).get(v.kind)?.id === v.id;
    if (!isCurrent) {
      const received = (await deliveriesOfClients(ctx.deps.db, [ctx.actor.id])).some((d) => d.documentId === v.id);
      if (!received) throw notFound(m.notReceived);
    } else delivers = opened;
  }
  // The file before the record: a client who gets no document has not received it.
  const stream = await ctx.deps.storage.get(v.storageKey);
  if (!stream) throw notFound(m.fileLost);
  if (delivers) {
    try {
      await recordOpening(ctx, v.firmId, v.kind, v.id, null, today);
    } catch (err) {
      stream.destroy();
      throw err;
    }
  }
  return { stream, fileName: v.fileName };
}

/**
 * The session a receipt is recorded in, kept with it as evidence of who opened the document: a receipt
 * naming only the client cannot tell the client from someone who got into their account. Work done for
 * a client outside a request (the demo seed) has no session, address or browser, and records none
 * rather than a stand-in that would read as evidence.
 */
function receiptSessionOf(ctx: Ctx) {
  if (ctx.meta.requestId === null) return { sessionId: null, ip: null, userAgent: null };
  return { sessionId: ctx.auth.sessionId, ip: ctx.meta.ip, userAgent: ctx.meta.userAgent };
}

/** One opening by the client: the delivery row once per version (or link), an audit event each time. */
async function recordOpening(
  ctx: Ctx,
  firmId: number,
  kind: DisclosureKind,
  documentId: number | null,
  url: string | null,
  deliveryDate: string,
) {
  const session = receiptSessionOf(ctx);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const first = await insertDelivery(tx, {
      firmId,
      clientId: ctx.actor.id,
      kind,
      documentId,
      url,
      deliveryDate,
      deliveredAt: ctx.deps.config.now(),
      ...session,
    });
    // Each opening names its session, a repeated one too: the receipt row keeps the first only.
    record({
      action: first ? 'deliver' : 'open',
      entity: 'disclosure_delivery',
      entityId: documentId,
      firmId,
      changes: {
        client: ctx.actor.id,
        kind,
        version: documentId,
        url,
        delivery_date: deliveryDate,
        method: 'portal',
        session_id: session.sessionId,
        ip: session.ip,
        user_agent: session.userAgent,
      },
    });
  });
}

/** `PUT /api/update_form_adv_delivery_date/` and `.../update_form_crs_delivery_date/`: the client opened the document. */
export async function recordDelivery(ctx: Ctx, form: 'adv' | 'crs', body: DeliveryDateBody) {
  if (!canRecordDelivery(ctx.actor, body.portalUserId)) throw forbidden(m.onlyClient);
  const client = await findClient(ctx.deps.db, ctx.actor.id);
  if (!client) throw forbidden(m.onlyClient);
  const today = todayOf(ctx.deps.config);
  if (!deliveryDateAccepted(body.deliveryDate, today)) throw fieldError('deliveryDate', m.deliveryDate);
  const kind: DisclosureKind = form === 'crs' ? 'crs' : ADV_PARTS[body.part ?? '2A'];
  const firm = await findFirmLinks(ctx.deps.db, client.firmId);
  const current = currentOf(await versionsOfFirm(ctx.deps.db, client.firmId), today).get(kind) ?? null;
  const url = current ? null : linkOf(firm, kind);
  if (!current && !url) {
    if (kind === 'adv_2b') throw fieldError('part', m.noPart2B);
    throw conflict(m.notPublished(titleOf(kind)));
  }
  await recordOpening(ctx, client.firmId, kind, current?.id ?? null, url, body.deliveryDate);
  const dates = (await initialDeliveryDates(ctx.deps.db, [client.id], ctx.deps.config.timeZone)).get(client.id);
  return {
    portalUserId: client.id,
    deliveryDate: body.deliveryDate,
    Initial_Form_ADV_Delivery_Date__c: dates?.adv ?? null,
    Initial_Form_CRS_Delivery_Date__c: dates?.crs ?? null,
  };
}

export interface InitialDeliveryDates {
  adv: string | null;
  crs: string | null;
}

/**
 * For onboarding (`Client__r`, the gating): each client's first Form ADV and Form CRS delivery days
 * (YYYY-MM-DD). ADV counts on the day the client had every part the firm published by then: 2A, and
 * 2B when one could be received (uploaded and effective) by the day of the client's first 2A (a 2B
 * published later does not take back a delivery already complete). A client with no delivery is absent
 * from the map.
 */
export async function initialDeliveryDates(
  db: Executor,
  clientUserIds: number[],
  timeZone: string,
): Promise<Map<number, InitialDeliveryDates>> {
  const rows = await deliveriesOfClients(db, clientUserIds);
  const first2B = await part2BReceivableSince(db, [...new Set(rows.map((r) => r.firmId))], timeZone);
  const firsts = new Map<number, { firmId: number } & Record<DisclosureKind, string | null>>();
  for (const r of rows) {
    const f = firsts.get(r.clientId) ?? { firmId: r.firmId, adv_2a: null, adv_2b: null, crs: null };
    if (f[r.kind] === null || r.deliveryDate < (f[r.kind] as string)) f[r.kind] = r.deliveryDate;
    firsts.set(r.clientId, f);
  }
  const answer = new Map<number, InitialDeliveryDates>();
  for (const [clientId, f] of firsts) {
    const since2B = first2B.get(f.firmId);
    const has2B = since2B !== undefined && f.adv_2a !== null && since2B <= f.adv_2a;
    const adv = f.adv_2a === null ? null : advInitialDate({ adv_2a: true, adv_2b: has2B }, f);
    answer.set(clientId, { adv, crs: f.crs });
  }
  return answer;
}

/** What the Form ADV and Form CRS pages show one client: per kind the current version or link, and its receipt. */
export async function currentFor(ctx: Ctx, portalUserId: number): Promise<CurrentDisclosures> {
  const client = await findClient(ctx.deps.db, portalUserId);
  if (
    !client ||
    !inScope(ctx.scope('onboarding'), { firmId: client.firmId, personId: client.id, advisorId: client.advisorId })
  )
    throw notFound();
  const today = todayOf(ctx.deps.config);
  const firm = await findFirmLinks(ctx.deps.db, client.firmId);
  const current = currentOf(await versionsOfFirm(ctx.deps.db, client.firmId), today);
  const deliveries = await deliveriesOfClients(ctx.deps.db, [client.id]);
  const documents: CurrentDisclosure[] = [];
  for (const kind of DISCLOSURE_KINDS) {
    const v = current.get(kind);
    const link = v ? null : linkOf(firm, kind);
    if (!v && !link) continue;
    const got = deliveries.find(
      (d) => d.kind === kind && (v ? d.documentId === v.id : !d.documentId && d.url === link),
    );
    documents.push({
      kind,
      title: titleOf(kind),
      version: v?.id ?? null,
      effective_date: v?.effectiveDate ?? null,
      url: v ? fileUrlOf(v.id) : (link as string),
      received_on: got?.deliveryDate ?? null,
    });
  }
  const dates = (await initialDeliveryDates(ctx.deps.db, [client.id], ctx.deps.config.timeZone)).get(client.id);
  return {
    portalUserId: client.id,
    documents,
    Initial_Form_ADV_Delivery_Date__c: dates?.adv ?? null,
    Initial_Form_CRS_Delivery_Date__c: dates?.crs ?? null,
  };
}
