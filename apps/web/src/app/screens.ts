import type { ComponentType } from 'react';
import type { ScreenDeclaration } from '../lib/screens';

/**
 * Every feature's screens, gathered from the features' `<feature>-screens.ts`: the router and the
 * first visit's preloads (vite.config.ts reads `screenPreloads` at build) are derived from them, so
 * a new screen is declared in its feature and nowhere else.
 */
const declared = import.meta.glob<Record<string, readonly ScreenDeclaration[]>>('../features/*/*-screens.ts', {
  eager: true,
});
/** The routed modules, each its own chunk, loaded when a screen of theirs is first opened. */
const modules = import.meta.glob<Record<string, ComponentType>>([
  '../features/*/*-{page,pages,tab}.tsx',
  // Sign-in ships with the entry (app/router.tsx).
  '!../features/auth/login-page.tsx',
]);

/** A declaration with what the router and the build need: where its page is, and the absolute path. */
export interface Screen extends ScreenDeclaration {
  /** The page's file, from the web app's root (`src/features/users/users-page.tsx`). */
  file?: string;
  load?: () => Promise<ComponentType>;
  tabs?: readonly Screen[];
}

function resolved(feature: string, screen: ScreenDeclaration): Screen {
  const { entry, page, tabs } = screen;
  const path = screen.path ?? entry?.to;
  const allowed = screen.allowed ?? entry?.allowed;
  const file = page && `../features/${feature}/${page[0]}.tsx`;
  const loadModule = file && modules[file];
  if (file && !loadModule) throw new Error(`${feature}: no routed module ${page[0]} (named *-page, *-pages or *-tab)`);
  const [, name] = page ?? [];
  return {
    ...screen,
    path,
    allowed,
    file: file?.replace('../', 'src/'),
    load: loadModule && name ? async () => (await loadModule())[name] : undefined,
    tabs: tabs?.map((tab) => resolved(feature, tab)),
  };
}

export const screens: Screen[] = Object.entries(declared).flatMap(([file, exports]) => {
  const feature = file.split('/')[2];
  return Object.values(exports).flatMap((list) => list.map((screen) => resolved(feature, screen)));
});

/** What vite.config.ts's route preloads list for a path: the modules drawn there and the first calls. */
export interface ScreenPreload {
  path: string;
  modules: string[];
  fetch: string[];
}

/** Each screen's preload, a tab's with its page's module. Read by the build, never by the app. */
export function screenPreloads(): ScreenPreload[] {
  const of = (screen: Screen, parent?: Screen): ScreenPreload[] => {
    const signedIn = (screen.access ?? 'signed-in') === 'signed-in';
    const path = parent ? `${parent.path?.replace(/\/$/, '')}/${screen.path}` : (screen.path ?? '/');
    if (screen.tabs) return screen.tabs.flatMap((tab) => (tab.file ? of(tab, screen) : []));
    if (!screen.file) return [];
    return [
      {
        path,
        // A signed-in screen draws under the signed-in header, itself a chunk of the shell.
        modules: [
          ...(signedIn ? ['src/app/shell/signed-in-header.tsx'] : []),
          ...(parent?.file ? [parent.file] : []),
          screen.file,
        ],
        // The guard's call (app/require-user.ts), made before any screen that needs a session draws.
        fetch: screen.access === 'public' ? [] : ['/api/auth/user/'],
      },
    ];
  };
  return screens.flatMap((screen) => of(screen));
}
