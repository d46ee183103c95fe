import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/migrate.js';
import { verifyChain } from '../platform/audit-chain.js';
import { createFirm, createUser, fixtureDb } from '../testing/factories.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { seedBenchAudit } from './bench-audit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("the bench's audit trail, made in SQL", () => {
  it('joins the hash chain in batches: each event over the firms in turn, with its change, and the chain verifies', async () => {
    const firmIds = [(await createFirm(t.deps.db)).id, (await createFirm(t.deps.db)).id];
    const actor = await createUser(t.deps.db, { firstName: 'Avery', lastName: 'Load' });
    await seedBenchAudit(fixtureDb(t.deps.db), firmIds, 25, 10);
    const events = rowsOf<{
      actor_id: number;
      firm_id: number;
      action: string;
      entity: string;
      entity_id: string;
      request_id: string;
      actor_name: string;
      changes: unknown;
    }>(
      await t.deps.db.execute(sql`select actor_id, firm_id, action, entity, entity_id, request_id, actor_name, changes
        from audit_events where request_id like 'bench-audit-%' order by id`),
    );
    expect(events).toHaveLength(25);
    expect(events.map((e) => Number(e.entity_id)).sort((a, b) => a - b)).toEqual([...Array(25).keys()]);
    const seventh = events.find((e) => e.entity_id === '7');
    expect(seventh).toMatchObject({
      firm_id: firmIds[1],
      action: 'create',
      entity: 'investment strategy',
      request_id: 'bench-audit-0',
      changes: { Status: { from: 'New', to: 'In Progress' }, Subject: { from: 'Load 7', to: 'Load 7 (edited)' } },
    });
    expect(new Set(events.map((e) => e.request_id))).toEqual(
      new Set(['bench-audit-0', 'bench-audit-1', 'bench-audit-2']),
    );
    // Each batch is one person's doing (here the one person there is), named as the chain keeps an actor.
    expect(events.every((e) => e.actor_id === actor.id && e.actor_name === 'Avery Load')).toBe(true);
    expect(await verifyChain(t.deps.db)).toMatchObject({ ok: true, first_bad_id: null });
  });
});
