import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CLIENT_DOCUMENT_MAX_BYTES,
  CLIENT_DOCUMENT_MAX_LABEL,
  CLIENT_DOCUMENT_TYPES,
  type ClientDocument,
  type ClientDocumentListQuery,
  canReadClientVault,
  canRemoveClientDocument,
  canUploadToClientVault,
  cleanFileName,
  clientDocumentExtension,
  clientDocumentUploadFields,
  isClient,
  messages,
} from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { fieldError, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import { parseFields, type UploadedPart } from '../../platform/multipart.js';
import {
  type ClientDocumentRow,
  documentEntity,
  findDocument,
  findVaultClient,
  insertDocument,
  listDocuments,
  markRemoved,
  VAULT_READS,
} from './client-documents.repository.js';
import { bytesMatch } from './file-type.js';

const m = messages.clientDocuments;

/** The limits the upload route reads the form with. */
export const uploadLimits = {
  maxFileBytes: CLIENT_DOCUMENT_MAX_BYTES,
  tooLarge: m.fileTooLarge(CLIENT_DOCUMENT_MAX_LABEL),
};

const toWire = (r: ClientDocumentRow) => documentEntity.toWire(r) as ClientDocument;

/**
 * Someone who has no vault at all (a staff member who is neither an advisor nor an administrator) is
 * refused (403); a client outside the caller's reach (another client, another advisor's, another
 * firm's) is absent (404), never a hint that it exists.
 */
async function reachableClient(ctx: Ctx, clientId: number) {
  if (!canReadClientVault(ctx.actor)) throw forbidden();
  const client = await findVaultClient(ctx.deps.db, ctx.scope('onboarding'), clientId);
  if (!client) throw notFound();
  return client;
}

/**
 * The client's reach is checked inside the kept answer: it reads the accounts and profiles the answer is
 * kept under, and the scope in its key is the caller's reach, so a kept page was reachable as it stands.
 */
export async function list(ctx: Ctx, q: ClientDocumentListQuery) {
  if (!canReadClientVault(ctx.actor)) throw forbidden();
  const scope = ctx.scope('onboarding');
  return keptAnswer(ctx, [...VAULT_READS, 'profiles'], answerKey('client documents', scope, q), async () => {
    await reachableClient(ctx, q.client);
    const { rows, count } = await listDocuments(ctx.deps.db, scope, q, q);
    return { count, results: rows.map(toWire) };
  });
}

/** The name without its folders (a browser may send a path), cleaned as every download name is. */
const safeFileName = (name: string) => cleanFileName(name.split(/[\\/]/).pop() ?? '').slice(0, 255);

/**
 * Before an upload's body is read (up to 25 MB in memory): only clients and advisors add documents, so
 * anyone else is refused at once rather than after the server has held the file.
 */
export function refuseNonUploaders(ctx: Ctx) {
  if (!canUploadToClientVault(ctx.actor)) throw forbidden(m.readOnly);
}

/**
 * Puts a file into a client's vault: the client into their own, their advisor into theirs. The file is
 * checked by its extension (the allow-list) and by its bytes (a '.pdf' must be a PDF), and its size by
 * the form reader (413 past 25 MB).
 */
export async function upload(ctx: Ctx, fields: Record<string, string>, file: UploadedPart | undefined) {
  const body = parseFields(clientDocumentUploadFields, fields);
  const client = await reachableClient(ctx, body.client);
  if (!canUploadToClientVault(ctx.actor)) throw forbidden(m.readOnly);
  if (!file || file.bytes.length === 0) throw fieldError('file', m.fileMissing);
  const fileName = safeFileName(file.fileName);
  const ext = clientDocumentExtension(fileName);
  if (!ext) throw new HttpError(415, m.fileType, { file: m.fileType });
  const bytes = file.bytes;
  if (!bytesMatch(ext, bytes)) throw new HttpError(415, m.fileMismatch(ext), { file: m.fileMismatch(ext) });
  const key = `client-documents/${client.firmId}/${client.id}/${randomUUID()}.${ext}`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  // The file first: a row never points at bytes that are not there. A failed insert leaves an orphan
  // under a random key, which nothing reads.
  await ctx.deps.storage.put(key, bytes);
  const row = await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const inserted = await insertDocument(tx, {
      firmId: client.firmId,
      clientId: client.id,
      ...(documentEntity.rowColumns(ctx.actor, body) as Pick<ClientDocumentRow, 'category' | 'description'>),
      fileName,
      contentType: CLIENT_DOCUMENT_TYPES[ext].mime,
      storageKey: key,
      size: bytes.length,
      sha256,
      uploadedById: ctx.actor.id,
      uploadedByClient: isClient(ctx.actor),
      uploadedAt: ctx.deps.config.now(),
    });
    record({
      action: 'upload',
      entity: 'client_document',
      entityId: inserted.id,
      firmId: client.firmId,
      changes: { client: client.id, file_name: fileName, category: body.category, size: bytes.length, sha256 },
    });
    return inserted;
  });
  return toWire(row);
}

/**
 * A document's bytes for whoever reaches its client's vault; each download is an audit event.
 * `opened`: a GET (the bytes leave); a HEAD only checks the file is there, and records nothing.
 */
export async function download(
  ctx: Ctx,
  id: number,
  opened = true,
): Promise<{ stream: Readable | null; fileName: string; contentType: string; size: number }> {
  if (!canReadClientVault(ctx.actor)) throw forbidden();
  const doc = await findDocument(ctx.deps.db, ctx.scope('onboarding'), id);
  if (!doc) throw notFound();
  const about = { fileName: doc.fileName, contentType: doc.contentType, size: doc.size };
  if (!opened) {
    if (!(await ctx.deps.storage.exists(doc.storageKey))) throw notFound(m.fileLost);
    return { stream: null, ...about };
  }
  const stream = await ctx.deps.storage.get(doc.storageKey);
  if (!stream) throw notFound(m.fileLost);
  try {
    await writeAudited(ctx.deps.db, ctx.meta, async (_tx, record) =>
      record({
        action: 'download',
        entity: 'client_document',
        entityId: doc.id,
        firmId: doc.firmId,
        changes: { client: doc.clientId, file_name: doc.fileName, sha256: doc.sha256 },
      }),
    );
  } catch (err) {
    stream.destroy();
    throw err;
  }
  return { stream, ...about };
}

/** Takes a document out of the vault: the person who uploaded it only; the record and file stay. */
export async function remove(ctx: Ctx, id: number) {
  if (!canReadClientVault(ctx.actor)) throw forbidden();
  const doc = await findDocument(ctx.deps.db, ctx.scope('onboarding'), id);
  if (!doc) throw notFound();
  if (!canRemoveClientDocument(ctx.actor, { uploaded_by: doc.uploadedById })) throw forbidden(m.onlyUploader);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await markRemoved(tx, id, ctx.actor.id, ctx.deps.config.now());
    record({
      action: 'delete',
      entity: 'client_document',
      entityId: id,
      firmId: doc.firmId,
      changes: { client: doc.clientId, file_name: doc.fileName, soft: true },
    });
  });
}
