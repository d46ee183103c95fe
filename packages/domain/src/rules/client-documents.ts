import { extensionOf, type SIGNATURES } from './file-signatures.js';
import { type Actor, isAdvisor, isClient, isFirmAdmin } from './permissions.js';

/**
 * The client document vault: a client and their advisor exchange documents. Who reaches
 * which client's vault is the onboarding scope (rules/scope.ts: the client themself, the advisor of
 * their book, the firm's administrators, a super admin); these rules say what each may do there.
 */

/** The largest file a vault takes: a scanned statement or a signed agreement fits, a video does not. */
export const CLIENT_DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const CLIENT_DOCUMENT_MAX_LABEL = '25 MB';

/**
 * The kinds of file a vault keeps, by extension: what the server checks the bytes against (a file named
 * .pdf must be a PDF) and what the file input offers. Nothing executable, no HTML or SVG (a script).
 */
export const CLIENT_DOCUMENT_TYPES = {
  pdf: { mime: 'application/pdf', signature: 'pdf' },
  png: { mime: 'image/png', signature: 'png' },
  jpg: { mime: 'image/jpeg', signature: 'jpeg' },
  jpeg: { mime: 'image/jpeg', signature: 'jpeg' },
  gif: { mime: 'image/gif', signature: 'gif' },
  webp: { mime: 'image/webp', signature: 'webp' },
  tif: { mime: 'image/tiff', signature: 'tiff' },
  tiff: { mime: 'image/tiff', signature: 'tiff' },
  heic: { mime: 'image/heic', signature: 'heic' },
  doc: { mime: 'application/msword', signature: 'ole' },
  xls: { mime: 'application/vnd.ms-excel', signature: 'ole' },
  ppt: { mime: 'application/vnd.ms-powerpoint', signature: 'ole' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', signature: 'zip' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', signature: 'zip' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', signature: 'zip' },
  // Text has no signature: the server checks it is UTF-8 without control characters.
  csv: { mime: 'text/csv', signature: 'text' },
  txt: { mime: 'text/plain', signature: 'text' },
} as const satisfies Record<string, { mime: string; signature: keyof typeof SIGNATURES | 'text' }>;
export type ClientDocumentExtension = keyof typeof CLIENT_DOCUMENT_TYPES;

/** The file input's `accept`: the extensions of the allow-list. */
export const CLIENT_DOCUMENT_ACCEPT = Object.keys(CLIENT_DOCUMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** A file name's extension when the vault takes it, else null. */
export function clientDocumentExtension(fileName: string): ClientDocumentExtension | null {
  const ext = extensionOf(fileName.trim());
  return Object.hasOwn(CLIENT_DOCUMENT_TYPES, ext) ? (ext as ClientDocumentExtension) : null;
}

/** What a person may do in one client's vault, once the onboarding scope has let them reach it. */
export const canReadClientVault = (a: Actor) => isClient(a) || isAdvisor(a) || isFirmAdmin(a);

/**
 * Upload: the client into their own vault, the advisor into a client's of their book. Administrators
 * read (supervision of client communications) but do not add to what client and advisor exchange.
 */
export const canUploadToClientVault = (a: Actor) => isClient(a) || isAdvisor(a);

/** Remove (hide, the record and the file stay): only the person who uploaded the document. */
export const canRemoveClientDocument = (a: Actor, doc: { uploaded_by: number | null }) =>
  canUploadToClientVault(a) && doc.uploaded_by === a.id;

/** The Document Vault menu entry and screen: clients for their own, advisors and administrators for their clients. */
export const canOpenClientVault = (a: Actor) => canReadClientVault(a);
