// The headless Chromium both the Playwright suite (e2e/support/browser.ts) and the Lighthouse script
// (scripts/lighthouse.mjs) launch: one list, so a flag added for one does not quietly miss the other.

/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
