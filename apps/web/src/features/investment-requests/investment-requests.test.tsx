import { Notifications, notifications } from '@mantine/notifications';
import type { CashRequestListItem, InvestmentStrategy, InvestmentStrategyListItem, User } from '@portal/domain';
import { messages, ProfileType } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { NewCashRequestPage, NewInvestmentStrategyPage } from './request-form-pages';
import { CashRequestsPage, InvestmentStrategiesPage } from './requests-page';

const s = messages.investmentStrategies;
const c = messages.cashRequests;

/** Avery, a financial advisor of firm 10. */
const advisor = (() => {
  const user = testUser({}, { id: 7 });
  return {
    ...user,
    first_name: 'Avery',
    last_name: 'Advisor',
    profile: { ...user.profile, profile_type: ProfileType.FinancialAdvisor },
  } as User;
})();
const investments = testUser({ is_investments_user: true });

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const client = { id: 31, first_name: 'Ada', last_name: 'Client', email: 'ada@example.test' };

const strategyRow = (Id: number, name: string): InvestmentStrategyListItem => ({
  Id,
  Financial_Account_Name__c: name,
  Custodian_Account_Number__c: `ACC-${Id}`,
  Account_Master_Code__c: `M${Id}`,
  Custodian__c: 'Schwab',
  Relationship_Name__c: 'Client Family',
  Investment_Model__c: 3,
  Investment_Model_Name__c: 'Growth 80/20',
  Status__c: 'Submitted',
  CreatedDate: '2026-03-04T15:00:00.000Z',
  ESWA_Portal_Owner_ID__c: 31,
  Client_Name__c: 'Ada Client',
  Submitter_ID__c: 7,
  Firm_Tk__c: 10,
});

const strategyOf = (row: InvestmentStrategyListItem): InvestmentStrategy =>
  ({
    ...row,
    Advisor__c: 'Avery Advisor',
    Fee_Schedule__c: 5,
    Fee_Schedule_Name__c: 'Tiered',
    Fee_Minimum__c: 250,
    Client_Street__c: '1 Main St',
    Client_City__c: 'Dover',
    Client_State__c: 'Delaware',
    Client_Zip_Code__c: '19901',
    Client_Email__c: 'ada@example.test',
    Joint_Client_Name__c: null,
    Joint_Client_Street__c: null,
    Joint_Client_City__c: null,
    Joint_Client_State__c: null,
    Joint_Client_Zip_Code__c: null,
    Joint_Client_Email__c: null,
    Has_Received_Form_ADV_And_Privacy_Policy__c: true,
    Has_Signed_New_Or_Updated_IPS__c: false,
    Trading_Authority__c: 'Advisor',
    Cash_Target_Percentage__c: null,
    Cash_Target_Dollars__c: null,
    Is_Cash_Distributions__c: false,
    Amount__c: null,
    Cash_Management_Frequency__c: null,
    Cash_Management_Notes__c: null,
    Status_Reason__c: null,
    Submitter_Email__c: 'avery@example.test',
    Submitter_First_Name__c: 'Avery',
    Submitter_Last_Name__c: 'Advisor',
  }) as InvestmentStrategy;

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The API as these screens call it: `answer` gives each call's JSON (a page when left undefined). */
function stubApi(answer: (call: Call) => unknown = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const json = answer(call) ?? page([]);
      return new Response(JSON.stringify(json), { status: call.method === 'POST' ? 201 : 200 });
    }),
  );
  return calls;
}

const withToasts = (screenElement: ReactNode) => (
  <>
    <Notifications />
    {screenElement}
  </>
);

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('the new investment strategy form', () => {
  it("says what is missing, field by field, toasts 'Required fields not provided.' and sends nothing", async () => {
    const calls = stubApi();
    renderAtUrl(withToasts(<NewInvestmentStrategyPage />), '/investments/investment-strategy/new', { user: advisor });
    for (const section of [s.sections.portfolio, s.sections.model, s.sections.cash])
      expect(screen.getByRole('group', { name: section })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    for (const message of [
      messages.investmentRequests.clientRequired,
      'Enter the account name.',
      'Enter the account number.',
      'Enter the account master code.',
      'Enter the custodian.',
      'Enter the relationship name.',
      'Enter the fee schedule.',
      'Enter the fee minimum.',
      'Enter the client name.',
      'Enter the street.',
      'Enter the city.',
      'Enter the state.',
      'Enter the zip code.',
      'Enter the client email.',
      'Enter the investment model.',
      'Enter the trading authority.',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    // The signed-in advisor's name is offered, so the advisor field is not missing.
    expect(screen.queryByText('Enter the advisor.')).toBeNull();
    expect(await screen.findByText('Required fields not provided.')).toBeTruthy();
    // The client field, first in error, has the focus with its list closed: its message stays in view.
    const focused = document.activeElement as HTMLElement;
    expect(focused.getAttribute('aria-invalid')).toBe('true');
    expect(focused.getAttribute('aria-haspopup')).toBe('listbox');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows the distribution amount only while distributions are on, and forgets it when they are switched off', async () => {
    stubApi();
    renderAtUrl(<NewInvestmentStrategyPage />, '/investments/investment-strategy/new', { user: advisor });
    expect(screen.queryByLabelText(/Distribution amount/)).toBeNull();

    const toggle = screen.getByRole('switch', { name: s.labels.Is_Cash_Distributions__c });
    await userEvent.click(toggle);
    await userEvent.type(screen.getByLabelText(/Distribution amount/), '250');
    await userEvent.click(toggle);
    expect(screen.queryByLabelText(/Distribution amount/)).toBeNull();

    await userEvent.click(toggle);
    expect((screen.getByLabelText(/Distribution amount/) as HTMLInputElement).value).toBe('');
  });

  it("fills the client's name, email and address from the client picked, and offers the firm's models", async () => {
    const calls = stubApi(({ url }) => {
      if (url.startsWith('/api/users/firm_advisor_clients/')) return page([client]);
      if (url === '/api/users/31/')
        return {
          ...client,
          profile: {
            address_line_1: '1 Main St',
            address_line_2: 'Suite 2',
            city: 'Dover',
            state: 'Delaware',
            zip: '19901',
          },
        };
      if (url.startsWith('/api/investment_models/10/firm_investment_models/'))
        return page([{ id: 3, name: 'Growth 80/20' }]);
      return undefined;
    });
    renderAtUrl(<NewInvestmentStrategyPage />, '/investments/investment-strategy/new', { user: advisor });

    await userEvent.click(screen.getByRole('combobox', { name: /^Client/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ada Client (ada@example.test)' }));

    await waitFor(() => expect(screen.getByDisplayValue('1 Main St, Suite 2')).toBeTruthy());
    expect(screen.getByDisplayValue('Ada Client')).toBeTruthy();
    expect(screen.getByDisplayValue('ada@example.test')).toBeTruthy();
    expect(screen.getByDisplayValue('Dover')).toBeTruthy();
    expect(screen.getByDisplayValue('19901')).toBeTruthy();
    // The advisor's own and their firm's entries: the firm's list narrowed to them.
    expect(calls.map((call) => call.url)).toContain(
      '/api/investment_models/10/firm_investment_models/?userId=7&ordering=name&page_size=500',
    );
  });
});

describe('the new cash request form', () => {
  it("carries the note on recurring disbursements, toasts 'Required field(s) not provided.' and sends nothing when incomplete", async () => {
    const calls = stubApi();
    renderAtUrl(withToasts(<NewCashRequestPage />), '/investments/cash-request/new', { user: advisor });
    expect(screen.getByText(c.recurringNote)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    for (const message of [
      'Enter the account name.',
      'Enter the account number.',
      'Enter the custodian.',
      'Enter the relationship name.',
      'Enter the cash request type.',
      'Enter an amount.',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByText('Required field(s) not provided.')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("sends the request as typed, trimmed, and says 'Cash request submitted'", async () => {
    const calls = stubApi(({ method, url }) => {
      if (url.startsWith('/api/users/firm_advisor_clients/')) return page([client]);
      if (method === 'POST') return { Id: 90 };
      return undefined;
    });
    const view = renderAtUrl(withToasts(<NewCashRequestPage />), '/investments/cash-request/new', { user: advisor });

    await userEvent.click(screen.getByRole('combobox', { name: /^Client/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ada Client (ada@example.test)' }));
    await userEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Raise Cash' }));
    await userEvent.type(screen.getByLabelText(/^Amount/), '1500.5');
    await userEvent.type(screen.getByLabelText(/^Account name/), '  Ada IRA ');
    await userEvent.type(screen.getByLabelText(/^Account number/), 'X-1234');
    await userEvent.type(screen.getByLabelText(/^Custodian/), 'Schwab');
    await userEvent.type(screen.getByLabelText(/^Relationship name/), 'Client Family');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Cash request submitted')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/cash_requests/');
    expect(post?.body).toEqual({
      ESWA_Portal_Owner_ID__c: 31,
      Cash_Request_Type__c: 'Raise Cash',
      Amount__c: 1500.5,
      Financial_Account_Name__c: 'Ada IRA',
      Custodian_Account_Number__c: 'X-1234',
      Custodian__c: 'Schwab',
      Advisor__c: 'Avery Advisor',
      Relationship_Name__c: 'Client Family',
      Cash_Request_Notes__c: null,
    });
    await waitFor(() => expect(view.href()).toBe('/investments/cash-requests/'));
  });
});

describe('the Cash Requests list', () => {
  it('shows the amounts in USD with cents and the dates as MM/DD/YYYY, and filters by status', async () => {
    const row: CashRequestListItem = {
      Id: 5,
      Cash_Request_Type__c: 'Invest Cash',
      Amount__c: 12500.5,
      Financial_Account_Name__c: 'Ada IRA',
      Custodian_Account_Number__c: 'X-1234',
      Custodian__c: 'Fidelity',
      Relationship_Name__c: 'Client Family',
      Status__c: 'In Progress',
      CreatedDate: '2026-03-04T15:00:00.000Z',
      ESWA_Portal_Owner_ID__c: 31,
      Submitter_ID__c: 7,
      Firm_Tk__c: 10,
    };
    const calls = stubApi(({ url }) => (url.startsWith('/api/cash_requests/') ? page([row]) : undefined));
    renderAtUrl(<CashRequestsPage />, '/investments/cash-requests/', { user: advisor });

    const table = await screen.findByRole('table', { name: c.listTitle });
    for (const header of Object.values(c.columns))
      expect(
        within(table).getByRole('columnheader', { name: new RegExp(header.replace(/[()]/g, '\\$&')) }),
      ).toBeTruthy();
    expect(await within(table).findByRole('cell', { name: '$12,500.50' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '03/04/2026' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Invest Cash' })).toBeTruthy();
    // In Progress: the department has it, so its advisor may no longer edit it.
    expect(screen.getByRole('button', { name: 'View Ada IRA' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Ada IRA' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/investments/cash-request/new');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('status=Completed'));
  });

  it('opens the cash request a mailed link names (?view=), and closing it takes the link back out', async () => {
    const row = {
      Id: 8,
      Cash_Request_Type__c: 'Raise Cash',
      Amount__c: 900,
      Financial_Account_Name__c: 'Ada Brokerage',
      Custodian_Account_Number__c: 'B-77',
      Custodian__c: 'Schwab',
      Relationship_Name__c: 'Client Family',
      Status__c: 'Completed',
      CreatedDate: '2026-03-04T15:00:00.000Z',
      ESWA_Portal_Owner_ID__c: 31,
      Submitter_ID__c: 7,
      Firm_Tk__c: 10,
    };
    const calls = stubApi(({ url }) => {
      if (url === '/api/cash_requests/8/')
        return {
          ...row,
          Advisor__c: 'Avery Advisor',
          Cash_Request_Notes__c: null,
          Client_Name__c: 'Ada Client',
          Status_Reason__c: null,
          Submitter_Email__c: 'avery@example.test',
          Submitter_First_Name__c: 'Avery',
          Submitter_Last_Name__c: 'Advisor',
        };
      return url.startsWith('/api/cash_requests/?') ? page([row]) : undefined;
    });
    const view = renderAtUrl(<CashRequestsPage />, '/investments/cash-requests/?view=8', { user: advisor });

    const dialog = await screen.findByRole('dialog', { name: c.editTitle });
    expect(await within(dialog).findByDisplayValue('Ada Brokerage')).toBeTruthy();
    expect(within(dialog).getByText('Completed')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(view.href()).toBe('/investments/cash-requests/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the Investment Strategies list', () => {
  const rows = [strategyRow(1, 'First Account'), strategyRow(2, 'Second Account')];
  const answer = ({ url }: Call) => {
    if (url.startsWith('/api/investment_strategies/?')) return page(rows);
    const id = /^\/api\/investment_strategies\/(\d+)\/$/.exec(url)?.[1];
    if (id) return strategyOf(rows[Number(id) - 1]);
    return undefined;
  };

  it("opens 'Edit Investment Strategy' on the row whose Edit was clicked", async () => {
    const calls = stubApi(answer);
    renderAtUrl(<InvestmentStrategiesPage />, '/investments/investment-strategies/', { user: advisor });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Second Account' }));

    const dialog = await screen.findByRole('dialog', { name: s.editTitle });
    expect(await within(dialog).findByDisplayValue('Second Account')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/investment_strategies/2/');
    // The department's move is not the advisor's.
    expect(screen.queryByRole('button', { name: /^Change status/ })).toBeNull();
  });

  it("opens the strategy a mailed link names (?view=) read-only, and closing it takes 'view' out of the address", async () => {
    const calls = stubApi(answer);
    const view = renderAtUrl(
      <InvestmentStrategiesPage />,
      '/investments/investment-strategies/?view=2&status=Submitted',
      {
        user: advisor,
      },
    );

    const dialog = await screen.findByRole('dialog', { name: s.editTitle });
    expect(await within(dialog).findByDisplayValue('Second Account')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/investment_strategies/2/');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list's own filter stays.
    expect(view.href()).toBe('/investments/investment-strategies/?status=Submitted');
  });

  it('puts the row whose View was clicked in the address, so the address can be shared', async () => {
    stubApi(answer);
    const view = renderAtUrl(<InvestmentStrategiesPage />, '/investments/investment-strategies/', { user: advisor });

    await userEvent.click(await screen.findByRole('button', { name: 'View First Account' }));

    const dialog = await screen.findByRole('dialog', { name: s.editTitle });
    expect(await within(dialog).findByDisplayValue('First Account')).toBeTruthy();
    expect(view.href()).toBe('/investments/investment-strategies/?view=1');
  });

  it('leaves no empty modal when the mailed request cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/investment_strategies/9/'
          ? new Response(JSON.stringify({ detail: 'Not found.', fields: {} }), { status: 404 })
          : new Response(JSON.stringify(page(rows))),
      ),
    );
    const view = renderAtUrl(<InvestmentStrategiesPage />, '/investments/investment-strategies/?view=9', {
      user: advisor,
    });

    await waitFor(() => expect(view.href()).toBe('/investments/investment-strategies/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets an investments user move a strategy, asking why when it is rejected', async () => {
    const calls = stubApi(answer);
    renderAtUrl(withToasts(<InvestmentStrategiesPage />), '/investments/investment-strategies/', {
      user: investments,
    });
    expect(await screen.findByRole('cell', { name: 'First Account' })).toBeTruthy();
    // The submitter edits; the department does not, nor files.
    expect(screen.queryByRole('button', { name: 'Edit First Account' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Change status First Account' }));
    const dialog = await screen.findByRole('dialog', { name: messages.investmentRequests.changeStatus });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Status/ }));
    // From Submitted: taken up, or rejected; never straight to Completed.
    expect(screen.queryByRole('option', { name: 'Completed' })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    await userEvent.click(within(dialog).getByRole('button', { name: messages.investmentRequests.changeStatus }));
    expect(await within(dialog).findByText(messages.investmentRequests.reasonRequired)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Filed twice');
    await userEvent.click(within(dialog).getByRole('button', { name: messages.investmentRequests.changeStatus }));

    expect(await screen.findByText('Investment strategy moved to Rejected')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/investment_strategies/1/status/');
    expect(post?.body).toEqual({ status: 'Rejected', reason: 'Filed twice' });
  });
});
