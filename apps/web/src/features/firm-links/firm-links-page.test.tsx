import { type FirmLink, messages, ProfileType, type User } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { FirmLinkForm } from './firm-link-form';
import { FirmLinksPage } from './firm-links-page';

const m = messages.firmLinks;
const admin = {
  ...testUser({}, { id: 3 }),
  profile: { ...testUser().profile, profile_type: ProfileType.Administrator },
} as User;
const link: FirmLink = {
  id: 1,
  firm: 10,
  kind: 'portfolio',
  label: 'Orion',
  url: 'https://login.orionadvisor.com',
  service_provider: null,
  updated_at: '2026-10-01T00:00:00.000Z',
};

function serve(calls: { url: string; method: string; body?: string }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body as string | undefined });
      if (init.method === 'POST') return new Response(JSON.stringify({ ...link, id: 2 }), { status: 201 });
      return new Response(JSON.stringify({ count: 1, next: null, previous: null, results: [link] }));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the firm links setup screen', () => {
  it("lists the administrator's own firm's links", async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    serve(calls);
    renderAtUrl(<FirmLinksPage />, '/setup/firm-links', { user: admin });
    expect(await screen.findByRole('cell', { name: 'Orion' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: m.kinds.portfolio })).toBeTruthy();
    expect(calls[0].url).toContain('firm=10');
    expect(screen.getByRole('button', { name: m.add })).toBeTruthy();
  });

  it('adds a link, refusing an address that is not a web page before anything is sent', async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    serve(calls);
    renderAtUrl(<FirmLinkForm firm={10} link={null} onDone={() => {}} />, '/');
    await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${m.kindLabel}`) }));
    await userEvent.click(await screen.findByRole('option', { name: m.kinds.financial_planning }));
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(`^${m.labelLabel}`) }), 'eMoney');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(`^${m.urlLabel}`) }), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(m.urlInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.clear(screen.getByRole('textbox', { name: new RegExp(`^${m.urlLabel}`) }));
    await userEvent.type(
      screen.getByRole('textbox', { name: new RegExp(`^${m.urlLabel}`) }),
      'https://wealth.emoneyadvisor.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toEqual({
      firm: 10,
      kind: 'financial_planning',
      label: 'eMoney',
      url: 'https://wealth.emoneyadvisor.com',
      service_provider: null,
    });
  });
});
