import { isDeepStrictEqual } from 'node:util';
import {
  ALL_FIRMS_EXPORT_PREFIX,
  type AuditEventChange,
  type AuditEventRow,
  type AuditEventsFilter,
  type AuditEventsQuery,
  auditActorKind,
  canReadAuditTrail,
  canVerifyAuditTrail,
  exportPrefixOf,
  messages,
} from '@portal/domain';
import { isFieldChange, namesSecretOrPii, REDACTED, redactDeep, writeAudited } from '../../platform/audit.js';
import { verifyChain } from '../../platform/audit-chain.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { csvStream } from '../../platform/csv-zip.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import { firmLabel } from '../firms/firms.service.js';
import {
  AUDIT_LIST_READS,
  type AuditEventRecord,
  type AuditFilter,
  auditEventBatches,
  auditEventEntity,
  hasAuditEvents,
  listAuditEvents,
} from './audit-trail.repository.js';

const m = messages.auditTrail;

function readable(ctx: Ctx) {
  if (!canReadAuditTrail(ctx.actor)) throw forbidden(m.forbidden);
  return ctx.scope('audit');
}

const filterOf = (ctx: Ctx, q: AuditEventsFilter): AuditFilter => ({
  entity: q.entity,
  entityId: q.entity_id,
  actor: q.actor,
  firm: q.firm,
  action: q.action,
  from: q.from,
  to: q.to,
  timeZone: ctx.deps.config.timeZone,
});

const isRowChange = (v: unknown): v is { Id: unknown; fields: Record<string, unknown> } =>
  typeof v === 'object' && v !== null && 'Id' in v && 'fields' in v && typeof v.fields === 'object';

/** One recorded value's change: before → after when the event kept both, else the value it set. */
function changeOf(field: string, value: unknown): AuditEventChange {
  if (namesSecretOrPii(field.split('.').at(-1) ?? field) || value === REDACTED)
    return { field, from: REDACTED, to: REDACTED };
  if (isFieldChange(value)) return { field, from: redactDeep(value.from), to: redactDeep(value.to) };
  return { field, to: redactDeep(value) };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list as a snapshot keeps it (`{ totalSize, done, records }`): its rows. */
const listRecords = (v: unknown): Record<string, unknown>[] | null =>
  isPlainObject(v) && Array.isArray(v.records) && v.records.every(isPlainObject) ? v.records : null;

/**
 * The record as first saved, kept with a creation (`original`, for the record's history): its fields
 * the event does not already list with the same value, and its lists' rows as `List[n].Field`, rather
 * than one blob of JSON.
 */
function snapshotChanges(snapshot: Record<string, unknown>, listed: Record<string, unknown>) {
  const out: AuditEventChange[] = [];
  for (const [key, value] of Object.entries(snapshot)) {
    const records = listRecords(value);
    if (records)
      records.forEach((row, i) => {
        for (const [field, v] of Object.entries(row)) out.push(changeOf(`${key}[${i + 1}].${field}`, v));
      });
    else if (!(key in listed && isDeepStrictEqual(listed[key], value))) out.push(changeOf(key, value));
  }
  return out;
}
const SNAPSHOT_KEY = 'original';

/**
 * An event's recorded changes as a list of fields: `{ field: { from, to } }` (field tables' diffs),
 * a saved list's rows (`List[Id].Field`), a creation's snapshot (its lists' rows `List[n].Field`), or
 * plain values (a creation, an export's filters). Secrets and PII read '[redacted]' whatever shape or
 * depth they were recorded at.
 */
export function changesOf(recorded: unknown): AuditEventChange[] {
  if (recorded === null || recorded === undefined) return [];
  if (typeof recorded !== 'object' || Array.isArray(recorded)) return [changeOf('value', recorded)];
  const out: AuditEventChange[] = [];
  for (const [key, value] of Object.entries(recorded)) {
    if (Array.isArray(value) && value.length > 0 && value.every(isRowChange) && !namesSecretOrPii(key)) {
      for (const row of value)
        for (const [field, change] of Object.entries(row.fields))
          out.push(changeOf(`${key}[${row.Id}].${field}`, change));
    } else if (key === SNAPSHOT_KEY && isPlainObject(value) && !isFieldChange(value))
      out.push(...snapshotChanges(value, recorded as Record<string, unknown>));
    else out.push(changeOf(key, value));
  }
  return out;
}

const toRow = (r: AuditEventRecord) =>
  auditEventEntity.toWire({ ...r, changes: changesOf(r.changes) }) as AuditEventRow;

/** `GET /api/audit_events/`: a page of the events the caller may read (their firm's, or every firm's). */
export async function list(ctx: Ctx, q: AuditEventsQuery) {
  const scope = readable(ctx);
  return keptAnswer(ctx, AUDIT_LIST_READS, answerKey('audit events', scope, q), async () => {
    const { rows, count } = await listAuditEvents(ctx.deps.db, scope, filterOf(ctx, q), q.ordering, q);
    return { count, results: rows.map(toRow) };
  });
}

/** A value in a CSV cell: text as it is, anything else as JSON. */
const cellText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v ?? null));

/** The changes in one cell, a line each: 'Field: before → after' (or 'Field: value'). */
const changesText = (changes: AuditEventChange[]) =>
  changes
    .map((c) => ('from' in c ? `${c.field}: ${cellText(c.from)} → ${cellText(c.to)}` : `${c.field}: ${cellText(c.to)}`))
    .join('\n');

export const CSV_COLUMNS = [
  'id',
  'occurred_at',
  'actor_id',
  'actor_name',
  'actor_email',
  'subject_id',
  'subject_name',
  'subject_email',
  'action',
  'entity',
  'entity_id',
  'firm_id',
  'firm_name',
  'request_id',
  'ip',
  'user_agent',
  'changes',
  'prev_hash',
  'hash',
] as const;

async function* csvBatches(batches: AsyncIterable<AuditEventRecord[]>) {
  for await (const batch of batches)
    yield batch.map((r) => {
      const row = toRow(r);
      // A reader of the file sees who acted in one column: an empty one would read as the system.
      const anonymous = auditActorKind(row) === 'anonymous';
      return {
        ...row,
        actor_name: anonymous ? m.anonymousActor : row.actor_name,
        changes: changesText(row.changes),
      };
    });
}

/**
 * `GET /api/audit_events/export/`: the filtered events as one CSV, oldest first, streamed a batch at a
 * time (the web shows the bytes received). Named '{firm abbreviation|all-firms}-audit-trail-{today}.csv';
 * an empty export is a 404 before a byte leaves. Taking it is itself recorded in the trail.
 */
export async function exportCsv(ctx: Ctx, q: AuditEventsFilter) {
  const scope = readable(ctx);
  const filter = filterOf(ctx, q);
  if (!(await hasAuditEvents(ctx.deps.db, scope, filter))) throw notFound(m.exportEmpty);
  const firmId = q.firm ?? (scope.firms === 'all' ? undefined : scope.firms[0]);
  const firm = firmId === undefined ? undefined : await firmLabel(ctx.deps, firmId);
  const prefix =
    firmId === undefined
      ? ALL_FIRMS_EXPORT_PREFIX
      : exportPrefixOf({ id: firmId, abbreviation: firm?.abbreviation ?? null });
  await writeAudited(ctx.deps.db, ctx.meta, async (_tx, record) =>
    record({
      action: 'export',
      entity: 'audit_event',
      firmId: firmId ?? null,
      changes: { firm: firmId ?? 'all', ...Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) },
    }),
  );
  const stream = csvStream({
    columns: CSV_COLUMNS,
    batches: () => csvBatches(auditEventBatches(ctx.deps.db, scope, filter)),
  });
  return { fileName: `${prefix}-audit-trail-${todayOf(ctx.deps.config)}.csv`, stream };
}

/** `GET /api/audit_events/verify/`: the whole chain checked, for those who may run it. */
export async function verify(ctx: Ctx) {
  if (!canVerifyAuditTrail(ctx.actor)) throw forbidden(m.verifyForbidden);
  return verifyChain(ctx.deps.db);
}
