import { messages, type User, type UserListItem } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../lib/current-user';
import { renderAtUrl, testQueryClient } from '../../testing/render';
import { UsersPage } from './users-page';

const notified = vi.hoisted(() => [] as string[]);
vi.mock('../../lib/notify', () => ({
  notifySuccess: (message: string) => notified.push(message),
  notifyError: (message: string) => notified.push(message),
}));

const profile = {
  _firm: 1,
  profile_type: 3,
  is_cco: false,
  is_super_cco: false,
  is_super_admin: false,
  is_manager: false,
  is_investments_user: false,
};
const person = (id: number, last: string, extra: Partial<UserListItem> = {}) =>
  ({
    id,
    email: `${last.toLowerCase()}@example.test`,
    first_name: 'Pat',
    last_name: last,
    is_active: false,
    is_admin: false,
    last_login: null,
    advisor: null,
    invitation_pending: false,
    firm_name: 'Alpha',
    profile_type_name: 'Standard User',
    profile,
    ...extra,
  }) as UserListItem;
const admin = person(1, 'Admin', {
  is_active: true,
  profile: { ...profile, profile_type: 1 } as UserListItem['profile'],
}) as unknown as User;

let invited: UserListItem;
let calls: { method: string; url: string }[];

beforeEach(() => {
  notified.length = 0;
  calls = [];
  invited = person(7, 'Invitee', { invitation_pending: true });
  const active = person(8, 'Settled', { is_active: true, last_login: '2026-01-02T03:04:05Z' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url });
      const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
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
});
