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

beforeEach(() => {
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
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
});
