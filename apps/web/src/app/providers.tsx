import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { queryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

// The server puts a per-request nonce in this meta tag; its CSP admits only style tags carrying it.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
const getStyleNonce = () => styleNonce;
// Mantine's modals lock page scroll through react-remove-scroll, whose style tag takes its nonce from
// `get-nonce`, which falls back to this global (webpack's name for it). Without it, opening a modal is
// a CSP violation.
(globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce;

// The toasts' container (transitions, portal, the notification card) is downloaded when the first
// toast is shown, not with every page: the toast waits in the notifications store meanwhile.
// (Its own module: `lib/notify` imports the store from the same package, statically.)
const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={getStyleNonce}>
        <ToastsWhenNeeded />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
