import { z } from 'zod';
import { messages } from '../messages.js';
import { isCalendarDate } from '../rules/fiscal.js';
import { pageQuery, recordId } from './common.js';
import { defineFields, readSchema } from './field-table.js';

const m = messages.auditTrail;

/** An optional text filter: blank is no filter. */
const filterText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message ?? messages.validation.maxLength(max))
    .optional()
    .transform((v) => v || undefined);

const day = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isCalendarDate(v), m.badDate);

/**
 * The audit trail's filters. `actor` is a user id, or text matched against a person's name and email:
 * the events they caused and those about them that nobody signed in caused (their subject); `from` and
 * `to` are days in the portal's time zone, both included.
 */
const filterFields = {
  entity: filterText(100),
  entity_id: filterText(100),
  actor: filterText(100, m.badActor),
  firm: recordId.optional(),
  action: filterText(50),
  from: day,
  to: day,
};

type Filters = { from?: string; to?: string };
const datesInOrder = (q: Filters, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: m.fromAfterTo });
};

export const AUDIT_EVENT_ORDERINGS = ['-occurred_at', 'occurred_at'] as const;

export const auditEventsQuery = pageQuery
  .extend({ ...filterFields, ordering: z.enum(AUDIT_EVENT_ORDERINGS).default('-occurred_at') })
  .superRefine(datesInOrder);
export type AuditEventsQuery = z.infer<typeof auditEventsQuery>;

/** The CSV export: the same filters, every matching event. */
export const auditEventsExportQuery = z.object(filterFields).superRefine(datesInOrder);
export type AuditEventsFilter = z.infer<typeof auditEventsExportQuery>;

/**
 * One changed field. `from` is absent when the event recorded only the new value (a creation, or an
 * event recorded before changes kept both sides); a child row's field is named `List[Id].Field`.
 * PII and secrets read '[redacted]'.
 */
export const auditEventChange = z.object({
  field: z.string(),
  from: z.unknown().optional(),
  to: z.unknown(),
});
export type AuditEventChange = z.infer<typeof auditEventChange>;

/** An event of the audit trail as the viewer and its CSV show it; lists sort by time (the chain's order). */
export const auditEventFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  occurred_at: { column: 'occurredAt', read: z.string(), set: 'server', sort: true },
  actor_id: { column: 'actorId', read: z.number().int().nullable(), set: 'server' },
  /**
   * The actor's name as their account holds it (a deleted account keeps its row); null when nobody
   * signed in acted: anonymous when the event has a client address (a request), else the system.
   */
  actor_name: { column: 'actorName', read: z.string().nullable(), set: 'server' },
  actor_email: { column: 'actorEmail', read: z.string().nullable(), set: 'server' },
  /** The account an anonymous event is about (a password reset asked, a sign-in failed), with its name now. */
  subject_id: { column: 'subjectId', read: z.number().int().nullable(), set: 'server' },
  subject_name: { column: 'subjectName', read: z.string().nullable(), set: 'server' },
  subject_email: { column: 'subjectEmail', read: z.string().nullable(), set: 'server' },
  action: { column: 'action', read: z.string(), set: 'server' },
  entity: { column: 'entity', read: z.string(), set: 'server' },
  entity_id: { column: 'entityId', read: z.string().nullable(), set: 'server' },
  firm_id: { column: 'firmId', read: z.number().int().nullable(), set: 'server' },
  firm_name: { column: 'firmName', read: z.string().nullable(), set: 'server' },
  request_id: { column: 'requestId', read: z.string().nullable(), set: 'server' },
  /** The client address and user agent of the request that caused it (null for a job or the command line). */
  ip: { column: 'ip', read: z.string().nullable(), set: 'server' },
  user_agent: { column: 'userAgent', read: z.string().nullable(), set: 'server' },
  /** The recorded changes as a list of fields, PII and secrets redacted. */
  changes: { column: 'changes', read: z.array(auditEventChange), set: 'server' },
  /** The hash chain: the previous event's hash and this event's own (null on an unsealed event). */
  prev_hash: { column: 'prevHash', read: z.string().nullable(), set: 'server' },
  hash: { column: 'hash', read: z.string().nullable(), set: 'server' },
});
export const auditEventSchema = readSchema(auditEventFields);
export type AuditEventRow = z.infer<typeof auditEventSchema>;

/** `GET /api/audit_events/verify/`: whether the whole chain holds, and the first event that breaks it. */
export const auditChainCheckSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  first_bad_id: z.number().int().nullable(),
});
export type AuditChainCheck = z.infer<typeof auditChainCheckSchema>;
