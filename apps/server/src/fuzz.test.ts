import { Writable } from 'node:stream';
import { messages, ProfileType } from '@portal/domain';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, firms } from './db/schema/index.js';
import { verifyChain } from './platform/audit-chain.js';
import { solvedCaptcha } from './testing/captcha.js';
import { addToRoster, createAttestation, createFirm, createUser, TEST_PASSWORD } from './testing/factories.js';
import { describeRequest, type FuzzRequest, requestsOf } from './testing/fuzz-requests.js';
import { buildTestApp, json, type TestApp } from './testing/test-app.js';
import { installWriteLog, takeWrites, type Write } from './testing/write-log.js';

/**
 * Bad input: generated requests for every operation of the OpenAPI document, as every
 * kind of caller of two firms (bearer and cookie), anonymous and forged. No answer may be a 5xx or
 * log an error, a refusal must say why, a refused request may write nothing but the sign-in
 * protection's counters, and a write that succeeds must be in the audit trail. The statement triggers
 * of `testing/write-log.ts` see every committed row, whichever code wrote it.
 *
 * FUZZ_RUNS sets how many requests (10,000 on PGlite; fewer on PostgreSQL, whose round trips cost more);
 * FUZZ_SEED replays a run (a failure prints its seed and the request).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 1_000 : 10_000));
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);

/**
 * The only writes that are no record of the firm's and so carry no audit event, whatever the answer:
 * the sign-in protection's counters (kept in the database so that every instance agrees, and pruned
 * as they age) and a session's last use. Any other write of a refused request is a partial write, and
 * any other write of an accepted one must be in the audit trail.
 */
const BOOKKEEPING: Record<string, string> = {
  'INSERT login_failures': 'a failed sign-in or wrong current password is counted (captcha, flood)',
  'DELETE login_failures': 'a successful sign-in clears its failures; old ones are pruned',
  'INSERT password_reset_requests': 'a reset request is counted (per address and client) before its answer',
  'DELETE password_reset_requests': 'old reset counts are pruned',
  'INSERT captcha_uses': 'a captcha solution is spent when presented, even if the sign-in then fails',
  'DELETE captcha_uses': 'expired solutions are pruned',
  'UPDATE sessions': "the session's last use (at most once a minute), before the route runs",
};
/** The audit trail itself: what the other writes are checked against. */
const AUDIT_TABLES = new Set(['audit_events', 'audit_chain_state']);

/** Each kind of caller; the `2` ones are of the second firm, so own and other firm ids both appear. */
type Profile = NonNullable<Parameters<typeof createUser>[1]>['profile'];
const ROLES: Record<string, Profile> = {
  superAdmin: { firmId: 1, profileType: ProfileType.Administrator, isSuperAdmin: true },
  firmAdmin: { firmId: 1, profileType: ProfileType.Administrator },
  cco: { firmId: 1, profileType: ProfileType.StandardUser, isCco: true },
  superCco: { firmId: 1, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
  advisor: { firmId: 1, profileType: ProfileType.FinancialAdvisor },
  investments: { firmId: 1, profileType: ProfileType.StandardUser, isInvestmentsUser: true },
  staff: { firmId: 1, profileType: ProfileType.StandardUser },
  manager: { firmId: 1, profileType: ProfileType.Manager, isManager: true },
  handler: { firmId: 1, profileType: ProfileType.StandardUser, isSupportHandler: true },
  client: { firmId: 1, profileType: ProfileType.Client },
  firmAdmin2: { firmId: 2, profileType: ProfileType.Administrator },
  client2: { firmId: 2, profileType: ProfileType.Client },
};
/** `forged`: a token (algorithm none) and a session cookie that were never issued. */
const CALLERS = ['anonymous', ...[...Object.keys(ROLES), 'forged'].flatMap((r) => [`${r}:bearer`, `${r}:cookie`])];
const FORGED = {
  bearer: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzaWQiOiIxIn0.' },
  cookie: { cookie: 'portal_session=eyJhbGciOiJIUzI1NiJ9.e30.x; csrftoken=x', 'x-csrftoken': 'x' },
};

let t: TestApp;
const errorLogs: string[] = [];
const sessions: Record<string, { bearer: Record<string, string>; cookie: Record<string, string> }> = {};
const accounts: Record<string, { id: number; email: string }> = {};
let addresses = 0;
/** A new client address per sign-in: the throttle is another test's subject. */
const nextAddress = () => `10.13.${(++addresses >> 8) & 255}.${addresses & 255}`;

async function signIn(email: string, password: string) {
  const ip = nextAddress();
  const attempt = (captcha?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password, captcha }, remoteAddress: ip });
  let res = await attempt();
  if (res.statusCode === 400 && json(res).captcha_required) res = await attempt(await solvedCaptcha(t, email, ip));
  const token = json<{ token?: string }>(res).token;
  if (!token) return undefined;
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return {
    bearer: { authorization: `Bearer ${token}` },
    cookie: {
      cookie: `portal_session=${cookies.portal_session}; csrftoken=${cookies.csrftoken}`,
      'x-csrftoken': cookies.csrftoken,
    },
  };
}

/**
 * A caller's session again, after a request ended it (sign-out, password change, deactivation,
 * deletion, a firm now requiring a second factor): the same account if it can still sign in, else a
 * new one of the same role. Not a request under test: its writes are taken out of the log.
 */
async function restore(role: string) {
  let session = accounts[role] && (await signIn(accounts[role].email, TEST_PASSWORD));
  if (!session) {
    const profile = ROLES[role];
    await t.database.db
      .update(firms)
      .set({ twoFactorPolicy: 'demo' })
      .where(eq(firms.id, profile?.firmId ?? 1));
    const advisorId = profile?.profileType === ProfileType.Client ? accounts.advisor?.id : undefined;
    const user = await createUser(t.deps.db, { advisorId, profile });
    accounts[role] = { id: user.id, email: user.email };
    session = await signIn(user.email, TEST_PASSWORD);
  }
  if (!session) throw new Error(`${role} cannot sign in again`);
  sessions[role] = session;
  await takeWrites(t.database.db);
}

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        if ((JSON.parse(line) as { level: number }).level >= 50) errorLogs.push(line);
      done();
    },
  });
  t = await buildTestApp({ logLevel: 'error' }, logStream);
  // A fresh database: the two firms take ids 1 and 2, the ones ROLES name.
  for (const n of [1, 2]) expect((await createFirm(t.deps.db, { firmTk: n })).id).toBe(n);
  await installWriteLog(t.database.db);
  for (const role of Object.keys(ROLES)) {
    await restore(role);
    // Records to aim at: each staff member's attestation and roster entry (a client has none).
    if (ROLES[role]?.profileType !== ProfileType.Client) {
      const { id } = accounts[role];
      await addToRoster(t.deps.db, id);
      await createAttestation(t.deps.db, { ownerId: id, firmId: ROLES[role]?.firmId ?? 1 });
    }
  }
  await takeWrites(t.database.db);
}, 120_000);
afterAll(() => t?.close());

/** Whether a request's answer and what it wrote agree; a message for each disagreement. */
async function problemsOf(r: FuzzRequest, status: number, body: string, requestId: string, writes: Write[]) {
  const problems: string[] = [];
  if (status >= 500) problems.push('a 5xx answer');
  if (errorLogs.length) problems.push(`an error logged: ${errorLogs.splice(0).join('\n').slice(0, 2000)}`);
  const changed = writes.filter((w) => !AUDIT_TABLES.has(w.tbl) && !(`${w.op} ${w.tbl}` in BOOKKEEPING));
  if (status >= 400 && status < 500) {
    let detail: unknown;
    try {
      detail = JSON.parse(body).detail;
    } catch {}
    if (typeof detail !== 'string' || !detail.trim()) problems.push('a refusal without a message (detail)');
    if (changed.length) problems.push(`a refused request wrote ${JSON.stringify(changed)}`);
  } else if (changed.length) {
    const [{ n }] = await t.deps.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.requestId, requestId));
    if (n === 0) problems.push(`a write without an audit event: ${JSON.stringify(changed)}`);
  }
  if (problems.length) return `${problems.join('; ')}\n${describeRequest(r, status, body)}`;
  return undefined;
}

const tally = { statuses: {} as Record<number, number>, audited: 0, routes: new Set<string>() };

describe('bad input', () => {
  it(`answers ${RUNS} generated requests over every route with no 5xx and no unaudited or partial write`, async () => {
    const doc = t.app.swagger() as unknown as Parameters<typeof requestsOf>[0];
    const ids = new Set([...Array.from({ length: 40 }, (_, i) => i + 1), ...Object.values(accounts).map((a) => a.id)]);
    const emails = Object.values(accounts).map((a) => a.email);
    const requests = requestsOf(doc, CALLERS, { ids: [...ids], emails });

    const outcome = await fc.check(
      fc.asyncProperty(requests, async (r) => {
        const [role, via] = r.caller.split(':') as [string, 'bearer' | 'cookie' | undefined];
        const auth = !via ? {} : role === 'forged' ? FORGED[via] : sessions[role][via];
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url,
          headers: { ...auth, ...r.headers },
          payload: r.payload,
          remoteAddress: nextAddress(),
        });
        // Work a request started without waiting (mails) belongs to it.
        await t.deps.background.drain();
        const writes = await takeWrites(t.database.db);
        tally.statuses[res.statusCode] = (tally.statuses[res.statusCode] ?? 0) + 1;
        tally.routes.add(r.route);
        if (writes.some((w) => w.tbl === 'audit_events')) tally.audited++;
        const problem = await problemsOf(r, res.statusCode, res.body, String(res.headers['x-request-id']), writes);
        if (res.statusCode === 401 && role in ROLES) await restore(role);
        // A firm made to require a second factor holds its people's sessions at set-up: the rest of the
        // run would see only 403s, so the test puts the policy back (not a request under test).
        if (res.statusCode === 403 && res.body.includes(messages.twoFactor.setupRequired)) {
          await t.database.db.update(firms).set({ twoFactorPolicy: 'demo' });
          await takeWrites(t.database.db);
        }
        if (problem) throw new Error(problem);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    console.log(
      `fuzz: ${RUNS} requests (seed ${SEED}) over ${tally.routes.size} routes; answers ${JSON.stringify(tally.statuses)}; ${tally.audited} audited writes`,
    );
    if (outcome.failed) {
      const [r] = outcome.counterexample ?? [];
      throw new Error(
        `Replay with FUZZ_SEED=${outcome.seed} (fast-check path ${outcome.counterexamplePath}), after ${outcome.numRuns} runs:\n${
          (outcome.errorInstance as Error | undefined)?.message ?? String(outcome.errorInstance)
        }\nshrunk to: ${r ? describeRequest(r) : '?'}`,
      );
    }
    if (RUNS >= 2_000) expect(tally.routes.size).toBe(Object.values(doc.paths).flatMap((m) => Object.keys(m)).length);
  }, 900_000);

  it('leaves an audit chain that verifies', async () => {
    // The service's check itself: the run may have signed the super admin out or taken their rights.
    expect(await verifyChain(t.deps.db)).toMatchObject({ ok: true });
  });
});
