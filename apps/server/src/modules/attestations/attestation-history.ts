import {
  type Attestation,
  type AttestationHistory,
  attestationFields,
  type HistoryChange,
  type HistoryEvent,
  historyEventFields,
  NEW_ATTESTATION_DEFAULTS,
} from '@portal/domain';
import { auditEvents } from '../../db/schema/index.js';
import {
  type FieldChange,
  isFieldChange,
  REDACTED,
  type RowChange,
  type StoredAuditEvent,
} from '../../platform/audit.js';
import { bindEntity } from '../../platform/entity.js';

/**
 * An attestation's history from its audit events: each event's changed fields with their values
 * before and after, and the attestation as first submitted.
 *
 * Events recorded since the history was kept hold `{ from, to }` per field, each saved row's changes
 * and, on the create event, the record as first answered (`original`). Events recorded before held
 * the new values only (and row counts): their "before" is replayed from the create event's values.
 * The original is the snapshot the create event recorded, or null: a record rebuilt from today's
 * values would be a guess presented to an examiner as the filing.
 */

/** The child lists by the entity name their events carry and by their wire name. */
export interface HistoryList {
  entity: string;
  wire: 'Personal_Securities__r' | 'Outside_Business_Activities__r' | 'Political_Contributions__r';
}

type Changes = Record<string, unknown>;
type Row = Record<string, unknown>;
const FIELD_NAMES = new Set(Object.keys(attestationFields));
/** The review's fields: a new attestation has none of them, whatever the record says now. */
const UNREVIEWED = { Status__c: 'Submitted', Reviewed_Date__c: null, Reviewed_By__c: null, Reviewed_By_Tk__c: null };
/** A row's own keys, never shown as a change of the row. */
const ROW_KEYS = ['Id', 'Quarterly_Attestation__c'];

/**
 * An event of the history: its actor by name, else by address; `changes` is given by the caller as the
 * history reads the recorded ones.
 */
const historyEventEntity = bindEntity(
  'history event',
  historyEventFields,
  { '': auditEvents },
  {
    actor_name: (e) => e.actorName || e.actorEmail || null,
    entity_id: (e) => (e.entityId === null ? null : Number(e.entityId)),
  },
);

const changesOf = (e: StoredAuditEvent): Changes =>
  e.changes && typeof e.changes === 'object' ? (e.changes as Changes) : {};
const isOwnEvent = (e: StoredAuditEvent) => e.entity === 'attestation';

export function attestationHistory(events: StoredAuditEvent[], lists: readonly HistoryList[]): AttestationHistory {
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
    return historyEventEntity.toWire({ ...e, changes }) as HistoryEvent;
  });

  return { original: snapshot ?? null, events: out };
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
