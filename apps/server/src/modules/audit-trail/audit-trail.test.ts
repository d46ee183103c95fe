import { createHmac } from 'node:crypto';
import {
  type AuditChainCheck,
  type AuditEventRow,
  auditEventSchema,
  calendarDateIn,
  ProfileType,
  pageOf,
} from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/migrate.js';
import { auditEvents } from '../../db/schema/index.js';
import { type AuditEvent, REDACTED, writeAudited } from '../../platform/audit.js';
import { sealUnchainedEvents } from '../../platform/audit-chain.js';
import { createFirm, createUser, fixtureTx } from '../../testing/factories.js';
import { buildTestApp, cookieSessionOf, json, signedInAs, type TestApp, testConfig } from '../../testing/test-app.js';
import { queueActivationMail } from '../auth/auth.service.js';
import { changesOf } from './audit-trail.service.js';

/** The record ids of a page, sign-ins left out (every signed-in test person has one). */
const ids = (p: Page) => p.results.filter((e) => e.action !== 'login').map((e) => e.entity_id);
type Page = { count: number; next: string | null; previous: string | null; results: AuditEventRow[] };
const page = (res: { json(): unknown }) => pageOf(auditEventSchema).parse(res.json()) as Page;

/**
 * An event as the trail's own tests record it: its action and entity may be names outside the audit
 * vocabulary (`paging`, `tamper`), as the trail reads whatever a row holds.
 */
type TrailEvent = Omit<AuditEvent, 'action' | 'entity'> & { action: string; entity: string };

/** An event recorded as a service records one, for the actor given. */
const recordAs = (t: TestApp, actorId: number | null, ...events: TrailEvent[]) =>
  writeAudited(t.deps.db, { actorId, requestId: `req-${Math.random()}` }, async (_tx, record) => {
    for (const e of events) record(e as AuditEvent);
  });

/** Edits or removes rows as someone with the database's keys would: past the append-only trigger. */
async function tamper(t: TestApp, statement: ReturnType<typeof sql>) {
  await t.deps.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_or_delete`);
  await t.deps.db.execute(statement);
  await t.deps.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_or_delete`);
}

const verify = async (t: TestApp, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/audit_events/verify/', headers });
  expect(res.statusCode).toBe(200);
  return json<AuditChainCheck>(res);
};

describe('the audit trail', () => {
  let t: TestApp;
  let firmA: { id: number };
  let firmB: { id: number };
  let superAdmin: Awaited<ReturnType<typeof signedInAs>>;
  let cco: Awaited<ReturnType<typeof signedInAs>>;
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  let staff: Awaited<ReturnType<typeof signedInAs>>;
  let client: Awaited<ReturnType<typeof signedInAs>>;
  let otherCco: Awaited<ReturnType<typeof signedInAs>>;
  let gone: { id: number };

  const list = async (query: string, headers = cco.headers) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit_events/${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return page(res);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    firmA = await createFirm(t.deps.db, { name: 'Alder Advisors', abbreviation: 'ALD' });
    firmB = await createFirm(t.deps.db, { name: 'Birch Wealth', abbreviation: 'BIR' });
    superAdmin = await signedInAs(t, {
      profile: { firmId: firmA.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    cco = await signedInAs(t, {
      firstName: 'Carla',
      lastName: 'Oversight',
      profile: { firmId: firmA.id, isCco: true },
    });
    admin = await signedInAs(t, { profile: { firmId: firmA.id, profileType: ProfileType.Administrator } });
    staff = await signedInAs(t, { profile: { firmId: firmA.id, profileType: ProfileType.StandardUser } });
    client = await signedInAs(t, { profile: { firmId: firmA.id, profileType: ProfileType.Client } });
    otherCco = await signedInAs(t, { profile: { firmId: firmB.id, isCco: true } });
    gone = await createUser(t.deps.db, {
      firstName: 'Gina',
      lastName: 'Departed',
      isActive: false,
      deletedAt: new Date(),
      profile: { firmId: firmA.id },
    });

    await recordAs(t, cco.user.id, {
      action: 'update',
      entity: 'attestation',
      entityId: 41,
      firmId: firmA.id,
      changes: { Status__c: { from: 'Submitted', to: 'Approved' } },
    });
    await recordAs(t, gone.id, {
      action: 'create',
      entity: 'support_case',
      entityId: 7,
      firmId: firmA.id,
      changes: { Subject: 'Printer', CaseNumber: '00000007' },
    });
    await recordAs(t, otherCco.user.id, {
      action: 'update',
      entity: 'attestation',
      entityId: 99,
      firmId: firmB.id,
      changes: { Status__c: { from: 'Submitted', to: 'Rejected' } },
    });
    await recordAs(t, null, { action: 'seed', entity: 'reference', changes: { states: 50 } });
  });
  afterAll(() => t.close());

  it('a CCO reads their firm’s events, newest first, with the actor, the firm and each field before → after', async () => {
    const p = await list('');
    expect(p.results.every((e) => e.firm_id === firmA.id)).toBe(true);
    // Newest first: the two events above, after the firm's people's sign-ins.
    expect(p.results.map((e) => e.entity)).toEqual([
      'support_case',
      'attestation',
      ...p.results.slice(2).map(() => 'user'),
    ]);
    expect(p.results.slice(2).every((e) => e.action === 'login')).toBe(true);
    const [support, review] = p.results;
    expect(review).toMatchObject({
      action: 'update',
      entity: 'attestation',
      entity_id: '41',
      actor_id: cco.user.id,
      actor_name: 'Carla Oversight',
      firm_name: 'Alder Advisors',
      changes: [{ field: 'Status__c', from: 'Submitted', to: 'Approved' }],
    });
    expect(review.request_id).toMatch(/^req-/);
    expect(review.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(review.hash).toMatch(/^[0-9a-f]{64}$/);
    // A deleted account's name stays on what they did; a value set without a before has no `from`.
    expect(support.actor_name).toBe('Gina Departed');
    expect(support.changes).toEqual([
      { field: 'Subject', to: 'Printer' },
      { field: 'CaseNumber', to: '00000007' },
    ]);
    expect(support.id).toBeGreaterThan(review.id);
  });

  it("an administrator reads their firm's too; a super administrator every firm's and the platform's own", async () => {
    expect(ids(await list('', admin.headers))).toEqual(['7', '41']);
    const all = await list('', superAdmin.headers);
    expect(all.results.map((e) => e.firm_id)).toEqual(expect.arrayContaining([firmA.id, firmB.id, null]));
    expect(
      (await list(`?firm=${firmB.id}&entity=attestation`, superAdmin.headers)).results.map((e) => e.entity_id),
    ).toEqual(['99']);
    // Another firm's filter, for a firm's CCO: nothing of it.
    expect((await list(`?firm=${firmB.id}`)).count).toBe(0);
  });

  it('nobody else reads it: staff and clients get 403, signed out 401', async () => {
    for (const who of [staff, client]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/audit_events/', headers: who.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/CCOs, administrators and super administrators/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/audit_events/' })).statusCode).toBe(401);
  });

  it('filters by entity, record id, action, actor (id, name or email) and firm', async () => {
    expect(ids(await list('?entity=attestation'))).toEqual(['41']);
    expect(ids(await list('?entity=support_case&entity_id=7'))).toEqual(['7']);
    expect(ids(await list('?entity_id=8'))).toEqual([]);
    expect(ids(await list('?action=create'))).toEqual(['7']);
    expect(ids(await list(`?actor=${cco.user.id}`))).toEqual(['41']);
    expect(ids(await list('?actor=departed'))).toEqual(['7']);
    expect(ids(await list(`?actor=${encodeURIComponent(cco.user.email.toUpperCase())}`))).toEqual(['41']);
    expect(ids(await list(`?firm=${firmA.id}&entity=attestation`, superAdmin.headers))).toEqual(['41']);
    // Blank filters are no filters.
    expect(ids(await list('?entity=&action=&actor=&from=&to='))).toEqual(['7', '41']);
  });

  it("filters by day in the portal's time zone, both days included", async () => {
    const today = calendarDateIn('America/New_York', new Date());
    const yesterday = calendarDateIn('America/New_York', new Date(Date.now() - 86_400_000));
    expect((await list(`?entity=attestation&from=${today}&to=${today}`)).count).toBe(1);
    expect((await list(`?to=${yesterday}`)).count).toBe(0);
    expect((await list(`?entity=attestation&from=${yesterday}`)).count).toBe(1);
    expect((await list('?from=2999-01-01')).count).toBe(0);
  });

  it('refuses bad filters with a message on the field', async () => {
    const bad = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/audit_events/${query}`, headers: cco.headers });
      expect(res.statusCode, query).toBe(400);
      return res.json() as { detail: string; fields: Record<string, string> };
    };
    expect((await bad('?from=2026-02-30')).fields.from).toBe('Enter a date as YYYY-MM-DD.');
    expect((await bad('?to=11/26/2026')).fields.to).toBe('Enter a date as YYYY-MM-DD.');
    expect((await bad('?from=2026-11-27&to=2026-11-26')).fields.to).toBe("'From' must be on or before 'To'.");
    expect((await bad('?firm=abc')).fields.firm).toBeTruthy();
    expect((await bad(`?actor=${'x'.repeat(101)}`)).fields.actor).toMatch(/name, an email or a user id/);
    expect((await bad('?ordering=action')).fields.ordering).toBeTruthy();
    expect((await bad('?page_size=501')).fields.page_size).toBeTruthy();
  });

  it('pages on the server, newest first or oldest first', async () => {
    for (let i = 0; i < 5; i++)
      await recordAs(t, admin.user.id, { action: 'update', entity: 'paging', entityId: i, firmId: firmA.id });
    const first = await list('?entity=paging&page_size=2');
    expect(first.count).toBe(5);
    expect(first.results.map((e) => e.entity_id)).toEqual(['4', '3']);
    expect(first.next).toBe('http://portal.test/api/audit_events/?entity=paging&page_size=2&page=2');
    expect(first.previous).toBeNull();
    const last = await list('?entity=paging&page_size=2&page=3');
    expect(last.results.map((e) => e.entity_id)).toEqual(['0']);
    expect(last.next).toBeNull();
    const oldest = await list('?entity=paging&page_size=2&ordering=occurred_at');
    expect(oldest.results.map((e) => e.entity_id)).toEqual(['0', '1']);
  });

  it('shows PII and secrets as [redacted], at any depth and on both sides of a change', async () => {
    await recordAs(t, admin.user.id, {
      action: 'update',
      entity: 'redaction',
      entityId: 1,
      firmId: firmA.id,
      changes: {
        Social_Security_Number__c: { from: '123-45-6789', to: '987-65-4321' },
        password: 'hunter2hunter2',
        profile: { tax_id: '12-3456789', city: 'Boston', nested: [{ api_key: 'sk_live_1' }] },
        Rows__r: [{ Id: 3, action: 'update', fields: { date_of_birth: { from: '1970-01-01', to: '1971-01-01' } } }],
        City__c: { from: 'Austin', to: 'Boston' },
      },
    });
    const [stored] = await t.deps.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(sql`${auditEvents.entity} = 'redaction'`);
    // Top-level keys were redacted when recorded; what was nested is redacted on the way out.
    expect(stored.changes).toMatchObject({
      Social_Security_Number__c: { from: REDACTED, to: REDACTED },
      password: REDACTED,
    });
    const [event] = (await list('?entity=redaction')).results;
    // In the order the database keeps a JSON object's keys.
    const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
    expect(event.changes.toSorted(byField)).toEqual(
      [
        { field: 'Social_Security_Number__c', from: REDACTED, to: REDACTED },
        { field: 'password', from: REDACTED, to: REDACTED },
        { field: 'profile', to: { tax_id: REDACTED, city: 'Boston', nested: [{ api_key: REDACTED }] } },
        { field: 'Rows__r[3].date_of_birth', from: REDACTED, to: REDACTED },
        { field: 'City__c', from: 'Austin', to: 'Boston' },
      ].toSorted(byField),
    );
    const body = JSON.stringify(event);
    for (const secret of ['123-45-6789', '987-65-4321', 'hunter2', '12-3456789', 'sk_live_1', '1970-01-01'])
      expect(body).not.toContain(secret);
  });

  it('exports the filtered events as CSV, with the changes before → after, and records the export', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/audit_events/export/?entity=attestation',
      headers: cco.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = calendarDateIn('America/New_York', new Date());
    expect(res.headers['content-disposition']).toContain(`filename="ald-audit-trail-${today}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(
      'id,occurred_at,actor_id,actor_name,actor_email,subject_id,subject_name,subject_email,action,entity,entity_id,firm_id,firm_name,request_id,ip,user_agent,changes,prev_hash,hash',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,${cco.user.id},Carla Oversight,${cco.user.email},,,,update,attestation,41,${firmA.id},Alder Advisors,`,
    );
    expect(lines[1]).toContain('Status__c: Submitted → Approved');
    expect(res.body).not.toContain('Rejected');

    const redacted = await t.app.inject({
      method: 'GET',
      url: '/api/audit_events/export/?entity=redaction',
      headers: cco.headers,
    });
    expect(redacted.body).toContain('Social_Security_Number__c: [redacted] → [redacted]');
    expect(redacted.body).not.toContain('123-45-6789');
    expect(redacted.body).not.toContain('12-3456789');

    const exported = (await list('?action=export&entity=audit_event')).results.find((e) =>
      e.changes.some((c) => c.field === 'entity' && c.to === 'attestation'),
    );
    expect(exported).toMatchObject({
      actor_id: cco.user.id,
      firm_id: firmA.id,
      changes: expect.arrayContaining([{ field: 'firm', to: firmA.id }]),
    });
  });

  it('an export that matches nothing is a 404 with its message, before any byte; staff may not export', async () => {
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/audit_events/export/?entity=nothing-here',
      headers: cco.headers,
    });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().detail).toBe('No audit events to export for these filters.');
    const res = await t.app.inject({ method: 'GET', url: '/api/audit_events/export/', headers: staff.headers });
    expect(res.statusCode).toBe(403);
  });

  it('works the same through the session cookie', async () => {
    const { cookie } = await cookieSessionOf(t, cco.user.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/audit_events/?entity=attestation',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(page(res).count).toBe(1);
  });

  it('the chain holds: each event names the hash of the one before it, and verify says ok', async () => {
    const rows = await t.deps.db
      .select({ id: auditEvents.id, prevHash: auditEvents.prevHash, hash: auditEvents.hash })
      .from(auditEvents)
      .orderBy(asc(auditEvents.id));
    expect(rows[0].prevHash).toBeNull();
    for (let i = 1; i < rows.length; i++) expect(rows[i].prevHash).toBe(rows[i - 1].hash);
    expect(await verify(t, superAdmin.headers)).toEqual({ ok: true, checked: rows.length, first_bad_id: null });
    // CCOs run it too; administrators and staff do not.
    expect((await verify(t, cco.headers)).ok).toBe(true);
    for (const who of [admin, staff, client]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/audit_events/verify/', headers: who.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('the app never updates or deletes an event', async () => {
    await expect(t.deps.db.execute(sql`update audit_events set action = 'x' where id = 1`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`update audit_events set hash = 'x' where id = 1`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from audit_events where id = 1`)).rejects.toThrow();
  });
});

describe('tampering found by the chain', () => {
  let t: TestApp;
  let superAdmin: Awaited<ReturnType<typeof signedInAs>>;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    superAdmin = await signedInAs(t, {
      profile: { firmId: (await createFirm(t.deps.db)).id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    for (let i = 0; i < 6; i++)
      await recordAs(t, superAdmin.user.id, { action: 'update', entity: 'tamper', entityId: i, changes: { n: i } });
    const rows = await t.deps.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(sql`${auditEvents.entity} = 'tamper'`)
      .orderBy(asc(auditEvents.id));
    ids.push(...rows.map((r) => r.id));
  });
  afterAll(() => t.close());

  it('a concurrent burst of writes keeps one linear chain', async () => {
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        recordAs(
          t,
          superAdmin.user.id,
          { action: 'update', entity: 'burst', entityId: i },
          { action: 'update', entity: 'burst-row', entityId: i },
        ),
      ),
    );
    const links = rowsOf<{ broken: string }>(
      await t.deps.db.execute(
        sql`select count(*)::text as broken from (select prev_hash, lag(hash) over (order by id) as before from audit_events) s where s.prev_hash is distinct from s.before`,
      ),
    );
    expect(links[0].broken).toBe('0');
    const check = await verify(t, superAdmin.headers);
    expect(check.ok).toBe(true);
  });

  it('an event edited in the database is the first bad one', async () => {
    await tamper(t, sql`update audit_events set changes = '{"n": 42}' where id = ${ids[2]}`);
    const check = await verify(t, superAdmin.headers);
    expect(check).toMatchObject({ ok: false, first_bad_id: ids[2] });
    expect(check.checked).toBeGreaterThanOrEqual(3);
    // Putting the value back restores the seal: the hash is of the content, nothing else.
    await tamper(t, sql`update audit_events set changes = '{"n": 2}' where id = ${ids[2]}`);
    expect((await verify(t, superAdmin.headers)).ok).toBe(true);
  });

  it("a request's client address and user agent are sealed: changing either, or the subject, breaks the chain", async () => {
    const meta = { actorId: null, requestId: 'req-client', ip: '203.0.113.5', userAgent: 'Browser/1.0' };
    await writeAudited(t.deps.db, meta, async (_tx, record) =>
      record({
        action: 'password_reset_requested',
        entity: 'user',
        entityId: superAdmin.user.id,
        subjectId: superAdmin.user.id,
      }),
    );
    const [event] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.requestId, 'req-client'));
    expect(event).toMatchObject({
      actorId: null,
      subjectId: superAdmin.user.id,
      ip: '203.0.113.5',
      userAgent: 'Browser/1.0',
    });
    expect((await verify(t, superAdmin.headers)).ok).toBe(true);
    for (const [edit, undo] of [
      [sql`ip = '198.51.100.1'`, sql`ip = '203.0.113.5'`],
      [sql`user_agent = null`, sql`user_agent = 'Browser/1.0'`],
      [sql`subject_id = null, actor_id = subject_id`, sql`actor_id = null, subject_id = ${superAdmin.user.id}`],
    ]) {
      await tamper(t, sql`update audit_events set ${edit} where id = ${event.id}`);
      expect(await verify(t, superAdmin.headers)).toMatchObject({ ok: false, first_bad_id: event.id });
      await tamper(t, sql`update audit_events set ${undo} where id = ${event.id}`);
      expect((await verify(t, superAdmin.headers)).ok).toBe(true);
    }
    // An event without a client (a job's) gains one only by an edit the chain shows.
    await tamper(t, sql`update audit_events set ip = '10.0.0.1' where id = ${ids[0]}`);
    expect(await verify(t, superAdmin.headers)).toMatchObject({ ok: false, first_bad_id: ids[0] });
    await tamper(t, sql`update audit_events set ip = null where id = ${ids[0]}`);
  });

  it('an event sealed before the subject, address and user agent were kept still verifies: its content is the same', async () => {
    // The content as it was sealed before those columns existed, and the seal recomputed from it.
    const key = createHmac('sha256', testConfig().secretKey).update('portal audit-event chain v1').digest();
    const [row] = rowsOf<{ prev_hash: string | null; hash: string; content: string }>(
      await t.deps.db.execute(sql`select prev_hash, hash, (jsonb_build_object('id', id, 'occurred_at',
        to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'actor_id', actor_id, 'firm_id', firm_id,
        'action', action, 'entity', entity, 'entity_id', entity_id, 'changes', changes, 'request_id', request_id)
        || jsonb_strip_nulls(jsonb_build_object('actor_name', actor_name, 'actor_email', actor_email)))::text as content
        from audit_events where id = ${ids[3]}`),
    );
    const sealed = createHmac('sha256', key)
      .update(`${row.prev_hash ?? ''}\n${row.content}`, 'utf8')
      .digest('hex');
    expect(sealed).toBe(row.hash);
  });

  it('an edit that rewrites the hash too is found: sealing takes the key, which the database does not hold', async () => {
    await tamper(
      t,
      sql`update audit_events set actor_id = null, hash = encode(sha256(convert_to(hash || 'x', 'UTF8')), 'hex') where id = ${ids[1]}`,
    );
    expect(await verify(t, superAdmin.headers)).toMatchObject({ ok: false, first_bad_id: ids[1] });
  });
});

describe('a deleted event', () => {
  it('breaks the link of the event after it', { timeout: 120_000 }, async () => {
    const t = await buildTestApp();
    try {
      const who = await signedInAs(t, {
        profile: {
          firmId: (await createFirm(t.deps.db)).id,
          profileType: ProfileType.Administrator,
          isSuperAdmin: true,
        },
      });
      for (let i = 0; i < 4; i++) await recordAs(t, who.user.id, { action: 'update', entity: 'gone', entityId: i });
      const rows = await t.deps.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(sql`${auditEvents.entity} = 'gone'`)
        .orderBy(asc(auditEvents.id));
      await tamper(t, sql`delete from audit_events where id = ${rows[1].id}`);
      expect(await verify(t, who.headers)).toMatchObject({ ok: false, first_bad_id: rows[2].id });
    } finally {
      await t.close();
    }
  });
});

/** Puts the chain's start marker back to how its migration leaves a database whose events all predate the chain. */
async function chainNotStarted(t: TestApp) {
  await t.deps.db.execute(sql`alter table audit_chain_state disable trigger audit_chain_state_once`);
  await t.deps.db.execute(sql`update audit_chain_state set started_at = null`);
  await t.deps.db.execute(sql`alter table audit_chain_state enable trigger audit_chain_state_once`);
}

describe('events recorded before the chain', () => {
  it('are sealed once, oldest first, at the first start; the sealing is itself an event', {
    timeout: 120_000,
  }, async () => {
    const t = await buildTestApp();
    try {
      await chainNotStarted(t);
      for (let i = 0; i < 3; i++)
        await t.database.db.insert(auditEvents).values({ action: 'update', entity: 'legacy', entityId: String(i) });
      expect(await sealUnchainedEvents(t.database.db)).toEqual({ sealed: 3, refused: 0 });
      expect(await sealUnchainedEvents(t.database.db)).toEqual({ sealed: 0, refused: 0 });
      const who = await signedInAs(t, {
        profile: {
          firmId: (await createFirm(t.deps.db)).id,
          profileType: ProfileType.Administrator,
          isSuperAdmin: true,
        },
      });
      // The three, the sealing's own event and the sign-in.
      expect(await verify(t, who.headers)).toEqual({ ok: true, checked: 5, first_bad_id: null });
      const res = await t.app.inject({ method: 'GET', url: '/api/audit_events/?action=seal', headers: who.headers });
      expect(page(res).results[0]).toMatchObject({ entity: 'audit_chain', changes: [{ field: 'events', to: 3 }] });
    } finally {
      await t.close();
    }
  });
});

const refusedOnce = { cause: { message: "audit_chain_state records the chain's start once" } };

describe('a forged history with every hash cleared', () => {
  it('is never sealed: the chain started once, so verify still finds the edit', { timeout: 120_000 }, async () => {
    const t = await buildTestApp();
    try {
      const who = await signedInAs(t, {
        profile: {
          firmId: (await createFirm(t.deps.db)).id,
          profileType: ProfileType.Administrator,
          isSuperAdmin: true,
        },
      });
      for (let i = 0; i < 3; i++) await recordAs(t, who.user.id, { action: 'update', entity: 'forged', entityId: i });
      expect((await verify(t, who.headers)).ok).toBe(true);
      const [first] = await t.deps.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .orderBy(asc(auditEvents.id))
        .limit(1);
      const forged = await t.deps.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(sql`${auditEvents.entity} = 'forged'`)
        .orderBy(asc(auditEvents.id));
      await tamper(t, sql`update audit_events set changes = '{"n": 42}' where id = ${forged[0].id}`);
      await tamper(t, sql`delete from audit_events where id = ${forged[1].id}`);
      expect(await verify(t, who.headers)).toMatchObject({ ok: false, first_bad_id: forged[0].id });
      // The attack: every hash cleared so that nothing looks sealed, then a restart's seal.
      await tamper(t, sql`update audit_events set hash = null, prev_hash = null`);
      const total = (await t.deps.db.select({ id: auditEvents.id }).from(auditEvents)).length;
      expect(await sealUnchainedEvents(t.database.db)).toEqual({ sealed: 0, refused: total });
      expect(await verify(t, who.headers)).toMatchObject({ ok: false, first_bad_id: first.id });
      // Nor by removing the marker: its trigger forbids it, and sealing refuses without one.
      await expect(t.deps.db.execute(sql`delete from audit_chain_state`)).rejects.toMatchObject(refusedOnce);
      await expect(t.deps.db.execute(sql`update audit_chain_state set started_at = null`)).rejects.toMatchObject(
        refusedOnce,
      );
      await t.deps.db.execute(sql`alter table audit_chain_state disable trigger audit_chain_state_once`);
      await t.deps.db.execute(sql`delete from audit_chain_state`);
      await t.deps.db.execute(sql`alter table audit_chain_state enable trigger audit_chain_state_once`);
      expect((await sealUnchainedEvents(t.database.db)).sealed).toBe(0);
      expect((await verify(t, who.headers)).ok).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('the actor of an event', () => {
  it('is shown as they were when it happened: a later rename leaves past events as they were, and is sealed', async () => {
    const t = await buildTestApp();
    try {
      const firm = await createFirm(t.deps.db);
      const cco = await signedInAs(t, { profile: { firmId: firm.id, isCco: true } });
      const person = await createUser(t.deps.db, {
        firstName: 'Rae',
        lastName: 'Before',
        email: 'rae.before@example.com',
        profile: { firmId: firm.id },
      });
      const event = { action: 'update', entity: 'support_case', firmId: firm.id, changes: { Subject: 'x' } };
      await recordAs(t, person.id, { ...event, entityId: 1 });
      await t.deps.db.execute(
        sql`update users set first_name = 'Rae', last_name = 'After', email = 'rae.after@example.com' where id = ${person.id}`,
      );
      await recordAs(t, person.id, { ...event, entityId: 2 });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/audit_events/?entity=support_case&ordering=occurred_at`,
        headers: cco.headers,
      });
      const [first, second] = page(res).results;
      expect(first).toMatchObject({ entity_id: '1', actor_name: 'Rae Before', actor_email: 'rae.before@example.com' });
      expect(second).toMatchObject({ entity_id: '2', actor_name: 'Rae After', actor_email: 'rae.after@example.com' });
      expect((await verify(t, cco.headers)).ok).toBe(true);

      // Clearing the name kept with the event is an edit like any other; the viewer then falls back to
      // the account as it is now (as for events recorded before names were kept).
      await tamper(t, sql`update audit_events set actor_name = null, actor_email = null where id = ${first.id}`);
      expect(await verify(t, cco.headers)).toMatchObject({ ok: false, first_bad_id: first.id });
      const again = page(
        await t.app.inject({
          method: 'GET',
          url: `/api/audit_events/?entity_id=1&entity=support_case`,
          headers: cco.headers,
        }),
      );
      expect(again.results[0]).toMatchObject({ actor_name: 'Rae After', actor_email: 'rae.after@example.com' });
    } finally {
      await t.close();
    }
  });
});

describe('a creation kept with its snapshot', () => {
  it('reads as the fields the event does not list already and its lists’ rows, not one blob', () => {
    const changes = changesOf({
      Status__c: 'Submitted',
      original: {
        Status__c: 'Submitted',
        Reviewed_Date__c: null,
        Personal_Securities__r: {
          totalSize: 2,
          done: true,
          records: [
            { Name: 'ACME', Shares__c: 10 },
            { Name: 'Globex', Tax_ID__c: '123456789' },
          ],
        },
        Political_Contributions__r: { totalSize: 0, done: true, records: [] },
      },
    });
    expect(changes).toEqual([
      { field: 'Status__c', to: 'Submitted' },
      { field: 'Reviewed_Date__c', to: null },
      { field: 'Personal_Securities__r[1].Name', to: 'ACME' },
      { field: 'Personal_Securities__r[1].Shares__c', to: 10 },
      { field: 'Personal_Securities__r[2].Name', to: 'Globex' },
      { field: 'Personal_Securities__r[2].Tax_ID__c', from: '[redacted]', to: '[redacted]' },
    ]);
  });
});

describe('a request nobody signed in made', () => {
  let t: TestApp;
  let firm: { id: number };
  let cco: Awaited<ReturnType<typeof signedInAs>>;
  // What an attacker's request brings: its own address, and a forwarded one the portal must not believe
  // (no trusted proxy here).
  const from = {
    remoteAddress: '203.0.113.7',
    headers: { 'user-agent': 'Attacker/1.0', 'x-forwarded-for': '198.51.100.99' },
  };

  beforeAll(async () => {
    t = await buildTestApp();
    firm = await createFirm(t.deps.db, { name: 'Cedar Trust', abbreviation: 'CED' });
    cco = await signedInAs(t, { profile: { firmId: firm.id, isCco: true } });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit_events/${query}`, headers: cco.headers });
    expect(res.statusCode, res.body).toBe(200);
    return page(res);
  };
  const exported = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit_events/export/${query}`, headers: cco.headers });
    expect(res.statusCode, res.body).toBe(200);
    return parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
  };
  const target = (firstName: string) =>
    createUser(t.deps.db, { firstName, lastName: 'Target', profile: { firmId: firm.id } });

  it("a password reset asked for someone is nobody's act: no actor, the account as subject, the client; the list and CSV say anonymous", async () => {
    const robin = await target('Robin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/',
      payload: { email: robin.email },
      ...from,
    });
    expect(res.statusCode).toBe(200);
    await t.deps.background.drain();
    const [event] = (await list('?action=password_reset_requested')).results;
    expect(event).toMatchObject({
      actor_id: null,
      actor_name: null,
      actor_email: null,
      subject_id: robin.id,
      subject_name: 'Robin Target',
      subject_email: robin.email,
      entity: 'user',
      entity_id: String(robin.id),
      firm_id: firm.id,
      ip: '203.0.113.7',
      user_agent: 'Attacker/1.0',
    });
    // Looking a person up finds what was done to their account too.
    expect((await list(`?actor=${robin.id}`)).results.map((e) => e.id)).toContain(event.id);
    expect((await list('?actor=robin')).results.map((e) => e.id)).toContain(event.id);
    const [row] = await exported('?action=password_reset_requested');
    expect(row).toMatchObject({
      actor_id: '',
      actor_name: 'anonymous',
      actor_email: '',
      subject_id: String(robin.id),
      subject_name: 'Robin Target',
      subject_email: robin.email,
      ip: '203.0.113.7',
      user_agent: 'Attacker/1.0',
    });
    expect((await verify(t, cco.headers)).ok).toBe(true);
  });

  it('an activation link opened is anonymous too; the sign-in that follows is the person acting', async () => {
    const sam = await createUser(t.deps.db, {
      firstName: 'Sam',
      lastName: 'Newcomer',
      isActive: false,
      passwordHash: null,
      profile: { firmId: firm.id },
    });
    const link = await fixtureTx(t.deps.db, (tx) => queueActivationMail(t.deps, tx, sam));
    const [uid, token] = link.split('/').slice(-2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/account/confirm/',
      payload: { uid, token, password: 'a chosen password' },
      ...from,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [activated] = (await list('?action=account_activated')).results;
    expect(activated).toMatchObject({
      actor_id: null,
      subject_id: sam.id,
      subject_name: 'Sam Newcomer',
      ip: '203.0.113.7',
      user_agent: 'Attacker/1.0',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: sam.email, password: 'a chosen password' },
      remoteAddress: '192.0.2.10',
    });
    expect(login.statusCode).toBe(200);
    const [signedIn] = (await list(`?action=login&entity_id=${sam.id}`)).results;
    expect(signedIn).toMatchObject({
      actor_id: sam.id,
      actor_name: 'Sam Newcomer',
      subject_id: null,
      ip: '192.0.2.10',
    });
    const csv = await exported(`?action=account_activated`);
    expect(csv[0]).toMatchObject({ actor_name: 'anonymous', subject_id: String(sam.id) });
  });

  it('a wrong password for a known account is an attempt on it, recorded anonymous; an unknown address leaves nothing', async () => {
    const kim = await target('Kim');
    const attempt = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email, password: 'guess guess guess' },
        ...from,
      });
    const before = (await list('?action=login_failed')).count;
    expect((await attempt(kim.email)).statusCode).toBe(400);
    expect((await attempt('nobody.at.all@example.test')).statusCode).toBe(400);
    await t.deps.background.drain();
    const failed = await list('?action=login_failed');
    expect(failed.count).toBe(before + 1);
    expect(failed.results[0]).toMatchObject({
      actor_id: null,
      subject_id: kim.id,
      entity_id: String(kim.id),
      ip: '203.0.113.7',
      user_agent: 'Attacker/1.0',
      changes: [{ field: 'step', to: 'password' }],
    });
  });
});
