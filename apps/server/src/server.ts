import path from 'node:path';
import { requireSupportedNode } from '../../../scripts/node-version.mjs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { firmNamesWithPolicy } from './modules/firms/firms.repository.js';
import { unconfiguredPiiKeys } from './modules/onboarding/onboarding.service.js';
import { sealUnchainedEvents } from './platform/audit-chain.js';

/** The built web app, next to this workspace: apps/web/dist. */
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** A request's statement that runs longer than this is stopped (the request answers 503). */
const STATEMENT_TIMEOUT_MS = 30_000;

async function main() {
  const config = { ...loadConfig(), webDist: WEB_DIST };
  let log: ((err: Error) => void) | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    dataDir: config.dataDir,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    onIdleError: (err) => log?.(err),
  });
  const { app, deps, handlersSettled } = await buildApp(config, database);
  log = (err) => app.log.warn({ err }, 'a database connection was lost; the next query reconnects');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close().catch(() => {});
    await handlersSettled(10_000);
    await deps.background.drain();
    await deps.jobs.stop().catch(() => {});
    await deps.mailer.stop().catch(() => {});
    // Closing PGlite cleanly means the next start needs no crash recovery.
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    const ran = await migrate(database.db);
    if (ran.length) app.log.info({ migrations: ran }, 'migrations applied');
    // The events recorded before the audit chain existed are sealed into it, once.
    const { sealed, refused } = await sealUnchainedEvents(database.db);
    if (sealed) app.log.info({ sealed }, 'audit events from before the hash chain sealed');
    if (refused)
      app.log.error(
        { unsealed: refused },
        'audit events without a hash found after the hash chain started: not sealed (they were cleared or written in the database); verify reports the first',
      );
    // A value under a key no longer configured cannot be read: every client agreement or sign-in that
    // touches it would fail. Refused here, with the remedy, rather than answered 500 one request at a time.
    const missing = await unconfiguredPiiKeys(database.db, deps.pii);
    if (missing.length)
      throw new ConfigError(
        `Client PII and authenticator secrets are stored under key ${missing.join(', ')}, which is not configured (configured: ${deps.pii.keyIds.join(', ')}). Set PII_ENCRYPTION_KEY to it, or list it in PII_ENCRYPTION_KEYS_PREVIOUS beside the new key (after rotate-pii-key, the new key must be set wherever the portal starts). Key ids are the first 8 hex of the key's SHA-256.`,
      );
    if (!config.allowDemoSignIn) {
      const demoFirms = await firmNamesWithPolicy(database.db, 'demo');
      if (demoFirms.length)
        app.log.warn(
          { firms: demoFirms },
          'firms on the demo two-factor policy: ALLOW_DEMO_SIGN_IN is off, so they are held to the required policy',
        );
    }
    await app.listen({ port: config.port, host: config.host });
    deps.mailer.start();
    if (config.jobs.enabled) deps.jobs.start();
    database.startMaintenance((message, err) => app.log.warn({ err }, message));
    app.log.info(`Portal listening on ${config.publicUrl} (database: ${database.kind})`);
  } catch (err) {
    if (err instanceof ConfigError) app.log.error(err.message);
    else app.log.error({ err }, 'start-up failed');
    await database.close().catch(() => {});
    process.exit(1);
  }
}

requireSupportedNode();
main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
