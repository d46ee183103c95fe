import type { TestApp } from './test-app.js';

/** The smallest file the upload accepts as a PDF; `text` tells versions apart. */
export const pdfOf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);

/**
 * Uploads a disclosure document as the web form does: the PDF as the body, firm, kind and effective date
 * in `query`. `type` null sends no content type at all.
 */
export const uploadDisclosure = (
  t: TestApp,
  headers: Record<string, string>,
  query: string,
  body: Buffer,
  type: string | null = 'application/pdf',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/disclosure_documents/?${query}`,
    headers: { ...headers, ...(type === null ? {} : { 'content-type': type }) },
    payload: body,
  });
