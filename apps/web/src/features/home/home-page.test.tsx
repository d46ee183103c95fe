import type { User } from '@portal/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { HomePage } from './home-page';

const withType = (profile_type: number) =>
  ({ ...testUser({}, { id: 9 }), profile: { ...testUser().profile, profile_type } }) as User;

/** `GET /api/firm_links/` as the server answers each person: only the kinds their menus show. */
function serveLinks(results: { kind: string; label: string; url: string; service_provider?: string }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith('/api/firm_links/')) return new Response('{}', { status: 404 });
      const page = results.map((l, i) => ({ id: i + 1, firm: 10, updated_at: '2026-10-01T00:00:00Z', ...l }));
      return new Response(JSON.stringify({ count: page.length, next: null, previous: null, results: page }));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the home grid with the firm's configured links", () => {
  it("gives a client a Financial Planning card with their firm's link, opening in a new tab", async () => {
    serveLinks([{ kind: 'financial_planning', label: 'eMoney', url: 'https://wealth.emoneyadvisor.com' }]);
    renderAtUrl(<HomePage />, '/', { user: withType(4) });
    const link = await screen.findByRole('link', { name: 'eMoney' });
    expect(link.getAttribute('href')).toBe('https://wealth.emoneyadvisor.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('heading', { name: 'Financial Planning' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Document Vault' })).toBeTruthy();
  });

  it("adds the firm's portfolio system to an advisor's Links card", async () => {
    serveLinks([{ kind: 'portfolio', label: 'Orion', url: 'https://login.orionadvisor.com' }]);
    renderAtUrl(<HomePage />, '/', { user: withType(2) });
    expect((await screen.findByRole('link', { name: 'Orion' })).getAttribute('href')).toBe(
      'https://login.orionadvisor.com',
    );
    expect(screen.getByRole('link', { name: 'Schwab' })).toBeTruthy();
  });

  it("opens a portfolio system that signs in through single sign-on by the portal's sign-on call, in a new tab", async () => {
    serveLinks([
      { kind: 'portfolio', label: 'Orion', url: 'https://login.orionadvisor.com', service_provider: 'orion' },
    ]);
    renderAtUrl(<HomePage />, '/', { user: withType(2) });
    const link = await screen.findByRole('link', { name: 'Orion' });
    expect(link.getAttribute('href')).toBe('/api/sso/init/?sp=orion');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
