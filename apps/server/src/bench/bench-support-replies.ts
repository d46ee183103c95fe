import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** The conversation of firm 1's first case: the long one a handler opens. */
export const BENCH_CASE_REPLIES = 50;

/**
 * The support cases' conversations, written in bulk: every tenth case of firm `firmId` has three replies
 * (its submitter's question, the handler's answer, a thanks), and its first case a long exchange of
 * `BENCH_CASE_REPLIES`, the submitter and the handler `handlerId` in turn, an hour apart.
 */
export async function seedBenchSupportReplies(db: Db, o: { firmId: number; handlerId: number }) {
  const conversation = (fromSupport: string) => sql`
    case when ${sql.raw(fromSupport)} then ${o.handlerId} else c.submitter_id end,
    case when ${sql.raw(fromSupport)} then 'Bench Administrator' else c.submitter_name end,
    ${sql.raw(fromSupport)}`;
  await db.execute(sql`
    insert into support_case_replies (case_id, author_id, author_name, from_support, body, created_at)
    select c.id, ${conversation('k % 2 = 0')}, 'Reply ' || k || ' of the conversation.', c.created_at + k * interval '1 hour'
    from support_cases c cross join generate_series(1, 3) k
    where c.firm_id = ${o.firmId} and c.id % 10 = 0`);
  await db.execute(sql`
    insert into support_case_replies (case_id, author_id, author_name, from_support, body, created_at)
    select c.id, ${conversation('k % 2 = 0')}, 'Reply ' || k || ' of the conversation.', c.created_at + k * interval '1 hour'
    from (select * from support_cases where firm_id = ${o.firmId} order by id limit 1) c
    cross join generate_series(1, ${BENCH_CASE_REPLIES}) k`);
  await db.execute(sql`analyze support_case_replies`);
}
