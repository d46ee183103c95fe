import type { FeeSchedule } from '@portal/domain';
import { messages } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { FirmModelsPage } from './assignments-page';
import { FeeSchedulesPage } from './catalogue-page';

const investments = testUser({ is_investments_user: true });
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const schedule = (id: number, name: string): FeeSchedule => ({
  id,
  name,
  fee_schedule_name: name,
  firm: 10,
  financial_advisor: null,
  created_date: '2026-03-04T15:00:00.000Z',
  last_modified_date: '2026-05-06T15:00:00.000Z',
});

const answering = (rows: (url: string) => unknown[]) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify(page(rows(url))), { status: 200 });
    }),
  );
  return calls;
};

afterEach(() => vi.unstubAllGlobals());

describe('the Fee Schedules manager', () => {
  it('says so when there is none', async () => {
    answering(() => []);
    renderAtUrl(<FeeSchedulesPage />, '/investments/fee-schedules/', { user: investments });
    expect(await screen.findByText('No fee schedule(s) found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Fee Schedule' })).toBeTruthy();
  });

  it('opens the row whose icon was clicked, with its dates as MM/DD/YYYY', async () => {
    const calls = answering((url) =>
      url.startsWith('/api/fee_schedules/') ? [schedule(1, 'Tiered'), schedule(2, 'Flat')] : [],
    );
    renderAtUrl(<FeeSchedulesPage />, '/investments/fee-schedules/', { user: investments });
    await userEvent.click(await screen.findByRole('button', { name: 'View Flat' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('Flat')).toBeTruthy();
    expect(screen.getAllByRole('cell', { name: '03/04/2026' }).length).toBe(2);
    expect(calls.find((u) => u.startsWith('/api/fee_schedules/'))).toContain('ordering=name');
  });
});

describe('the Firm Models manager', () => {
  it("keeps an investments user's own firm, and says 'No firm models found.' when empty", async () => {
    const calls = answering((url) => (url.startsWith('/api/firms/') ? [{ id: 10, name: 'Dover Wealth' }] : []));
    renderAtUrl(<FirmModelsPage />, '/investments/firm-models/', { user: investments });
    expect(await screen.findByText(messages.firmModels.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Firm Model' })).toBeTruthy();
    expect(calls.find((u) => u.startsWith('/api/firm_models/'))).toContain('firm=10');
  });

  it("offers in the modal the chosen firm's models only, and drops the model when the firm changes", async () => {
    const calls = answering((url) => {
      if (url.startsWith('/api/firms/'))
        return [
          { id: 10, name: 'Dover Wealth' },
          { id: 20, name: 'Harbor Capital' },
        ];
      if (url.startsWith('/api/investment_models/10/firm_investment_models/')) return [{ id: 1, name: 'Dover Growth' }];
      if (url.startsWith('/api/investment_models/20/firm_investment_models/'))
        return [{ id: 2, name: 'Harbor Income' }];
      return [];
    });
    renderAtUrl(<FirmModelsPage />, '/investments/firm-models/', { user: testUser({ is_super_admin: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'New Firm Model' }));
    const dialog = await screen.findByRole('dialog');
    const model = within(dialog).getByRole('combobox', { name: /^Model/ });
    await userEvent.click(model);
    await userEvent.click(await screen.findByRole('option', { name: 'Dover Growth' }));
    expect(screen.queryByRole('option', { name: 'Harbor Income' })).toBeNull();
    expect(calls).toContain('/api/investment_models/10/firm_investment_models/?ordering=name&page_size=500');
    expect((model as HTMLInputElement).value).toBe('Dover Growth');

    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Firm/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Capital' }));
    await waitFor(() => expect((model as HTMLInputElement).value).toBe(''));
    await userEvent.click(model);
    expect(await screen.findByRole('option', { name: 'Harbor Income' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Dover Growth' })).toBeNull();
  });
});
