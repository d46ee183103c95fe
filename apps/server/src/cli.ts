import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { email as emailSchema } from '@portal/domain';
import { requireSupportedNode } from '../../../scripts/node-version.mjs';
import { seedBench } from './bench/bench-seed.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { rotateTotpSecrets } from './modules/auth/auth.service.js';
import { createSuperAdmin } from './modules/demo/create-admin.js';
import { DEMO_PASSWORD, seedDemo } from './modules/demo/demo-seed.js';
import { rotatePiiKey } from './modules/onboarding/onboarding.service.js';
import { PurgeRefusedError, purgeExpiredRecords } from './modules/retention/retention.service.js';
import { backup, restore } from './ops/backup.js';
import { OpsError } from './ops/ops-error.js';
import { sealUnchainedEvents, useAuditChain } from './platform/audit-chain.js';
import { PiiDecryptError, piiKeyring } from './platform/pii.js';
import { createStorage } from './platform/storage.js';

const USAGE =
  'Usage: cli.js seed-demo | create-admin --email X | rotate-pii-key | purge-retention --by X [--dry-run] | backup [file] | restore file | bench-seed';

/** Maintenance commands, run with the server stopped (PGlite allows one process). */
async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, rest);
  const config = loadConfig();
  // Demo accounts share one published password: they must never exist in a real firm's portal.
  if (command === 'seed-demo' && config.env === 'production')
    throw new ConfigError('seed:demo refuses to run with NODE_ENV=production.');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    bulkLoad: command === 'bench-seed',
  });
  try {
    await migrate(database.db);
    useAuditChain(database.db, config.secretKey);
    const { refused } = await sealUnchainedEvents(database.db);
    if (refused)
      console.error(
        `${refused} audit events have no hash although the hash chain has started: not sealed (they were cleared or written in the database); the audit trail's verify reports the first.`,
      );
    if (command === 'seed-demo') {
      await seedDemo(database.db, config);
      console.log(`Demo firms and accounts loaded. Password for every demo account: ${DEMO_PASSWORD}`);
    } else if (command === 'create-admin') {
      const { values } = parseArgs({ args: rest, options: { email: { type: 'string' } } });
      const parsed = emailSchema.safeParse(values.email ?? '');
      if (!parsed.success) throw new ConfigError('Usage: npm run create-admin -- --email admin@example.com');
      const link = await createSuperAdmin(database.db, config, parsed.data);
      console.log(
        `Super administrator ${parsed.data} created. Open this link to set the password (valid 7 days):\n${link}`,
      );
    } else if (command === 'rotate-pii-key') {
      // PII_ENCRYPTION_KEY is the new key; PII_ENCRYPTION_KEYS_PREVIOUS lists the old ones that still decrypt.
      const pii = piiKeyring(config.piiKey, config.piiKeysPrevious);
      const r = await rotatePiiKey(database.db, pii, { log: (line) => console.log(line) });
      console.log(
        r.values
          ? `Re-encrypted ${r.values} PII values in ${r.agreements} client agreements under key ${r.keyId} (${r.batches} ${r.batches === 1 ? 'batch' : 'batches'}).`
          : `Every PII value is already under key ${r.keyId}: nothing to re-encrypt.`,
      );
      // Authenticator apps' secrets are encrypted under the same keys.
      const secrets = await rotateTotpSecrets(database.db, pii);
      console.log(`Re-encrypted ${secrets} authenticator secrets under key ${r.keyId}.`);
    } else if (command === 'purge-retention') {
      // Rule 204-2: soft-deleted records past their five years, by a super administrator, each audited.
      const { values } = parseArgs({
        args: rest,
        options: { by: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
      });
      if (!values.by) throw new ConfigError('Usage: npm run purge-retention -- --by super-admin@firm.com [--dry-run]');
      const report = await purgeExpiredRecords(database.db, createStorage(config.storage), {
        by: values.by,
        // The command needs only the database's access, not the super administrator's password: the
        // audit event also names the machine account that ran it.
        ranBy: `${machineUser()}@${hostname()}`,
        dryRun: values['dry-run'],
        timeZone: config.timeZone,
        now: config.now(),
        log: (line) => console.log(line),
      });
      const n = report.records.length;
      console.log(
        report.dryRun
          ? `Dry run on ${report.today}: ${n} records deleted and last changed on or before ${report.cutoff} would be purged. Nothing was changed.`
          : `Purged ${n} records deleted and last changed on or before ${report.cutoff}; each is in the audit trail (action purge).`,
      );
      if (report.leftFiles.length)
        console.error(`These stored files could not be removed; remove them by hand: ${report.leftFiles.join(', ')}`);
    } else if (command === 'bench-seed') {
      // The data set of `npm run bench` (scripts/bench): never run against a database that matters.
      const { values } = parseArgs({
        args: rest,
        options: {
          users: { type: 'string', default: '10000' },
          firms: { type: 'string', default: '20' },
          attestations: { type: 'string', default: '100000' },
          roster: { type: 'string', default: '2000' },
          strategies: { type: 'string', default: '50000' },
          'support-cases': { type: 'string', default: '50000' },
          scale: { type: 'string', default: '1' },
          'audit-events': { type: 'string', default: '0' },
          'super-email': { type: 'string', default: 'bench-super@bench.test' },
          'admin-email': { type: 'string', default: 'bench-admin@bench.test' },
          // The soak (scripts/soak.mjs): every Load person signs in with BENCH_PASSWORD.
          'everyone-signs-in': { type: 'boolean', default: false },
        },
      });
      const password = process.env.BENCH_PASSWORD;
      if (!password) throw new ConfigError('bench-seed needs BENCH_PASSWORD in the environment.');
      const result = await seedBench(database.db, config, {
        users: Number(values.users),
        firms: Number(values.firms),
        attestations: Number(values.attestations),
        roster: Number(values.roster),
        strategies: Number(values.strategies),
        supportCases: Number(values['support-cases']),
        scale: Number(values.scale),
        auditEvents: Number(values['audit-events']),
        superEmail: String(values['super-email']),
        adminEmail: String(values['admin-email']),
        everyoneSignsIn: values['everyone-signs-in'],
        password,
        log: (line) => console.log(line),
      });
      console.log(JSON.stringify(result));
    } else {
      throw new ConfigError(USAGE);
    }
  } finally {
    await database.close();
  }
}

/**
 * Before any migration or key generation: a restore needs an empty place, and a backup changes nothing.
 * PGlite's lock refuses both while a server holds the data directory.
 */
async function backupOrRestore(command: 'backup' | 'restore', args: string[]) {
  const config = loadConfig(process.env, console.warn, 'skip');
  const log = (line: string) => console.log(line);
  if (command === 'backup') {
    const stamp = config
      .now()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const { archive } = await backup(config, args[0] ?? `portal-backup-${stamp}.tar.gz`, log);
    console.log(
      `Backup written to ${archive}. It holds client PII (and, without SECRET_KEY in the environment, the keys): keep it as safe as the database.`,
    );
  } else {
    if (!args[0]) throw new OpsError('Usage: npm run restore -- <backup.tar.gz> (into an empty DATA_DIR or database)');
    const { manifest } = await restore(config, args[0], log);
    console.log(
      manifest.dataDirFiles.length
        ? `Restored, with the keys the portal had generated (${manifest.dataDirFiles.join(', ')} in DATA_DIR): start it without SECRET_KEY and PII_ENCRYPTION_KEY, as when the backup was taken.`
        : 'Restored. Start the portal with the same SECRET_KEY and PII_ENCRYPTION_KEY as when the backup was taken.',
    );
  }
}

/** A mistyped option (`--dryrun`): Node's message, then the commands, rather than a stack. */
const isUsageError = (err: unknown) => String((err as { code?: unknown })?.code ?? '').startsWith('ERR_PARSE_ARGS');

requireSupportedNode();
main().catch((err) => {
  if (isUsageError(err)) console.error(`${err.message}\n${USAGE}`);
  else
    console.error(
      err instanceof ConfigError ||
        err instanceof DataDirLockedError ||
        err instanceof PiiDecryptError ||
        err instanceof PurgeRefusedError ||
        err instanceof OpsError
        ? err.message
        : err,
    );
  process.exit(1);
});

/** The operating system account running the command (a container may run as a uid with no name). */
function machineUser() {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}
