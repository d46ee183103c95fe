import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, THROTTLE } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import type { AppDeps } from '../platform/context.js';
import { createUser, TEST_PASSWORD } from './factories.js';
import { testSigningPair } from './saml-fixtures.js';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databasePoolMax: 10,
    publicUrl: 'http://portal.test',
    mailFrom: 'Portal <no-reply@portal.test>',
    secretKey: 'test-secret-key-that-is-long-enough-for-hs256-0123456789',
    piiKey: randomBytes(32).toString('base64url'),
    piiKeysPrevious: [],
    accessTokenTtl: 7200,
    logLevel: 'silent',
    trustProxy: false,
    secureCookies: false,
    mail: { pollMs: 50, retryBaseMs: 100, maxAttempts: 5 },
    throttle: THROTTLE,
    // A captcha a test solves in a few milliseconds.
    captcha: { cost: 1, counterMax: 64, maxLevel: 4, ttlMs: 10 * 60_000 },
    // Tests run the jobs themselves, at the time they choose (`deps.jobs.runDue(now)`).
    jobs: { enabled: false, reminderHour: 8, leaseMs: 60_000, sweepMs: 60_000 },
    timeZone: 'America/New_York',
    // One key per test process, made only by a test that signs in to a service provider.
    sso: { signing: testSigningPair, nextCert: null },
    // The factories make firms on the `demo` policy, so most tests sign in with the password alone.
    allowDemoSignIn: true,
    // A folder of its own per app: files of one test file never meet another's.
    storage: { driver: 'local', root: path.join(tmpdir(), `portal-test-files-${randomBytes(6).toString('hex')}`) },
    now: () => new Date(),
    ...overrides,
  };
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (CI runs the suite both ways so PGlite never hides a difference).
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ memory: true });
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  routes: string[];
  close(): Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  const database = await freshDatabase();
  await migrate(database.db);
  const { app, deps, routes } = await buildApp(testConfig(overrides), database, logStream);
  await app.ready();
  return {
    app,
    deps,
    database,
    routes,
    close: async () => {
      await app.close();
      await deps.background.drain();
      await deps.jobs.stop();
      await deps.mailer.stop();
      await database.close();
    },
  };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;

/** Cookies of a response, as a header value for the next request. */
export function cookieHeader(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

/** A new account (the factory's defaults and `overrides`) signed in: the account and its bearer header. */
export async function signedInAs(t: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.deps.db, overrides);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  return { user, headers: { authorization: `Bearer ${json<{ token: string }>(res).token}` } as Record<string, string> };
}

/**
 * A browser's session for `email`: the `cookie` header it sends and the CSRF token a write must repeat
 * in `X-CSRFToken`.
 */
export async function cookieSessionOf(t: TestApp, email: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password: TEST_PASSWORD },
  });
  const cookies = cookieHeader(login);
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return { cookie, csrfToken: cookies.csrftoken };
}
