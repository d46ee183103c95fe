import { type AuditEntity, calendarDateIn, purgeCutoff, retainedUntil } from '@portal/domain';
import type { Executor } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import type { Storage } from '../../platform/storage.js';
import { accountByEmail } from '../accounts/accounts.service.js';
import {
  deleteRecord,
  lockEligible,
  type PurgeCandidate,
  purgeCandidates,
  RETENTION_KINDS,
  type RetentionKind,
} from './retention.repository.js';

/** The command was refused (not a super administrator): nothing was read or changed. */
export class PurgeRefusedError extends Error {}

export interface PurgedRecord extends PurgeCandidate {
  /** The kind of record as the command reports it (`reportNameOf`). */
  entity: string;
  retainedUntil: string;
  /** Child rows deleted with it, per table (empty on a dry run). */
  rows: Record<string, number>;
  files: number;
}

export interface PurgeReport {
  today: string;
  cutoff: string;
  dryRun: boolean;
  records: PurgedRecord[];
  /** Stored files whose removal failed after their records were purged (the operator removes them). */
  leftFiles: string[];
}

/** A record changed again, or restored, between the read and the purge: it stays. */
class NoLongerEligible extends Error {}

/**
 * Purges the soft-deleted records whose retention period (Rule 204-2, rules/retention.ts) ended before
 * today in the portal's time zone. Only an active super administrator may run it. Each record goes in a
 * transaction of its own with its children and its audit event (`purge`, what was deleted and why it
 * could be), so an interrupted run leaves every record whole or gone with its trace; its stored files are
 * removed after the commit. The audit trail is never purged.
 */
export async function purgeExpiredRecords(
  db: Executor,
  storage: Storage,
  o: {
    by: string;
    /** Who ran the command on which machine (`user@host`): `by` names the super administrator who authorised it. */
    ranBy?: string;
    dryRun: boolean;
    timeZone: string;
    now: Date;
    log?: (line: string) => void;
  },
): Promise<PurgeReport> {
  const actor = await accountByEmail(db, o.by);
  if (!actor || actor.deletedAt || !actor.isActive || !actor.profile?.isSuperAdmin)
    throw new PurgeRefusedError(
      `Only an active super administrator may purge records: ${o.by} is not one. Nothing was purged.`,
    );
  const today = calendarDateIn(o.timeZone, o.now);
  const cutoff = purgeCutoff(today);
  const report: PurgeReport = { today, cutoff, dryRun: o.dryRun, records: [], leftFiles: [] };
  for (const kind of RETENTION_KINDS) {
    for (const candidate of await purgeCandidates(db, kind, cutoff, o.timeZone)) {
      const record = o.dryRun
        ? { ...describe(kind, candidate), rows: {}, files: 0 }
        : await purgeOne(
            db,
            storage,
            kind,
            candidate.id,
            { actorId: actor.id, ranBy: o.ranBy, cutoff, timeZone: o.timeZone },
            report,
          );
      if (!record) continue;
      report.records.push(record);
      o.log?.(lineOf(record, o.dryRun));
    }
  }
  return report;
}

/**
 * The command's name for a kind of record: its audit entity written as one word (`supervised_person`),
 * as the report and its lines have always named it, so a script reading them reads them unchanged.
 */
const reportNameOf = (entity: AuditEntity) => entity.replaceAll(' ', '_');

const describe = (kind: RetentionKind, c: PurgeCandidate) => ({
  ...c,
  entity: reportNameOf(kind.entity),
  retainedUntil: retainedUntil(c.lastChange),
});

async function purgeOne(
  db: Executor,
  storage: Storage,
  kind: RetentionKind,
  recordId: number,
  o: { actorId: number; ranBy?: string; cutoff: string; timeZone: string },
  report: PurgeReport,
): Promise<PurgedRecord | null> {
  let purged: { done: PurgedRecord; files: string[] };
  try {
    purged = await writeAudited(db, { actorId: o.actorId, requestId: 'purge-retention' }, async (tx, record) => {
      const current = await lockEligible(tx, kind, recordId, o.cutoff, o.timeZone);
      if (!current) throw new NoLongerEligible();
      const { rows, files } = await deleteRecord(tx, kind, recordId);
      const done = { ...describe(kind, current), rows, files: files.length };
      record({
        action: 'purge',
        entity: kind.entity,
        entityId: recordId,
        firmId: current.firmId,
        changes: {
          reason: 'Rule 204-2 retention period ended',
          deleted_at: current.removedAt,
          last_changed_on: current.lastChange,
          retained_until: done.retainedUntil,
          child_rows: rows,
          files,
          ...(o.ranBy ? { ran_by: o.ranBy } : {}),
        },
      });
      return { done, files };
    });
  } catch (err) {
    if (err instanceof NoLongerEligible) return null;
    throw err;
  }
  for (const key of purged.files) {
    await storage.delete(key).catch(() => report.leftFiles.push(key));
  }
  return purged.done;
}

function lineOf(r: PurgedRecord, dryRun: boolean) {
  const what = `${r.entity} ${r.id}${r.firmId == null ? '' : ` (firm ${r.firmId})`}: deleted ${r.removedAt.slice(0, 10)}, last changed ${r.lastChange}, kept until ${r.retainedUntil}`;
  if (dryRun) return `would purge ${what}`;
  const children = Object.entries(r.rows)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${n} ${table}`);
  return `purged ${what}${children.length ? `, with ${children.join(', ')}` : ''}${r.files ? `, ${r.files} stored files` : ''}`;
}
