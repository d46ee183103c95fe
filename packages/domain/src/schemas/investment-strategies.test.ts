import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { ProfileType } from '../rules/permissions.js';
import { testActor } from '../testing/actors.js';
import { maySet } from './field-table.js';
import {
  investmentStrategyBody,
  investmentStrategyFields,
  investmentStrategyListQuery,
  investmentStrategyStatusBody,
} from './investment-strategies.js';

const m = messages.investmentStrategies;

/** What an advisor's completed form sends. */
const complete = {
  ESWA_Portal_Owner_ID__c: 41,
  Financial_Account_Name__c: 'Smith Family Trust',
  Custodian_Account_Number__c: '8812-3345',
  Account_Master_Code__c: 'SMI-01',
  Custodian__c: 'Schwab',
  Advisor__c: 'Ada Advisor',
  Relationship_Name__c: 'Smith',
  Fee_Schedule__c: 3,
  Fee_Minimum__c: 250,
  Client_Name__c: 'Sam Smith',
  Client_Street__c: '1 Main St',
  Client_City__c: 'Springfield',
  Client_State__c: 'Illinois',
  Client_Zip_Code__c: '62701',
  Client_Email__c: 'sam@example.test',
  Investment_Model__c: 5,
  Trading_Authority__c: 'Advisor',
};

const problems = (body: unknown) => {
  const parsed = investmentStrategyBody.safeParse(body);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
};
const parse = (body: unknown) => investmentStrategyBody.parse(body);

describe('an investment strategy as an advisor submits it (POST and PUT alike)', () => {
  it('is accepted when complete, the cash fields and joint client left out', () => {
    expect(problems(complete)).toEqual({});
  });

  it("names every missing required field with its own 'Enter …' or 'Select …' message", () => {
    expect(problems({})).toEqual({
      ESWA_Portal_Owner_ID__c: 'Select the client.',
      Financial_Account_Name__c: 'Enter the account name.',
      Custodian_Account_Number__c: 'Enter the account number.',
      Account_Master_Code__c: 'Enter the account master code.',
      Custodian__c: 'Enter the custodian.',
      Advisor__c: 'Enter the advisor.',
      Relationship_Name__c: 'Enter the relationship name.',
      Fee_Schedule__c: 'Enter the fee schedule.',
      Fee_Minimum__c: 'Enter the fee minimum.',
      Client_Name__c: 'Enter the client name.',
      Client_Street__c: 'Enter the street.',
      Client_City__c: 'Enter the city.',
      Client_State__c: 'Enter the state.',
      Client_Zip_Code__c: 'Enter the zip code.',
      Client_Email__c: 'Enter the client email.',
      Investment_Model__c: 'Enter the investment model.',
      Trading_Authority__c: 'Enter the trading authority.',
    });
  });

  it('refuses a body that is not an object with a message, rather than throwing', () => {
    for (const body of [null, undefined, 'text', 42, []])
      expect(investmentStrategyBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('treats blank inputs (spaces only, emptied selects) as missing', () => {
    const blanks = Object.fromEntries(Object.keys(complete).map((k) => [k, '   ']));
    expect(problems(blanks)).toMatchObject({
      Financial_Account_Name__c: 'Enter the account name.',
      Fee_Schedule__c: 'Enter the fee schedule.',
      Fee_Minimum__c: 'Enter the fee minimum.',
      Client_Email__c: 'Enter the client email.',
      Trading_Authority__c: 'Enter the trading authority.',
    });
  });

  it('trims every text it keeps', () => {
    const body = parse({
      ...complete,
      Financial_Account_Name__c: '  Smith Family Trust ',
      Joint_Client_Name__c: ' Jo ',
    });
    expect(body.Financial_Account_Name__c).toBe('Smith Family Trust');
    expect(body.Joint_Client_Name__c).toBe('Jo');
  });

  it('refuses a line break in a one-line field, which a mail would otherwise carry; notes keep theirs', () => {
    const oneLine = messages.validation.oneLine;
    expect(oneLine).toBe('Enter this on one line.');
    expect(
      problems({
        ...complete,
        Financial_Account_Name__c: 'acct\r\nBcc: x@example.test',
        Client_City__c: 'Spring\nfield',
        Custodian__c: 'Schwab\u2028',
        Joint_Client_Name__c: 'Jo\rAnn',
      }),
    ).toEqual({
      Financial_Account_Name__c: oneLine,
      Client_City__c: oneLine,
      Joint_Client_Name__c: oneLine,
    });
    // A trailing break is trimmed with the spaces, as on any text.
    expect(parse({ ...complete, Custodian__c: 'Schwab\r\n' }).Custodian__c).toBe('Schwab');
    expect(parse({ ...complete, Cash_Management_Notes__c: 'Quarterly review.\nCall first.' })).toMatchObject({
      Cash_Management_Notes__c: 'Quarterly review.\nCall first.',
    });
  });

  it('takes the ids of the fee schedule and the model as numbers or as a Select sends them', () => {
    const body = parse({ ...complete, Fee_Schedule__c: '3', Investment_Model__c: ' 5' });
    expect([body.Fee_Schedule__c, body.Investment_Model__c]).toEqual([3, 5]);
    expect(problems({ ...complete, Fee_Schedule__c: '0x10', Investment_Model__c: 1.5 })).toEqual({
      Fee_Schedule__c: m.feeScheduleUnknown,
      Investment_Model__c: m.investmentModelUnknown,
    });
  });

  it('offers the two trading authorities, Advisor and Investment Department, and nothing else', () => {
    expect(parse({ ...complete, Trading_Authority__c: 'Investment Department' }).Trading_Authority__c).toBe(
      'Investment Department',
    );
    expect(problems({ ...complete, Trading_Authority__c: 'Client' })).toEqual({
      Trading_Authority__c: 'Select one of: Advisor, Investment Department.',
    });
  });

  it('checks the client email and the joint client email when given', () => {
    expect(problems({ ...complete, Client_Email__c: 'sam', Joint_Client_Email__c: 'jo@' })).toEqual({
      Client_Email__c: messages.validation.email,
      Joint_Client_Email__c: messages.validation.email,
    });
  });

  describe('money (numeric(14,2))', () => {
    it.each([
      ['12.5', 12.5],
      ['250.00', 250],
      [1234.56, 1234.56],
      ['999999999999.99', 999999999999.99],
      // A fee schedule without a minimum.
      [0, 0],
    ])('a fee minimum of %j is kept as %j', (value, kept) => {
      expect(parse({ ...complete, Fee_Minimum__c: value }).Fee_Minimum__c).toBe(kept);
    });

    it.each([
      [-5, 'The amount cannot be negative.'],
      ['-0.01', 'The amount cannot be negative.'],
      ['12.345', 'Enter an amount in dollars with at most 2 decimals, such as 250.00.'],
      [0.1 + 0.2, 'Enter an amount in dollars with at most 2 decimals, such as 250.00.'],
      ['1,000.00', 'Enter an amount in dollars with at most 2 decimals, such as 250.00.'],
      ['1e3', 'Enter an amount in dollars with at most 2 decimals, such as 250.00.'],
      ['1000000000000', 'Enter an amount of at most $999,999,999,999.99.'],
      [1e21, 'Enter an amount in dollars with at most 2 decimals, such as 250.00.'],
    ])('a fee minimum of %j is refused: %s', (value, message) => {
      expect(problems({ ...complete, Fee_Minimum__c: value })).toEqual({ Fee_Minimum__c: message });
    });

    it('leaves the cash target in dollars optional, and checks it when given', () => {
      expect(parse({ ...complete, Cash_Target_Dollars__c: '' }).Cash_Target_Dollars__c).toBeNull();
      expect(parse({ ...complete, Cash_Target_Dollars__c: '1500.5' }).Cash_Target_Dollars__c).toBe(1500.5);
      expect(problems({ ...complete, Cash_Target_Dollars__c: '15.001' })).toEqual({
        Cash_Target_Dollars__c: messages.validation.moneyFormat,
      });
    });
  });

  describe('the cash target percentage', () => {
    it.each([0, 100, '12.5', 99.99])('%j is a percentage', (value) => {
      expect(problems({ ...complete, Cash_Target_Percentage__c: value })).toEqual({});
    });
    it.each([-1, 100.01, 101, '12.345', 'ten'])('%j is refused', (value) => {
      expect(problems({ ...complete, Cash_Target_Percentage__c: value })).toEqual({
        Cash_Target_Percentage__c: 'Enter a cash target from 0 to 100 percent, with at most 2 decimals.',
      });
    });
    it('may be left empty', () => {
      expect(parse({ ...complete, Cash_Target_Percentage__c: '' }).Cash_Target_Percentage__c).toBeNull();
    });
  });

  describe('the distribution amount', () => {
    it('is named with the missing required fields on the first submit, not after them', () => {
      const missing = problems({ Is_Cash_Distributions__c: true });
      expect(missing).toEqual({ ...problems({}), Amount__c: 'Enter the distribution amount.' });
      expect(missing.Financial_Account_Name__c).toBe('Enter the account name.');
      // A malformed switch or amount gets its own message, not this one.
      expect(problems({ ...complete, Is_Cash_Distributions__c: 'yes' }).Amount__c).toBeUndefined();
      expect(problems({ ...complete, Is_Cash_Distributions__c: true, Amount__c: '1.234' })).toEqual({
        Amount__c: messages.validation.moneyFormat,
      });
    });

    it('is required when cash distributions are on', () => {
      expect(problems({ ...complete, Is_Cash_Distributions__c: true })).toEqual({
        Amount__c: 'Enter the distribution amount.',
      });
      expect(problems({ ...complete, Is_Cash_Distributions__c: true, Amount__c: '' })).toEqual({
        Amount__c: 'Enter the distribution amount.',
      });
    });

    it('is kept when distributions are on, and must then be positive', () => {
      const on = { ...complete, Is_Cash_Distributions__c: true, Cash_Management_Frequency__c: 'Quarterly' };
      expect(parse({ ...on, Amount__c: '500' })).toMatchObject({
        Amount__c: 500,
        Cash_Management_Frequency__c: 'Quarterly',
      });
      expect(problems({ ...on, Amount__c: 0 })).toEqual({ Amount__c: messages.validation.moneyPositive });
      expect(problems({ ...on, Amount__c: -20 })).toEqual({ Amount__c: messages.validation.moneyPositive });
    });

    it('is cleared when distributions are off or not sent, so a hidden amount is never kept', () => {
      expect(parse({ ...complete, Is_Cash_Distributions__c: false, Amount__c: 500 }).Amount__c).toBeNull();
      const body = parse({ ...complete, Amount__c: 500 });
      expect([body.Is_Cash_Distributions__c, body.Amount__c]).toEqual([false, null]);
    });
  });

  it('offers the cash management frequencies (Monthly, Quarterly, Annually, Other), or none', () => {
    expect(parse({ ...complete, Cash_Management_Frequency__c: '' }).Cash_Management_Frequency__c).toBeNull();
    expect(problems({ ...complete, Cash_Management_Frequency__c: 'Weekly' })).toEqual({
      Cash_Management_Frequency__c: 'Select one of: Monthly, Quarterly, Annually, Other.',
    });
  });

  it('leaves the submitter, status, names of the choices, id and dates to the server', () => {
    const advisor = testActor({ id: 7, profile_type: ProfileType.FinancialAdvisor });
    const serverSet = Object.entries(investmentStrategyFields)
      .filter(([, field]) => !maySet(field, advisor))
      .map(([wire]) => wire)
      .sort();
    expect(serverSet).toEqual(
      [
        'Id',
        'CreatedDate',
        'Submitter_ID__c',
        'Submitter_Email__c',
        'Submitter_First_Name__c',
        'Submitter_Last_Name__c',
        'Status_Reason__c',
        'Firm_Tk__c',
        'Fee_Schedule_Name__c',
        'Investment_Model_Name__c',
        'Status__c',
      ].sort(),
    );
  });

  it('carries the suffix __c on every wire name but Id and CreatedDate', () => {
    const plain = Object.keys(investmentStrategyFields).filter((wire) => !wire.endsWith('__c'));
    expect(plain.sort()).toEqual(['CreatedDate', 'Id']);
  });
});

describe('the investment strategies list query', () => {
  it('takes one status or several, repeated or comma-separated', () => {
    expect(investmentStrategyListQuery.parse({ status: 'Submitted,In Progress' }).status).toEqual([
      'Submitted',
      'In Progress',
    ]);
    expect(investmentStrategyListQuery.parse({ status: ['Completed', 'Rejected'] }).status).toEqual([
      'Completed',
      'Rejected',
    ]);
    expect(investmentStrategyListQuery.safeParse({ status: 'Cancelled' }).success).toBe(false);
  });

  it('orders by the columns of the list, newest first by default', () => {
    expect(investmentStrategyListQuery.parse({}).ordering).toBe('-CreatedDate');
    for (const ordering of [
      'Financial_Account_Name__c',
      '-Investment_Model_Name__c',
      'Status__c',
      'Account_Master_Code__c',
    ])
      expect(investmentStrategyListQuery.safeParse({ ordering }).success).toBe(true);
    expect(investmentStrategyListQuery.safeParse({ ordering: 'Client_Email__c' }).success).toBe(false);
  });

  it('filters by client id and pages', () => {
    expect(investmentStrategyListQuery.parse({ clientId: '41', page: '2' })).toMatchObject({
      clientId: 41,
      page: 2,
      page_size: 50,
    });
    expect(investmentStrategyListQuery.safeParse({ clientId: 'abc' }).success).toBe(false);
  });
});

describe("the investment department's move of a strategy", () => {
  it('needs a reason to reject, and the reason is trimmed', () => {
    expect(investmentStrategyStatusBody.safeParse({ status: 'Rejected' }).error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: 'Enter the reason: it is sent to the advisor who submitted the request.',
    });
    expect(investmentStrategyStatusBody.parse({ status: 'Rejected', reason: '  Wrong model ' })).toEqual({
      status: 'Rejected',
      reason: 'Wrong model',
    });
  });

  it('keeps the line breaks of a reason (a textarea), and its mail quotes each of its lines', () => {
    const reason = 'Wrong model.\r\nSee it here: http://elsewhere.test';
    expect(investmentStrategyStatusBody.parse({ status: 'Rejected', reason }).reason).toBe(reason);
    const mail = messages.investmentRequests.statusText({
      firstName: 'Ada',
      kind: 'strategy',
      account: 'IRA',
      accountEnding: null,
      status: 'Rejected',
      by: 'Ines Vestor',
      reason,
      link: 'http://portal.test/x',
    });
    expect(mail).toContain('\nReason:\n> Wrong model.\n> See it here: http://elsewhere.test\n');
    expect(mail).not.toContain('\r');
    expect(mail.split('\n').filter((line) => line.startsWith('See it here:'))).toEqual([
      'See it here: http://portal.test/x',
    ]);
  });

  it('takes In Progress and Completed without a reason, and no other status', () => {
    expect(investmentStrategyStatusBody.parse({ status: 'In Progress' })).toEqual({
      status: 'In Progress',
      reason: null,
    });
    expect(investmentStrategyStatusBody.safeParse({ status: 'Cancelled' }).error?.issues[0].message).toBe(
      'Select one of: In Progress, Completed, Rejected.',
    );
    expect(investmentStrategyStatusBody.safeParse({ status: 'Submitted' }).success).toBe(false);
    expect(investmentStrategyStatusBody.safeParse({}).error?.issues[0].message).toBe('Select the new status.');
  });
});
