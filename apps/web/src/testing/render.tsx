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

/**
 * Renders `element` at `url` inside a memory router and a fresh query client, as the app would. The
 * router is returned so a test can read the address, go Back, or "refresh" by rendering again at
 * `router.state.location`.
 */
export function renderAtUrl(element: ReactNode, url: string, options: { user?: User } = {}) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
