import type { DeliveryCell, DisclosureDeliveryRow } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { DisclosureDeliveriesPage } from './deliveries-page';

const cco = testUser({ is_cco: true });

const cell = (over: Partial<DeliveryCell> = {}): DeliveryCell => ({
  status: 'due',
  current_version: null,
  current_effective_date: null,
  delivered_version: null,
  delivered_effective_date: null,
  delivered_on: null,
  delivered_session: null,
  due_by: null,
  notified_on: null,
  ...over,
});
const none = cell({ status: 'none' });

const row = (id: number, lastName: string, cells: Pick<DisclosureDeliveryRow, 'adv_2a' | 'crs'>) =>
  ({
    client_id: id,
    first_name: 'Rita',
    last_name: lastName,
    email: `${lastName.toLowerCase()}@example.test`,
    firm_id: 10,
    firm_name: 'Dover Wealth',
    advisor_name: null,
    agreement_date: '2026-01-05',
    status: 'received',
    adv_2b: none,
    ...cells,
  }) satisfies DisclosureDeliveryRow;

const rows = [
  row(1, 'Reader', {
    adv_2a: cell({
      status: 'received',
      current_version: 7,
      delivered_version: 7,
      delivered_effective_date: '2026-04-01',
      delivered_on: '2026-04-03',
    }),
    crs: cell({
      status: 'received',
      delivered_on: '2026-04-10',
      delivered_session: { ip: '203.0.113.7', device: 'Firefox on Windows', client_session: true },
    }),
  }),
  { ...row(2, 'Waiting', { adv_2a: cell(), crs: cell() }), status: 'due' as const },
];

afterEach(() => vi.unstubAllGlobals());

describe("the CCO's delivery report", () => {
  it("shows a receipt's session in Receipt details: address, device, the client's own; an older receipt's as not recorded", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = url.startsWith('/api/firms/')
          ? { id: 10, name: 'Dover Wealth' }
          : { count: rows.length, next: null, previous: null, results: rows };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    renderAtUrl(<DisclosureDeliveriesPage />, '/compliance/disclosure-deliveries/', { user: cco });

    // The row stays as it was: the session is not among its cells.
    const reader = await screen.findByRole('row', { name: /Reader, Rita/ });
    expect(within(reader).queryByText('203.0.113.7')).toBeNull();
    // A client with no receipt has nothing to detail.
    expect(screen.queryByRole('button', { name: 'Actions for Waiting, Rita' })).toBeNull();

    await userEvent.click(within(reader).getByRole('button', { name: 'Actions for Reader, Rita' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Receipt details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Receipts of Reader, Rita' });
    const crs = within(drawer).getByRole('region', { name: 'Form CRS' });
    const facts = (region: HTMLElement) =>
      within(region)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts(crs)).toEqual([
      ['Received on', '04/10/2026'],
      ['Document', 'The firm’s link'],
      ['Address', '203.0.113.7'],
      ['Device', 'Firefox on Windows'],
      ['Client’s own session', 'Yes'],
    ]);
    expect(facts(within(drawer).getByRole('region', { name: 'Form ADV Part 2A' }))).toEqual([
      ['Received on', '04/03/2026'],
      ['Document', 'Version effective 04/01/2026'],
      ['Address', 'Not recorded'],
      ['Device', 'Not recorded'],
      ['Client’s own session', 'Not recorded'],
    ]);
    expect(within(drawer).queryByRole('region', { name: 'Form ADV Part 2B' })).toBeNull();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
