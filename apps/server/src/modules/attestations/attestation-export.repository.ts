import type { Scope } from '@portal/domain';
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
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

/** The column that names a child row's attestation in its file (spec 001 §3: "refers to its parent by name"). */
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

/** One list's rows of those attestations, grouped by attestation, each with its attestation's name. */
export async function* childBatches(
  ex: Executor,
  scope: Scope,
  list: ChildList,
  f: ExportFilter,
  size = EXPORT_BATCH_SIZE,
) {
  const table = list.table as typeof personalSecurities;
  let after = { attestation: 0, id: 0 };
  for (;;) {
    const rows = await ex
      .select({ row: table, attestationName: attestations.name })
      .from(table)
      .innerJoin(attestations, eq(attestations.id, table.attestationId))
      .where(
        and(exportWhere(scope, f), sql`(${table.attestationId}, ${table.id}) > (${after.attestation}, ${after.id})`),
      )
      .orderBy(asc(table.attestationId), asc(table.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map(({ row, attestationName }) => ({
      ...list.entity.toWire(row as StoredRow),
      [ATTESTATION_NAME_COLUMN]: attestationName,
    }));
    if (rows.length < size) return;
    const last = rows[rows.length - 1].row;
    after = { attestation: last.attestationId, id: last.id };
  }
}
