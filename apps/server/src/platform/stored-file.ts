import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachment } from './content-disposition.js';

/** A file read back from storage, as a route sends it. */
export interface StoredFile {
  /** Absent for a HEAD request, which checks the file is there without reading it. */
  stream?: Readable | null;
  fileName: string;
  /** The type its bytes were checked as at upload, never the uploader's claim. */
  contentType: string;
  /** Shown in the browser's own viewer (a PDF, a picture, a video) rather than saved. */
  inline?: boolean;
  size?: number;
}

/**
 * Sends an uploaded file: its checked type held by `nosniff`, named by `Content-Disposition` (inline or
 * attachment, with the same ASCII/UTF-8 name pair), never kept by a shared cache.
 */
export function sendStoredFile(reply: FastifyReply, f: StoredFile) {
  const download = attachment(f.fileName);
  reply
    .type(f.contentType)
    .header('content-disposition', f.inline ? download.replace(/^attachment/, 'inline') : download)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (f.size !== undefined) reply.header('content-length', f.size);
  return reply.send(f.stream ?? undefined);
}
