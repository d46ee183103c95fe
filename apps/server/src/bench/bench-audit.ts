import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';
import { writeAudited } from '../platform/audit.js';

const ENTITIES = ['support case', 'attestation', 'user', 'investment strategy'] as const;
const ACTIONS = ['update', 'create', 'review'] as const;
const BATCH = 1000;

/**
 * The benchmark's audit trail: `count` events over the firms, recorded as services record them (through
 * `writeAudited`, so each joins the hash chain), a thousand to a transaction, each batch by one of the
 * firms' people. Every event changes a status and a subject, before → after.
 */
export async function seedBenchAudit(db: Db, firmIds: number[], count: number) {
  if (count <= 0) return;
  const people = rowsOf<{ id: number }>(await db.execute(sql`select id from users order by id limit 200`));
  const actors = people.map((r) => r.id);
  for (let start = 0; start < count; start += BATCH) {
    const actorId = actors[(start / BATCH) % actors.length] ?? null;
    await writeAudited(db, { actorId, requestId: `bench-audit-${start / BATCH}` }, async (_tx, record) => {
      for (let i = start; i < Math.min(count, start + BATCH); i++)
        record({
          action: ACTIONS[i % ACTIONS.length],
          entity: ENTITIES[i % ENTITIES.length],
          entityId: i,
          firmId: firmIds[i % firmIds.length],
          changes: {
            Status: { from: 'New', to: 'In Progress' },
            Subject: { from: `Load ${i}`, to: `Load ${i} (edited)` },
          },
        });
    });
  }
}
