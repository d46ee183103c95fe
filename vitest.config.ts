import { defineConfig } from 'vitest/config';
import { requireSupportedNode } from './scripts/node-version.mjs';

// Every test project runs on the Node the portal is supported on (node_modules/.bin/node under npm).
requireSupportedNode();

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own in-memory database; two cores run two files at a time. A worker keeps
          // its module cache from file to file (the server's modules took longer to load than most
          // files take to run): a file builds its own app and database and mocks no module.
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          // Reliability and operations proofs: each file starts the built server (and PostgreSQL,
          // an SMTP sink, a proxy) as separate processes, kills and restarts them.
          name: 'ops',
          root: './apps/server',
          include: ['ops-tests/**/*.test.ts'],
          globalSetup: ['./ops-tests/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Two files at a time alone; one beside the browser journeys (`npm test` sets OPS_WORKERS=1;
          // the CLI's --maxWorkers does not reach a project's own setting).
          maxWorkers: Number(process.env.OPS_WORKERS) || 2,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/testing/setup.ts'],
          // Scenarios type, click and wait for a typing pause; two shared cores can make that slow, and in
          // CI the container image is built beside them (.ci/run). A guard against a hang, not a target.
          testTimeout: 60_000,
          // One module cache per worker rather than per file: loading React, Mantine and the pages
          // again for each file cost more than the tests. Tests therefore record toasts through the
          // shared notifications store (testing/toasts.ts) instead of mocking modules, and every
          // stubbed global (fetch) is put back after each test.
          isolate: false,
          unstubGlobals: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
