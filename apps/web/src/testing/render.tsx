import { MantineProvider } from '@mantine/core';
import type { User } from '@portal/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { currentUserKey } from '../lib/current-user';

/** Mantine with no transitions, so a test never waits for an animation. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={{ respectReducedMotion: false }} env="test">
      {children}
    </MantineProvider>
  );
}

/** Renders `element` with Mantine only (no router, no queries). */
export const renderWithMantine = (element: ReactNode) => render(<Providers>{element}</Providers>);

/** A query client as the tests use it: no retries. Seed it (the signed-in user) before rendering. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * Renders `element` at `url` inside a memory router and a query client (a fresh one unless given), as the app would. The
 * router is returned so a test can read the address, go Back, or "refresh" by rendering again at
 * `router.state.location`.
 */
export function renderAtUrl(
  element: ReactNode,
  url: string,
  // `path`: the route's pattern, when the screen reads its parameters (a mailed link's uid and token).
  options: { user?: User; queryClient?: QueryClient; path?: string } = {},
) {
  const router = createMemoryRouter([{ path: options.path ?? '*', element }], { initialEntries: [url] });
  const queryClient = options.queryClient ?? testQueryClient();
  // A screen under the login guard finds the signed-in user already loaded, as in the app.
  if (options.user) queryClient.setQueryData(currentUserKey, options.user);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return { ...view, router, href: () => `${router.state.location.pathname}${router.state.location.search}` };
}
