import { messages, type User } from '@portal/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../lib/current-user';
import { renderAtUrl, testQueryClient } from '../../testing/render';
import { EmailTab } from './email-tab';
import { PasswordTab } from './password-tab';

const me = { id: 3, email: 'me@example.test', first_name: 'Me' } as User;
let fetched: string[];
let pendingState: object;

beforeEach(() => {
  fetched = [];
  pendingState = { email: me.email, pending_email: null, requested_at: null, expires_at: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      // Reads of the tab's own state are not calls that change anything.
      if (method === 'GET') return new Response(JSON.stringify(pendingState), { status: 200 });
      fetched.push(`${method} ${url}`);
      return new Response('{}', { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderTab(tab: 'email' | 'password') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(currentUserKey, me);
  return renderAtUrl(tab === 'email' ? <EmailTab /> : <PasswordTab />, `/settings/${tab}`, { queryClient });
}

describe('the Email and Password tabs of Settings', () => {
  it.each(['email', 'password'] as const)(
    'the %s tab asks for the current password, as the browser fills it, before it calls the server',
    async (tab) => {
      renderTab(tab);
      const field = screen.getByLabelText(messages.settings.currentPassword);
      expect(field.getAttribute('autocomplete')).toBe('current-password');
      expect(field.getAttribute('type')).toBe('password');
      await userEvent.click(screen.getByRole('button', { name: tab === 'email' ? 'Update email' : 'Change password' }));
      expect(await screen.findByText(messages.auth.enterPassword)).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'Show password' }).length).toBeGreaterThan(0);
      expect(fetched).toEqual([]);
    },
  );

  it('the Email tab shows a change waiting for its link, and resends or cancels it', async () => {
    pendingState = {
      email: me.email,
      pending_email: 'new@example.test',
      requested_at: '2026-11-28T10:00:00Z',
      expires_at: '2026-11-29T10:00:00Z',
    };
    renderTab('email');
    expect(await screen.findByText(messages.settings.emailChangePending('new@example.test'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: messages.settings.resendEmailChange }));
    await userEvent.click(screen.getByRole('button', { name: messages.settings.cancelEmailChange }));
    expect(fetched).toEqual([
      'POST /api/account_settings/change_email/resend/',
      'DELETE /api/account_settings/change_email/',
    ]);
  });
});
