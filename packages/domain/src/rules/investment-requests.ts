import { type Actor, isAdvisor, isFirmAdmin, isStaff, isSuperAdmin, ProfileType, sameFirm } from './permissions.js';

/**
 * Investment strategies and cash requests: the options their forms offer, the
 * status moves the firm's investment department makes, and who files, sees, edits and moves them.
 */

/** A strategy or a cash request: the two share their rules but for the status that closes one unworked. */
export type InvestmentRequestKind = 'strategy' | 'cashRequest';

/** How often a strategy's cash is managed, as stored and shown. */
export const CASH_MANAGEMENT_FREQUENCIES = ['Monthly', 'Quarterly', 'Annually', 'Other'] as const;
export type CashManagementFrequency = (typeof CASH_MANAGEMENT_FREQUENCIES)[number];

/**
 * Who places the trades: the advisor, or the firm's Investment Department. Stored as these
 * values; the form shows `messages.investmentRequests.tradingAuthority`.
 */
export const TRADING_AUTHORITIES = ['Advisor', 'Investment Department'] as const;
export type TradingAuthority = (typeof TRADING_AUTHORITIES)[number];

/** What a cash request asks for, as stored and shown. */
export const CASH_REQUEST_TYPES = ['Raise Cash', 'Invest Cash'] as const;
export type CashRequestType = (typeof CASH_REQUEST_TYPES)[number];

export const INVESTMENT_STRATEGY_STATUSES = ['Submitted', 'In Progress', 'Completed', 'Rejected'] as const;
export const CASH_REQUEST_STATUSES = ['Submitted', 'In Progress', 'Completed', 'Cancelled'] as const;
export type InvestmentStrategyStatus = (typeof INVESTMENT_STRATEGY_STATUSES)[number];
export type CashRequestStatus = (typeof CASH_REQUEST_STATUSES)[number];
export type InvestmentRequestStatus = InvestmentStrategyStatus | CashRequestStatus;

/** What a new request is, and what an advisor's edit leaves it. */
export const SUBMITTED = 'Submitted' as const;

export const statusesOf = (kind: InvestmentRequestKind): readonly InvestmentRequestStatus[] =>
  kind === 'strategy' ? INVESTMENT_STRATEGY_STATUSES : CASH_REQUEST_STATUSES;

/** The status that closes a request without carrying it out: a strategy is Rejected, a cash request Cancelled. */
export const closingStatusOf = (kind: InvestmentRequestKind) => (kind === 'strategy' ? 'Rejected' : 'Cancelled');

/** A move that needs a reason, which the submitting advisor is mailed. */
export const statusNeedsReason = (status: string) => status === 'Rejected' || status === 'Cancelled';

/**
 * The moves: Submitted → In Progress → Completed; Submitted or In Progress → Rejected / Cancelled.
 * Completed, Rejected and Cancelled are final: a change after them is a new request. Nothing skips
 * In Progress: a request is taken up before it is done, so the advisor learns someone has it.
 */
export function nextStatuses(kind: InvestmentRequestKind, from: string): readonly InvestmentRequestStatus[] {
  const closing = closingStatusOf(kind);
  if (from === 'Submitted') return ['In Progress', closing];
  if (from === 'In Progress') return ['Completed', closing];
  return [];
}

export const canMoveStatus = (kind: InvestmentRequestKind, from: string, to: string) =>
  (nextStatuses(kind, from) as readonly string[]).includes(to);

/** What the rules need to know of a request. */
export interface InvestmentRequestTarget {
  firmId: number | null;
  submitterId: number | null;
  status: string;
}

/** Who works a firm's requests: its investments users and administrators (staff), a super admin any firm's. */
export const canWorkInvestmentRequests = (a: Actor, firmId: number | null) =>
  isSuperAdmin(a) || (isStaff(a) && (isFirmAdmin(a) || a.profile.is_investments_user) && sameFirm(a, firmId));

/** An advisor files, for their own clients; they need a firm, whose department will work it. */
export const canFileInvestmentRequest = (a: Actor) => isAdvisor(a) && a.profile._firm !== null;

/**
 * The lists: advisors (what they filed), and those who work requests. Standard users and clients
 * have no list (403), as the "Who" says.
 */
export const canListInvestmentRequests = (a: Actor) => isAdvisor(a) || canWorkInvestmentRequests(a, a.profile._firm);

/** The advisor who filed it (while in the firm), the firm's investment department, a super admin. */
export function canViewInvestmentRequest(a: Actor, t: InvestmentRequestTarget): boolean {
  if (canWorkInvestmentRequests(a, t.firmId)) return true;
  return isAdvisor(a) && t.submitterId === a.id && sameFirm(a, t.firmId);
}

/**
 * Only the advisor who filed it, and only while it is Submitted: once the department has taken it
 * up, a change would pull the ground from under their work (a change then is a new request).
 */
export const canEditInvestmentRequest = (a: Actor, t: InvestmentRequestTarget) =>
  isAdvisor(a) && t.submitterId === a.id && sameFirm(a, t.firmId) && t.status === SUBMITTED;

/** Moving a request to `to`: one who works the firm's requests, along an allowed move. */
export const canMoveInvestmentRequest = (
  a: Actor,
  kind: InvestmentRequestKind,
  t: InvestmentRequestTarget,
  to: string,
) => canWorkInvestmentRequests(a, t.firmId) && canMoveStatus(kind, t.status, to);

/** The user chosen as a request's client (`ESWA_Portal_Owner_ID__c`), as the server reads it. */
export interface ClientCandidate {
  firmId: number | null;
  advisorId: number | null;
  profileType: number | null;
  active: boolean;
}

/**
 * Why an advisor may not file for this user, or null when they may: `notFound` for no such user or
 * one of another firm (a 404: another firm's people are not revealed), `notYourClient` for anyone of
 * the firm who is not the advisor's client, `inactive` for a deactivated client of theirs (both 400
 * on the client field).
 */
export function clientRefusal(
  a: Actor,
  client: ClientCandidate | null,
): 'notFound' | 'notYourClient' | 'inactive' | null {
  if (!client || !sameFirm(a, client.firmId)) return 'notFound';
  if (client.profileType !== ProfileType.Client || client.advisorId !== a.id) return 'notYourClient';
  if (!client.active) return 'inactive';
  return null;
}

/** A custodian account number as a mail may show it: its last 4 characters, null when too short to hide. */
export function accountLastFour(accountNumber: string | null | undefined): string | null {
  const compact = (accountNumber ?? '').replace(/\s+/g, '');
  return compact.length > 4 ? compact.slice(-4) : null;
}
