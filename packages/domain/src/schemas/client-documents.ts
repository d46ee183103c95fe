import { z } from 'zod';
import { messages } from '../messages.js';
import { optionalText, pageOf, pageQuery, recordId } from './common.js';
import { defineFields, fieldsBody, readSchema } from './field-table.js';

const m = messages.clientDocuments;

/** What a document is, as the vault's filter and its upload form name it. */
export const CLIENT_DOCUMENT_CATEGORIES = ['statement', 'signed_agreement', 'tax_form', 'other'] as const;
export type ClientDocumentCategory = (typeof CLIENT_DOCUMENT_CATEGORIES)[number];

/** A document of a client's vault, as the list shows it and an upload answers it. */
export const clientDocumentFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  /** The client whose vault holds it. */
  client: { column: 'clientId', read: z.number().int(), set: 'server' },
  file_name: { column: 'fileName', read: z.string(), set: 'server', sort: true },
  content_type: { column: 'contentType', read: z.string(), set: 'server' },
  size: { column: 'size', read: z.number().int(), set: 'server', sort: true },
  category: {
    column: 'category',
    read: z.enum(CLIENT_DOCUMENT_CATEGORIES),
    write: z.enum(CLIENT_DOCUMENT_CATEGORIES, { error: m.chooseCategory }).default('other'),
    set: 'editor',
    sort: true,
  },
  description: { column: 'description', read: z.string().nullable(), write: optionalText(255), set: 'editor' },
  uploaded_by: { column: 'uploadedById', read: z.number().int().nullable(), set: 'server' },
  /** Kept as it read at upload: the account may go, the record of who gave the document stays. */
  uploaded_by_name: { column: 'uploadedByName', read: z.string().nullable(), set: 'server', sort: true },
  /** Whether the client or the firm (their advisor) put it there. */
  uploaded_by_client: { column: 'uploadedByClient', read: z.boolean(), set: 'server' },
  uploaded_at: { column: 'uploadedAt', read: z.string(), set: 'server', sort: true },
  /** Where the document is downloaded from: derived from its id. */
  download_url: { column: 'id', read: z.string(), set: 'server' },
});

export const clientDocument = readSchema(clientDocumentFields);
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
  ...fieldsBody(clientDocumentFields).shape,
});
export type ClientDocumentUploadFields = z.infer<typeof clientDocumentUploadFields>;
