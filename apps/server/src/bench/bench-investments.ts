import { ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { arrayText, firmAdvisors } from './bench-users.js';

export interface BenchInvestmentsOptions {
  firmId: number;
  /** Investment models of the firm at scale 1; fee schedules and cash requests likewise. */
  models: number;
  feeSchedules: number;
  cashRequests: number;
  scale: number;
  /** Who made the catalogue entries and the offers (the firm's administrator). */
  createdBy: number;
}

/**
 * A busy firm's investment department, written in bulk: its catalogues (`models` investment models
 * and `feeSchedules` fee schedules, one in three of each an advisor's own, the firm's advisors in
 * turn, the first advisor included; the rest shared), the firm's offers of its shared entries (all but
 * one in five: Firm Models and Firm Fee Schedules), and `cashRequests` cash requests filed by the
 * advisors for their clients (the firm's clients that have an advisor, in turn), a minute apart going
 * back from now: "Cash account N", a quarter each Submitted, In Progress, Completed and Cancelled
 * (with its reason). Volumes are times `scale`. The clients must be written before (bench-clients.ts).
 */
export async function seedBenchInvestments(db: Db, o: BenchInvestmentsOptions) {
  const advisors = await firmAdvisors(db, o.firmId);
  const advisorOf = sql`(${arrayText(advisors)}::int[])[1 + (i / 3) % ${Math.max(advisors.length, 1)}]`;
  const catalogue = async (table: 'investment_models' | 'fee_schedules', count: number, names: string[]) => {
    if (count <= 0) return;
    await db.execute(sql`
      insert into ${sql.identifier(table)} (name, firm_id, financial_advisor_id, created_by_id, created_at, updated_at)
      select (${arrayText(names)}::text[])[1 + i % ${names.length}] || ' ' || i, ${o.firmId},
        case when i % 3 = 0 then ${advisorOf} end, ${o.createdBy},
        now() - i * interval '1 hour', now() - i * interval '1 hour'
      from generate_series(1, ${count}) i`);
  };
  await catalogue('investment_models', Math.round(o.models * o.scale), [
    'Growth',
    'Income',
    'Balanced',
    'Conservative',
    'Aggressive Growth',
  ]);
  await catalogue('fee_schedules', Math.round(o.feeSchedules * o.scale), [
    'Tiered 1%',
    'Flat 0.75%',
    'Tiered 1.25%',
    'Household 0.9%',
  ]);
  for (const [offers, table, column] of [
    ['firm_models', 'investment_models', 'investment_model_id'],
    ['firm_fee_schedules', 'fee_schedules', 'fee_schedule_id'],
  ] as const)
    await db.execute(sql`
      insert into ${sql.identifier(offers)} (firm_id, ${sql.identifier(column)}, created_by_id)
      select e.firm_id, e.id, ${o.createdBy} from ${sql.identifier(table)} e
      where e.firm_id = ${o.firmId} and e.financial_advisor_id is null and e.deleted_at is null and e.id % 5 <> 0`);

  const cashRequests = Math.round(o.cashRequests * o.scale);
  if (cashRequests > 0)
    await db.execute(sql`
      with c as (
        select u.id, u.first_name || ' ' || u.last_name as name, u.advisor_id,
          row_number() over (order by u.id) - 1 as k, count(*) over () as n
        from users u join profiles p on p.user_id = u.id
        where p.firm_id = ${o.firmId} and p.profile_type = ${ProfileType.Client} and u.advisor_id is not null
          and u.deleted_at is null)
      insert into cash_requests (firm_id, client_id, submitter_id, submitter_email, submitter_first_name,
        submitter_last_name, status, status_reason, account_name, account_number, custodian, advisor_name,
        relationship_name, request_type, amount, created_at, updated_at)
      select ${o.firmId}, c.id, a.id, a.email, a.first_name, a.last_name,
        (array['Submitted','In Progress','Completed','Cancelled'])[1 + i % 4],
        case when i % 4 = 3 then 'Client withdrew' end,
        'Cash account ' || i, lpad(i::text, 8, '0'),
        case i % 3 when 0 then 'Schwab' when 1 then 'Fidelity' else 'Pershing' end,
        a.first_name || ' ' || a.last_name, c.name || ' Family',
        case when i % 2 = 0 then 'Raise Cash' else 'Invest Cash' end, (1 + i % 500) * 100,
        now() - i * interval '1 minute', now() - i * interval '1 minute'
      from generate_series(1, ${cashRequests}) i
      join c on c.k = i % c.n
      join users a on a.id = c.advisor_id`);
  for (const table of ['investment_models', 'fee_schedules', 'firm_models', 'firm_fee_schedules', 'cash_requests'])
    await db.execute(sql`analyze ${sql.identifier(table)}`);
}
