import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

// The server puts a per-request nonce in this meta tag; its CSP admits only style tags carrying it.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
const getStyleNonce = () => styleNonce;
// Mantine's modals lock page scroll through react-remove-scroll, whose style tag takes its nonce from
// `get-nonce`, which falls back to this global (webpack's name for it). Without it, opening a modal is
// a CSP violation.
(globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={getStyleNonce}>
        <Notifications position="top-center" autoClose={3000} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
