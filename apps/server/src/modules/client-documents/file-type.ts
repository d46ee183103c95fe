import { CLIENT_DOCUMENT_TYPES, type ClientDocumentExtension } from '@portal/domain';

type Family = (typeof CLIENT_DOCUMENT_TYPES)[ClientDocumentExtension]['family'];

const startsWith = (bytes: Buffer, hex: string, at = 0) =>
  bytes.length >= at + hex.length / 2 && bytes.subarray(at, at + hex.length / 2).equals(Buffer.from(hex, 'hex'));
const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/** HEIF brands a phone's photo carries in its `ftyp` box. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** An Office Open XML package: a ZIP naming `[Content_Types].xml` and the part folder of its application. */
const ooxml = (bytes: Buffer, folder: string) =>
  startsWith(bytes, '504b0304') &&
  bytes.includes('[Content_Types].xml', 0, 'latin1') &&
  bytes.includes(folder, 0, 'latin1');

const utf8 = new TextDecoder('utf-8', { fatal: true });
/**
 * Plain text (CSV, TXT): valid UTF-8 (a BOM allowed) with no control character but tab, line feed,
 * carriage return and form feed. An executable or an archive renamed .txt fails at its first NUL byte.
 */
function isText(bytes: Buffer) {
  try {
    const text = utf8.decode(bytes);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the check is about control characters
    return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
  } catch {
    return false;
  }
}

const SIGNATURES: Record<Family, (bytes: Buffer) => boolean> = {
  pdf: (b) => ascii(b, 0, 5) === '%PDF-',
  png: (b) => startsWith(b, '89504e470d0a1a0a'),
  jpeg: (b) => startsWith(b, 'ffd8ff'),
  gif: (b) => ['GIF87a', 'GIF89a'].includes(ascii(b, 0, 6)),
  webp: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  tiff: (b) => startsWith(b, '49492a00') || startsWith(b, '4d4d002a'),
  heic: (b) => ascii(b, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(b, 8, 12)),
  ole: (b) => startsWith(b, 'd0cf11e0a1b11ae1'),
  docx: (b) => ooxml(b, 'word/'),
  xlsx: (b) => ooxml(b, 'xl/'),
  pptx: (b) => ooxml(b, 'ppt/'),
  text: isText,
};

/** Whether the bytes are what the extension says (a '.pdf' that is a PDF, a '.csv' that is text). */
export const bytesMatch = (ext: ClientDocumentExtension, bytes: Buffer) =>
  SIGNATURES[CLIENT_DOCUMENT_TYPES[ext].family](bytes);
