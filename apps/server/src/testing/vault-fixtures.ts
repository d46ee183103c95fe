import { strToU8, zipSync } from 'fflate';
import { multipartOf } from './multipart.js';
import type { TestApp } from './test-app.js';

export interface FormFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** Uploads into a client's vault as the web form does. */
export async function uploadDocument(
  t: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: FormFile,
) {
  const body = multipartOf(fields, file ? [file] : []);
  return t.app.inject({
    method: 'POST',
    url: '/api/client_documents/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export const PNG_BYTES = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(32)]);
export const statementPdf = (text = 'Quarterly statement'): FormFile => ({
  name: 'Q3 statement.pdf',
  bytes: Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`),
  type: 'application/pdf',
});

/** The smallest package Word opens as a .docx: its content types and the document part. */
export const docxBytes = () =>
  Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
      'word/document.xml': strToU8('<?xml version="1.0"?><w:document/>'),
    }),
  );
