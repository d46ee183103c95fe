import {
  type Attestation,
  type AttestationHistory,
  attestationFields,
  type HistoryChange,
  type HistoryEvent,
  NEW_ATTESTATION_DEFAULTS,
  overDeMinimis,
} from '@portal/domain';
import { type FieldChange, REDACTED, type RowChange, type StoredAuditEvent } from '../../platform/audit.js';

/**
 * An attestation's history from its audit events: each event's changed fields with their values
 * before and after, and the attestation as first submitted.
 *
 * Events recorded since the history was kept hold `{ from, to }` per field, each saved row's changes
 * and, on the create event, the record as first answered (`original`). Events recorded before held
 * the new values only (and row counts): their "before" is replayed from the create event's values,
 * and their original rebuilt from the current record where every step back is known, else null.
 */

/** The child lists by the entity name their events carry and by their wire name. */
export interface HistoryList {
  entity: string;
  wire: 'Personal_Securities__r' | 'Outside_Business_Activities__r' | 'Political_Contributions__r';
  /** The list's key in a write body: events recorded before the history kept only counts under it. */
  body: string;
}

type Changes = Record<string, unknown>;
type Row = Record<string, unknown>;
const FIELD_NAMES = new Set(Object.keys(attestationFields));
/** The review's fields: a new attestation has none of them, whatever the record says now. */
const UNREVIEWED = { Status__c: 'Submitted', Reviewed_Date__c: null, Reviewed_By__c: null, Reviewed_By_Tk__c: null };
/** A row's own keys, never shown as a change of the row. */
const ROW_KEYS = ['Id', 'Quarterly_Attestation__c'];

const isFieldChange = (v: unknown): v is FieldChange =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'from' in v && 'to' in v;
const changesOf = (e: StoredAuditEvent): Changes =>
  e.changes && typeof e.changes === 'object' ? (e.changes as Changes) : {};
const actorName = (e: StoredAuditEvent) =>
  [e.actorFirstName, e.actorLastName].filter(Boolean).join(' ') || e.actorEmail || null;
const isOwnEvent = (e: StoredAuditEvent) => e.entity === 'attestation';

export function attestationHistory(
  current: Attestation,
  events: StoredAuditEvent[],
  lists: readonly HistoryList[],
): AttestationHistory {
  const created = events.find((e) => isOwnEvent(e) && e.action === 'create');
  const snapshot = created ? (changesOf(created).original as Attestation | undefined) : undefined;
  // The attestation's fields as each event found them: what an old event's "before" was.
  const state: Changes = snapshot ? { ...snapshot } : created ? createdFields(created) : {};
  const listOf = (entity: string) => lists.find((l) => l.entity === entity);

  const out: HistoryEvent[] = events.map((e) => {
    const changes: HistoryChange[] = [];
    const recorded = changesOf(e);
    if (isOwnEvent(e) && e.action !== 'create' && e.action !== 'delete') {
      for (const [key, value] of Object.entries(recorded)) {
        const list = lists.find((l) => l.wire === key);
        if (list && Array.isArray(value)) {
          for (const row of value as RowChange[])
            for (const [field, change] of Object.entries(row.fields ?? {}))
              if (!ROW_KEYS.includes(field)) changes.push({ field, list: list.wire, row: row.Id, ...fromTo(change) });
        } else if (FIELD_NAMES.has(key)) {
          const change = isFieldChange(value) ? value : { from: state[key] ?? null, to: value };
          changes.push({ field: key, ...fromTo(change) });
          state[key] = change.to;
        }
      }
    } else if (!isOwnEvent(e) && e.action === 'delete') {
      // A removed row: every value it held, to nothing.
      const list = listOf(e.entity);
      const removed = (recorded.removed ?? {}) as Row;
      for (const [field, value] of Object.entries(removed))
        if (!ROW_KEYS.includes(field) && value !== null)
          changes.push({ field, list: list?.wire, row: Number(removed.Id ?? e.entityId), from: value, to: null });
    }
    return {
      id: e.id,
      occurred_at: e.occurredAt,
      action: e.action,
      actor_id: e.actorId,
      actor_name: actorName(e),
      entity: e.entity,
      entity_id: e.entityId === null ? null : Number(e.entityId),
      changes,
    };
  });

  const original = snapshot ?? (created ? rebuiltOriginal(current, created, events, lists) : null);
  return { original, events: out };
}

/** A redacted field stays redacted on both sides. */
const fromTo = (change: unknown): FieldChange =>
  isFieldChange(change) ? { from: change.from, to: change.to } : { from: REDACTED, to: REDACTED };

/** An old create event held the fields the filer set apart from the new form's defaults. */
function createdFields(created: StoredAuditEvent): Changes {
  const fields: Changes = Object.fromEntries([...FIELD_NAMES].map((k) => [k, null]));
  Object.assign(fields, NEW_ATTESTATION_DEFAULTS, UNREVIEWED);
  for (const [key, value] of Object.entries(changesOf(created))) if (FIELD_NAMES.has(key)) fields[key] = value;
  return fields;
}

/**
 * The original of an attestation filed before snapshots were kept: its fields from the create event
 * (the server's own from the record, which keeps them), its rows by undoing each later step on the
 * current ones. An old save of a list kept only counts, so after one the rows' first values are lost.
 */
function rebuiltOriginal(
  current: Attestation,
  created: StoredAuditEvent,
  events: StoredAuditEvent[],
  lists: readonly HistoryList[],
): Attestation | null {
  const later = events.slice(events.indexOf(created) + 1);
  const rows = new Map(lists.map((l) => [l.wire, new Map<number, Row>()]));
  for (const l of lists)
    for (const r of (current[l.wire] as { records: Row[] }).records) rows.get(l.wire)?.set(Number(r.Id), { ...r });
  for (const e of [...later].reverse()) {
    const recorded = changesOf(e);
    if (!isOwnEvent(e)) {
      const list = lists.find((l) => l.entity === e.entity);
      const removed = recorded.removed as Row | undefined;
      if (e.action !== 'delete' || !list || !removed) return null;
      rows.get(list.wire)?.set(Number(removed.Id), { ...removed });
      continue;
    }
    if (lists.some((l) => l.body in recorded)) return null;
    for (const l of lists) {
      const changed = recorded[l.wire];
      if (!Array.isArray(changed)) continue;
      const stored = rows.get(l.wire) as Map<number, Row>;
      for (const row of changed as RowChange[]) {
        if (row.action === 'insert') stored.delete(row.Id);
        else {
          const was = stored.get(row.Id);
          if (!was) return null;
          for (const [field, change] of Object.entries(row.fields)) was[field] = fromTo(change).from;
        }
      }
    }
  }
  const fields = createdFields(created);
  for (const key of FIELD_NAMES) {
    const field = attestationFields[key as keyof typeof attestationFields];
    // The server's fields never change after the submission, but for the review and the flag below.
    if (field.set === 'server' && !(key in UNREVIEWED)) fields[key] = current[key as keyof Attestation];
  }
  const out: Changes = { ...fields, Firm__r: current.Firm__r };
  for (const l of lists)
    out[l.wire] = {
      records: [...(rows.get(l.wire) as Map<number, Row>).values()].sort((a, b) => Number(a.Id) - Number(b.Id)),
    };
  // Whether a contribution is over the de minimis amount depends on the others: derived again.
  const contributions = (out.Political_Contributions__r as { records: Row[] }).records;
  const flags = overDeMinimis(
    contributions.map((c) => ({
      amount: c.Amount__c as number,
      candidate: c.Candidate_Name__c as string,
      electionDate: c.Election_Date__c as string,
      mayVote: c.May_Vote_For_Candidate__c as boolean,
    })),
  );
  contributions.forEach((c, i) => {
    c.Over_De_Minimis__c = flags[i];
  });
  out.Over_De_Minimis__c = flags.some(Boolean);
  return out as Attestation;
}
