import type { Scope } from '@portal/domain';
import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { attestations, type personalSecurities } from '../../db/schema/index.js';
import type { StoredRow } from '../../platform/entity.js';
import { scopeWhere } from '../../platform/list.js';
import { attestationEntity, type ChildList } from './attestations.repository.js';

/**
 * The reads of the CSV export: the attestations of a firm and period (live ones only) and their lists,
 * in keyset-paged batches (by id; by attestation then id for the lists). No cursor and no transaction
 * held open: each batch is one short query, the same on PGlite and on node-postgres's pool.
 */

export interface ExportFilter {
  firm?: number;
  fiscalYear?: number;
  fiscalQuarter?: number;
}

export const EXPORT_BATCH_SIZE = 1000;

/** The column that names a child row's attestation in its file (a child row refers to its parent by name). */
export const ATTESTATION_NAME_COLUMN = 'Quarterly_Attestation_Name';

function exportWhere(scope: Scope, f: ExportFilter): SQL | undefined {
  return and(
    isNull(attestations.deletedAt),
    scopeWhere(scope, { firm: attestations.firmId, person: attestations.ownerId }),
    f.firm === undefined ? undefined : eq(attestations.firmId, f.firm),
    f.fiscalYear === undefined ? undefined : eq(attestations.fiscalYear, f.fiscalYear),
    f.fiscalQuarter === undefined ? undefined : eq(attestations.fiscalQuarter, f.fiscalQuarter),
  );
}

/** Whether the filter matches any attestation: an empty export is refused before the ZIP starts. */
export async function hasExportRows(ex: Executor, scope: Scope, f: ExportFilter) {
  const [row] = await ex.select({ id: attestations.id }).from(attestations).where(exportWhere(scope, f)).limit(1);
  return row !== undefined;
}

/** The attestations on their wire names, oldest first, a batch at a time. */
export async function* attestationBatches(ex: Executor, scope: Scope, f: ExportFilter, size = EXPORT_BATCH_SIZE) {
  let after = 0;
  for (;;) {
    const rows = await ex
      .select()
      .from(attestations)
      .where(and(exportWhere(scope, f), gt(attestations.id, after)))
      .orderBy(asc(attestations.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map((r) => attestationEntity.toWire(r as StoredRow));
    if (rows.length < size) return;
    after = rows[rows.length - 1].id;
  }
}

/**
 * One list's rows of those attestations, grouped by attestation, each with its attestation's name. The
 * attestations are taken a batch at a time by id, then their rows by (attestation, id) through the
 * list's attestation index, so the whole export reads each row once (a keyset over the join itself
 * would sort the whole join for every batch).
 */
export async function* childBatches(
  ex: Executor,
  scope: Scope,
  list: ChildList,
  f: ExportFilter,
  size = EXPORT_BATCH_SIZE,
) {
  const table = list.table as typeof personalSecurities;
  let afterAttestation = 0;
  for (;;) {
    const parents = await ex
      .select({ id: attestations.id, name: attestations.name })
      .from(attestations)
      .where(and(exportWhere(scope, f), gt(attestations.id, afterAttestation)))
      .orderBy(asc(attestations.id))
      .limit(size);
    if (parents.length === 0) return;
    const names = new Map(parents.map((p) => [p.id, p.name]));
    const ids = parents.map((p) => p.id);
    let after = { attestation: 0, id: 0 };
    for (;;) {
      const rows = await ex
        .select()
        .from(table)
        .where(
          and(
            inArray(table.attestationId, ids),
            sql`(${table.attestationId}, ${table.id}) > (${after.attestation}, ${after.id})`,
          ),
        )
        .orderBy(asc(table.attestationId), asc(table.id))
        .limit(size);
      if (rows.length > 0)
        yield rows.map((row) => ({
          ...list.entity.toWire(row as StoredRow),
          [ATTESTATION_NAME_COLUMN]: names.get(row.attestationId),
        }));
      if (rows.length < size) break;
      const last = rows[rows.length - 1];
      after = { attestation: last.attestationId, id: last.id };
    }
    if (parents.length < size) return;
    afterAttestation = ids[ids.length - 1];
  }
}
