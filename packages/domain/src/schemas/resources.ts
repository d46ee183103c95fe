import { z } from 'zod';
import { messages } from '../messages.js';
import { ACKNOWLEDGEMENT_KINDS, RESOURCE_CATEGORIES } from '../rules/resources.js';
import { pageOf, pageQuery, recordId, requiredText } from './common.js';
import { defineFields, orderingsOf, readSchema } from './field-table.js';

const m = messages.resources;

export const resourceCategory = z.enum(RESOURCE_CATEGORIES, {
  error: messages.validation.oneOf([...RESOURCE_CATEGORIES]),
});

/**
 * A training resource as its list shows it (Resource Name, Added Date, Last Modified Date; id, name,
 * added_date, last_modified_date, url), with what its row actions need. Its file or link is its current
 * version's; the record is written through its multipart fields below.
 */
export const resourceFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  firm: { column: 'firmId', read: z.number().int(), set: 'server' },
  category: { column: 'category', read: z.enum(RESOURCE_CATEGORIES), set: 'server' },
  name: { column: 'name', read: z.string(), set: 'server', sort: true },
  /** YYYY-MM-DD in the portal's time zone. */
  added_date: { column: 'addedDate', read: z.string(), set: 'server', sort: true },
  last_modified_date: { column: 'modifiedDate', read: z.string(), set: 'server', sort: true },
  /** A file's download path in the portal, or the link itself: either opens in a new tab. */
  url: { column: 'link', read: z.string(), set: 'server' },
  kind: { column: 'kind', read: z.enum(['file', 'link']), set: 'server' },
  file_name: { column: 'fileName', read: z.string().nullable(), set: 'server' },
  /** The current version (1 on creation; a new file or link makes the next). */
  version: { column: 'version', read: z.number().int(), set: 'server' },
  /** Which attestation date acknowledging it fills; null when it needs no acknowledgement. */
  acknowledgement: { column: 'acknowledgement', read: z.enum(ACKNOWLEDGEMENT_KINDS).nullable(), set: 'server' },
  /** When the caller acknowledged the current version (null: not yet, or not required). */
  acknowledged_on: { column: 'acknowledgedOn', read: z.string().nullable(), set: 'server' },
});

export const resourceSchema = readSchema(resourceFields);
export type Resource = z.infer<typeof resourceSchema>;
export const resourcePage = pageOf(resourceSchema);

export const RESOURCE_SORTS = ['name', 'added_date', 'last_modified_date'] as const;
export const resourceListQuery = pageQuery.extend({
  category: resourceCategory,
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(orderingsOf(resourceFields, RESOURCE_SORTS)).default('name'),
  /** A super admin's (or super CCO's) view of another firm; anyone else's own firm. */
  firm: recordId.optional(),
});
export type ResourceListQuery = z.infer<typeof resourceListQuery>;

/** A form's choice: '' (or 'none') for no acknowledgement. */
const acknowledgementField = z
  .enum(['', 'none', ...ACKNOWLEDGEMENT_KINDS], { error: messages.validation.oneOf([...ACKNOWLEDGEMENT_KINDS]) })
  .transform((v) => (v === '' || v === 'none' ? null : v));

const linkField = z
  .string()
  .trim()
  .max(2000, messages.validation.maxLength(2000))
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+\S*$/i.test(v), messages.validation.url)
  .transform((v) => v || undefined);

/**
 * The fields of `POST /api/resources/` (multipart: category, name, and a file or a url; the file is
 * its own part). `firm` lets a super admin add to another firm.
 */
export const resourceCreateFields = z.object({
  category: resourceCategory,
  name: requiredText(m.nameRequired, 200),
  url: linkField.optional(),
  acknowledgement: acknowledgementField.optional(),
  firm: recordId.optional(),
});
export type ResourceCreateFields = z.infer<typeof resourceCreateFields>;

/** `PUT /api/resources/{id}/`: rename, a new file or link (a new version), the acknowledgement flag. */
export const resourceUpdateFields = z.object({
  name: requiredText(m.nameRequired, 200).optional(),
  url: linkField.optional(),
  acknowledgement: acknowledgementField.optional(),
});
export type ResourceUpdateFields = z.infer<typeof resourceUpdateFields>;

/** One version of a resource: the history an administrator sees, newest first. */
export const resourceVersionFields = defineFields({
  version: { column: 'version', read: z.number().int(), set: 'server' },
  kind: { column: 'kind', read: z.enum(['file', 'link']), set: 'server' },
  file_name: { column: 'fileName', read: z.string().nullable(), set: 'server' },
  size: { column: 'size', read: z.number().int().nullable(), set: 'server' },
  sha256: { column: 'sha256', read: z.string().nullable(), set: 'server' },
  /** The version's file in the portal, or its link. */
  url: { column: 'url', read: z.string(), set: 'server' },
  uploaded_by_name: { column: 'uploadedByName', read: z.string().nullable(), set: 'server' },
  /** ISO instant. */
  uploaded_at: { column: 'uploadedAt', read: z.string(), set: 'server' },
  is_current: { column: 'isCurrent', read: z.boolean(), set: 'server' },
  /** How many people acknowledged this version. */
  acknowledgements: { column: 'acknowledgements', read: z.number().int(), set: 'server' },
});
export const resourceVersionSchema = readSchema(resourceVersionFields);
export type ResourceVersion = z.infer<typeof resourceVersionSchema>;
export const resourceVersionPage = pageOf(resourceVersionSchema);
export const resourceVersionParams = z.object({ id: recordId, version: recordId });

export const ACKNOWLEDGEMENT_STATUSES = ['pending', 'acknowledged', 'all'] as const;

/** A staff member of the resource's firm and where they stand with its current version. */
export const acknowledgementRowFields = defineFields({
  user: { column: 'id', read: z.number().int(), set: 'server' },
  first_name: { column: 'firstName', read: z.string().nullable(), set: 'server', sort: true },
  last_name: { column: 'lastName', read: z.string().nullable(), set: 'server', sort: true },
  email: { column: 'email', read: z.string(), set: 'server', sort: true },
  /** Their acknowledgement of the current version (null: they owe one). */
  acknowledged_on: { column: 'acknowledgedOn', read: z.string().nullable(), set: 'server', sort: true },
  /** The newest version they acknowledged, if any (an older one means they owe the amendment's). */
  last_version: { column: 'lastVersion', read: z.number().int().nullable(), set: 'server' },
});
export const acknowledgementRowSchema = readSchema(acknowledgementRowFields);

export const ACKNOWLEDGEMENT_SORTS = ['last_name', 'first_name', 'email', 'acknowledged_on'] as const;
export const acknowledgementReportQuery = pageQuery.extend({
  status: z
    .enum(ACKNOWLEDGEMENT_STATUSES, { error: messages.validation.oneOf([...ACKNOWLEDGEMENT_STATUSES]) })
    .default('pending'),
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(orderingsOf(acknowledgementRowFields, ACKNOWLEDGEMENT_SORTS)).default('last_name'),
});
export type AcknowledgementReportQuery = z.infer<typeof acknowledgementReportQuery>;
export type AcknowledgementRow = z.infer<typeof acknowledgementRowSchema>;
export const acknowledgementReportPage = pageOf(acknowledgementRowSchema).extend({
  /** The current version the rows are measured against. */
  version: z.number().int(),
});
export type AcknowledgementReportPage = z.infer<typeof acknowledgementReportPage>;

/**
 * The caller's acknowledgement dates as the quarterly attestation names them: the new attestation form
 * starts from them. A date is there when the caller acknowledged the current version of every live
 * document of the firm that feeds it (the latest of those days); null otherwise.
 */
export const myAcknowledgementsSchema = z.object({
  Code_of_Ethics_Attestation_Date__c: z.string().nullable(),
  IA_Manual_Attestation_Date__c: z.string().nullable(),
});
export type MyAcknowledgements = z.infer<typeof myAcknowledgementsSchema>;
