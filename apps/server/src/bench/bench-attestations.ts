import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The benchmark's attestations, written in bulk: filing 100,000 of them one by one through the service
 * would take most of an hour on PGlite, and the benchmark measures reading them. Each staff member of
 * the data set files one per quarter, newest quarters first, until `count` exist; each has one row in
 * each of its three lists (300,000 rows for 100,000), about two in three are reviewed.
 */
export async function seedBenchAttestations(db: Db, count: number) {
  if (count <= 0) return;
  await db.execute(sql`
    insert into quarterly_attestations (name, owner_id, firm_id, firm_name, firm_abbreviation, fiscal_year,
      fiscal_quarter, status, submitted_date, reviewed_date, first_name, last_name, employment_date, created_at)
    select u.first_name || ' ' || u.last_name || ' - ' || f.abbreviation || ' FY' || p.fy || ' Q' || p.fq,
      u.id, f.id, f.name, f.abbreviation, p.fy, p.fq,
      case when u.id % 3 = 0 then 'Submitted' else 'Reviewed' end,
      p.starts + interval '3 months' + (u.id % 20) * interval '1 day',
      case when u.id % 3 = 0 then null else p.starts + interval '3 months' + (u.id % 20 + 7) * interval '1 day' end,
      u.first_name, u.last_name, date '2019-04-01',
      p.starts + interval '3 months' + (u.id % 20) * interval '1 day'
    from users u
    join profiles pr on pr.user_id = u.id and pr.profile_type <> 4
    join firms f on f.id = pr.firm_id
    cross join lateral (
      select fy, fq, make_date(case when fq = 4 then fy + 1 else fy end, case when fq = 4 then 1 else 1 + fq * 3 end, 1) as starts, k
      from (select k, 2026 - (k + 2) / 4 as fy, 4 - (k + 2) % 4 as fq from generate_series(0, 39) k) q
    ) p
    where u.email like 'load%@bench.test'
    order by p.k, u.id
    limit ${count}`);
  const eachAttestation = sql`from quarterly_attestations a where a.firm_abbreviation like 'BF%'`;
  await db.execute(sql`insert into personal_securities (attestation_id, account_owner, account_number, account_type, custodian)
    select a.id, a.first_name || ' ' || a.last_name, 'ACCT-' || a.id, 'IRA', 'Schwab' ${eachAttestation}`);
  await db.execute(sql`insert into outside_business_activities (attestation_id, name, approved_by, approved_date)
    select a.id, 'Board member', 'Bench CCO', a.submitted_date ${eachAttestation}`);
  await db.execute(sql`insert into political_contributions (attestation_id, amount, candidate_name, political_race,
      election_date, may_vote, approved_by, approved_date)
    select a.id, 100 + a.id % 400, 'Candidate ' || a.id % 50, 'City Council', date '2026-11-03', a.id % 2 = 0,
      'Bench CCO', a.submitted_date ${eachAttestation}`);
  await db.execute(sql`update quarterly_attestations a set over_de_minimis = true
    where exists (select 1 from political_contributions c where c.attestation_id = a.id
      and c.amount > case when c.may_vote then 350 else 150 end)`);
  await db.execute(
    sql`update political_contributions set over_de_minimis = amount > case when may_vote then 350 else 150 end`,
  );
  await db.execute(sql`analyze`);
}
