import { parentPort } from 'node:worker_threads';
import { type PdfDocument, renderPdf } from './pdf.js';

/**
 * The thread PDFs are laid out on (`renderPdfOffThread`): laying out a long attestation takes the CPU
 * for up to a second, which on the server's own thread would stall every other request meanwhile.
 */
parentPort?.on('message', async ({ id, doc }: { id: number; doc: PdfDocument }) => {
  try {
    const bytes = await renderPdf(doc);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    parentPort?.postMessage({ id, bytes: buffer }, [buffer]);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
