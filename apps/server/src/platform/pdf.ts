import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Content, Style } from 'pdfmake';

/**
 * Text PDFs on the server with pdfmake: real text (searchable, copyable), in the standard 14 fonts
 * every PDF reader has, so no font file ships or loads. pdfmake may read neither a URL nor a local
 * file: a document is made only of what the caller puts in it.
 */

// pdfmake is CommonJS and exports one configured instance; ESM's default import of it differs between
// bundlers, a require does not.
const pdfmake = createRequire(import.meta.url)('pdfmake') as typeof import('pdfmake');

const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const STANDARD_FONTS = new Set(Object.values(HELVETICA));
pdfmake.setFonts({ Helvetica: HELVETICA });
pdfmake.setUrlAccessPolicy(() => false);
// The standard fonts are named, not read from disk; pdfmake asks the policy about their names too.
pdfmake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));

/** The characters of WinAnsiEncoding outside Latin-1, which the standard fonts also draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts can draw: Latin-1 and WinAnsi's extras as they are, any other character (a
 * name in another script, an emoji) as '?'. Without this pdfkit writes such a run as unreadable bytes.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    const drawable = code === 10 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    out += drawable || WIN_ANSI_EXTRA.has(ch) ? ch : '?';
  }
  return out;
}

export interface PdfDocument {
  title: string;
  content: Content;
  styles?: Record<string, Style>;
}

/** An A4 portrait document in Helvetica, as bytes. */
export function renderPdf(doc: PdfDocument): Promise<Buffer> {
  return pdfmake
    .createPdf({
      pageSize: 'A4',
      pageOrientation: 'portrait',
      pageMargins: [40, 40, 40, 48],
      info: { title: pdfText(doc.title) },
      defaultStyle: { font: 'Helvetica', fontSize: 9.5 },
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
