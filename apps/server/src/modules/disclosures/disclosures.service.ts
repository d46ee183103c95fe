import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ADV_PARTS,
  ALL_FIRMS_EXPORT_PREFIX,
  advInitialDate,
  type CurrentDisclosure,
  type CurrentDisclosures,
  canManageDisclosures,
  canOpenDisclosureDeliveries,
  canReadDisclosureFile,
  canRecordDelivery,
  cleanFileName,
  currentVersion,
  type DeliverBody,
  type DeliveryCell,
  type DeliveryDateBody,
  DISCLOSURE_KINDS,
  DISCLOSURE_MAX_BYTES,
  type DisclosureDeliveryExportQuery,
  type DisclosureDeliveryQuery,
  type DisclosureDeliveryRow,
  type DisclosureKind,
  type DisclosureUploadQuery,
  type DisclosureVersion,
  type DisclosureVersionQuery,
  deliveryDateAccepted,
  deliveryStatus,
  deviceOf,
  exportPrefixOf,
  inScope,
  isAdv,
  isClient,
  messages,
  overallStatus,
  wireDateToText,
} from '@portal/domain';
import { stringify } from 'csv-stringify';
import type { Executor } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { neutraliseFormula } from '../../platform/csv-zip.js';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mail.js';
import {
  deleteVersion,
  deliveriesOfClients,
  findClient,
  findFirmLinks,
  findVersion,
  insertDelivery,
  insertNotices,
  insertVersion,
  linkOf,
  listVersions as listVersionRows,
  nameOf,
  part2BReceivableSince,
  type ReportRowRaw,
  reportRows,
  type VersionRow,
  versionInUse,
  versionsOfFirm,
} from './disclosures.repository.js';

const m = messages.disclosures;
const title = (kind: DisclosureKind) => m.kinds[kind];
const fileUrl = (id: number) => `/api/disclosure_documents/${id}/file/`;
const asVersion = (v: VersionRow) => ({
  ...v,
  effective_date: v.effectiveDate,
  uploaded_at: v.uploadedAt.toISOString(),
});

/** The current version of each kind among a firm's versions. */
function currentOf(versions: VersionRow[], today: string) {
  const byKind = new Map<DisclosureKind, VersionRow | null>();
  for (const kind of DISCLOSURE_KINDS)
    byKind.set(kind, currentVersion(versions.filter((v) => v.kind === kind).map(asVersion), today));
  return byKind;
}

function toWire(v: VersionRow, deliveries: number, current: boolean): DisclosureVersion {
  return {
    id: v.id,
    firm: v.firmId,
    kind: v.kind,
    title: title(v.kind),
    effective_date: v.effectiveDate,
    material_change: v.materialChange,
    file_name: v.fileName,
    size: v.size,
    sha256: v.sha256,
    uploaded_by: v.uploadedById,
    uploaded_by_name: v.uploadedByName,
    uploaded_at: v.uploadedAt.toISOString(),
    file_url: fileUrl(v.id),
    deliveries,
    is_current: current,
  };
}

/** A firm outside the caller's reach is absent (404); inside it, only its administrators manage. */
async function managedFirm(ctx: Ctx, firmId: number) {
  const firm = await findFirmLinks(ctx.deps.db, firmId);
  if (!firm || !inScope(ctx.scope('firms'), { firmId })) throw notFound();
  if (!canManageDisclosures(ctx.actor, firmId)) throw forbidden();
  return firm;
}

export async function listVersions(ctx: Ctx, q: DisclosureVersionQuery) {
  const firm = await managedFirm(ctx, q.firm);
  const { rows, count } = await listVersionRows(ctx.deps.db, ctx.scope('firms'), q);
  const current = currentOf(await versionsOfFirm(ctx.deps.db, q.firm), todayOf(ctx.deps.config));
  const results = rows.map((r) => toWire(r.version, r.deliveries, current.get(r.version.kind)?.id === r.version.id));
  return { count, results, form_adv_url: firm.formAdvUrl, form_crs_url: firm.formCrsUrl };
}

/**
 * The name a download carries: the uploaded file's, else the document's. Control and format characters
 * go (a right-to-left override would disguise the extension in a save dialog).
 */
const safeFileName = (name: string | undefined, kind: DisclosureKind, date: string) => {
  const base = cleanFileName(name ?? '');
  return base ? (base.toLowerCase().endsWith('.pdf') ? base : `${base}.pdf`) : `${title(kind)} ${date}.pdf`;
};

/** A PDF of at most 10 MB, sent as the raw body; checked by its bytes, not only its declared type. */
export async function upload(ctx: Ctx, q: DisclosureUploadQuery, contentType: string, bytes: Buffer) {
  await managedFirm(ctx, q.firm);
  if (contentType.split(';')[0].trim().toLowerCase() !== 'application/pdf') throw new HttpError(415, m.fileType);
  if (bytes.length > DISCLOSURE_MAX_BYTES) throw new HttpError(413, m.fileTooLarge);
  if (bytes.length === 0) throw fieldError('file', m.fileMissing);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw fieldError('file', m.notPdf);
  const key = `disclosures/${q.firm}/${q.kind}/${randomUUID()}.pdf`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  // The file first: a row never points at bytes that are not there. A failed insert leaves an orphan
  // file under a random key, which nothing reads.
  await ctx.deps.storage.put(key, bytes);
  const name = await nameOf(ctx.deps.db, ctx.actor.id);
  const row = await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const inserted = await insertVersion(tx, {
      firmId: q.firm,
      kind: q.kind,
      effectiveDate: q.effective_date,
      materialChange: isAdv(q.kind) && q.material_change === 'true',
      fileName: safeFileName(q.file_name, q.kind, q.effective_date),
      storageKey: key,
      size: bytes.length,
      sha256,
      uploadedById: ctx.actor.id,
      uploadedByName: name,
      // The injected clock, not the database's: the current-version and due rules read this instant.
      uploadedAt: ctx.deps.config.now(),
    });
    record({
      action: 'create',
      entity: 'disclosure_document',
      entityId: inserted.id,
      firmId: q.firm,
      changes: { kind: q.kind, effective_date: q.effective_date, material_change: inserted.materialChange, sha256 },
    });
    return inserted;
  });
  const current = currentOf(await versionsOfFirm(ctx.deps.db, q.firm), todayOf(ctx.deps.config));
  return toWire(row, 0, current.get(row.kind)?.id === row.id);
}

export async function removeVersion(ctx: Ctx, id: number) {
  const found = await findVersion(ctx.deps.db, ctx.scope('firms'), id);
  if (!found) throw notFound();
  const v = found.version;
  if (!canManageDisclosures(ctx.actor, v.firmId)) throw forbidden();
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    if (await versionInUse(tx, id)) throw conflict(m.deliveredNoDelete);
    await deleteVersion(tx, id);
    record({
      action: 'delete',
      entity: 'disclosure_document',
      entityId: id,
      firmId: v.firmId,
      changes: { kind: v.kind, effective_date: v.effectiveDate, sha256: v.sha256 },
    });
  });
  // After the commit: a failed delete of the row keeps its file.
  await ctx.deps.storage.delete(v.storageKey);
}

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
    throw conflict(m.notPublished(title(kind)));
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
      title: title(kind),
      version: v?.id ?? null,
      effective_date: v?.effectiveDate ?? null,
      url: v ? fileUrl(v.id) : (link as string),
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

/** The report's reach: CCOs and administrators; a firm outside the caller's firms is absent. */
function reportScope(ctx: Ctx, firm: number | undefined) {
  if (!canOpenDisclosureDeliveries(ctx.actor)) throw forbidden();
  const scope = ctx.scope('firms');
  if (firm !== undefined && !inScope(scope, { firmId: firm })) throw notFound();
  return scope;
}

const KIND_ALIAS: Record<DisclosureKind, string> = { adv_2a: 'a2a', adv_2b: 'a2b', crs: 'crs' };

/**
 * The session of the receipt a cell shows (the last one of its kind): null when there is no receipt or
 * it was recorded before sessions were kept. `clientSession`: the session's account is the client's.
 */
function receiptOf(r: ReportRowRaw, kind: DisclosureKind) {
  const a = KIND_ALIAS[kind];
  const sessionId = (r[`${a}_session_id`] ?? null) as string | null;
  if (sessionId === null) return null;
  return {
    sessionId,
    ip: (r[`${a}_ip`] ?? null) as string | null,
    userAgent: (r[`${a}_user_agent`] ?? null) as string | null,
    clientSession: r[`${a}_client_session`] === true,
  };
}

function cellOf(r: ReportRowRaw, kind: DisclosureKind, today: string): DeliveryCell {
  const a = KIND_ALIAS[kind];
  const get = <T>(name: string) => (r[`${a}_${name}`] ?? null) as T;
  const receipt = receiptOf(r, kind);
  const currentId = get<number | null>('cur_id');
  const received = get<string | null>('got_on');
  const { status, due_by } = deliveryStatus(
    {
      kind,
      effectiveDate: get<string | null>('cur_eff'),
      materialChange: Boolean(get('cur_material')),
      agreementDate: r.agreement_date,
      published: currentId !== null || get<string | null>('url') !== null,
      received: received !== null,
    },
    today,
  );
  return {
    status,
    current_version: currentId,
    current_effective_date: get('cur_eff'),
    delivered_version: get('last_id'),
    delivered_effective_date: get('last_eff'),
    delivered_on: get('last_on'),
    delivered_session: receipt && {
      ip: receipt.ip,
      device: deviceOf(receipt.userAgent),
      client_session: receipt.clientSession,
    },
    due_by,
    notified_on: received === null ? get('note_on') : null,
  };
}

function toRow(r: ReportRowRaw, today: string): DisclosureDeliveryRow {
  const cells = {
    adv_2a: cellOf(r, 'adv_2a', today),
    adv_2b: cellOf(r, 'adv_2b', today),
    crs: cellOf(r, 'crs', today),
  };
  return {
    client_id: r.client_id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    firm_id: r.firm_id,
    firm_name: r.firm_name,
    advisor_name: r.advisor_name,
    agreement_date: r.agreement_date,
    status: overallStatus(DISCLOSURE_KINDS.map((k) => cells[k].status)),
    ...cells,
  };
}

export async function report(ctx: Ctx, q: DisclosureDeliveryQuery) {
  const scope = reportScope(ctx, q.firm);
  const today = todayOf(ctx.deps.config);
  const rows = await reportRows(ctx.deps.db, scope, q, today, ctx.deps.config.timeZone);
  return { count: rows[0]?.total ?? 0, results: rows.map((r) => toRow(r, today)) };
}

const CSV_COLUMNS = ['Last Name', 'First Name', 'Email', 'Firm', 'Advisor', 'Agreement Date', 'Status'] as const;
const cellColumns = (kind: DisclosureKind) => {
  const t = title(kind);
  return [
    `${t} Status`,
    `${t} Current Version Date`,
    `${t} Delivered Version Date`,
    `${t} Delivered On`,
    `${t} Due By`,
    `${t} Notified On`,
    `${t} Session ID`,
    `${t} Session IP Address`,
    `${t} Session User Agent`,
    `${t} Client's Own Session`,
  ];
};

/**
 * The session columns of a document: blank without a receipt; a receipt from before sessions were kept
 * says so in the last column, so that it reads apart from a document never received.
 */
function receiptCells(r: ReportRowRaw, kind: DisclosureKind, delivered: boolean): unknown[] {
  const receipt = receiptOf(r, kind);
  if (!receipt) return ['', '', '', delivered ? m.notRecorded : ''];
  return [receipt.sessionId, receipt.ip, receipt.userAgent, receipt.clientSession ? m.yes : m.no];
}

/** The report as one CSV (every matching row, streamed), named '{firm}-disclosure-deliveries-{today}.csv'. */
export async function exportCsv(ctx: Ctx, q: DisclosureDeliveryExportQuery) {
  const scope = reportScope(ctx, q.firm);
  const today = todayOf(ctx.deps.config);
  const rows = await reportRows(ctx.deps.db, scope, q, today, ctx.deps.config.timeZone);
  if (!rows.length) throw notFound(m.exportEmpty);
  const firm = q.firm ? await findFirmLinks(ctx.deps.db, q.firm) : undefined;
  await writeAudited(ctx.deps.db, ctx.meta, async (_tx, record) =>
    record({
      action: 'export',
      entity: 'disclosure_delivery',
      firmId: q.firm ?? null,
      changes: { firm: q.firm ?? 'all', status: q.status, search: q.search, rows: rows.length },
    }),
  );
  const csv = stringify({
    header: true,
    bom: true,
    columns: [...CSV_COLUMNS, ...DISCLOSURE_KINDS.flatMap(cellColumns)],
    cast: { string: (v: string) => neutraliseFormula(v) },
  });
  // The rows are read whole (a firm's clients), then written with the stream's backpressure.
  void (async () => {
    for (const raw of rows) {
      const r = toRow(raw, today);
      const line: unknown[] = [
        r.last_name,
        r.first_name,
        r.email,
        r.firm_name,
        r.advisor_name,
        wireDateToText(r.agreement_date),
        m.statuses[r.status],
      ];
      for (const kind of DISCLOSURE_KINDS) {
        const c = r[kind];
        line.push(
          m.statuses[c.status],
          wireDateToText(c.current_effective_date),
          wireDateToText(c.delivered_effective_date),
          wireDateToText(c.delivered_on),
          wireDateToText(c.due_by),
          wireDateToText(c.notified_on),
          ...receiptCells(raw, kind, c.delivered_on !== null),
        );
      }
      if (!csv.write(line)) await new Promise((resolve) => csv.once('drain', resolve));
    }
    csv.end();
  })().catch((err) => csv.destroy(err));
  const prefix = firm ? exportPrefixOf(firm) : ALL_FIRMS_EXPORT_PREFIX;
  return { fileName: `${prefix}-disclosure-deliveries-${today}.csv`, stream: csv as Readable };
}

/** More clients than this are mailed in the background: the answer does not wait for hundreds of mails. */
const DELIVER_INLINE = 50;
const DELIVER_BATCH = 200;

/** Deliver: mail one client, or every due client of the firm, the links to what they have not received. */
export async function deliver(ctx: Ctx, body: DeliverBody) {
  const scope = reportScope(ctx, body.firm);
  if (!(await findFirmLinks(ctx.deps.db, body.firm))) throw notFound();
  const today = todayOf(ctx.deps.config);
  const rows = (
    await reportRows(
      ctx.deps.db,
      scope,
      { firm: body.firm, client: body.portalUserId, status: 'due', ordering: 'status' },
      today,
      ctx.deps.config.timeZone,
    )
  ).map((r) => toRow(r, today));
  if (body.portalUserId !== undefined && rows.length === 0) {
    const client = await findClient(ctx.deps.db, body.portalUserId);
    if (!client || client.firmId !== body.firm) throw fieldError('portalUserId', m.notAClient);
    throw conflict(m.nothingDue);
  }
  if (rows.length === 0) return { detail: m.sent(0), sent: 0, queued: false };
  if (rows.length > DELIVER_INLINE) {
    // The request's own trace: who asked to deliver to how many; each batch records its clients.
    await writeAudited(ctx.deps.db, ctx.meta, async (_tx, record) =>
      record({ action: 'notify', entity: 'disclosure_delivery', firmId: body.firm, changes: { queued: rows.length } }),
    );
    ctx.deps.background.run('disclosure delivery mails', async () => {
      for (let i = 0; i < rows.length; i += DELIVER_BATCH) await notify(ctx, rows.slice(i, i + DELIVER_BATCH));
    });
    return { detail: m.sending(rows.length), sent: rows.length, queued: true };
  }
  await notify(ctx, rows);
  return { detail: m.sent(rows.length), sent: rows.length, queued: false };
}

/** One transaction per batch: each client's mail (outbox), a notice per document, an audit event. */
async function notify(ctx: Ctx, rows: DisclosureDeliveryRow[]) {
  const base = ctx.deps.config.publicUrl;
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    for (const r of rows) {
      const due = DISCLOSURE_KINDS.filter((k) => r[k].status === 'due' || r[k].status === 'overdue');
      if (!due.length) continue;
      const firm = await findFirmLinks(tx, r.firm_id);
      const documents = due.map((kind) => ({
        title: title(kind),
        link: `${base}${isAdv(kind) ? '/forms/form-adv/' : '/forms/form-crs/'}`,
      }));
      const name = [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email;
      await enqueueMail(tx, {
        to: r.email,
        subject: m.mailSubject(firm.name),
        text: m.mailText(name, firm.name, documents),
      });
      await insertNotices(
        tx,
        due.map((kind) => ({
          firmId: r.firm_id,
          clientId: r.client_id,
          kind,
          documentId: r[kind].current_version,
          url: r[kind].current_version === null ? linkOf(firm, kind) : null,
          sentById: ctx.actor.id,
          sentAt: ctx.deps.config.now(),
        })),
      );
      record({
        action: 'notify',
        entity: 'disclosure_delivery',
        entityId: r.client_id,
        firmId: r.firm_id,
        changes: { client: r.client_id, kinds: due, versions: due.map((k) => r[k].current_version) },
      });
    }
  });
}
