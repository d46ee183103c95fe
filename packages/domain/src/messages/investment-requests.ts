/**
 * A reason typed in a textarea, in a plain-text mail: after 'Reason: ' when it is one line, else each
 * of its lines quoted ('> '), so none of them reads as a line of the mail itself (a link, a greeting).
 */
const reasonLines = (reason: string | null) => {
  if (!reason) return [];
  const lines = reason.split(/\r\n|[\r\n\u0085\u2028\u2029]/);
  return lines.length === 1 ? ['', `Reason: ${reason}`] : ['', 'Reason:', ...lines.map((line) => `> ${line}`)];
};

/** What strategies and cash requests share: the client, the status moves, the mails. */
export const investmentRequestsMessages = {
  kind: { strategy: 'Investment strategy', cashRequest: 'Cash request' },
  clientRequired: 'Select the client.',
  /** The client picker's text when the typed name matches none of the advisor's clients. */
  noClientFound: 'None of your clients matches.',
  /** The lists' status filter: every status. */
  allStatuses: 'All statuses',
  notYourClient: 'Select one of your clients: an advisor files requests only for their own clients.',
  clientInactive: "This client's account is not active: reactivate it before filing a request for them.",
  advisorsOnly: 'Only financial advisors file investment strategies and cash requests, for their own clients.',
  noFirm: 'Your account belongs to no firm: ask an administrator to place you in one before you file a request.',
  /** Trading authority options (the advisor, or the firm's Investment Department), by stored value. */
  tradingAuthority: { Advisor: 'Advisor', 'Investment Department': "The firm's Investment Department" },
  statusLabel: 'Status',
  reasonLabel: 'Reason',
  changeStatus: 'Change status',
  statusRequired: 'Select the new status.',
  reasonRequired: 'Enter the reason: it is sent to the advisor who submitted the request.',
  alreadyInStatus: (status: string) => `This request is already ${status}.`,
  moveRefused: (from: string, to: string) => `A request that is ${from} cannot be moved to ${to}.`,
  /** An advisor's edit of a request the investment department has taken up or closed. */
  lockedForEdit: (status: string) =>
    status === 'In Progress'
      ? 'The investment department is working on this request: it can no longer be edited. Submit a new one if something must change.'
      : `This request is ${status} and can no longer be edited. Submit a new one if something must change.`,
  /** The toast after a move, worded like the save toasts ('Investment strategy updated'). */
  statusChanged: (kind: 'strategy' | 'cashRequest', status: string) =>
    `${kind === 'strategy' ? 'Investment strategy' : 'Cash request'} moved to ${status}`,
  /** A custodian account number in a mail: its last 4 characters only. */
  accountEnding: (lastFour: string) => `account ending in ${lastFour}`,
  /** To the firm's investments users when an advisor files a request. */
  newSubject: (kind: 'strategy' | 'cashRequest', account: string) =>
    `New ${kind === 'strategy' ? 'investment strategy' : 'cash request'}: ${account}`,
  /** `detail` is what the department acts on first (the model, or the type and amount of a cash request). */
  newText: (r: {
    kind: 'strategy' | 'cashRequest';
    submitter: string;
    relationship: string;
    account: string;
    accountEnding: string | null;
    detail: string;
    link: string;
  }) =>
    [
      'Hello,',
      '',
      `${r.submitter} submitted a new ${r.kind === 'strategy' ? 'investment strategy' : 'cash request'} for ${r.relationship}: ${r.account}${r.accountEnding ? ` (${r.accountEnding})` : ''}.`,
      r.detail,
      '',
      `Open it to take it up: ${r.link}`,
    ].join('\n'),
  /** To the submitting advisor at each status change. */
  statusSubject: (kind: 'strategy' | 'cashRequest', account: string, status: string) =>
    `Your ${kind === 'strategy' ? 'investment strategy' : 'cash request'} for ${account} is ${status}`,
  statusText: (r: {
    firstName: string | null;
    kind: 'strategy' | 'cashRequest';
    account: string;
    accountEnding: string | null;
    status: string;
    by: string;
    reason: string | null;
    link: string;
  }) =>
    [
      `Hello${r.firstName ? ` ${r.firstName}` : ''},`,
      '',
      `${r.by} of the investment department moved your ${r.kind === 'strategy' ? 'investment strategy' : 'cash request'} for ${r.account}${r.accountEnding ? ` (${r.accountEnding})` : ''} to ${r.status}.`,
      ...reasonLines(r.reason),
      '',
      `See it here: ${r.link}`,
    ].join('\n'),
} as const;
