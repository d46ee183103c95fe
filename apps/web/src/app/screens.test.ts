import { menu } from '@portal/domain';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Screen, screenPreloads, screens } from './screens';

// The routed modules' text, to find the component each declaration names.
const sources = import.meta.glob<string>('../features/*/*-{page,pages,tab}.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const all = (list: readonly Screen[]): Screen[] => list.flatMap((s) => [s, ...all(s.tabs ?? [])]);
const trim = (p: string) => p.replace(/\/$/, '') || '/';

describe('the screens the features declare', () => {
  it('name a component their module exports', () => {
    for (const screen of all(screens).filter((s) => s.page)) {
      const [, name] = screen.page ?? [];
      const source = sources[(screen.file ?? '').replace('src/', '../')] ?? '';
      expect(source, `${screen.file} exports ${name}`).toMatch(new RegExp(`export (function|const) ${name}\\b`));
    }
  });

  it('give every menu entry of the app a screen, under the guard of who may open it', () => {
    const entries = menu.flatMap((g) => (Array.isArray(g.entries) ? g.entries : [])).filter((e) => !e.external);
    for (const entry of entries) {
      const screen = screens.find((s) => s.path !== undefined && matchPath(trim(s.path), trim(entry.to)));
      expect(screen, entry.to).toBeDefined();
      if (entry.allowed) expect(screen?.allowed, entry.to).toBe(entry.allowed);
    }
  });

  it('declare each address once', () => {
    const paths = screenPreloads().map((p) => trim(p.path));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['/users', '/settings/profile', '/compliance/attestations/:id/new']));
  });

  it('preload a signed-in screen with the signed-in header and the guard call, a public one with neither', () => {
    const preloads = screenPreloads();
    expect(preloads.find((p) => p.path === '/settings/email')).toEqual({
      path: '/settings/email',
      modules: [
        'src/app/shell/signed-in-header.tsx',
        'src/features/settings/settings-page.tsx',
        'src/features/settings/email-tab.tsx',
      ],
      fetch: ['/api/auth/user/'],
    });
    expect(preloads.find((p) => p.path === '/account/logout')).toEqual({
      path: '/account/logout',
      modules: ['src/features/auth/logout-page.tsx'],
      fetch: [],
    });
  });
});
