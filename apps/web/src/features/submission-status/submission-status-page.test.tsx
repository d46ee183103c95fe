import { Notifications } from '@mantine/notifications';
import type { SubmissionStatusPage as StatusPage, SubmissionStatusRow, User } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { statusRow } from '../../testing/submission-status';
import { testUser } from '../../testing/users';
import { SubmissionStatusPage } from './submission-status-page';

const superCco = testUser({ is_cco: true, is_super_cco: true });
const cco = testUser({ is_cco: true });

const row = statusRow;

const SUMMARY: StatusPage['summary'] = [
  {
    firm_id: 10,
    firm_name: 'Dover Wealth',
    total: 4,
    reviewed: 1,
    submitted: 1,
    pending: 1,
    delinquent: 1,
    percent_complete: 50,
    due_date: '2026-10-16',
  },
  {
    firm_id: 11,
    firm_name: 'Elm Advisers',
    total: 2,
    reviewed: 2,
    submitted: 0,
    pending: 0,
    delinquent: 0,
    percent_complete: 100,
    due_date: '2026-10-31',
  },
];
const ROWS = [
  row(1, 'Late', 'Delinquent', { last_reminded_at: '2026-10-17T14:30:00Z' }),
  row(2, 'Waiting', 'Pending'),
  row(3, 'Filed', 'Submitted', { submitted_date: '2026-10-05', attestation_id: 7 }),
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The API as the screen sees it: every call kept, the status list answered from ROWS. */
function stubApi(
  sent = 1,
  refusal?: { status: number; detail: string },
  o: { skippedInactive?: number; answered?: Promise<void>; rows?: SubmissionStatusRow[] } = {},
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST' && refusal)
        return new Response(JSON.stringify({ detail: refusal.detail }), { status: refusal.status });
      if (method === 'POST') {
        await o.answered;
        return new Response(JSON.stringify({ sent, skipped_inactive: o.skippedInactive ?? 0, skipped_recent: 0 }), {
          status: 200,
        });
      }
      const params = new URL(url, 'http://portal.test').searchParams;
      const firm = params.get('firm');
      // The period asked for, or the one being filed now.
      const fiscalYear = Number(params.get('fiscalYear') ?? 2026);
      const fiscalQuarter = Number(params.get('fiscalQuarter') ?? 2);
      const search = params.get('search')?.toLowerCase();
      const rows = (o.rows ?? ROWS).filter((r) => !search || r.email.includes(search));
      const results = firm ? rows.filter((r) => String(r.firm_id) === firm) : rows;
      const summary = firm ? SUMMARY.filter((s) => String(s.firm_id) === firm) : SUMMARY;
      // As the server: reminders only about the quarter being filed now.
      const reminders_open = fiscalYear === 2026 && fiscalQuarter === 2;
      const page = { count: results.length, next: null, previous: null, results, fiscalYear, fiscalQuarter };
      return new Response(JSON.stringify({ ...page, reminders_open, summary }), { status: 200 });
    }),
  );
  return calls;
}

const PATH = '/compliance/quarterly-attestation-submission-status/';
const render = (user: User, url = PATH) =>
  renderAtUrl(
    <>
      <Notifications />
      <SubmissionStatusPage />
    </>,
    url,
    { user },
  );

afterEach(() => vi.unstubAllGlobals());

describe('the attestation submission status of a super CCO', () => {
  it("lists each firm's completion in the sidebar and each person's status, the period the server files now", async () => {
    const calls = stubApi();
    render(superCco);

    const firms = await screen.findByRole('navigation', { name: 'Firms' });
    const dover = await within(firms).findByRole('button', { name: /Dover Wealth/ });
    expect(dover.textContent).toContain('50%');
    expect(dover.textContent).toContain('1 reviewed · 1 submitted · 1 pending');
    expect(dover.textContent).toContain('1 delinquent');
    expect(dover.textContent).toContain('Due 10/16/2026');
    expect(within(dover).getByRole('progressbar', { name: 'Dover Wealth: 50% complete' })).toBeTruthy();
    // 'All firms' first and chosen: 4 of 6 filed.
    const all = within(firms).getByRole('button', { name: /All firms/ });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(all.textContent).toContain('66%');

    const table = await screen.findByRole('table', { name: 'Attestation Submission Status' });
    expect(await within(table).findByRole('cell', { name: 'Late, Pat' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '10/05/2026' })).toBeTruthy();
    // The period filters show the period the server answered for, not one of their own.
    const input = (name: string) => document.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement;
    expect(input('Fiscal year').value).toBe('FY 2026');
    expect(input('Fiscal quarter').value).toBe('Q2');
    const list = calls.find((c) => c.url.includes('page_size=25'));
    expect(list?.url).not.toContain('fiscalYear');
    expect(list?.url).toContain('ordering=status');
  });

  it('shows a Delinquent person as a problem, by word, icon and row mark, and a Submitted one as done', async () => {
    stubApi();
    render(superCco);
    const table = await screen.findByRole('table', { name: 'Attestation Submission Status' });
    const lateRow = (await within(table).findByRole('cell', { name: 'Late, Pat' })).closest('tr') as HTMLElement;
    const badge = within(lateRow).getByText('Delinquent').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.getAttribute('style')).toContain('--mantine-color-red-8');
    expect(badge.querySelector('svg')).not.toBeNull();
    expect(lateRow.className).toMatch(/problem/);

    const filedRow = within(table).getByRole('cell', { name: 'Filed, Pat' }).closest('tr') as HTMLElement;
    const done = within(filedRow).getByText('Submitted').closest('.mantine-Badge-root') as HTMLElement;
    expect(done.getAttribute('style')).toContain('--mantine-color-blue-8');
    expect(filedRow.className).not.toMatch(/problem/);
    // Only those who have not filed can be reminded.
    expect(within(filedRow).queryByRole('button', { name: /Send a reminder/ })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Send a reminder to Waiting, Pat' })).toBeTruthy();
  });

  it('says a search found nobody, rather than that the period has nobody', async () => {
    stubApi();
    render(superCco, `${PATH}?search=zzzz`);
    expect(await screen.findByText('No supervised person of this period matches the search.')).toBeTruthy();
    expect(screen.queryByText('No supervised persons found for this period.')).toBeNull();
  });

  it('offers no second reminder the same day to someone reminded less than a day ago', async () => {
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    stubApi(1, undefined, { rows: [row(1, 'Late', 'Delinquent', { last_reminded_at: anHourAgo }), ROWS[1]] });
    render(superCco);
    const table = await screen.findByRole('table', { name: 'Attestation Submission Status' });
    const late = await within(table).findByRole('button', { name: 'Send a reminder to Late, Pat' });
    expect((late as HTMLButtonElement).disabled).toBe(true);
    const waiting = within(table).getByRole('button', { name: 'Send a reminder to Waiting, Pat' });
    expect((waiting as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a reminder was sent only once the server has sent it', async () => {
    const calls = stubApi(1, { status: 409, detail: 'This person has already filed the attestation for FY2026 Q2.' });
    render(superCco);
    const table = await screen.findByRole('table', { name: 'Attestation Submission Status' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Send a reminder to Late, Pat' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    // The refusal refreshes the rows (the person may have filed meanwhile) and claims nothing was sent.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(2));
    expect(screen.queryByText('A quarterly attestation notification was sent to the supervised person')).toBeNull();
  });

  it('reminds one person with their user id, says so once sent, and shows when they were last reminded', async () => {
    const calls = stubApi();
    render(superCco);
    const table = await screen.findByRole('table', { name: 'Attestation Submission Status' });
    const lateRow = (await within(table).findByRole('cell', { name: 'Late, Pat' })).closest('tr') as HTMLElement;
    expect(lateRow.textContent).toMatch(/10\/17\/2026 \d\d:30 (AM|PM)/);
    const waitingRow = within(table).getByRole('cell', { name: 'Waiting, Pat' }).closest('tr') as HTMLElement;
    expect(waitingRow.textContent).toContain('—');

    await userEvent.click(within(table).getByRole('button', { name: 'Send a reminder to Late, Pat' }));
    expect(
      await screen.findByText('A quarterly attestation notification was sent to the supervised person'),
    ).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/quarterly_attestations/send_email/',
      body: { supervisedPersonUserId: 101, fiscalYear: 2026, fiscalQuarter: 2 },
    });
  });

  it('offers no reminder for a quarter other than the one being filed now (the form files no other)', async () => {
    stubApi();
    render(superCco, `${PATH}?fiscalYear=2025&fiscalQuarter=4&firm=10`);
    const table = await screen.findByRole('table', { name: 'Attestation Submission Status' });
    expect(await within(table).findByRole('cell', { name: 'Late, Pat' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Send a reminder/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remind all pending' })).toBeNull();
  });

  it('sends one reminder however quickly the icon is clicked again, the icon disabled until the answer', async () => {
    let answer: () => void = () => {};
    const calls = stubApi(1, undefined, {
      answered: new Promise<void>((resolve) => {
        answer = resolve;
      }),
    });
    render(superCco);
    const table = await screen.findByRole('table', { name: 'Attestation Submission Status' });
    const icon = await within(table).findByRole('button', { name: 'Send a reminder to Late, Pat' });
    await userEvent.dblClick(icon);
    await userEvent.click(icon);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect((icon as HTMLButtonElement).disabled).toBe(true);
    // Another person's reminder is not held up.
    expect(
      (within(table).getByRole('button', { name: 'Send a reminder to Waiting, Pat' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    answer();
    expect(
      await screen.findByText('A quarterly attestation notification was sent to the supervised person'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(table).getByRole('button', { name: 'Send a reminder to Late, Pat' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('filters by the firm chosen in the sidebar and reminds all its pending persons after asking', async () => {
    const calls = stubApi(2);
    const { href } = render(superCco);
    expect(screen.queryByRole('button', { name: 'Remind all pending' })).toBeNull();
    const firms = await screen.findByRole('navigation', { name: 'Firms' });
    await userEvent.click(await within(firms).findByRole('button', { name: /Dover Wealth/ }));
    expect(href()).toContain('firm=10');
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('page_size=25') && c.url.includes('firm=10'))).toBe(true),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Remind all pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind all pending' });
    expect(dialog.textContent).toContain(
      'Email a reminder to each of the 2 supervised persons of Dover Wealth who have not attested for FY2026 Q2? Anyone whose account is not active cannot sign in and is not reminded.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reminders' }));
    expect(await screen.findByText('Reminders were sent to 2 supervised persons.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/quarterly_attestations/send_reminders/',
      body: { firm: 10, fiscalYear: 2026, fiscalQuarter: 2 },
    });
  });

  it('says who was not reminded because their account is not active, not that everyone has attested', async () => {
    stubApi(0, undefined, { skippedInactive: 2 });
    render(superCco);
    const firms = await screen.findByRole('navigation', { name: 'Firms' });
    await userEvent.click(await within(firms).findByRole('button', { name: /Dover Wealth/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remind all pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind all pending' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reminders' }));
    expect(
      await screen.findByText(
        'Nobody was reminded. 2 supervised persons who have not attested were not reminded: their accounts are not active.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/everyone has attested/)).toBeNull();
  });

  it('asks the server for the status and period chosen', async () => {
    const calls = stubApi();
    render(superCco, `${PATH}?status=Delinquent&fiscalYear=2025&fiscalQuarter=4`);
    await screen.findByRole('table', { name: 'Attestation Submission Status' });
    await waitFor(() => expect(calls.some((c) => c.url.includes('page_size=25'))).toBe(true));
    const list = calls.find((c) => c.url.includes('page_size=25'));
    expect(list?.url).toContain('status=Delinquent');
    expect(list?.url).toContain('fiscalYear=2025');
    expect(list?.url).toContain('fiscalQuarter=4');
    expect((screen.getByRole('radio', { name: 'Delinquent' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("a firm CCO's submission status", () => {
  it('is their own firm only, whatever the link says, with no All entry', async () => {
    const calls = stubApi();
    render(cco, `${PATH}?firm=11`);
    const firms = await screen.findByRole('navigation', { name: 'Firms' });
    await within(firms).findByRole('button', { name: /Dover Wealth/ });
    expect(within(firms).queryByRole('button', { name: /All firms/ })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url.includes('page_size=25'))).toBe(true));
    expect(calls.find((c) => c.url.includes('page_size=25'))?.url).toContain('firm=10');
    expect(await screen.findByRole('button', { name: 'Remind all pending' })).toBeTruthy();
  });
});
