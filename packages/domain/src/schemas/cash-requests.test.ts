import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { cashRequestBody, cashRequestFields, cashRequestListQuery, cashRequestStatusBody } from './cash-requests.js';

const complete = {
  ESWA_Portal_Owner_ID__c: '41',
  Financial_Account_Name__c: 'Smith IRA',
  Custodian_Account_Number__c: '5566-7788',
  Custodian__c: 'Fidelity',
  Relationship_Name__c: 'Smith',
  Cash_Request_Type__c: 'Raise Cash',
  Amount__c: '12.5',
};

const problems = (body: unknown) => {
  const parsed = cashRequestBody.safeParse(body);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
};

describe('a cash request as an advisor submits it (POST and PUT alike)', () => {
  it('is accepted when complete, advisor and notes left out, the amount as a number', () => {
    const body = cashRequestBody.parse(complete);
    expect(body).toMatchObject({ ESWA_Portal_Owner_ID__c: 41, Amount__c: 12.5, Cash_Request_Type__c: 'Raise Cash' });
  });

  it("names every missing required field with its own 'Enter …' or 'Select …' message", () => {
    expect(problems({})).toEqual({
      ESWA_Portal_Owner_ID__c: 'Select the client.',
      Financial_Account_Name__c: 'Enter the account name.',
      Custodian_Account_Number__c: 'Enter the account number.',
      Custodian__c: 'Enter the custodian.',
      Relationship_Name__c: 'Enter the relationship name.',
      Cash_Request_Type__c: 'Enter the cash request type.',
      Amount__c: 'Enter an amount.',
    });
    expect(problems({ ...complete, Amount__c: ' ', Cash_Request_Type__c: ' ', Custodian__c: '  ' })).toEqual({
      Amount__c: 'Enter an amount.',
      Cash_Request_Type__c: 'Enter the cash request type.',
      Custodian__c: 'Enter the custodian.',
    });
  });

  it('trims its texts, and keeps empty optional ones as nothing', () => {
    const body = cashRequestBody.parse({
      ...complete,
      Custodian__c: ' Fidelity ',
      Cash_Request_Notes__c: ' by Friday ',
    });
    expect([body.Custodian__c, body.Cash_Request_Notes__c]).toEqual(['Fidelity', 'by Friday']);
  });

  it.each([
    [-5, 'The amount must be positive: enter an amount greater than zero.'],
    ['0', 'The amount must be positive: enter an amount greater than zero.'],
    ['0.00', 'The amount must be positive: enter an amount greater than zero.'],
    ['12.345', 'Enter an amount in dollars with at most 2 decimals, such as 250.00.'],
    ['$12', 'Enter an amount in dollars with at most 2 decimals, such as 250.00.'],
    ['1234567890123.00', 'Enter an amount of at most $999,999,999,999.99.'],
    [true, 'Enter an amount.'],
  ])('an amount of %j is refused: %s', (value, message) => {
    expect(problems({ ...complete, Amount__c: value })).toEqual({ Amount__c: message });
  });

  it.each([
    ['12.5', 12.5],
    ['0.01', 0.01],
    ['007.10', 7.1],
    [999999999999.99, 999999999999.99],
  ])('an amount of %j is kept as %j', (value, kept) => {
    expect(cashRequestBody.parse({ ...complete, Amount__c: value }).Amount__c).toBe(kept);
  });

  it('offers the two cash request types, Raise Cash and Invest Cash', () => {
    expect(cashRequestBody.parse({ ...complete, Cash_Request_Type__c: 'Invest Cash' }).Cash_Request_Type__c).toBe(
      'Invest Cash',
    );
    expect(problems({ ...complete, Cash_Request_Type__c: 'Withdraw' })).toEqual({
      Cash_Request_Type__c: 'Select one of: Raise Cash, Invest Cash.',
    });
  });

  it('refuses a client that is not a user id', () => {
    expect(problems({ ...complete, ESWA_Portal_Owner_ID__c: -3 })).toEqual({
      ESWA_Portal_Owner_ID__c: messages.investmentRequests.notYourClient,
    });
  });

  it('carries the suffix __c on every wire name but Id and CreatedDate', () => {
    expect(Object.keys(cashRequestFields).filter((wire) => !wire.endsWith('__c'))).toEqual(['Id', 'CreatedDate']);
  });
});

describe('the cash requests list query', () => {
  it('takes the cash request statuses, Cancelled included and Rejected not', () => {
    expect(cashRequestListQuery.parse({ status: ['Cancelled', 'Submitted', 'Cancelled'] }).status).toEqual([
      'Cancelled',
      'Submitted',
    ]);
    expect(cashRequestListQuery.safeParse({ status: 'Rejected' }).success).toBe(false);
  });

  it('orders by type and amount, newest first by default', () => {
    expect(cashRequestListQuery.parse({}).ordering).toBe('-CreatedDate');
    expect(cashRequestListQuery.parse({ ordering: '-Amount__c' }).ordering).toBe('-Amount__c');
    expect(cashRequestListQuery.safeParse({ ordering: 'Cash_Request_Type__c' }).success).toBe(true);
  });
});

describe("the investment department's move of a cash request", () => {
  it('needs a reason to cancel', () => {
    expect(cashRequestStatusBody.safeParse({ status: 'Cancelled', reason: '   ' }).error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: messages.investmentRequests.reasonRequired,
    });
    expect(cashRequestStatusBody.parse({ status: 'Cancelled', reason: 'Client withdrew' })).toEqual({
      status: 'Cancelled',
      reason: 'Client withdrew',
    });
  });

  it('does not reject a cash request: it is cancelled', () => {
    expect(cashRequestStatusBody.safeParse({ status: 'Rejected', reason: 'No' }).success).toBe(false);
  });

  it('keeps a note given with another move', () => {
    expect(cashRequestStatusBody.parse({ status: 'Completed', reason: 'Wired on 03/04' })).toEqual({
      status: 'Completed',
      reason: 'Wired on 03/04',
    });
  });
});
