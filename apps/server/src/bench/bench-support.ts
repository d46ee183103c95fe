import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The benchmark's support cases, written in bulk (one INSERT … SELECT, like the strategies): `count` cases
 * of firm `firmId`, opened in turn by its staff, a minute apart going back from now. Subjects are "Load
 * case N", so a search for "case 12" finds 1 + 10 + 100 + 1000 … of them. A fifth are Closed (with their
 * closing instant), a fifth In Progress, the rest New; one in ten a prayer request.
 */
export async function seedBenchSupport(db: Db, firmId: number, count: number) {
  if (count <= 0) return;
  await db.execute(sql`
    with staff as (
      select u.id, coalesce(u.first_name || ' ', '') || coalesce(u.last_name, '') as name, u.email,
        row_number() over (order by u.id) - 1 as k, count(*) over () as n
      from users u join profiles p on p.user_id = u.id
      where p.firm_id = ${firmId} and p.profile_type <> 4 and u.deleted_at is null)
    insert into support_cases (firm_id, submitter_id, submitter_name, submitter_email, subject, status, category,
      priority, description, origin, created_at, closed_at, updated_at)
    select ${firmId}, s.id, s.name, s.email, 'Load case ' || i,
      case i % 5 when 1 then 'Closed' when 2 then 'In Progress' else 'New' end,
      case when i % 10 = 0 then 'Prayer Request' else 'Technology' end,
      case i % 4 when 0 then 'Low' when 1 then 'Medium' when 2 then 'High' else 'Critical' end,
      'Opened by the benchmark.', 'Web', now() - i * interval '1 minute',
      case when i % 5 = 1 then now() - i * interval '1 minute' + interval '1 hour' end,
      now() - i * interval '1 minute'
    from generate_series(1, ${count}) i
    join staff s on s.k = i % s.n`);
  await db.execute(sql`analyze support_cases`);
}
