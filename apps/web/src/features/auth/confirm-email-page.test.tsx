import { messages } from '@portal/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { ConfirmEmailPage } from './confirm-email-page';

const m = messages.settings;
let bodies: unknown[];
let answer: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      bodies.push(body);
      return answer(body);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('the link mailed to a new address', () => {
  it('confirms with a click; when someone else asked, it asks for the password and says a wrong one on its input', async () => {
    answer = (body) =>
      body.password === 'my own password'
        ? json({ detail: m.emailChanged })
        : body.password
          ? json(
              { detail: messages.auth.currentPasswordWrong, fields: { password: messages.auth.currentPasswordWrong } },
              400,
            )
          : json({ detail: m.confirmEmailPasswordRequired, fields: { password: m.confirmEmailPasswordRequired } }, 400);
    renderAtUrl(<ConfirmEmailPage />, '/account/email/confirm/MTI/tok', { path: '/account/email/confirm/:uid/:token' });
    expect(screen.queryByLabelText('Password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: m.confirmEmailButton }));
    expect(await screen.findByText(m.confirmEmailPasswordPrompt)).toBeTruthy();
    expect(bodies[0]).toEqual({ uid: 'MTI', token: 'tok', password: null });

    await userEvent.type(screen.getByLabelText('Password'), 'a guess');
    await userEvent.click(screen.getByRole('button', { name: m.confirmEmailButton }));
    expect(await screen.findByText(messages.auth.currentPasswordWrong)).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'my own password');
    await userEvent.click(screen.getByRole('button', { name: m.confirmEmailButton }));
    expect(await screen.findByText(m.emailChanged)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
  });

  it('says above the button when the link is used or expired', async () => {
    answer = () => json({ detail: messages.auth.invalidLink, fields: { token: messages.auth.invalidLink } }, 400);
    renderAtUrl(<ConfirmEmailPage />, '/account/email/confirm/MTI/old', { path: '/account/email/confirm/:uid/:token' });
    await userEvent.click(screen.getByRole('button', { name: m.confirmEmailButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.invalidLink);
  });
});
