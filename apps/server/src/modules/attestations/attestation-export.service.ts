import {
  ALL_FIRMS_EXPORT_PREFIX,
  type AttestationExportQuery,
  attestationFields,
  type ExportFileKind,
  exportFileStem,
  exportPrefixOf,
  isCco,
  isStaff,
  isSuperCco,
  messages,
} from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { type CsvFile, csvZip } from '../../platform/csv-zip.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { renderPdfOffThread } from '../../platform/pdf.js';
import { firmLabel } from '../firms/firms.service.js';
import {
  ATTESTATION_NAME_COLUMN,
  attestationBatches,
  childBatches,
  type ExportFilter,
  hasExportRows,
} from './attestation-export.repository.js';
import { attestationPdf } from './attestation-pdf.js';
import { CHILD_LISTS, type ChildList } from './attestations.repository.js';
import { get } from './attestations.service.js';

const m = messages.attestations;

const FILE_KIND: Record<ChildList['body'], ExportFileKind> = {
  personalSecurities: 'Personal-Securities',
  outsideBusinessActivities: 'Outside-Business-Activities',
  politicalContributions: 'Political-Contributions',
};

/** A list's columns: its field table's, with the attestation's name beside its id. */
function childColumns(list: ChildList) {
  return Object.keys(list.entity.fields).flatMap((wire) =>
    wire === 'Quarterly_Attestation__c' ? [wire, ATTESTATION_NAME_COLUMN] : [wire],
  );
}

/** The firm an export names: the one asked for; a CCO's own when none is; every firm for a super CCO. */
function firmOf(ctx: Ctx, q: AttestationExportQuery) {
  if (q.firm !== undefined) return q.firm;
  return isSuperCco(ctx.actor) ? undefined : (ctx.actor.profile._firm ?? undefined);
}

async function prefixOf(ctx: Ctx, firmId: number | undefined) {
  if (firmId === undefined) return ALL_FIRMS_EXPORT_PREFIX;
  const firm = await firmLabel(ctx.deps, firmId);
  return exportPrefixOf({ id: firmId, abbreviation: firm?.abbreviation ?? null });
}

/**
 * The CCO's CSV export: one ZIP of the attestations file and, when they have rows, the
 * three lists' files. Only a CCO (of their firm; a super CCO of any or every firm) exports: another
 * firm's records are outside a CCO's scope, so asking for them finds nothing (404, as for an empty
 * period). Recorded in the audit trail (who took which firm's records of which period) before the
 * first byte leaves.
 */
export async function exportCsv(ctx: Ctx, q: AttestationExportQuery) {
  if (!isStaff(ctx.actor) || !isCco(ctx.actor)) throw forbidden();
  const scope = ctx.scope('compliance');
  const filter: ExportFilter = { firm: firmOf(ctx, q), fiscalYear: q.fiscalYear, fiscalQuarter: q.fiscalQuarter };
  if (!(await hasExportRows(ctx.deps.db, scope, filter))) throw notFound(m.noDataToExport);

  const prefix = await prefixOf(ctx, filter.firm);
  const stem = (kind: ExportFileKind) => exportFileStem(prefix, kind, filter);
  const files: CsvFile[] = [
    {
      name: `${stem('Attestations')}.csv`,
      columns: Object.keys(attestationFields),
      batches: () => attestationBatches(ctx.deps.db, scope, filter),
    },
    ...CHILD_LISTS.map(
      (list): CsvFile => ({
        name: `${stem(FILE_KIND[list.body])}.csv`,
        columns: childColumns(list),
        batches: () => childBatches(ctx.deps.db, scope, list, filter),
        skipWhenEmpty: true,
      }),
    ),
  ];
  await writeAudited(ctx.deps.db, ctx.meta, async (_tx, record) =>
    record({
      action: 'export',
      entity: 'attestation',
      firmId: filter.firm ?? null,
      changes: { firm: filter.firm ?? 'all', fiscalYear: filter.fiscalYear, fiscalQuarter: filter.fiscalQuarter },
    }),
  );
  return { fileName: `${stem('Attestations')}.zip`, stream: csvZip(files) };
}

/** The attestation as a text PDF named after it, for whoever may read it (the same rules as its GET). */
export async function pdf(ctx: Ctx, id: number) {
  const attestation = await get(ctx, id);
  return { fileName: `${attestation.Name}.pdf`, bytes: await renderPdfOffThread(attestationPdf(attestation)) };
}
