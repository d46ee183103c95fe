import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type AcknowledgementReportQuery,
  canAcknowledgeResource,
  canManageResources,
  canReadResources,
  canViewAcknowledgements,
  inScope,
  type MyAcknowledgements,
  messages,
  personName,
  RESOURCE_FILE_TYPES,
  RESOURCE_MAX_BYTES,
  type Resource,
  type ResourceCategory,
  type ResourceCreateFields,
  type ResourceListQuery,
  type ResourceUpdateFields,
  type ResourceVersion,
  resourceFileName,
  resourceFileTypeOf,
} from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { badRequest, fieldError, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer, type PageRequest } from '../../platform/list.js';
import { firmExists } from '../firms/firms.service.js';
import {
  ACKNOWLEDGEMENT_REPORT_READS,
  acknowledgementDates,
  acknowledgementReport,
  findResource,
  findVersion,
  insertAcknowledgement,
  insertResource,
  insertVersion,
  listResources,
  listVersions,
  lockNextVersion,
  RESOURCE_LIST_READS,
  type ResourceRow,
  resourceEntity,
  resourceVersionEntity,
  updateResource,
} from './resources.repository.js';

const m = messages.resources;

/** A file as the upload handed it over: its name and bytes (already bounded by the route's limit). */
export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

const versionFileUrl = (id: number, version: number) => `/api/resources/${id}/versions/${version}/file/`;

const toWire = (row: ResourceRow) => resourceEntity.toWire(row) as Resource;

const readable = (ctx: Ctx) => {
  if (!canReadResources(ctx.actor)) throw forbidden();
};

const find = (ctx: Ctx, id: number) =>
  findResource(ctx.deps.db, ctx.scope('resources'), id, ctx.deps.config.timeZone, ctx.actor.id);

/** A live resource the caller reaches (else 404: another firm's is absent, never hinted at). */
async function visible(ctx: Ctx, id: number) {
  readable(ctx);
  const row = await find(ctx, id);
  if (!row) throw notFound();
  return row;
}

async function managed(ctx: Ctx, id: number) {
  const row = await visible(ctx, id);
  if (!canManageResources(ctx.actor, row.firmId)) throw forbidden();
  return row;
}

const uploaderName = (ctx: Ctx) => personName(ctx.auth.actor);

/** The firm a list or a new resource is for: the caller's own unless a super account names another. */
async function firmOf(ctx: Ctx, requested: number | undefined) {
  const firmId = requested ?? ctx.actor.profile._firm;
  if (firmId === null || !inScope(ctx.scope('resources'), { firmId }) || !(await firmExists(ctx.deps, firmId)))
    return null;
  return firmId;
}

export async function list(ctx: Ctx, q: ResourceListQuery) {
  readable(ctx);
  const firm = await firmOf(ctx, q.firm);
  if (firm === null) {
    if (q.firm !== undefined) throw notFound();
    return { count: 0, results: [] };
  }
  const scope = ctx.scope('resources');
  // The caller's own acknowledgements are in the rows: the page is theirs.
  const key = answerKey('resources', scope, q, firm, ctx.actor.id);
  return keptAnswer(ctx, RESOURCE_LIST_READS, key, async () => {
    const { count, rows } = await listResources(
      ctx.deps.db,
      scope,
      { ...q, firm },
      q,
      ctx.deps.config.timeZone,
      ctx.actor.id,
    );
    return { count, results: rows.map(toWire) };
  });
}

export async function get(ctx: Ctx, id: number) {
  return toWire(await visible(ctx, id));
}

/** What a new version is made of: a checked file put in storage, or a link. */
type Source =
  | { kind: 'file'; fileName: string; storageKey: string; contentType: string; size: number; sha256: string }
  | { kind: 'link'; url: string };

/**
 * Checks the upload (on the list of types by its bytes, at most 50 MB, not empty) and stores it. The file
 * goes first: a row never points at bytes that are not there; a failed insert leaves an orphan under a
 * random key, which nothing reads.
 */
async function sourceOf(
  ctx: Ctx,
  firmId: number,
  url: string | undefined,
  file: UploadedFile | undefined,
  fallbackName: string,
): Promise<Source | undefined> {
  if (url && file) throw badRequest(m.notBoth, { file: m.notBoth, url: m.notBoth });
  if (url) return { kind: 'link', url };
  if (!file) return undefined;
  if (file.bytes.length > RESOURCE_MAX_BYTES) throw new HttpError(413, m.fileTooLarge, { file: m.fileTooLarge });
  if (file.bytes.length === 0) throw fieldError('file', m.fileEmpty);
  const type = resourceFileTypeOf(file.bytes, file.fileName);
  if (!type) throw new HttpError(415, m.fileType, { file: m.fileType });
  const storageKey = `resources/${firmId}/${randomUUID()}.${type.extensions[0]}`;
  await ctx.deps.storage.put(storageKey, file.bytes);
  return {
    kind: 'file',
    fileName: resourceFileName(file.fileName, type, fallbackName),
    storageKey,
    contentType: type.mime,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  };
}

const versionValues = (ctx: Ctx, resourceId: number, version: number, source: Source) => ({
  resourceId,
  version,
  kind: source.kind,
  ...(source.kind === 'link'
    ? { url: source.url }
    : {
        fileName: source.fileName,
        storageKey: source.storageKey,
        contentType: source.contentType,
        size: source.size,
        sha256: source.sha256,
      }),
  uploadedById: ctx.actor.id,
  uploadedByName: uploaderName(ctx),
  uploadedAt: ctx.deps.config.now(),
});

const sourceAudit = (s: Source) =>
  s.kind === 'link' ? { url: s.url } : { file_name: s.fileName, size: s.size, sha256: s.sha256 };

/** Acknowledgement is for a Compliance document kept as a file (a link's content can change unseen). */
function checkAcknowledgement(category: ResourceCategory, kind: 'file' | 'link', acknowledgement: string | null) {
  if (!acknowledgement) return;
  if (category !== 'compliance') throw fieldError('acknowledgement', m.acknowledgementComplianceOnly);
  if (kind !== 'file') throw fieldError('acknowledgement', m.acknowledgementFileOnly);
}

/**
 * Before an upload's body is read (up to 50 MB in memory): a caller who manages no firm's resources is
 * refused at once, so nobody without the right can make the server hold large bodies.
 */
export function refuseNonManagers(ctx: Ctx) {
  if (!canManageResources(ctx.actor, ctx.actor.profile._firm)) throw forbidden();
}

export async function create(ctx: Ctx, fields: ResourceCreateFields, file: UploadedFile | undefined) {
  readable(ctx);
  const firmId = await firmOf(ctx, fields.firm);
  if (firmId === null) throw notFound();
  if (!canManageResources(ctx.actor, firmId)) throw forbidden();
  if (!fields.url && !file) throw badRequest(m.fileOrUrl, { file: m.fileOrUrl, url: m.fileOrUrl });
  const acknowledgement = fields.acknowledgement ?? null;
  checkAcknowledgement(fields.category, file ? 'file' : 'link', acknowledgement);
  const source = (await sourceOf(ctx, firmId, fields.url, file, fields.name)) as Source;
  const now = ctx.deps.config.now();
  const id = await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const id = await insertResource(tx, {
      firmId,
      category: fields.category,
      name: fields.name,
      version: 1,
      acknowledgement,
      createdById: ctx.actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await insertVersion(tx, versionValues(ctx, id, 1, source));
    record({
      action: 'create',
      entity: 'training_resource',
      entityId: id,
      firmId,
      changes: { category: fields.category, name: fields.name, acknowledgement, version: 1, ...sourceAudit(source) },
    });
    return id;
  });
  return get(ctx, id);
}

/** Renames, replaces the file or link (a new version: the previous ones stay), or changes the flag. */
export async function update(ctx: Ctx, id: number, fields: ResourceUpdateFields, file: UploadedFile | undefined) {
  const row = await managed(ctx, id);
  const acknowledgement = fields.acknowledgement === undefined ? row.acknowledgement : fields.acknowledgement;
  // Checked before the file is stored: a refused change leaves nothing behind.
  checkAcknowledgement(row.category, fields.url ? 'link' : file ? 'file' : row.kind, acknowledgement);
  const source = await sourceOf(ctx, row.firmId, fields.url, file, fields.name ?? row.name);
  const changes: Record<string, unknown> = {};
  if (fields.name !== undefined && fields.name !== row.name) changes.name = { from: row.name, to: fields.name };
  if (acknowledgement !== row.acknowledgement)
    changes.acknowledgement = { from: row.acknowledgement, to: acknowledgement };
  if (!source && Object.keys(changes).length === 0) return toWire(row);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    let version = row.version;
    if (source) {
      version = await lockNextVersion(tx, id);
      await insertVersion(tx, versionValues(ctx, id, version, source));
      changes.version = { from: row.version, to: version, ...sourceAudit(source) };
    }
    await updateResource(tx, id, {
      name: fields.name ?? row.name,
      acknowledgement,
      version,
      updatedAt: ctx.deps.config.now(),
    });
    record({ action: 'update', entity: 'training_resource', entityId: id, firmId: row.firmId, changes });
  });
  return get(ctx, id);
}

/** Removed from the lists; the row, its versions, files and acknowledgements stay on record. */
export async function remove(ctx: Ctx, id: number) {
  const row = await managed(ctx, id);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await updateResource(tx, id, { deletedAt: ctx.deps.config.now(), deletedById: ctx.actor.id });
    record({
      action: 'delete',
      entity: 'training_resource',
      entityId: id,
      firmId: row.firmId,
      changes: { name: row.name, category: row.category, version: row.version },
    });
  });
}

export interface OpenedFile {
  stream: Readable;
  fileName: string;
  contentType: string;
  /** A PDF, a picture or a video opens in the browser's viewer (in a new tab); anything else downloads. */
  inline: boolean;
}

async function open(ctx: Ctx, v: { storageKey: string | null; fileName: string | null; contentType: string | null }) {
  const stream = v.storageKey ? await ctx.deps.storage.get(v.storageKey) : null;
  if (!stream || !v.contentType) throw notFound();
  const inline = RESOURCE_FILE_TYPES.find((t) => t.mime === v.contentType)?.inline ?? false;
  return { stream, fileName: v.fileName ?? 'resource', contentType: v.contentType, inline };
}

/** The current version's file, for anyone on the firm's staff (a link has none: 404). */
export async function openFile(ctx: Ctx, id: number): Promise<OpenedFile> {
  const row = await visible(ctx, id);
  if (row.kind !== 'file') throw notFound();
  return open(ctx, row);
}

/** The version history and its files: for those who manage the resource or check its acknowledgements. */
async function historyOf(ctx: Ctx, id: number) {
  const row = await visible(ctx, id);
  if (!canManageResources(ctx.actor, row.firmId) && !canViewAcknowledgements(ctx.actor, row.firmId)) throw forbidden();
  return row;
}

export async function versions(ctx: Ctx, id: number, page: PageRequest) {
  const row = await historyOf(ctx, id);
  const key = answerKey('resource versions', id, row.version, page.page, page.page_size);
  return keptAnswer(ctx, RESOURCE_LIST_READS, key, async () => {
    const { rows, count } = await listVersions(ctx.deps.db, id, page);
    const results = rows.map(
      (v) =>
        resourceVersionEntity.toWire({
          ...v,
          url: v.kind === 'file' ? versionFileUrl(id, v.version) : (v.url ?? ''),
          isCurrent: v.version === row.version,
        }) as ResourceVersion,
    );
    return { count, results };
  });
}

export async function openVersionFile(ctx: Ctx, id: number, version: number): Promise<OpenedFile> {
  await historyOf(ctx, id);
  const v = await findVersion(ctx.deps.db, id, version);
  if (v?.kind !== 'file') throw notFound();
  return open(ctx, v);
}

/**
 * The caller's written acknowledgement of the current version (Rule 204A-1), dated today in the portal's
 * zone. Acknowledging again the same version keeps the first date.
 */
export async function acknowledge(ctx: Ctx, id: number) {
  const row = await visible(ctx, id);
  if (!canAcknowledgeResource(ctx.actor, row.firmId)) throw forbidden();
  if (!row.acknowledgement) throw badRequest(m.notAcknowledgeable);
  const today = todayOf(ctx.deps.config);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const made = await insertAcknowledgement(tx, {
      resourceId: id,
      version: row.version,
      userId: ctx.actor.id,
      acknowledgedOn: today,
      acknowledgedAt: ctx.deps.config.now(),
    });
    record({
      action: made.created ? 'acknowledge' : 'acknowledge_again',
      entity: 'training_resource',
      entityId: id,
      firmId: row.firmId,
      changes: { version: row.version, acknowledged_on: made.on, kind: row.acknowledgement },
    });
  });
  return get(ctx, id);
}

/** Who on the firm's staff has (not) acknowledged the current version. */
export async function acknowledgements(ctx: Ctx, id: number, q: AcknowledgementReportQuery) {
  const row = await visible(ctx, id);
  if (!canViewAcknowledgements(ctx.actor, row.firmId)) throw forbidden();
  if (!row.acknowledgement) throw badRequest(m.notAcknowledgeable);
  const key = answerKey('acknowledgements', row.id, row.firmId, row.version, q);
  return keptAnswer(ctx, ACKNOWLEDGEMENT_REPORT_READS, key, async () => {
    const { count, rows } = await acknowledgementReport(ctx.deps.db, row, q);
    return { count, results: rows, version: row.version };
  });
}

/** The caller's dates as the quarterly attestation names them (see `myAcknowledgementsSchema`). */
export async function myAcknowledgements(ctx: Ctx): Promise<MyAcknowledgements> {
  readable(ctx);
  const firmId = ctx.actor.profile._firm;
  const dates =
    firmId === null
      ? { code_of_ethics: null, ia_manual: null }
      : await acknowledgementDates(ctx.deps.db, firmId, ctx.actor.id);
  return {
    Code_of_Ethics_Attestation_Date__c: dates.code_of_ethics,
    IA_Manual_Attestation_Date__c: dates.ia_manual,
  };
}
