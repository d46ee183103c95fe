import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { testActor } from '../testing/actors.js';
import {
  accountLastFour,
  CASH_MANAGEMENT_FREQUENCIES,
  CASH_REQUEST_TYPES,
  canEditInvestmentRequest,
  canFileInvestmentRequest,
  canListInvestmentRequests,
  canMoveInvestmentRequest,
  canMoveStatus,
  canViewInvestmentRequest,
  clientRefusal,
  type InvestmentRequestKind,
  nextStatuses,
  statusesOf,
  TRADING_AUTHORITIES,
} from './investment-requests.js';
import { ProfileType } from './permissions.js';

const advisor = testActor({ id: 10, profile_type: ProfileType.FinancialAdvisor });
const otherAdvisor = testActor({ id: 11, profile_type: ProfileType.FinancialAdvisor });
const investments = testActor({ id: 20, profile_type: ProfileType.StandardUser, is_investments_user: true });
const admin = testActor({ id: 21, profile_type: ProfileType.Administrator });
const otherFirmAdmin = testActor({ id: 22, _firm: 2, profile_type: ProfileType.Administrator });
const otherFirmInvestments = testActor({ id: 23, _firm: 2, is_investments_user: true });
const superAdmin = testActor({ id: 1, _firm: 2, profile_type: ProfileType.Administrator, is_super_admin: true });
const standard = testActor({ id: 30, profile_type: ProfileType.StandardUser });
const cco = testActor({ id: 31, profile_type: ProfileType.StandardUser, is_cco: true });
const client = testActor({ id: 40, profile_type: ProfileType.Client });
const clientFlagged = testActor({ id: 41, profile_type: ProfileType.Client, is_investments_user: true });

/** A request advisor 10 filed in firm 1. */
const filed = (status = 'Submitted') => ({ firmId: 1, submitterId: 10, status });

describe('the status moves of a request', () => {
  const table: [InvestmentRequestKind, string, string, boolean][] = [];
  const allowed: Record<InvestmentRequestKind, string[]> = {
    strategy: ['Submitted→In Progress', 'Submitted→Rejected', 'In Progress→Completed', 'In Progress→Rejected'],
    cashRequest: ['Submitted→In Progress', 'Submitted→Cancelled', 'In Progress→Completed', 'In Progress→Cancelled'],
  };
  for (const kind of ['strategy', 'cashRequest'] as const)
    for (const from of statusesOf(kind))
      for (const to of [...statusesOf(kind), kind === 'strategy' ? 'Cancelled' : 'Rejected'])
        table.push([kind, from, to, allowed[kind].includes(`${from}→${to}`)]);

  it.each(table)('%s: %s → %s allowed: %s', (kind, from, to, expected) => {
    expect(canMoveStatus(kind, from, to)).toBe(expected);
  });

  it('has a strategy Rejected and a cash request Cancelled, the rest shared', () => {
    expect(statusesOf('strategy')).toEqual(['Submitted', 'In Progress', 'Completed', 'Rejected']);
    expect(statusesOf('cashRequest')).toEqual(['Submitted', 'In Progress', 'Completed', 'Cancelled']);
  });

  it('offers nothing after a final status', () => {
    for (const status of ['Completed', 'Rejected', 'Cancelled']) expect(nextStatuses('strategy', status)).toEqual([]);
  });
});

describe('who files a request', () => {
  it('is a financial advisor of a firm', () => {
    expect(canFileInvestmentRequest(advisor)).toBe(true);
    expect(
      canFileInvestmentRequest(testActor({ id: 12, profile_type: ProfileType.FinancialAdvisor, _firm: null })),
    ).toBe(false);
    for (const other of [investments, admin, superAdmin, standard, cco, client])
      expect(canFileInvestmentRequest(other)).toBe(false);
  });

  describe('for whom: only their own active clients', () => {
    const theirs = { firmId: 1, advisorId: 10, profileType: ProfileType.Client, active: true };
    it.each([
      ['their client', theirs, null],
      ['no such user', null, 'notFound'],
      ["another firm's client", { ...theirs, firmId: 2 }, 'notFound'],
      ["another advisor's client", { ...theirs, advisorId: 11 }, 'notYourClient'],
      ['a staff member of the firm', { ...theirs, profileType: ProfileType.StandardUser }, 'notYourClient'],
      ['their deactivated client', { ...theirs, active: false }, 'inactive'],
    ] as const)('%s → %s', (_, candidate, refusal) => {
      expect(clientRefusal(advisor, candidate)).toBe(refusal);
    });
  });
});

describe('who sees requests', () => {
  it('opens the lists to advisors, the investment department, administrators and super admins only', () => {
    for (const a of [advisor, investments, admin, superAdmin]) expect(canListInvestmentRequests(a)).toBe(true);
    for (const a of [standard, cco, client, clientFlagged]) expect(canListInvestmentRequests(a)).toBe(false);
  });

  it.each([
    ['the advisor who filed it', advisor, true],
    ['another advisor of the firm', otherAdvisor, false],
    ["the firm's investments user", investments, true],
    ["the firm's administrator", admin, true],
    ['a super admin of another firm', superAdmin, true],
    ["another firm's administrator", otherFirmAdmin, false],
    ["another firm's investments user", otherFirmInvestments, false],
    ['a standard user', standard, false],
    ['a CCO', cco, false],
    ['a client', client, false],
    ['a client flagged as an investments user', clientFlagged, false],
  ])('%s: %s', (_, actor, expected) => {
    expect(canViewInvestmentRequest(actor, filed())).toBe(expected);
  });

  it('is no longer the advisor once they have left for another firm', () => {
    expect(
      canViewInvestmentRequest(testActor({ id: 10, _firm: 2, profile_type: ProfileType.FinancialAdvisor }), filed()),
    ).toBe(false);
  });
});

describe('who edits a request', () => {
  it('is the advisor who filed it, while it is Submitted', () => {
    expect(canEditInvestmentRequest(advisor, filed('Submitted'))).toBe(true);
    for (const status of ['In Progress', 'Completed', 'Rejected', 'Cancelled'])
      expect(canEditInvestmentRequest(advisor, filed(status))).toBe(false);
  });

  it('is nobody else, not even those who work it', () => {
    for (const a of [otherAdvisor, investments, admin, superAdmin, standard, client])
      expect(canEditInvestmentRequest(a, filed())).toBe(false);
  });
});

describe('who moves a request', () => {
  it.each([
    ["the firm's investments user", investments, true],
    ["the firm's administrator", admin, true],
    ['a super admin', superAdmin, true],
    ['the advisor who filed it', advisor, false],
    ["another firm's investments user", otherFirmInvestments, false],
    ["another firm's administrator", otherFirmAdmin, false],
    ['a standard user', standard, false],
    ['a client flagged as an investments user', clientFlagged, false],
  ])('%s: %s', (_, actor, expected) => {
    expect(canMoveInvestmentRequest(actor, 'strategy', filed(), 'In Progress')).toBe(expected);
  });

  it('only along an allowed move', () => {
    expect(canMoveInvestmentRequest(investments, 'strategy', filed('Submitted'), 'Completed')).toBe(false);
    expect(canMoveInvestmentRequest(investments, 'cashRequest', filed('In Progress'), 'Cancelled')).toBe(true);
    expect(canMoveInvestmentRequest(investments, 'cashRequest', filed('In Progress'), 'Rejected')).toBe(false);
    expect(canMoveInvestmentRequest(admin, 'strategy', filed('Completed'), 'Rejected')).toBe(false);
  });
});

describe('the options the request forms offer', () => {
  it('lists them as stored', () => {
    expect(CASH_MANAGEMENT_FREQUENCIES).toEqual(['Monthly', 'Quarterly', 'Annually', 'Other']);
    expect(CASH_REQUEST_TYPES).toEqual(['Raise Cash', 'Invest Cash']);
    expect(TRADING_AUTHORITIES).toEqual(['Advisor', 'Investment Department']);
  });

  it('labels each trading authority', () => {
    expect(TRADING_AUTHORITIES.map((t) => messages.investmentRequests.tradingAuthority[t])).toEqual([
      'Advisor',
      "The firm's Investment Department",
    ]);
  });
});

describe('an account number in a mail', () => {
  it('shows its last 4 characters, or nothing when it is too short to hide', () => {
    expect(accountLastFour('8812 3345')).toBe('3345');
    expect(accountLastFour('1234')).toBeNull();
    expect(accountLastFour(null)).toBeNull();
  });
});

describe('the texts an advisor and the investment department read', () => {
  const r = messages.investmentRequests;

  it("keeps the toasts word for word (a strategy's 'fields', a cash request's 'field(s)')", () => {
    expect([
      messages.investmentStrategies.requiredFieldsMissing,
      messages.cashRequests.requiredFieldsMissing,
      messages.investmentStrategies.submitted,
      messages.investmentStrategies.updated,
      messages.cashRequests.submitted,
      messages.cashRequests.updated,
    ]).toEqual([
      'Required fields not provided.',
      'Required field(s) not provided.',
      'Investment strategy submitted',
      'Investment strategy updated',
      'Cash request submitted',
      'Cash request updated',
    ]);
    expect(r.statusChanged('cashRequest', 'Cancelled')).toBe('Cash request moved to Cancelled');
  });

  it('mails the firm a new request with the account number masked', () => {
    const text = r.newText({
      kind: 'cashRequest',
      submitter: 'Ada Advisor',
      relationship: 'Smith',
      account: 'Smith IRA',
      accountEnding: r.accountEnding('7788'),
      detail: 'Raise Cash: $1,200.00',
      link: 'https://portal.example.test/investments/cash-requests/?id=3',
    });
    expect(r.newSubject('cashRequest', 'Smith IRA')).toBe('New cash request: Smith IRA');
    expect(text).toContain('Ada Advisor submitted a new cash request for Smith: Smith IRA (account ending in 7788).');
    expect(text).toContain('Raise Cash: $1,200.00');
  });

  it('mails the submitter each move, with its reason when there is one', () => {
    const base = {
      firstName: 'Ada',
      kind: 'strategy' as const,
      account: 'Smith Family Trust',
      accountEnding: null,
      by: 'Ivan Invest',
      link: 'https://portal.example.test/investments/investment-strategies/',
    };
    expect(r.statusSubject('strategy', 'Smith Family Trust', 'Rejected')).toBe(
      'Your investment strategy for Smith Family Trust is Rejected',
    );
    const rejected = r.statusText({ ...base, status: 'Rejected', reason: 'The model is closed to new accounts.' });
    expect(rejected).toContain(
      'Ivan Invest of the investment department moved your investment strategy for Smith Family Trust to Rejected.',
    );
    expect(rejected).toContain('Reason: The model is closed to new accounts.');
    expect(r.statusText({ ...base, status: 'In Progress', reason: null })).not.toContain('Reason:');
  });
});
