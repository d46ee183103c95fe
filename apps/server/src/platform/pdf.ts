import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { openSync } from 'fontkit';
import type { Content, Style } from 'pdfmake';

/**
 * Text PDFs on the server with pdfmake: real text (searchable, copyable), in Noto Sans, embedded (only
 * the characters used), so a name in Polish, Vietnamese, Greek or Cyrillic prints as written. pdfmake
 * may read neither a URL nor any file but the font's: a document is made only of what the caller puts in.
 */

// pdfmake is CommonJS and exports one configured instance; ESM's default import of it differs between
// bundlers, a require does not.
const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof import('pdfmake');

const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans/package.json'));
const NOTO_SANS = {
  normal: path.join(fontDir, '400Regular/NotoSans_400Regular.ttf'),
  bold: path.join(fontDir, '700Bold/NotoSans_700Bold.ttf'),
  italics: path.join(fontDir, '400Regular_Italic/NotoSans_400Regular_Italic.ttf'),
  bolditalics: path.join(fontDir, '700Bold_Italic/NotoSans_700Bold_Italic.ttf'),
};
const FONT_FILES = new Set(Object.values(NOTO_SANS));
pdfmake.setFonts({ NotoSans: NOTO_SANS });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => FONT_FILES.has(file));
const regular = openSync(NOTO_SANS.normal);

/**
 * Text the font can draw, as it is; any other character (a script Noto Sans does not cover, such as
 * Chinese, or an emoji) as '?', rather than an empty box. Line breaks are kept.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += code === 10 || (code >= 0x20 && regular.hasGlyphForCodePoint(code)) ? ch : '?';
  }
  return out;
}

export interface PdfDocument {
  title: string;
  content: Content;
  styles?: Record<string, Style>;
}

/** An A4 portrait document in Noto Sans, as bytes. */
export function renderPdf(doc: PdfDocument): Promise<Buffer> {
  return pdfmake
    .createPdf({
      pageSize: 'A4',
      pageOrientation: 'portrait',
      pageMargins: [40, 40, 40, 48],
      info: { title: pdfText(doc.title) },
      defaultStyle: { font: 'NotoSans', fontSize: 9.5 },
      styles: doc.styles,
      content: doc.content,
      footer: (page, pages) => ({
        text: `${page} / ${pages}`,
        alignment: 'right',
        fontSize: 8,
        margin: [40, 16],
      }),
    })
    .getBuffer();
}

/**
 * `renderPdf` on a worker thread (one, made when first needed), so laying out a long document never
 * stalls the requests the server is answering meanwhile. The worker is the build's `pdf-worker.js`
 * beside the server bundle; where there is none (tests run the sources) the layout runs here.
 */
export function renderPdfOffThread(doc: PdfDocument): Promise<Buffer> {
  const file = fileURLToPath(new URL('./pdf-worker.js', import.meta.url));
  if (!existsSync(file)) return renderPdf(doc);
  worker ??= pdfWorker(file);
  return worker.render(doc);
}

let worker: ReturnType<typeof pdfWorker> | undefined;

function pdfWorker(file: string) {
  const pending = new Map<number, { resolve: (bytes: Buffer) => void; reject: (err: Error) => void }>();
  let lastJob = 0;
  const thread = new Worker(file);
  // An idle worker does not keep the process alive at shutdown.
  thread.unref();
  thread.on('message', ({ id, bytes, error }: { id: number; bytes?: ArrayBuffer; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (bytes) job?.resolve(Buffer.from(bytes));
    else job?.reject(new Error(error ?? 'the PDF could not be made'));
  });
  // A worker that dies takes its own jobs with it; the next document makes a new one.
  const fail = (err: Error) => {
    if (worker === self) worker = undefined;
    for (const job of pending.values()) job.reject(err);
    pending.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`the PDF worker stopped (exit code ${code})`)));
  const self = {
    render: (doc: PdfDocument) =>
      new Promise<Buffer>((resolve, reject) => {
        const id = ++lastJob;
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, doc });
      }),
  };
  return self;
}
