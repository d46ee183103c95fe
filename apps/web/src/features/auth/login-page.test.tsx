import { authMessages, type User } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { LoginPage } from './login-page';

const user = { id: 7, email: 'ada@example.test', first_name: 'Ada' } as User;
let calls: { url: string; body: unknown }[];
let answers: Record<string, () => Response>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answers[url]();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

async function signInWithPassword() {
  await userEvent.type(screen.getByLabelText('Email'), user.email);
  await userEvent.type(screen.getByLabelText('Password'), 'secret password');
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('signing in with a second factor', () => {
  it('asks for the code when the server answers the second step, then goes where the person was going', async () => {
    answers = {
      '/api/auth/login/': () => json({ mfa_required: true, mfa_token: 'step-1', methods: ['totp', 'recovery_code'] }),
      '/api/auth/login/mfa/': () => json({ token: 't', user }),
    };
    const view = renderAtUrl(<LoginPage />, '/account/login?next=%2Fusers');
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: authMessages.mfaTitle })).toBeTruthy();
    // No passkey on this account: no passkey button.
    expect(screen.queryByRole('button', { name: authMessages.mfaUsePasskey })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: authMessages.mfaVerify }));
    expect(await screen.findByText(authMessages.mfaEnterCode)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(authMessages.mfaCode), ' 123 456 ');
    await userEvent.click(screen.getByRole('button', { name: authMessages.mfaVerify }));
    await waitFor(() => expect(view.href()).toBe('/users'));
    expect(calls.at(-1)).toEqual({ url: '/api/auth/login/mfa/', body: { mfa_token: 'step-1', code: '123 456' } });
  });

  it('offers the passkey when the account has one, and shows the refusal of a wrong code', async () => {
    answers = {
      '/api/auth/login/': () =>
        json({ mfa_required: true, mfa_token: 'step-2', methods: ['totp', 'webauthn'], webauthn: { challenge: 'c' } }),
      '/api/auth/login/mfa/': () =>
        json({ detail: 'That code is not right.', fields: { code: 'That code is not right.' } }, 400),
    };
    renderAtUrl(<LoginPage />, '/account/login');
    await signInWithPassword();
    expect(await screen.findByRole('button', { name: authMessages.mfaUsePasskey })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(authMessages.mfaCode), '000000');
    await userEvent.click(screen.getByRole('button', { name: authMessages.mfaVerify }));
    expect((await screen.findByRole('alert')).textContent).toContain('That code is not right.');
  });

  it('a person whose firm requires a factor they lack is sent to set one up, then on to where they were going', async () => {
    answers = { '/api/auth/login/': () => json({ token: 't', user, mfa_setup_required: true }) };
    const view = renderAtUrl(<LoginPage />, '/account/login?next=%2Fsettings');
    await signInWithPassword();
    await waitFor(() => expect(view.href()).toBe('/account/two-factor?next=%2Fsettings'));
  });
});

describe('signed out by the server', () => {
  it('says the session went idle, with its minutes', () => {
    renderAtUrl(<LoginPage />, '/account/login?idle=30');
    expect(screen.getByText(authMessages.idleSignedOut(30))).toBeTruthy();
  });

  it('says the session was ended from elsewhere', () => {
    renderAtUrl(<LoginPage />, '/account/login?ended=1&next=%2Fusers');
    expect(screen.getByText(authMessages.sessionEnded)).toBeTruthy();
  });

  it('ignores a parameter it does not know', () => {
    renderAtUrl(<LoginPage />, '/account/login?idle=99999&ended=yes');
    expect(screen.queryByText(authMessages.sessionEnded)).toBeNull();
    expect(screen.queryByText(/without activity/)).toBeNull();
  });
});
