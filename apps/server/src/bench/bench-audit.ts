import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';
import { appendChainedRows } from '../platform/audit-chain.js';
import { arrayText } from './bench-users.js';

const ENTITIES = ['support case', 'attestation', 'user', 'investment strategy'] as const;
const ACTIONS = ['update', 'create', 'review'] as const;
const BATCH = 10_000;

/**
 * The benchmark's audit trail: `count` events over the firms, made in SQL and appended to the hash chain
 * as a write's events are (the same two statements, sealed with the chain's key), ten thousand to a
 * transaction, each batch by one of the firms' people. Every event changes a status and a subject,
 * before → after. Sent as JSON from here, as a write's events are, 200,000 events took 22 s; made by
 * the database, the JSON carries only what the chain adds.
 */
export async function seedBenchAudit(db: Db, firmIds: number[], count: number, batch = BATCH) {
  if (count <= 0) return;
  const people = rowsOf<{ id: number }>(await db.execute(sql`select id from users order by id limit 200`));
  const actors = people.map((r) => r.id);
  const firms = sql`${arrayText(firmIds.map(String))}::integer[]`;
  const actions = sql`${arrayText([...ACTIONS])}::text[]`;
  const entities = sql`${arrayText([...ENTITIES])}::text[]`;
  for (let start = 0; start < count; start += batch) {
    const end = Math.min(count, start + batch);
    const actorId = actors[(start / batch) % actors.length] ?? null;
    // `ord` counts from 0 in each batch; `i` numbers the events over the whole trail.
    const source = sql`(select (i - ${start})::integer as ord, ${actorId}::integer as actor_id,
        (${firms})[i % ${firmIds.length} + 1] as firm_id, (${actions})[i % ${ACTIONS.length} + 1] as action,
        (${entities})[i % ${ENTITIES.length} + 1] as entity, i::text as entity_id,
        jsonb_build_object('Status', jsonb_build_object('from', 'New', 'to', 'In Progress'),
          'Subject', jsonb_build_object('from', 'Load ' || i, 'to', 'Load ' || i || ' (edited)')) as changes,
        ${`bench-audit-${start / batch}`}::text as request_id, null::integer as subject_id, null::text as ip,
        null::text as user_agent
      from generate_series(${start}::integer, ${end - 1}::integer) i) v`;
    await db.transaction((tx) => appendChainedRows(db, tx, source, end - start));
  }
}
