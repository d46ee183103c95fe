import { Container } from '@mantine/core';
import { shellScreenMessages as ui } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { currentUserKey } from '../../lib/current-user';
import classes from './app-layout.module.css';
import { Footer } from './footer';
import { LoadingBar } from './loading-bar';

// The signed-in navigation pulls in menus and icons that the sign-in screen does not need.
const SignedInHeader = lazy(async () => ({ default: (await import('./signed-in-header')).SignedInHeader }));

/** Account screens show no navigation bar; every screen shows the footer. */
export const isAccountScreen = (pathname: string) => pathname.startsWith('/account/');
/** The coming-soon page's full-page variant stands alone, without the navigation bar too. */
const isChromeless = (pathname: string) => isAccountScreen(pathname) || /^\/coming-soon\/?$/.test(pathname);

export function AppLayout() {
  const { pathname } = useLocation();
  const accountScreen = isChromeless(pathname);
  const mainRef = useRef<HTMLElement>(null);
  // The guard has loaded the user before a login-required screen draws, so the bar is sure to come.
  const signedIn = useQueryClient().getQueryData(currentUserKey) !== undefined;

  // After a client-side navigation the focused control (say the sign-in button) may be gone, leaving
  // keyboard and screen-reader users at the top of nothing; start them at the new screen instead.
  // A page load starts at the top of the document already (and focusing there would force a layout of
  // the page while it is still being built), so the first screen is left alone.
  const navigated = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => {
    if (!navigated.current) {
      navigated.current = true;
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body) mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="portal-page">
      <LoadingBar />
      {!accountScreen && (
        <>
          <a className={classes.skipLink} href="#main">
            {ui.skipToMainContent}
          </a>
          {/* The bar's chunk arrives a moment after the screen: its room is kept meanwhile, or the
              screen would be drawn and then pushed down by it (a layout shift). */}
          <Suspense fallback={signedIn ? <div className={classes.headerPlaceholder} /> : null}>
            <SignedInHeader />
          </Suspense>
        </>
      )}
      <main id="main" ref={mainRef} tabIndex={-1} className="portal-main">
        <Container size="lg" px={{ base: 'sm', sm: 'md' }}>
          <Outlet />
        </Container>
      </main>
      <Footer />
    </div>
  );
}
