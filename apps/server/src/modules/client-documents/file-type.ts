import { CLIENT_DOCUMENT_TYPES, type ClientDocumentExtension, SIGNATURES } from '@portal/domain';

/** What an Office Open XML package names: `[Content_Types].xml` and the part folder of its application. */
const OOXML_FOLDER: Partial<Record<ClientDocumentExtension, string>> = { docx: 'word/', xlsx: 'xl/', pptx: 'ppt/' };

const utf8 = new TextDecoder('utf-8', { fatal: true });
/**
 * Plain text (CSV, TXT): valid UTF-8 (a BOM allowed) with no control character but tab, line feed,
 * carriage return and form feed. An executable or an archive renamed .txt fails at its first NUL byte.
 */
function isText(bytes: Buffer) {
  try {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the check is about control characters
    return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(utf8.decode(bytes));
  } catch {
    return false;
  }
}

/**
 * Whether the bytes are what the extension says: the signature of its type (a '.pdf' starts as a PDF),
 * for an Office Open XML name a ZIP holding that application's parts (any ZIP renamed .docx is not one),
 * for a '.csv' or '.txt' text.
 */
export function bytesMatch(ext: ClientDocumentExtension, bytes: Buffer) {
  const { signature } = CLIENT_DOCUMENT_TYPES[ext];
  if (signature === 'text') return isText(bytes);
  if (!SIGNATURES[signature](bytes.subarray(0, 16))) return false;
  const folder = OOXML_FOLDER[ext];
  return !folder || (bytes.includes('[Content_Types].xml', 0, 'latin1') && bytes.includes(folder, 0, 'latin1'));
}
