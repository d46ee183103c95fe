import { z } from 'zod';
import { messages } from '../messages.js';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../rules/submission-status.js';
import { fiscalQuarterParam, fiscalYearParam } from './attestations.js';
import { pageOf, pageQuery, recordId } from './common.js';
import { defineFields, orderingsOf, readSchema } from './field-table.js';

/** Where each supervised person stands for a period (a row of the Attestation Submission Status screen). */
export const submissionStatusFields = defineFields({
  supervised_person_id: { column: 'id', read: z.number().int(), set: 'server' },
  user_id: { column: 'userId', read: z.number().int(), set: 'server' },
  first_name: { column: 'firstName', read: z.string().nullable(), set: 'server', sort: true },
  last_name: { column: 'lastName', read: z.string().nullable(), set: 'server', sort: true },
  email: { column: 'email', read: z.string(), set: 'server', sort: true },
  /** The period's status: the filed attestation's, else Pending or Delinquent by the firm's due date. */
  status: { column: 'status', read: z.enum(SUBMISSION_STATUSES), set: 'server', sort: true },
  firm_id: { column: 'firmId', read: z.number().int().nullable(), set: 'server' },
  firm_name: { column: 'firmName', read: z.string().nullable(), set: 'server', sort: true },
  /** The attestation of the period, when filed. */
  attestation_id: { column: 'attestationId', read: z.number().int().nullable(), set: 'server' },
  submitted_date: { column: 'submittedDate', read: z.string().nullable(), set: 'server', sort: true },
  /** When the attestation of the period was first submitted (ISO instant): the manager's "Attested Date". */
  attested_at: { column: 'attestedAt', read: z.string().nullable(), set: 'server' },
  /** The last reminder mailed to this person for the period (ISO instant), by a CCO or the schedule. */
  last_reminded_at: { column: 'lastRemindedAt', read: z.string().nullable(), set: 'server' },
});
export const submissionStatusRow = readSchema(submissionStatusFields);
export type SubmissionStatusRow = z.infer<typeof submissionStatusRow>;

/** One firm's standing for the period: what the sidebar shows. */
export const submissionSummary = z.object({
  firm_id: z.number().int().nullable(),
  firm_name: z.string().nullable(),
  total: z.number().int(),
  reviewed: z.number().int(),
  submitted: z.number().int(),
  pending: z.number().int(),
  delinquent: z.number().int(),
  /** Filed (submitted or reviewed) out of all, rounded down: 100 only when everyone has filed. */
  percent_complete: z.number().int(),
  /** The last day an attestation of the period is on time, under the firm's grace period. */
  due_date: z.string(),
});
export type SubmissionSummary = z.infer<typeof submissionSummary>;

/**
 * One status, or several separated by commas: the manager's Attested tab asks for 'Submitted,Reviewed'
 * and its Pending tab for 'Pending,Delinquent', each one server-paged list.
 */
export const submissionStatusFilter = z.string().transform((value, ctx) => {
  const listed = [...new Set(value.split(',').map((s) => s.trim()))];
  if (!listed.every((s): s is SubmissionStatus => (SUBMISSION_STATUSES as readonly string[]).includes(s))) {
    // One message on the `status` field itself, not on the position of the bad item.
    ctx.addIssue({ code: 'custom', message: messages.validation.oneOf([...SUBMISSION_STATUSES]) });
    return z.NEVER;
  }
  return listed;
});

export const SUBMISSION_STATUS_SORTS = orderingsOf(submissionStatusFields, [
  'status',
  'last_name',
  'first_name',
  'email',
  'firm_name',
  'submitted_date',
]);
export const submissionStatusQuery = pageQuery.extend({
  firm: recordId.optional(),
  fiscalYear: fiscalYearParam.optional(),
  fiscalQuarter: fiscalQuarterParam.optional(),
  status: submissionStatusFilter.optional(),
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(SUBMISSION_STATUS_SORTS).default('status'),
});
export type SubmissionStatusQuery = z.infer<typeof submissionStatusQuery>;

export const submissionStatusPage = pageOf(submissionStatusRow).extend({
  fiscalYear: z.number().int(),
  fiscalQuarter: z.number().int(),
  /**
   * Whether this is the quarter being filed now, the only one reminders are about (the form files no
   * other): the screens offer reminders only then.
   */
  reminders_open: z.boolean(),
  summary: z.array(submissionSummary),
});
export type SubmissionStatusPage = z.infer<typeof submissionStatusPage>;

/**
 * A JSON body's number: clients send 42 (the status rows' `user_id`), and the digits '42' are taken
 * too; either way checked, with its messages, by the query parameter's schema.
 */
const fromBody = <T extends z.ZodType>(param: T) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), param);

/**
 * `POST /api/quarterly_attestations/send_email/`: remind one supervised person of a
 * period, the one a status screen shows. Without a period, the one being filed now;
 * a year without its quarter (or the reverse) is refused, not read as "now".
 */
export const sendReminderBody = z
  .object({
    supervisedPersonUserId: fromBody(recordId),
    fiscalYear: fromBody(fiscalYearParam).optional(),
    fiscalQuarter: fromBody(fiscalQuarterParam).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.fiscalYear === undefined) === (body.fiscalQuarter === undefined)) return;
    const missing = body.fiscalYear === undefined ? 'fiscalYear' : 'fiscalQuarter';
    ctx.addIssue({ code: 'custom', path: [missing], message: messages.http.required });
  });
export type SendReminderBody = z.infer<typeof sendReminderBody>;

/** `POST /api/quarterly_attestations/send_reminders/`: remind everyone of a firm who has not filed the period. */
export const sendRemindersBody = z.object({
  firm: fromBody(recordId),
  fiscalYear: fromBody(fiscalYearParam),
  fiscalQuarter: fromBody(fiscalQuarterParam),
});
export type SendRemindersBody = z.infer<typeof sendRemindersBody>;

/**
 * How many reminders were queued for delivery, and how many people who have not filed were passed
 * over because their account is not active (they cannot sign in to attest; always 0 for one person,
 * who is refused instead).
 */
export const remindersSent = z.object({
  sent: z.number().int(),
  skipped_inactive: z.number().int(),
  /** Not mailed again: reminded within the last day. */
  skipped_recent: z.number().int(),
});
export type RemindersSent = z.infer<typeof remindersSent>;
