import { createHash, randomUUID } from 'node:crypto';
import {
  canManageDisclosures,
  cleanFileName,
  currentVersion,
  DISCLOSURE_KINDS,
  DISCLOSURE_MAX_BYTES,
  type DisclosureKind,
  type DisclosureUploadQuery,
  type DisclosureVersion,
  type DisclosureVersionQuery,
  inScope,
  isAdv,
  messages,
} from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import {
  deleteVersion,
  deliveriesByVersion,
  findFirmLinks,
  findVersion,
  insertVersion,
  listVersions as listVersionRows,
  nameOf,
  titleOf,
  type VersionRow,
  versionEntity,
  versionInUse,
  versionsOfFirm,
} from './disclosures.repository.js';

// A firm's disclosure versions: the PDFs its administrators upload, list and delete, and which one of
// each kind is current.

const m = messages.disclosures;

/** What the trail keeps of an uploaded version, and of a deleted one. */
const CREATED = ['kind', 'effective_date', 'material_change', 'sha256'];
const DELETED = ['kind', 'effective_date', 'sha256'];

const asVersion = (v: VersionRow) => ({
  ...v,
  effective_date: v.effectiveDate,
  uploaded_at: v.uploadedAt.toISOString(),
});

/** The current version of each kind among a firm's versions. */
export function currentOf(versions: VersionRow[], today: string) {
  const byKind = new Map<DisclosureKind, VersionRow | null>();
  for (const kind of DISCLOSURE_KINDS)
    byKind.set(kind, currentVersion(versions.filter((v) => v.kind === kind).map(asVersion), today));
  return byKind;
}

const toWire = (v: VersionRow, deliveries: number, isCurrent: boolean) =>
  versionEntity.toWire({ ...v, deliveries, isCurrent }) as DisclosureVersion;

/**
 * A firm outside the caller's reach is absent (404); inside it, only its administrators manage (403).
 * Checked without a statement.
 */
function checkManages(ctx: Ctx, firmId: number) {
  if (!inScope(ctx.scope('firms'), { firmId })) throw notFound();
  if (!canManageDisclosures(ctx.actor, firmId)) throw forbidden();
}

/** A firm the caller manages, read (absent: 404). */
async function managedFirm(ctx: Ctx, firmId: number) {
  checkManages(ctx, firmId);
  const firm = await findFirmLinks(ctx.deps.db, firmId);
  if (!firm) throw notFound();
  return firm;
}

/** What a page of the versions is made of: the versions, their receipts, and the firm's links. */
const VERSIONS_PAGE_READS = ['disclosure_documents', 'disclosure_deliveries', 'firms'] as const;

/**
 * The firm is read inside the kept answer (a firm the caller may manage, by scope and role, checked
 * before it): a page opened again costs the session check alone.
 */
export async function listVersions(ctx: Ctx, q: DisclosureVersionQuery) {
  checkManages(ctx, q.firm);
  const scope = ctx.scope('firms');
  const today = todayOf(ctx.deps.config);
  const key = answerKey('disclosure versions page', scope, q, today);
  return keptAnswer(ctx, VERSIONS_PAGE_READS, key, async () => {
    const firm = await managedFirm(ctx, q.firm);
    const { rows, count, versions } = await listVersionRows(ctx.deps.db, scope, q);
    const current = currentOf(await versionsOfFirm(ctx.deps.db, q.firm, versions), today);
    const deliveries = await deliveriesByVersion(ctx.deps.db, q.firm, versions);
    const results = rows.map((r) => toWire(r, deliveries.get(r.id) ?? 0, current.get(r.kind)?.id === r.id));
    return { count, results, form_adv_url: firm.formAdvUrl, form_crs_url: firm.formCrsUrl };
  });
}

/**
 * The name a download carries: the uploaded file's, else the document's. Control and format characters
 * go (a right-to-left override would disguise the extension in a save dialog).
 */
const safeFileName = (name: string | undefined, kind: DisclosureKind, date: string) => {
  const base = cleanFileName(name ?? '');
  return base ? (base.toLowerCase().endsWith('.pdf') ? base : `${base}.pdf`) : `${titleOf(kind)} ${date}.pdf`;
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
      changes: versionEntity.auditRecord(toWire(inserted, 0, false), CREATED),
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
      changes: versionEntity.auditRecord(toWire(v, found.deliveries, false), DELETED),
    });
  });
  // After the commit: a failed delete of the row keeps its file.
  await ctx.deps.storage.delete(v.storageKey);
}
