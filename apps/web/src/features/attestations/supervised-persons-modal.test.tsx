import { Notifications } from '@mantine/notifications';
import type { User } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { statusRow } from '../../testing/submission-status';
import { testUser } from '../../testing/users';
import { AttestationsPage } from './attestations-page';
import { SupervisedPersonsModal } from './supervised-persons-modal';

const cco = testUser({ is_cco: true });

const row = statusRow;

const ATTESTED = [
  row(1, 'Early', 'Reviewed', { attestation_id: 7, submitted_date: '2026-10-05', attested_at: '2026-10-05T18:05:09Z' }),
  row(2, 'Prompt', 'Submitted', {
    attestation_id: 8,
    submitted_date: '2026-10-06',
    attested_at: '2026-10-06T13:00:41Z',
  }),
];
const PENDING = [
  row(3, 'Late', 'Delinquent', { last_reminded_at: '2026-10-17T14:30:00Z' }),
  row(4, 'Waiting', 'Pending'),
];
const SUMMARY = {
  firm_id: 10,
  firm_name: 'Dover Wealth',
  total: 6,
  reviewed: 1,
  submitted: 2,
  pending: 1,
  delinquent: 2,
  percent_complete: 50,
  due_date: '2026-10-16',
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function stubApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST')
        return new Response(JSON.stringify({ sent: 1, skipped_inactive: 0, skipped_recent: 0 }), { status: 200 });
      const empty = { count: 0, next: null, previous: null, results: [] };
      if (!url.startsWith('/api/attestation_submission_status/')) return new Response(JSON.stringify(empty));
      const params = new URL(url, 'http://portal.test').searchParams;
      const status = params.get('status');
      const results = status === 'Submitted,Reviewed' ? ATTESTED : status === 'Pending,Delinquent' ? PENDING : [];
      // The period asked for, or the one being filed now.
      const fiscalYear = Number(params.get('fiscalYear') ?? 2026);
      const fiscalQuarter = Number(params.get('fiscalQuarter') ?? 2);
      // As the server: reminders only about the quarter being filed now.
      const reminders_open = fiscalYear === 2026 && fiscalQuarter === 2;
      const page = { ...empty, count: results.length, results, fiscalYear, fiscalQuarter, reminders_open };
      return new Response(JSON.stringify({ ...page, summary: [SUMMARY] }), { status: 200 });
    }),
  );
  return calls;
}

const renderModal = (filters = { firm: '10', fiscalYear: '2026', fiscalQuarter: '2' }) =>
  renderAtUrl(
    <>
      <Notifications />
      <SupervisedPersonsModal actor={cco} opened filters={filters} onClose={() => {}} />
    </>,
    '/compliance/attestations',
    { user: cco },
  );

const listCalls = (calls: Call[]) => calls.filter((c) => c.url.includes('page_size=10')).map((c) => c.url);

afterEach(() => vi.unstubAllGlobals());

describe("the manager's supervised persons modal", () => {
  it("counts the firm's attested and pending for the manager's period, and dates each attestation to the second", async () => {
    const calls = stubApi();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Supervised persons' });
    // Attested = Submitted + Reviewed, Pending = Pending + Delinquent, from the firm's summary.
    expect(await within(dialog).findByRole('tab', { name: 'Attested (3)' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Pending (3)' })).toBeTruthy();

    const table = await within(dialog).findByRole('table', { name: 'Attested supervised persons' });
    const early = (await within(table).findByRole('cell', { name: 'Early, Pat' })).closest('tr') as HTMLElement;
    // 18:05:09 UTC on the browser's clock: the day and hour depend on its zone, the seconds do not.
    expect(early.textContent).toMatch(/10\/0[56]\/2026, \d\d:\d\d:09 (AM|PM)/);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Supervised Person', 'First Name', 'Last Name', 'Email', 'Attested', 'Attested Date']),
    );
    expect(within(table).queryByRole('button', { name: /Send a reminder/ })).toBeNull();
    const [url] = listCalls(calls);
    expect(url).toContain('status=Submitted%2CReviewed');
    expect(url).toContain('firm=10');
    expect(url).toContain('fiscalYear=2026&fiscalQuarter=2');
  });

  it('lists the pending with when each was last reminded, and reminds one from its icon', async () => {
    const calls = stubApi();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Supervised persons' });
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Pending (3)' }));
    const table = await within(dialog).findByRole('table', { name: 'Pending supervised persons' });
    const late = (await within(table).findByRole('cell', { name: 'Late, Pat' })).closest('tr') as HTMLElement;
    expect(late.textContent).toMatch(/10\/17\/2026 \d\d:30 (AM|PM)/);
    expect(within(late).getByText('Delinquent')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Last Reminded' })).toBeTruthy();
    expect(listCalls(calls).at(-1)).toContain('status=Pending%2CDelinquent');

    await userEvent.click(within(table).getByRole('button', { name: 'Send a reminder to Waiting, Pat' }));
    expect(
      await screen.findByText('A quarterly attestation notification was sent to the supervised person'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/quarterly_attestations/send_email/',
        body: { supervisedPersonUserId: 104, fiscalYear: 2026, fiscalQuarter: 2 },
      }),
    );
  });

  it('offers no reminder for a quarter other than the one being filed now', async () => {
    stubApi();
    renderModal({ firm: '10', fiscalYear: '2025', fiscalQuarter: '4' });
    const dialog = await screen.findByRole('dialog', { name: 'Supervised persons' });
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Pending (3)' }));
    const table = await within(dialog).findByRole('table', { name: 'Pending supervised persons' });
    expect(await within(table).findByRole('cell', { name: 'Waiting, Pat' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Send a reminder/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Remind all pending' })).toBeNull();
  });

  it('starts from the manager’s period and resets to the period being filed now', async () => {
    const calls = stubApi();
    renderModal({ firm: '10', fiscalYear: '2025', fiscalQuarter: '4' });
    const dialog = await screen.findByRole('dialog', { name: 'Supervised persons' });
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('fiscalYear=2025&fiscalQuarter=4'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).not.toContain('fiscalYear'));
    expect(listCalls(calls).at(-1)).toContain('firm=10');
  });

  it('opens from the attestations list for a CCO', async () => {
    stubApi();
    renderAtUrl(<AttestationsPage />, '/compliance/attestations', { user: cco });
    await userEvent.click(await screen.findByRole('button', { name: 'Supervised persons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supervised persons' });
    expect(await within(dialog).findByRole('tab', { name: 'Attested (3)' })).toBeTruthy();
  });

  it('is not offered to someone who is not a CCO', async () => {
    stubApi();
    const staff = { ...cco, profile: { ...cco.profile, is_cco: false } } as User;
    renderAtUrl(<AttestationsPage />, '/compliance/attestations', { user: staff });
    await screen.findByRole('link', { name: /New Attestation/ });
    expect(screen.queryByRole('button', { name: 'Supervised persons' })).toBeNull();
  });
});
