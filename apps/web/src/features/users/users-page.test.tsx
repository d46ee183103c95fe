import { messages, ProfileType, type User, type UserListItem } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../lib/current-user';
import { renderAtUrl, testQueryClient } from '../../testing/render';
import { recordToasts } from '../../testing/toasts';
import { UsersPage } from './users-page';

const { shown: notified } = recordToasts();

const profile = { _firm: 1, profile_type: ProfileType.StandardUser, is_super_admin: false, is_super_cco: false };
/** A row of the list: only what the list shows and its row actions read. */
const person = (id: number, last: string, extra: Partial<UserListItem> = {}): UserListItem => ({
  id,
  email: `${last.toLowerCase()}@example.test`,
  first_name: 'Pat',
  last_name: last,
  is_active: false,
  last_login: null,
  advisor: null,
  invitation_pending: false,
  profile_type_name: 'Standard User',
  profile,
  ...extra,
});
/** The whole record of a row, as GET /api/users/{id}/ answers it. */
const recordOf = (row: UserListItem, extra: Partial<User['profile']> = {}): User => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  middle_name: null,
  last_name: row.last_name,
  suffix: null,
  salutation: null,
  is_active: row.is_active,
  last_login: row.last_login,
  invitation_pending: row.invitation_pending,
  pending_email: null,
  is_admin: false,
  advisor: row.advisor,
  created_by: null,
  profile: {
    ...row.profile,
    is_cco: false,
    is_manager: false,
    is_investments_user: false,
    is_support_handler: false,
    is_exhibit_b_investor_profile_form_user: false,
    is_using_fidelity: false,
    is_using_national_advisors_trust: false,
    is_using_schwab: false,
    is_using_td_ameritrade: false,
    title: null,
    company: null,
    department: null,
    phone: null,
    phone_extension: null,
    mobile_phone: null,
    fax: null,
    address_line_1: null,
    address_line_2: null,
    city: null,
    state: null,
    zip: null,
    country: null,
    ...extra,
  },
});
const admin = recordOf(
  person(1, 'Admin', { is_active: true, profile: { ...profile, profile_type: ProfileType.Administrator } }),
);

let invited: UserListItem;
let calls: { method: string; url: string; body?: unknown }[];
/** The answer of GET /api/users/8/ (the Edit form's record); a test may hold it back. */
let settledRecord: () => Promise<Response>;

beforeEach(() => {
  notified.length = 0;
  calls = [];
  invited = person(7, 'Invitee', { invitation_pending: true });
  const active = person(8, 'Settled', { is_active: true, last_login: '2026-01-02T03:04:05Z' });
  const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  settledRecord = async () => answer(recordOf(active, { phone: '(206) 555-0100', city: 'Seattle' }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/users/8/' && method === 'GET') return settledRecord();
      if (url === '/api/users/8/' && method === 'PUT') return answer(init.body && JSON.parse(String(init.body)));
      if (url === '/api/users/7/' && method === 'GET') return answer({ detail: messages.http.notFound }, 404);
      if (url.startsWith('/api/users/filter/'))
        return answer({ count: 2, next: null, previous: null, results: [invited, active] });
      if (url === '/api/users/7/cancel_invitation/') {
        invited = { ...invited, invitation_pending: false };
        return answer(invited);
      }
      return answer({ count: 0, next: null, previous: null, results: [] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(currentUserKey, admin);
  return renderAtUrl(<UsersPage />, '/users/', { queryClient });
}

describe('the users page', () => {
  it('badges an invited account and offers to cancel its invitation, an activated one neither', async () => {
    renderPage();
    const row = (await screen.findByRole('cell', { name: 'Invitee, Pat' })).closest('tr') as HTMLElement;
    expect(within(row).getByText(messages.users.invited)).toBeTruthy();
    const settled = screen.getByRole('cell', { name: 'Settled, Pat' }).closest('tr') as HTMLElement;
    expect(within(settled).queryByText(messages.users.invited)).toBeNull();

    await userEvent.click(within(settled).getByRole('button', { name: 'Actions for Settled, Pat' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: messages.users.cancelInvitation })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Invitee, Pat' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: messages.users.cancelInvitation }));
    const dialog = await screen.findByRole('dialog', { name: messages.users.cancelInvitationTitle('Pat Invitee') });
    expect(within(dialog).getByText(messages.users.cancelInvitationQuestion('invitee@example.test'))).toBeTruthy();

    // Keeping it sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: messages.users.keepInvitation }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Invitee, Pat' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: messages.users.cancelInvitation }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: messages.users.cancelInvitation }));
    await waitFor(() => expect(notified).toEqual([messages.users.invitationCancelled]));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/users/7/cancel_invitation/']);
    // The list is asked again and the badge goes.
    await waitFor(() => {
      const fresh = screen.getByRole('cell', { name: 'Invitee, Pat' }).closest('tr') as HTMLElement;
      expect(within(fresh).queryByText(messages.users.invited)).toBeNull();
    });
  });

  it('sends an active account a password reset link from its row, keeping its password; an invited one has none', async () => {
    renderPage();
    const settled = (await screen.findByRole('cell', { name: 'Settled, Pat' })).closest('tr') as HTMLElement;
    await userEvent.click(within(settled).getByRole('button', { name: 'Actions for Settled, Pat' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: messages.users.sendResetLink }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/users/8/send_account_activation_link/',
        body: { userId: 8, generateNewPassword: false },
      }),
    );
    await userEvent.keyboard('{Escape}');
    const row = screen.getByRole('cell', { name: 'Invitee, Pat' }).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Invitee, Pat' }));
    expect(await screen.findByRole('menuitem', { name: messages.users.cancelInvitation })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: messages.users.sendResetLink })).toBeNull();
  });

  it('opens Edit on the whole record, loaded for the form, and reloads the list after the save', async () => {
    let give: (response: Response) => void = () => {};
    const held = new Promise<Response>((resolve) => {
      give = resolve;
    });
    const stored = settledRecord;
    settledRecord = () => held;
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Settled, Pat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pat Settled' });
    // The row has no phone or address: until the record arrives, the form waits.
    expect(await within(dialog).findByLabelText(messages.users.loading)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Phone')).toBeNull();
    give(
      new Response(
        JSON.stringify(
          recordOf(person(8, 'Settled', { is_active: true }), { phone: '(206) 555-0100', city: 'Seattle' }),
        ),
      ),
    );
    expect(await within(dialog).findByDisplayValue('(206) 555-0100')).toBeTruthy();
    expect(within(dialog).getByLabelText('City')).toHaveProperty('value', 'Seattle');

    const listCalls = () => calls.filter((c) => c.url.startsWith('/api/users/filter/')).length;
    const before = listCalls();
    await userEvent.clear(within(dialog).getByLabelText('City'));
    await userEvent.type(within(dialog).getByLabelText('City'), 'Tacoma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified).toEqual([messages.users.updated]));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/users/8/');
    // The stored fields the person did not touch go back as loaded.
    expect(put?.body).toMatchObject({
      email: 'settled@example.test',
      profile: { city: 'Tacoma', phone: '(206) 555-0100' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));

    // Edit again: the record is asked anew, not taken from the last visit.
    const recordCalls = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/users/8/').length;
    expect(recordCalls()).toBe(1);
    settledRecord = stored;
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settled, Pat' }));
    expect(await screen.findByDisplayValue('(206) 555-0100')).toBeTruthy();
    expect(recordCalls()).toBe(2);
  });

  it('shows an address change waiting for its owner in the form, and withdraws it', async () => {
    const record = recordOf(person(8, 'Settled', { is_active: true }));
    settledRecord = async () => new Response(JSON.stringify({ ...record, pending_email: 'tpyo@example.test' }));
    const cancelled = vi.fn(() => new Response(JSON.stringify(record)));
    const fetchStub = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (url, init) =>
      url === '/api/users/8/cancel_email_change/' ? cancelled() : (fetchStub as typeof fetch)(url, init),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Settled, Pat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pat Settled' });
    expect(await within(dialog).findByText(messages.users.emailChangePending('tpyo@example.test'))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: messages.users.cancelEmailChange }));
    await waitFor(() => expect(notified).toEqual([messages.users.emailChangeCancelled]));
    expect(cancelled).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(within(dialog).queryByText(messages.users.emailChangePending('tpyo@example.test'))).toBeNull(),
    );
  });

  it('says so in the modal when the record cannot be loaded', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Invitee, Pat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pat Invitee' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(messages.users.loadFailed);
    expect(alert.textContent).toContain(messages.http.notFound);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
