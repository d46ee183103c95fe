import type { AuditEntity } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/migrate.js';
import type { AuditedTx } from '../../platform/audit.js';

/**
 * A kind of record that is soft-deleted (its row stays, marked by `removed`) and so may be purged once
 * its retention period is over (rules/retention.ts). Its children are deleted with it, child tables
 * first; `files` name the storage keys of the record or of a child, removed after the commit.
 */
export interface RetentionKind {
  /** The audit trail's entity name: the one its module records the record's events under. */
  entity: AuditEntity;
  table: string;
  /** The column that marks it deleted. */
  removed: string;
  /** The columns whose latest value is its last change (the deletion among them). */
  changed: string[];
  /** The firm the audit event is filed under (an SQL expression over the row `t`). */
  firm: string;
  /** The record's own storage key column. */
  file?: string;
  children: { table: string; key: string; file?: string }[];
  /** A condition over `t` under which the record is still needed by a kept record, so it is not purged. */
  keptWhile?: string;
}

/** The usual shape: `deleted_at` marks it, `updated_at` is its last edit, and it carries its firm. */
const deletedAtKind = { removed: 'deleted_at', changed: ['updated_at', 'deleted_at'], firm: 't.firm_id' };

/**
 * Every soft-deleted kind. Not here: users (deactivated and hidden, but named by id by the records that are
 * kept, their sessions and the audit trail), the staff directory's removal (hides a live person's entry),
 * and the audit trail itself, which is never purged.
 */
export const RETENTION_KINDS: readonly RetentionKind[] = [
  {
    entity: 'attestation',
    table: 'quarterly_attestations',
    ...deletedAtKind,
    children: [
      { table: 'personal_securities', key: 'attestation_id' },
      { table: 'outside_business_activities', key: 'attestation_id' },
      { table: 'political_contributions', key: 'attestation_id' },
    ],
  },
  {
    entity: 'supervised person',
    table: 'supervised_persons',
    removed: 'removed_at',
    changed: ['updated_at', 'removed_at'],
    firm: '(select p.firm_id from profiles p where p.user_id = t.user_id)',
    children: [],
  },
  {
    entity: 'training_resource',
    table: 'training_resources',
    ...deletedAtKind,
    children: [
      { table: 'training_resource_acknowledgements', key: 'resource_id' },
      { table: 'training_resource_versions', key: 'resource_id', file: 'storage_key' },
    ],
  },
  {
    entity: 'client_document',
    table: 'client_documents',
    removed: 'removed_at',
    changed: ['uploaded_at', 'removed_at'],
    firm: 't.firm_id',
    file: 'storage_key',
    children: [],
  },
  {
    entity: 'investment model',
    table: 'investment_models',
    ...deletedAtKind,
    children: [{ table: 'firm_models', key: 'investment_model_id' }],
    // A filed strategy names the model it was filed with: kept as long as the strategy is.
    keptWhile: 'exists (select from investment_strategies s where s.investment_model_id = t.id)',
  },
  {
    entity: 'fee schedule',
    table: 'fee_schedules',
    ...deletedAtKind,
    children: [{ table: 'firm_fee_schedules', key: 'fee_schedule_id' }],
    keptWhile: 'exists (select from investment_strategies s where s.fee_schedule_id = t.id)',
  },
  {
    entity: 'calendar event',
    table: 'calendar_events',
    ...deletedAtKind,
    children: [],
  },
];

export interface PurgeCandidate {
  id: number;
  firmId: number | null;
  removedAt: string;
  /** The calendar day of the last change, in the portal's time zone. */
  lastChange: string;
}

const id = (name: string) => sql.identifier(name);

/** The soft-deleted records of a kind last changed on or before `cutoff` (a date in `timeZone`). */
function eligible(kind: RetentionKind, cutoff: string, timeZone: string, extra: SQL = sql``) {
  const lastChange = sql`(greatest(${sql.join(
    kind.changed.map((c) => sql`t.${id(c)}`),
    sql`, `,
  )}) at time zone ${timeZone})::date`;
  return sql`select t.id, ${sql.raw(kind.firm)} as "firmId", t.${id(kind.removed)} as "removedAt",
      ${lastChange}::text as "lastChange"
    from ${id(kind.table)} t
    where t.${id(kind.removed)} is not null and ${lastChange} <= ${cutoff}::date
      ${kind.keptWhile ? sql`and not ${sql.raw(kind.keptWhile)}` : sql``} ${extra}`;
}

const toCandidate = (r: { id: number; firmId: number | null; removedAt: Date | string; lastChange: string }) => ({
  id: Number(r.id),
  firmId: r.firmId == null ? null : Number(r.firmId),
  removedAt: new Date(r.removedAt).toISOString(),
  lastChange: r.lastChange,
});

export async function purgeCandidates(ex: Executor, kind: RetentionKind, cutoff: string, timeZone: string) {
  const result = await ex.execute(sql`${eligible(kind, cutoff, timeZone)} order by t.id`);
  return rowsOf<Parameters<typeof toCandidate>[0]>(result).map(toCandidate);
}

/**
 * The record, locked, if it is still eligible inside the purging transaction (restored or changed since
 * the candidates were read: null, and it is left alone).
 */
export async function lockEligible(
  ex: Executor,
  kind: RetentionKind,
  recordId: number,
  cutoff: string,
  timeZone: string,
): Promise<PurgeCandidate | null> {
  const result = await ex.execute(
    sql`${eligible(kind, cutoff, timeZone, sql`and t.id = ${recordId}`)} for update of t`,
  );
  const [row] = rowsOf<Parameters<typeof toCandidate>[0]>(result);
  return row ? toCandidate(row) : null;
}

/** Deletes the record and its children; answers the rows deleted per child table and the storage keys freed. */
export async function deleteRecord(ex: AuditedTx, kind: RetentionKind, recordId: number) {
  const rows: Record<string, number> = {};
  const files: string[] = [];
  for (const child of kind.children) {
    const result = await ex.execute(
      sql`delete from ${id(child.table)} where ${id(child.key)} = ${recordId}
        returning ${child.file ? sql`${id(child.file)}` : sql`null`} as file`,
    );
    const deleted = rowsOf<{ file: string | null }>(result);
    rows[child.table] = deleted.length;
    for (const { file } of deleted) if (file) files.push(file);
  }
  const result = await ex.execute(
    sql`delete from ${id(kind.table)} where id = ${recordId}
      returning ${kind.file ? sql`${id(kind.file)}` : sql`null`} as file`,
  );
  for (const { file } of rowsOf<{ file: string | null }>(result)) if (file) files.push(file);
  return { rows, files };
}
