import { z } from 'zod';
import { messages } from '../messages.js';
import {
  caseCategories,
  casePriorities,
  caseReasons,
  caseStatuses,
  caseTypes,
  isSupportHandler,
} from '../rules/support.js';
import { multilineText, optionalMultilineText, pageQuery, recordId, requiredText } from './common.js';
import { defineFields, orderingsOf, pickFields, readSchema, writeSchema } from './field-table.js';
import { optionalChoice, requiredChoice, serverField, statusFilter } from './investment-requests.js';

const m = messages.support;

/**
 * A support case, on Salesforce's Case names. The submitter's fields, the case number,
 * the origin and the dates are the server's; the status is the handlers' (disabled for
 * the submitter, whose PUT that changes it is refused with 403, an unchanged echo being accepted).
 */
export const supportTicketFields = defineFields({
  Id: serverField('id', z.number().int()),
  /** Sequential over the portal, zero-padded like Salesforce's ('00001026'). */
  CaseNumber: { ...serverField('caseNumber', z.string()), sort: true },
  Subject: { column: 'subject', read: z.string(), write: requiredText(m.subjectRequired), set: 'editor', sort: true },
  Status: {
    column: 'status',
    read: z.string(),
    // Left out of a PUT, it stays as it is (a submitter's client need not echo it).
    write: requiredChoice(caseStatuses, m.statusRequired).optional(),
    set: isSupportHandler,
    sort: true,
  },
  Category__c: {
    column: 'category',
    read: z.string(),
    write: requiredChoice(caseCategories, m.categoryRequired),
    set: 'editor',
    sort: true,
  },
  Type: { column: 'type', read: z.string().nullable(), write: optionalChoice(caseTypes), set: 'editor', sort: true },
  Priority: {
    column: 'priority',
    read: z.string().nullable(),
    write: optionalChoice(casePriorities),
    set: 'editor',
    sort: true,
  },
  Reason: { column: 'reason', read: z.string().nullable(), write: optionalChoice(caseReasons), set: 'editor' },
  Description: {
    column: 'description',
    read: z.string().nullable(),
    write: optionalMultilineText(32000),
    set: 'editor',
  },
  Origin: serverField('origin', z.string()),
  CreatedDate: { ...serverField('createdAt', z.string()), sort: true },
  ClosedDate: { ...serverField('closedAt', z.string().nullable()), sort: true },
  EverSource_Portal_User_ID__c: serverField('submitterId', z.number().int()),
  SuppliedName: serverField('submitterName'),
  SuppliedEmail: serverField('submitterEmail'),
});

export const supportTicketSchema = readSchema(supportTicketFields);
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** POST and PUT: the form's fields; the server's may be echoed unchanged (an edit sends the record back). */
export const supportTicketBody = writeSchema(supportTicketFields);
export type SupportTicketBody = z.infer<typeof supportTicketBody>;

/** A new case has no status yet (the server sets New): the form validates without it. */
export const newSupportTicketBody = supportTicketBody.omit({ Status: true });

/** A list row: the columns of the screen and what the row's rules read. */
export const SUPPORT_TICKET_LIST_FIELDS = [
  'Id',
  'CaseNumber',
  'Subject',
  'Status',
  'Category__c',
  'Type',
  'Priority',
  'CreatedDate',
  'ClosedDate',
  'EverSource_Portal_User_ID__c',
  'SuppliedName',
] as const satisfies readonly (keyof typeof supportTicketFields)[];
export const supportTicketListItem = readSchema(pickFields(supportTicketFields, SUPPORT_TICKET_LIST_FIELDS));
export type SupportTicketListItem = z.infer<typeof supportTicketListItem>;

/**
 * The list's query: `search` (case number, subject, submitter's name or email), `status` (one or several),
 * `category` (the Prayer Requests screen), `firm` (a super admin's filter), newest first by default.
 */
export const supportTicketListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  status: statusFilter(caseStatuses).optional(),
  category: z.enum(caseCategories, { error: m.categoryUnknown }).optional(),
  firm: recordId.optional(),
  ordering: z.enum(orderingsOf(supportTicketFields)).default('-CreatedDate'),
});
export type SupportTicketListQuery = z.infer<typeof supportTicketListQuery>;

/**
 * One message of a case's conversation (Salesforce's CaseComment names). `FromSupport` says which side
 * wrote it: a handler's reply, or the submitter's.
 */
export const caseReplyFields = defineFields({
  Id: serverField('id', z.number().int()),
  ParentId: serverField('caseId', z.number().int()),
  CommentBody: { column: 'body', read: z.string(), write: multilineText(10000), set: 'editor' },
  CreatedDate: { ...serverField('createdAt', z.string()), sort: true },
  CreatedById: serverField('authorId', z.number().int().nullable()),
  CreatedByName: serverField('authorName'),
  FromSupport: serverField('fromSupport', z.boolean()),
});
export const caseReplySchema = readSchema(caseReplyFields);
export type CaseReply = z.infer<typeof caseReplySchema>;

/** A reply: one message, not empty. */
export const caseReplyBody = z.object({
  CommentBody: z
    .string({ error: m.replyRequired })
    .trim()
    .min(1, m.replyRequired)
    .max(10000, messages.validation.maxLength(10000)),
});
export type CaseReplyBody = z.infer<typeof caseReplyBody>;

/** The conversation, oldest first, paged like every list. */
export const caseReplyListQuery = pageQuery;
