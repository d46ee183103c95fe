import { messages } from '@portal/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { ConfirmEmailPage } from './confirm-email-page';

const m = messages.settings;
const PREVIEW = '/api/account_settings/confirm_email/preview/';
let confirmations: unknown[];
let preview: () => Response;
let confirm: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  confirmations = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      if (url === PREVIEW) return preview();
      confirmations.push(body);
      return confirm(body);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const open = (token = 'tok') =>
  renderAtUrl(<ConfirmEmailPage />, `/account/email/confirm/MTI/${token}`, {
    path: '/account/email/confirm/:uid/:token',
  });

describe('the link mailed to a new address', () => {
  it('says which account and address, and confirms with a click when the person asked themselves', async () => {
    preview = () => json({ account: 'c•••@demo.test', new_email: 'new@example.test', password_required: false });
    confirm = () => json({ detail: m.emailChanged });
    open();
    expect(await screen.findByText(m.confirmEmailWhat('c•••@demo.test', 'new@example.test'))).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: m.confirmEmailButton }));
    expect(await screen.findByText(m.emailChanged)).toBeTruthy();
    expect(confirmations).toEqual([{ uid: 'MTI', token: 'tok', password: null }]);
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
  });

  it('asks for the password when someone else asked, and says a wrong one on its input', async () => {
    preview = () => json({ account: 'c•••@demo.test', new_email: 'new@example.test', password_required: true });
    const wrong = m.confirmEmailPasswordWrong;
    confirm = (body) =>
      body.password === 'my own password'
        ? json({ detail: m.emailChanged })
        : json({ detail: wrong, fields: { password: wrong } }, 400);
    open();
    expect(await screen.findByText(m.confirmEmailPasswordPrompt)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'a guess');
    await userEvent.click(screen.getByRole('button', { name: m.confirmEmailButton }));
    expect(await screen.findByText(wrong)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'my own password');
    await userEvent.click(screen.getByRole('button', { name: m.confirmEmailButton }));
    expect(await screen.findByText(m.emailChanged)).toBeTruthy();
  });

  it('says so, with nothing to press, when the link is used or expired', async () => {
    preview = () => json({ detail: messages.auth.invalidLink, fields: { token: messages.auth.invalidLink } }, 400);
    open('old');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.invalidLink);
    expect(screen.queryByRole('button', { name: m.confirmEmailButton })).toBeNull();
  });
});
