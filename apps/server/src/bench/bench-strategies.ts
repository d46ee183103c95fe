import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';

/**
 * The benchmark's investment strategies, written in bulk (one INSERT … SELECT, like the attestations):
 * `count` strategies of firm `firmId`, filed by its first advisor for twenty clients of theirs made here
 * (the bench's users put no client in firm 1) in turn,
 * a day apart going back from today, over a model and a fee schedule made here. Account names are
 * "Load account N", so a search for "account 12" finds 1 + 10 + 100 + 1000 … of them. A quarter are
 * In Progress, a quarter Completed, the rest Submitted.
 */
export async function seedBenchStrategies(db: Db, firmId: number, count: number) {
  if (count <= 0) return;
  const [{ advisor }] = rowsOf<{ advisor: number }>(
    await db.execute(sql`
      select p.user_id as advisor from profiles p join users u on u.id = p.user_id
      where p.firm_id = ${firmId} and p.profile_type = 2 and u.deleted_at is null
      order by p.user_id limit 1`),
  );
  await db.execute(sql`
    insert into users (email, first_name, last_name, is_active, advisor_id)
    select 'strategy-client' || i || '@bench.test', 'Client', 'Strategies-' || i, true, ${advisor}
    from generate_series(1, 20) i`);
  await db.execute(sql`insert into profiles (user_id, firm_id, profile_type)
    select u.id, ${firmId}, 4 from users u where u.email like 'strategy-client%@bench.test'`);
  const entry = async (table: 'investment_models' | 'fee_schedules', name: string) => {
    const [row] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into ${sql.identifier(table)} (name, firm_id) values (${name}, ${firmId}) returning id`,
      ),
    );
    return row.id;
  };
  const model = await entry('investment_models', 'Bench Balanced');
  const feeSchedule = await entry('fee_schedules', 'Bench Tiered 1%');
  await db.execute(sql`
    with clients as (
      select c.id, c.first_name || ' ' || c.last_name as name, c.email, row_number() over (order by c.id) - 1 as k,
        count(*) over () as n
      from users c where c.advisor_id = ${advisor} and c.deleted_at is null)
    insert into investment_strategies (firm_id, client_id, submitter_id, submitter_email, submitter_first_name,
      submitter_last_name, status, account_name, account_number, custodian, advisor_name, relationship_name,
      master_code, fee_schedule_id, fee_schedule_name, fee_minimum, client_name, client_street, client_city,
      client_state, client_zip_code, client_email, investment_model_id, investment_model_name, trading_authority,
      cash_target_percentage, is_cash_distributions, created_at, updated_at)
    select ${firmId}, c.id, a.id, a.email, a.first_name, a.last_name,
      case i % 4 when 1 then 'In Progress' when 2 then 'Completed' else 'Submitted' end,
      'Load account ' || i, lpad(i::text, 8, '0'), case i % 3 when 0 then 'Schwab' when 1 then 'Fidelity' else 'Pershing' end,
      a.first_name || ' ' || a.last_name, c.name || ' Family', 'MC' || i, ${feeSchedule}, 'Bench Tiered 1%', 250,
      c.name, '1 Main St', 'Springfield', 'IL', '62701', c.email, ${model}, 'Bench Balanced', 'Investment Department',
      2.5, false, now() - i * interval '1 minute', now() - i * interval '1 minute'
    from generate_series(1, ${count}) i
    join users a on a.id = ${advisor}
    join clients c on c.k = i % c.n`);
  await db.execute(sql`analyze investment_strategies`);
}
