import { CLIENT_DOCUMENT_TYPES, type ClientDocumentExtension, isOfficePackageOf, SIGNATURES } from '@portal/domain';

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
  return SIGNATURES[signature](bytes.subarray(0, 16)) && isOfficePackageOf(ext, bytes);
}
