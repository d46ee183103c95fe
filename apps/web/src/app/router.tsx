import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { loginPathFor, signOutReasonOf } from '../lib/safe-next';
import { guarded } from './guarded';
import { setSetupRequiredHandler, setUnauthorizedHandler } from './query-client';
import { requireSession, requireUser, twoFactorSetupPath } from './require-user';
import { type Screen, screens } from './screens';
import { AppLayout } from './shell/app-layout';
import { NotFoundPage } from './shell/not-found-page';
import { RootError, RouteError } from './shell/route-error';
import { RouteFallback } from './shell/route-fallback';
import { SwitchedOffGate } from './switched-off-gate';

/** A screen as a route: lazy, guarded by who may open it, with its tabs inside. */
function routeOf(screen: Screen): RouteObject {
  const { load, allowed, redirect, tabs } = screen;
  // Paths are written as the address bar shows them; the router takes them relative to their parent.
  const path = screen.path?.replace(/^\/|\/$/g, '') ?? '';
  if (redirect) {
    const element = <Navigate to={redirect} replace />;
    return path ? { path, element } : { index: true, element };
  }
  const lazy = async () => {
    const Component = await (load as () => Promise<ComponentType>)();
    return { Component: allowed ? guarded(allowed, Component) : Component };
  };
  const loader = screen.access === 'session' ? requireSession : undefined;
  if (!path) return { index: true, loader, lazy };
  return { path, loader, lazy, children: tabs?.map(routeOf) };
}

const open = (access: Screen['access']) => access ?? 'signed-in';

// Each screen is its own chunk, so the sign-in page does not download the settings forms. Sign-in
// itself, the door every session comes through, ships with the entry: it draws without waiting for a
// second download, and what it uses (inputs, buttons, forms) every other screen uses too. The other
// screens are declared by their features (app/screens.ts gathers them).
export const router = createBrowserRouter([
  {
    id: 'root',
    Component: AppLayout,
    ErrorBoundary: RootError,
    HydrateFallback: RouteFallback,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { path: 'account/login', Component: LoginPage },
          ...screens.filter((s) => open(s.access) !== 'signed-in').map(routeOf),
        ],
      },
      {
        id: 'signed-in',
        loader: requireUser,
        // A menu entry the firm switched off shows its coming-soon card instead.
        Component: SwitchedOffGate,
        ErrorBoundary: RouteError,
        // The profile is refreshed on every login-required navigation, not only the first.
        shouldRevalidate: () => true,
        children: screens.filter((s) => open(s.access) === 'signed-in').map(routeOf),
      },
      // Drawn by the error screen too, so it ships with the shell rather than as its own chunk.
      { path: '*', Component: NotFoundPage },
    ],
  },
]);

setSetupRequiredHandler(() => {
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/account/two-factor') return;
  void router.navigate(twoFactorSetupPath(`${pathname}${search}${hash}`), { replace: true });
});

setUnauthorizedHandler((error) => {
  const { pathname, search, hash } = router.state.location;
  if (pathname.startsWith('/account/')) return;
  void router.navigate(loginPathFor(`${pathname}${search}${hash}`, signOutReasonOf(error)), { replace: true });
});
