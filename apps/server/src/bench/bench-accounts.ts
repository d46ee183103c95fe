import { ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The accounts' own lists of the benchmark, written in bulk:
 * - sessions: the firm administrator's own history (`2,000 × scale` ended or expired sessions over two
 *   years, all past their refresh window, and five live ones on other devices), and one ended session of every Load person, so the
 *   table holds what a portal in use for years holds and the administrator's list skips most of its rows;
 * - an advisor's book: `150 × scale` clients of firm 1's first advisor (Load1), named Client1 … ClientN;
 * - the staff directory: the entries a firm's managers make when they edit their staff (half of the Load
 *   staff, those numbered 1 or 2 past a multiple of five, have a title, phones and a work address; one in
 *   a hundred of those was taken out of it).
 */
export async function seedBenchAccounts(
  db: Db,
  o: { adminId: number; firmId: number; createdBy: number; scale: number },
) {
  const ended = 2_000 * o.scale;
  await db.execute(sql`
    insert into sessions (id, user_id, created_at, expires_at, revoked_at, user_agent, ip, last_used_at, end_reason)
    select gen_random_uuid(), ${o.adminId}, t.at, t.at + interval '14 days',
      case when i % 3 = 0 then null else t.at + interval '3 hours' end,
      case i % 3 when 0 then 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15'
        when 1 then 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36'
        else 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148' end,
      '10.0.' || (i % 250) || '.' || (i % 200), t.at + interval '2 hours',
      case i % 3 when 1 then 'idle' when 2 then 'ended' end
    from generate_series(1, ${ended}) i
    cross join lateral (select now() - interval '15 days' - (${ended} - i) * (interval '700 days' / ${ended}) as at) t`);
  // Live on other devices: used a few minutes before the seed ended (idle after the firm's timeout).
  await db.execute(sql`
    insert into sessions (id, user_id, created_at, expires_at, user_agent, ip, last_used_at)
    select gen_random_uuid(), ${o.adminId}, now() - i * interval '1 day', now() + interval '14 days',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36', '10.1.0.' || i,
      now() - i * interval '1 minute'
    from generate_series(1, 5) i`);
  await db.execute(sql`
    insert into sessions (id, user_id, created_at, expires_at, revoked_at, user_agent, ip, last_used_at, end_reason)
    select gen_random_uuid(), u.id, now() - interval '30 days', now() - interval '16 days',
      now() - interval '29 days', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36',
      '10.2.' || (u.id % 250) || '.1', now() - interval '29 days', null
    from users u where u.email like 'load%@bench.test'`);
  await db.execute(sql`analyze sessions`);

  const clients = 150 * o.scale;
  await db.execute(sql`
    insert into users (email, first_name, last_name, is_active, password_hash, created_by_id, advisor_id)
    select 'client' || i || '@bench.test', 'Bench', 'Client' || i, false, null, ${o.createdBy},
      (select id from users where email = 'load1@bench.test')
    from generate_series(1, ${clients}) i`);
  await db.execute(sql`
    insert into profiles (user_id, firm_id, profile_type, city, company)
    select u.id, ${o.firmId}, ${ProfileType.Client}, 'Springfield', null
    from users u where u.email like 'client%@bench.test'`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze profiles`);

  await db.execute(sql`
    insert into staff_directory_entries (user_id, preferred_name, title, work_phone, mobile_phone, work_address_line_1,
      work_city, work_state, work_postal_code, removed_at, updated_at)
    select u.id, case when n % 10 = 0 then u.first_name end,
      (array['Associate','Analyst','Operations Specialist','Compliance Analyst','Client Service Associate'])[1 + n % 5],
      '555-01' || lpad((n % 100)::text, 2, '0'), case when n % 2 = 0 then '555-02' || lpad((n % 100)::text, 2, '0') end,
      n || ' Main Street', 'Springfield', 'IL', '62701',
      case when n % 100 = 37 then now() - interval '30 days' end, now() - (n % 365) * interval '1 day'
    from users u
    join profiles p on p.user_id = u.id and p.profile_type <> ${ProfileType.Client}
    cross join lateral (select substr(u.email, 5, strpos(u.email, '@') - 5)::int as n) k
    where u.email like 'load%@bench.test' and k.n % 5 < 3`);
  await db.execute(sql`analyze staff_directory_entries`);
}
