import { type Actor, isFirmAdmin, isStaff, isSuperAdmin, sameFirm } from './permissions.js';

/** A case's statuses, in the order a case moves through them. */
export const caseStatuses = ['New', 'In Progress', 'Resolved', 'Awaiting Submitter Feedback', 'Closed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];
export const NEW_CASE_STATUS: CaseStatus = 'New';
export const CLOSED_CASE_STATUS: CaseStatus = 'Closed';

/** The option lists of the case form. */
export const caseCategories = [
  'Compliance',
  'Consulting',
  'Human Resources',
  'Investments',
  'Marketing',
  'Onboarding',
  'Operations',
  'Prayer Request',
  'Technology',
  'Other',
] as const;
export type CaseCategory = (typeof caseCategories)[number];
export const PRAYER_REQUEST: CaseCategory = 'Prayer Request';
export const casePriorities = ['Low', 'Medium', 'High', 'Critical'] as const;
export const caseReasons = ['Problem', 'Suggestion', 'Other'] as const;
export const caseTypes = ['New Problem', 'Existing Problem', 'Other'] as const;

/** What the rules read of a case: its firm and who opened it. */
export interface CaseTarget {
  firmId: number | null;
  submitterId: number;
}

/**
 * Support (help requests, prayer requests) is in the staff's menu, not the clients'; a
 * client has no support cases at all.
 */
export const canUseSupport = (a: Actor) => isStaff(a);

/**
 * The firm's support handlers: its administrators, and the staff its administrators named as handlers
 * (the user form's "Support handler" flag). A super admin handles every firm's cases.
 */
export const isSupportHandler = (a: Actor) => isStaff(a) && (isFirmAdmin(a) || a.profile.is_support_handler === true);

/** Handling this case: a handler of its firm, or a super admin. */
export const canHandleCase = (a: Actor, t: CaseTarget) =>
  isSupportHandler(a) && (isSuperAdmin(a) || sameFirm(a, t.firmId));

/** The person who opened the case, still on its firm's staff. */
export const isCaseSubmitter = (a: Actor, t: CaseTarget) =>
  canUseSupport(a) && a.id === t.submitterId && sameFirm(a, t.firmId);

/** Reading, editing (all but the status) and replying: the submitter and the case's handlers. */
export const canWorkOnCase = (a: Actor, t: CaseTarget) => isCaseSubmitter(a, t) || canHandleCase(a, t);

/** Opening a case needs a firm: its handlers are the firm's. */
export const canOpenCase = (a: Actor) => canUseSupport(a) && a.profile._firm !== null;

/**
 * Which side of the conversation a reply comes from, and so who is mailed: the submitter's replies go
 * to the firm's handlers, a handler's to the submitter. A handler replying on their own case writes as
 * its submitter.
 */
export const replySide = (a: Actor, t: CaseTarget): 'submitter' | 'handler' =>
  a.id === t.submitterId ? 'submitter' : 'handler';

/**
 * The status a case moves to when its submitter replies: a case awaiting their feedback goes back to the
 * handlers (In Progress); any other status stays as the handlers set it.
 */
export const statusAfterSubmitterReply = (status: string): CaseStatus | null =>
  status === 'Awaiting Submitter Feedback' ? 'In Progress' : null;

/** ClosedDate follows the status: set when the case becomes Closed, kept while it stays so, cleared on reopening. */
export function closedDateAfter(status: string, previous: { status: string; closedAt: string | null }, now: string) {
  if (status !== CLOSED_CASE_STATUS) return null;
  return previous.status === CLOSED_CASE_STATUS ? previous.closedAt : now;
}
