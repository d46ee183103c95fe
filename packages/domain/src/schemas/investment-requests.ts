import { z } from 'zod';
import { messages } from '../messages.js';
import {
  closingStatusOf,
  type InvestmentRequestKind,
  type InvestmentRequestStatus,
  statusNeedsReason,
} from '../rules/investment-requests.js';
import { optionalMultilineText, pageQuery, recordId, recordRef, requiredText } from './common.js';
import { type FieldTable, orderingsOf } from './field-table.js';

/** What strategies and cash requests share on the wire. */

const m = messages.investmentRequests;

const nullableText = z.string().nullable();

/** A text field the form requires, with its own 'Enter the …' message when it is missing. */
export const requiredTextField = (column: string, message: string, max = 255) => ({
  column,
  read: z.string(),
  write: requiredText(message, max),
  set: 'editor' as const,
});

/** A choice among `values` that the form requires: `message` when missing, the list when off it. */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.string({ error: message }).trim().min(1, message).pipe(z.enum(values));

/** A choice the form may leave empty (blank or null: none). */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))
    .pipe(z.enum(values).nullable().optional());

export function serverField(column: string): { column: string; read: typeof nullableText; set: 'server' };
export function serverField<T extends z.ZodType>(column: string, read: T): { column: string; read: T; set: 'server' };
export function serverField(column: string, read: z.ZodType = nullableText) {
  return { column, read, set: 'server' as const };
}

/**
 * The fields both records carry beside their own: the client (a portal user of profile type 4, set by
 * the advisor), and what the server sets — id, the instant it was filed, its status and the reason of
 * the last move, the submitter (id, and their name and email as a snapshot) and the client's firm.
 * A body may echo these unchanged; one that changes them is refused (403), as everywhere.
 */
export const requestBaseFields = {
  Id: serverField('id', z.number().int()),
  /** The instant it was filed (ISO 8601 UTC); the lists show it as the Submitted Date. */
  CreatedDate: { ...serverField('createdAt', z.string()), sort: true },
  ESWA_Portal_Owner_ID__c: {
    column: 'clientId',
    read: z.number().int(),
    write: recordRef(m.clientRequired, m.notYourClient),
    set: 'editor' as const,
  },
  Submitter_ID__c: serverField('submitterId', z.number().int()),
  Submitter_Email__c: serverField('submitterEmail'),
  Submitter_First_Name__c: serverField('submitterFirstName'),
  Submitter_Last_Name__c: serverField('submitterLastName'),
  Status_Reason__c: serverField('statusReason'),
  Firm_Tk__c: serverField('firmId', z.number().int()),
};

/**
 * A requests list's query: `clientId`, `firm` (a super admin's filter), `search`, `status`
 * (one or several), `ordering` by the list's columns (`table`'s sortable fields), newest first by default.
 */
export const requestListQuery = <const T extends readonly [string, ...string[]]>(table: FieldTable, statuses: T) =>
  pageQuery.extend({
    clientId: recordId.optional(),
    firm: recordId.optional(),
    search: z.string().trim().max(200).optional(),
    status: statusFilter(statuses).optional(),
    ordering: z.enum(orderingsOf(table)).default('-CreatedDate'),
  });

/**
 * `status=Submitted&status=In Progress` or `status=Submitted,In Progress`: one status or several,
 * each one of `statuses`.
 */
export const statusFilter = <const T extends readonly [string, ...string[]]>(statuses: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => [
      ...new Set(
        (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(statuses)).max(statuses.length));

/**
 * A move of the investment department (`{status, reason}`): to a status a request may reach (never
 * back to Submitted, which only the advisor's edit sets); the reason is required when it closes the
 * request unworked (Rejected, Cancelled) and kept (and mailed) with any move.
 */
export const statusChangeBody = (kind: InvestmentRequestKind) => {
  const targets = ['In Progress', 'Completed', closingStatusOf(kind)] as const;
  return z
    .object({
      status: z.string({ error: m.statusRequired }).trim().min(1, m.statusRequired).pipe(z.enum(targets)),
      // A textarea: its line breaks are kept, and the mail lays them out (`statusText`).
      reason: optionalMultilineText(2000).transform((v) => (v ? v : null)),
    })
    .superRefine((body, ctx) => {
      if (statusNeedsReason(body.status) && !body.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: m.reasonRequired });
    });
};
export type StatusChangeBody = { status: InvestmentRequestStatus; reason: string | null };
