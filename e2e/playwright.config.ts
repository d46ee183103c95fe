import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser.js';
import { BASE_URL } from './support/env.js';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Journeys build their own firms and people and come from addresses of their own (support/fixtures.ts),
  // so two files run at once; a file's journeys run in order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The longest journeys (a quarter attested and reviewed, a strategy filed and completed) take some 50 s
  // alone on two cores; beside the reliability proofs (a backup, a crash, a soak) they have taken over 90 s.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? BASE_URL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
