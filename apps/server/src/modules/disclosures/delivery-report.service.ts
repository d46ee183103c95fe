import type { Readable } from 'node:stream';
import {
  ALL_FIRMS_EXPORT_PREFIX,
  canOpenDisclosureDeliveries,
  type DeliveryCell,
  DISCLOSURE_KINDS,
  type DisclosureDeliveryExportQuery,
  type DisclosureDeliveryQuery,
  type DisclosureDeliveryRow,
  type DisclosureKind,
  deliveryStatus,
  deviceOf,
  exportPrefixOf,
  inScope,
  messages,
  overallStatus,
  type Scope,
  wireDateToText,
} from '@portal/domain';
import { stringify } from 'csv-stringify';
import { writeAudited } from '../../platform/audit.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { neutraliseFormula } from '../../platform/csv-zip.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { answerKey, inOrder, keptAnswer, keptOrder } from '../../platform/list.js';
import {
  deliveryRowEntity,
  findFirmLinks,
  REPORT_PAGE_READS,
  type ReportRowRaw,
  reportOrder,
  reportRows,
  titleOf,
} from './disclosures.repository.js';

// The delivery report: per client and kind, what is current, what they received and when it is due;
// on the screen and as a CSV.

const m = messages.disclosures;

/** The report's reach: CCOs and administrators; a firm outside the caller's firms is absent. */
export function reportScope(ctx: Ctx, firm: number | undefined) {
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

export function toRow(r: ReportRowRaw, today: string): DisclosureDeliveryRow {
  const cells = {
    adv_2a: cellOf(r, 'adv_2a', today),
    adv_2b: cellOf(r, 'adv_2b', today),
    crs: cellOf(r, 'crs', today),
  };
  const status = overallStatus(DISCLOSURE_KINDS.map((k) => cells[k].status));
  return deliveryRowEntity.toWire({ ...r, status, cells }) as DisclosureDeliveryRow;
}

export async function report(ctx: Ctx, q: DisclosureDeliveryQuery) {
  const scope = reportScope(ctx, q.firm);
  const today = todayOf(ctx.deps.config);
  const key = answerKey(
    'disclosure deliveries page',
    scope.firms,
    q.firm,
    q.status,
    q.search,
    q.ordering,
    q.page,
    q.page_size,
    today,
  );
  return keptAnswer(ctx, REPORT_PAGE_READS, key, () => reportPage(ctx, scope, q, today));
}

async function reportPage(ctx: Ctx, scope: Scope, q: DisclosureDeliveryQuery, today: string) {
  const db = ctx.deps.db;
  // Every matching client is ranked for the order (the default is by status): the order is kept per
  // versions of what it reads, and a page reads the cells of its own clients only.
  const key = answerKey('disclosure deliveries', scope.firms, q.firm, q.status, q.search, q.ordering, today);
  const { ids: kept } = await keptOrder(db, REPORT_PAGE_READS, key, (limit) => reportOrder(db, scope, q, today, limit));
  const ids = kept ?? (await reportOrder(db, scope, q, today, Number.MAX_SAFE_INTEGER));
  const offset = (q.page - 1) * q.page_size;
  const wanted = ids.slice(offset, offset + q.page_size);
  const rows = wanted.length
    ? await reportRows(db, scope, { ...q, clients: wanted }, today, ctx.deps.config.timeZone)
    : [];
  return { count: ids.length, results: inOrder(wanted, rows, (r) => r.client_id).map((r) => toRow(r, today)) };
}

const cellColumns = (kind: DisclosureKind) => m.csvDocumentColumns(titleOf(kind));

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
    columns: [...m.csvColumns, ...DISCLOSURE_KINDS.flatMap(cellColumns)],
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
