import { z } from 'zod';
import { messages } from '../messages.js';
import { DELIVERY_STATUSES, DISCLOSURE_KINDS } from '../rules/disclosures.js';
import { isCalendarDate } from '../rules/fiscal.js';
import { pageOf, pageQuery, recordId } from './common.js';
import { defineFields, orderingsOf, readSchema } from './field-table.js';

const m = messages.disclosures;

/** A calendar date on the wire (YYYY-MM-DD), `required` when missing. */
const wireDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => isCalendarDate(v), messages.validation.date);

export const disclosureKind = z.enum(DISCLOSURE_KINDS, { error: m.selectKind });

/**
 * A stored version of a firm's Form ADV Part 2A/2B or Form CRS. Its kind, effective date and change
 * flag come with the upload (in the query string, beside the raw PDF), the rest from the server.
 */
export const disclosureVersionFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  firm: { column: 'firmId', read: z.number().int(), set: 'server' },
  kind: { column: 'kind', read: z.enum(DISCLOSURE_KINDS), set: 'server', sort: true },
  /** The kind's name as people read it. */
  title: { column: 'title', read: z.string(), set: 'server' },
  effective_date: { column: 'effectiveDate', read: z.string(), set: 'server', sort: true },
  material_change: { column: 'materialChange', read: z.boolean(), set: 'server' },
  file_name: { column: 'fileName', read: z.string(), set: 'server' },
  size: { column: 'size', read: z.number().int(), set: 'server' },
  sha256: { column: 'sha256', read: z.string(), set: 'server' },
  uploaded_by: { column: 'uploadedById', read: z.number().int().nullable(), set: 'server' },
  uploaded_by_name: { column: 'uploadedByName', read: z.string().nullable(), set: 'server' },
  /** ISO instant. */
  uploaded_at: { column: 'uploadedAt', read: z.string(), set: 'server', sort: true },
  /** The path of the PDF (opened inline in a new tab). */
  file_url: { column: 'fileUrl', read: z.string(), set: 'server' },
  /** How many clients received this version: a delivered version cannot be deleted. */
  deliveries: { column: 'deliveries', read: z.number().int(), set: 'server' },
  is_current: { column: 'isCurrent', read: z.boolean(), set: 'server' },
});
export const disclosureVersion = readSchema(disclosureVersionFields);
export type DisclosureVersion = z.infer<typeof disclosureVersion>;

export const DISCLOSURE_VERSION_SORTS = orderingsOf(disclosureVersionFields, ['effective_date', 'uploaded_at', 'kind']);
export const disclosureVersionQuery = pageQuery.extend({
  firm: recordId,
  kind: disclosureKind.optional(),
  ordering: z.enum(DISCLOSURE_VERSION_SORTS).default('-effective_date'),
});
export type DisclosureVersionQuery = z.infer<typeof disclosureVersionQuery>;
export const disclosureVersionPage = pageOf(disclosureVersion).extend({
  /** The firm's external links, shown to clients when a kind has no version. */
  form_adv_url: z.string().nullable(),
  form_crs_url: z.string().nullable(),
});
export type DisclosureVersionPage = z.infer<typeof disclosureVersionPage>;

/**
 * The upload's metadata, in the query string: the body is the raw PDF (`Content-Type: application/pdf`).
 * `material_change` is for Form ADV only.
 */
export const disclosureUploadQuery = z
  .object({
    firm: recordId,
    kind: disclosureKind,
    effective_date: wireDate(m.effectiveDate),
    material_change: z.enum(['true', 'false']).default('false'),
    file_name: z.string().trim().max(200).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'crs' && q.material_change === 'true')
      ctx.addIssue({ code: 'custom', path: ['material_change'], message: m.materialChangeAdvOnly });
  });
export type DisclosureUploadQuery = z.infer<typeof disclosureUploadQuery>;

/**
 * The body of the two delivery calls (`PUT /api/update_form_adv_delivery_date/` and its CRS twin): who
 * opened the form and when, plus which ADV part was opened (2A when not said).
 */
export const deliveryDateBody = z.object({
  portalUserId: z.number({ error: messages.validation.id }).int().min(1).max(2_147_483_647),
  deliveryDate: wireDate(m.deliveryDate),
  part: z.enum(['2A', '2B']).optional(),
});
export type DeliveryDateBody = z.infer<typeof deliveryDateBody>;

/** The client's initial delivery dates after the call (what `Client__r` carries). */
export const deliveryDateResponse = z.object({
  portalUserId: z.number().int(),
  deliveryDate: z.string(),
  Initial_Form_ADV_Delivery_Date__c: z.string().nullable(),
  Initial_Form_CRS_Delivery_Date__c: z.string().nullable(),
});
export type DeliveryDateResponse = z.infer<typeof deliveryDateResponse>;

/** What the Form ADV and Form CRS pages link to for one client, per kind. */
export const currentDisclosure = z.object({
  kind: z.enum(DISCLOSURE_KINDS),
  title: z.string(),
  /** The version shown, or null when the firm keeps an external link instead. */
  version: z.number().int().nullable(),
  effective_date: z.string().nullable(),
  /** The stored PDF's path, or the firm's external link. */
  url: z.string(),
  /** When this client received this version (or link); null when not yet. */
  received_on: z.string().nullable(),
});
export type CurrentDisclosure = z.infer<typeof currentDisclosure>;
export const currentDisclosuresQuery = z.object({ portalUserId: recordId });
export const currentDisclosures = z.object({
  portalUserId: z.number().int(),
  /** Kinds the firm publishes nothing for are absent (a firm without a Part 2B). */
  documents: z.array(currentDisclosure),
  Initial_Form_ADV_Delivery_Date__c: z.string().nullable(),
  Initial_Form_CRS_Delivery_Date__c: z.string().nullable(),
});
export type CurrentDisclosures = z.infer<typeof currentDisclosures>;

/**
 * The session a receipt was recorded in, as the report shows it: its client address, its user agent
 * summarised (`deviceOf`), and whether the session was the client's own. The session id and the whole
 * user agent are in the CSV.
 */
export const receiptSession = z.object({
  ip: z.string().nullable(),
  device: z.string(),
  client_session: z.boolean(),
});
export type ReceiptSession = z.infer<typeof receiptSession>;

/** One document of one client in the report. */
export const deliveryCell = z.object({
  status: z.enum(DELIVERY_STATUSES),
  /** The current version (null: the firm's external link, or nothing published). */
  current_version: z.number().int().nullable(),
  current_effective_date: z.string().nullable(),
  /** The last version (or link) of this kind the client received, and the day. */
  delivered_version: z.number().int().nullable(),
  delivered_effective_date: z.string().nullable(),
  delivered_on: z.string().nullable(),
  /** The session that receipt was recorded in; null when there is no receipt or it predates their keeping. */
  delivered_session: receiptSession.nullable(),
  due_by: z.string().nullable(),
  /** The day a CCO last mailed the client this document's link, while it is still not received. */
  notified_on: z.string().nullable(),
});
export type DeliveryCell = z.infer<typeof deliveryCell>;

/**
 * One client of the delivery report: who they are, and per document kind what is current, what they
 * received and when it is due (the cells and the row's status are the domain rule's, per request).
 */
export const disclosureDeliveryFields = defineFields({
  client_id: { column: 'client_id', read: z.number().int(), set: 'server' },
  first_name: { column: 'first_name', read: z.string().nullable(), set: 'server', sort: true },
  last_name: { column: 'last_name', read: z.string().nullable(), set: 'server', sort: true },
  email: { column: 'email', read: z.string(), set: 'server', sort: true },
  firm_id: { column: 'firm_id', read: z.number().int(), set: 'server' },
  firm_name: { column: 'firm_name', read: z.string(), set: 'server', sort: true },
  /** The client's advisor, 'Last, First'; null when none is assigned. */
  advisor_name: { column: 'advisor_name', read: z.string().nullable(), set: 'server' },
  agreement_date: { column: 'agreement_date', read: z.string().nullable(), set: 'server' },
  status: { column: 'status', read: z.enum(['overdue', 'due', 'received']), set: 'server', sort: true },
  adv_2a: { column: 'adv_2a', read: deliveryCell, set: 'server' },
  adv_2b: { column: 'adv_2b', read: deliveryCell, set: 'server' },
  crs: { column: 'crs', read: deliveryCell, set: 'server' },
});
export const disclosureDeliveryRow = readSchema(disclosureDeliveryFields);
export type DisclosureDeliveryRow = z.infer<typeof disclosureDeliveryRow>;

export const DISCLOSURE_DELIVERY_STATUS_FILTERS = ['due', 'overdue', 'received'] as const;
export const DISCLOSURE_DELIVERY_SORTS = orderingsOf(disclosureDeliveryFields, [
  'status',
  'last_name',
  'first_name',
  'email',
  'firm_name',
]);
export const disclosureDeliveryQuery = pageQuery.extend({
  firm: recordId.optional(),
  /** 'due' lists the overdue too (everyone who still owes something). */
  status: z.enum(DISCLOSURE_DELIVERY_STATUS_FILTERS).optional(),
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(DISCLOSURE_DELIVERY_SORTS).default('status'),
});
export type DisclosureDeliveryQuery = z.infer<typeof disclosureDeliveryQuery>;
/** The CSV export: the report's filters without paging (every matching row). */
export const disclosureDeliveryExportQuery = disclosureDeliveryQuery.omit({ page: true, page_size: true });
export type DisclosureDeliveryExportQuery = z.infer<typeof disclosureDeliveryExportQuery>;
export const disclosureDeliveryPage = pageOf(disclosureDeliveryRow);
export type DisclosureDeliveryPage = z.infer<typeof disclosureDeliveryPage>;

/** Deliver: mail one client (portalUserId) or every due client of the firm the links they still need. */
export const deliverBody = z.object({
  firm: z.number({ error: m.chooseFirm }).int().min(1).max(2_147_483_647),
  portalUserId: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type DeliverBody = z.infer<typeof deliverBody>;
export const deliverResponse = z.object({
  detail: z.string(),
  sent: z.number().int(),
  /** True when the mails are made in the background (many clients): `sent` is how many will be. */
  queued: z.boolean(),
});
export type DeliverResponse = z.infer<typeof deliverResponse>;
