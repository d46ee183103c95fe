// First: it declares the order of the cascade layers.
import './app/global.css';
// The page's frame, drawn by index.html as well (so not a CSS module): see app/shell/frame.css.
import './app/shell/frame.css';
// Mantine's base; each component's own sheet comes with it (see mantineCssPerComponent in vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { config as zodConfig } from 'zod/v4/core';
import { Providers } from './app/providers';
import { router } from './app/router';

// zod probes `new Function` to compile fast parsers; the CSP (no 'unsafe-eval') refuses it and the
// browser reports a violation, so the web app parses without that compilation.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread for its whole length (the router's own updates are transitions already).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
