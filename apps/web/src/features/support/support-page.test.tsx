import { messages, type SupportTicket } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPortalDateTime } from '../../lib/dates';
import { renderAtUrl } from '../../testing/render';
import { recordToasts } from '../../testing/toasts';
import { testUser } from '../../testing/users';
import { HelpRequestsPage, PrayerRequestsPage } from './support-page';

const { shown: notified } = recordToasts();

const m = messages.support;
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const stored: SupportTicket = {
  Id: 7,
  CaseNumber: '00001007',
  Subject: 'Printer jammed',
  Status: 'In Progress',
  Category__c: 'Technology',
  Type: 'New Problem',
  Priority: 'High',
  Reason: 'Problem',
  Description: 'Paper stuck.',
  Origin: 'Web',
  CreatedDate: '2026-11-26T14:05:00.000Z',
  ClosedDate: null,
  EverSource_Portal_User_ID__c: 4,
  SuppliedName: 'Sid Staff',
  SuppliedEmail: 'sid@example.test',
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function serve(rows: SupportTicket[], calls: Call[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/replies/')) return new Response(JSON.stringify(page([])), { status: 200 });
      if (method === 'POST') return new Response(JSON.stringify({ ...stored, Id: 8 }), { status: 201 });
      if (/\/api\/support_tickets\/\d+\//.test(url)) return new Response(JSON.stringify(stored), { status: 200 });
      return new Response(JSON.stringify(page(rows)), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the support cases screen', () => {
  it("shows the case columns, dates as MM/DD/YYYY hh:mm A on the portal's clock, and the empty text", async () => {
    serve([stored]);
    renderAtUrl(<HelpRequestsPage />, '/support/', { user: testUser() });
    expect(await screen.findByRole('cell', { name: 'Printer jammed' })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    for (const label of [
      'Case #',
      'Subject',
      'Status',
      'Category',
      'Type',
      'Priority',
      'Date/Time Opened',
      'Date/Time Closed',
    ])
      expect(headers.some((h) => h?.startsWith(label))).toBe(true);
    // 14:05 UTC is 09:05 AM in New York.
    expect(screen.getByRole('cell', { name: '11/26/2026 09:05 AM' })).toBeTruthy();
    expect(formatPortalDateTime('2026-07-01T23:30:00.000Z')).toBe('07/01/2026 07:30 PM');

    vi.unstubAllGlobals();
    serve([]);
    renderAtUrl(<HelpRequestsPage />, '/support/', { user: testUser() });
    expect(await screen.findByText(m.empty)).toBeTruthy();
  });

  it("'New' opens 'New Case': subject and category are checked before anything is sent", async () => {
    const calls = serve([]);
    renderAtUrl(<HelpRequestsPage />, '/support/', { user: testUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: m.newTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(m.subjectRequired)).toBeTruthy();
    expect(within(dialog).getByText(m.categoryRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('Prayer Requests lists the Prayer Request category and presets it on a new case', async () => {
    const calls = serve([]);
    renderAtUrl(<PrayerRequestsPage />, '/support/prayer-requests/', { user: testUser() });
    expect(await screen.findByRole('heading', { name: m.prayerTitle })).toBeTruthy();
    await screen.findByText(m.empty);
    expect(calls[0].url).toContain('category=Prayer+Request');
    await userEvent.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: m.newTitle });
    expect(within(dialog).getByRole('combobox', { name: /^Category/ })).toHaveProperty('value', 'Prayer Request');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'For my family');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(notified).toContain(m.submitted));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      Subject: 'For my family',
      Category__c: 'Prayer Request',
    });
  });

  it("a case's modal is titled by its subject; its status is disabled for the submitter and open to a handler", async () => {
    serve([stored]);
    renderAtUrl(<HelpRequestsPage />, '/support/?case=7', { user: testUser() });
    const dialog = await screen.findByRole('dialog', { name: 'Printer jammed' });
    const status = await within(dialog).findByRole('combobox', { name: /^Status/ });
    expect(status).toHaveProperty('disabled', true);
    expect(within(dialog).getByText(m.noReplies)).toBeTruthy();
  });

  it('a handler sets the status: the PUT sends the case back with it, and says so', async () => {
    const calls = serve([stored]);
    const handler = { ...testUser({}, { id: 9 }), is_admin: true };
    renderAtUrl(<HelpRequestsPage />, '/support/?case=7', { user: handler });
    const dialog = await screen.findByRole('dialog', { name: 'Printer jammed' });
    const status = await within(dialog).findByRole('combobox', { name: /^Status/ });
    expect(status).toHaveProperty('disabled', false);
    await userEvent.click(status);
    await userEvent.click(await screen.findByRole('option', { name: 'Closed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified).toContain(m.updated));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/support_tickets/7/',
      body: { Id: 7, CaseNumber: '00001007', Status: 'Closed', Subject: 'Printer jammed' },
    });
  });

  it('a reply is sent from the case, refused empty before anything is sent, and said so', async () => {
    const calls = serve([stored]);
    renderAtUrl(<HelpRequestsPage />, '/support/?case=7', { user: testUser() });
    const dialog = await screen.findByRole('dialog', { name: 'Printer jammed' });
    await within(dialog).findByText(m.noReplies);
    await userEvent.click(within(dialog).getByRole('button', { name: m.sendReply }));
    expect(await within(dialog).findByText(m.replyRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: m.replyLabel }), 'Still stuck.');
    await userEvent.click(within(dialog).getByRole('button', { name: m.sendReply }));
    await waitFor(() => expect(notified).toContain(m.replied));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/support_tickets/7/replies/',
      body: { CommentBody: 'Still stuck.' },
    });
  });
});
