import { z } from 'zod';
import { messages } from '../messages.js';
import { optionalText, pageOf, pageQuery, recordId } from './common.js';

const m = messages.clientDocuments;

/** What a document is, as the vault's filter and its upload form name it. */
export const CLIENT_DOCUMENT_CATEGORIES = ['statement', 'signed_agreement', 'tax_form', 'other'] as const;
export type ClientDocumentCategory = (typeof CLIENT_DOCUMENT_CATEGORIES)[number];

/** A document of a client's vault, as the list shows it and an upload answers it. */
export const clientDocument = z.object({
  id: z.number().int(),
  /** The client whose vault holds it. */
  client: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  category: z.enum(CLIENT_DOCUMENT_CATEGORIES),
  description: z.string().nullable(),
  uploaded_by: z.number().int().nullable(),
  /** Kept as it read at upload: the account may go, the record of who gave the document stays. */
  uploaded_by_name: z.string().nullable(),
  /** Whether the client or the firm (their advisor) put it there. */
  uploaded_by_client: z.boolean(),
  uploaded_at: z.string(),
  download_url: z.string(),
});
export type ClientDocument = z.infer<typeof clientDocument>;
export const clientDocumentPage = pageOf(clientDocument);

export const CLIENT_DOCUMENT_ORDERINGS = ['uploaded_at', 'file_name', 'category', 'uploaded_by_name', 'size'] as const;

/** One client's vault: searched on the file name and description, newest first unless sorted otherwise. */
export const clientDocumentListQuery = pageQuery.extend({
  client: recordId,
  search: z.string().trim().max(200).optional(),
  category: z.enum(CLIENT_DOCUMENT_CATEGORIES).optional(),
  ordering: z
    .enum([...CLIENT_DOCUMENT_ORDERINGS, ...CLIENT_DOCUMENT_ORDERINGS.map((o) => `-${o}` as const)])
    .default('-uploaded_at'),
});
export type ClientDocumentListQuery = z.infer<typeof clientDocumentListQuery>;

/** The upload's form fields beside the file (multipart: client, file, and these). */
export const clientDocumentUploadFields = z.object({
  client: z.string({ error: m.chooseClient }).pipe(recordId),
  category: z.enum(CLIENT_DOCUMENT_CATEGORIES, { error: m.chooseCategory }).default('other'),
  description: optionalText(255),
});
export type ClientDocumentUploadFields = z.infer<typeof clientDocumentUploadFields>;
