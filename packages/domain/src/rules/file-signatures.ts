/**
 * What a file's first bytes say it is: the one table of file signatures behind the portal's upload
 * allow-lists (training resources, client vaults). Each test reads the head of the file only (16 bytes
 * suffice for all of them); an allow-list pairs them with the extensions and types it takes.
 */
const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const isFtyp = (h: Uint8Array) => startsWith(h, ascii('ftyp'), 4);
const brandIs = (h: Uint8Array, brands: readonly string[]) =>
  isFtyp(h) && brands.some((brand) => startsWith(h, ascii(brand), 8));

/** HEIF brands a phone's photo carries in its `ftyp` box. */
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

export const SIGNATURES = {
  pdf: (h: Uint8Array) => startsWith(h, ascii('%PDF-')),
  /** A ZIP archive: every Office Open XML document (.docx, .xlsx, .pptx) is one. */
  zip: (h: Uint8Array) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
  /** OLE2 compound file: the Office documents before 2007 (.doc, .xls, .ppt). */
  ole: (h: Uint8Array) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  png: (h: Uint8Array) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (h: Uint8Array) => startsWith(h, [0xff, 0xd8, 0xff]),
  gif: (h: Uint8Array) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  webp: (h: Uint8Array) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  tiff: (h: Uint8Array) => startsWith(h, [0x49, 0x49, 0x2a, 0x00]) || startsWith(h, [0x4d, 0x4d, 0x00, 0x2a]),
  heic: (h: Uint8Array) => brandIs(h, HEIF_BRANDS),
  /** ISO base media (MP4): a box size, then 'ftyp', and not QuickTime's brand. */
  mp4: (h: Uint8Array) => isFtyp(h) && !brandIs(h, ['qt  ']),
  quicktime: (h: Uint8Array) => brandIs(h, ['qt  ']),
  webm: (h: Uint8Array) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]),
} as const;

/** Whether the bytes hold the ASCII text anywhere (a ZIP's part names are stored as written). */
function holdsAscii(bytes: Uint8Array, text: string) {
  const codes = ascii(text);
  for (
    let i = bytes.indexOf(codes[0]);
    i !== -1 && i + codes.length <= bytes.length;
    i = bytes.indexOf(codes[0], i + 1)
  )
    if (codes.every((c, k) => bytes[i + k] === c)) return true;
  return false;
}

/** The part folder of each Office Open XML application. */
const OOXML_FOLDER: Record<string, string> = { docx: 'word/', xlsx: 'xl/', pptx: 'ppt/' };

/**
 * Whether a file named .docx, .xlsx or .pptx is that application's package (a ZIP holding
 * `[Content_Types].xml` and the application's part folder), not any ZIP renamed; other names pass.
 * Reads the whole file, not its head.
 */
export function isOfficePackageOf(ext: string, bytes: Uint8Array): boolean {
  const folder = OOXML_FOLDER[ext];
  return !folder || (holdsAscii(bytes, '[Content_Types].xml') && holdsAscii(bytes, folder));
}

/** A file name's extension, lower case ('' without one). */
export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/**
 * An uploaded file's name as a download may carry it: control and format characters go (a right-to-left
 * override would disguise the extension in a save dialog), and so does any folder part.
 */
export const cleanFileName = (name: string) => name.replace(/[\\/\r\n\p{Cc}\p{Cf}]+/gu, ' ').trim();
