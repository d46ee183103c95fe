import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The benchmark's attestations, written in bulk: filing 100,000 of them one by one through the service
 * would take most of an hour on PGlite, and the benchmark measures reading them. Each staff member of
 * the data set files one per quarter, newest quarters first, until `count` exist; each has one row in
 * each of its three lists (300,000 rows for 100,000), about two in three are reviewed.
 */
export async function seedBenchAttestations(db: Db, count: number) {
  if (count <= 0) return;
  // A contribution's amount and vote follow its attestation's id (below), so whether it is over the de
  // minimis limit is known as the attestation is written: its id is drawn first, in order, for that.
  const overDeMinimis = (id: SQL) => sql`(100 + ${id} % 400) > case when ${id} % 2 = 0 then 350 else 150 end`;
  await db.execute(sql`
    insert into quarterly_attestations (id, name, owner_id, firm_id, firm_name, firm_abbreviation, fiscal_year,
      fiscal_quarter, status, submitted_date, reviewed_date, first_name, last_name, employment_date, created_at,
      over_de_minimis)
    select n.*, ${overDeMinimis(sql`n.id`)}
    from (select nextval(pg_get_serial_sequence('quarterly_attestations', 'id')) as id, s.* from (
      select u.first_name || ' ' || u.last_name || ' - ' || f.abbreviation || ' FY' || p.fy || ' Q' || p.fq as name,
        u.id as owner_id, f.id as firm_id, f.name as firm_name, f.abbreviation, p.fy, p.fq,
        case when u.id % 3 = 0 then 'Submitted' else 'Reviewed' end as status,
        p.starts + interval '3 months' + (u.id % 20) * interval '1 day' as submitted,
        case when u.id % 3 = 0 then null else p.starts + interval '3 months' + (u.id % 20 + 7) * interval '1 day' end as reviewed,
        u.first_name, u.last_name, date '2019-04-01' as employed,
        p.starts + interval '3 months' + (u.id % 20) * interval '1 day' as created
      from users u
      join profiles pr on pr.user_id = u.id and pr.profile_type <> 4
      join firms f on f.id = pr.firm_id
      cross join lateral (
        select fy, fq, make_date(case when fq = 4 then fy + 1 else fy end, case when fq = 4 then 1 else 1 + fq * 3 end, 1) as starts, k
        from (select k, 2026 - (k + 2) / 4 as fy, 4 - (k + 2) % 4 as fq from generate_series(0, 39) k) q
      ) p
      where u.email like 'load%@bench.test'
      order by p.k, u.id
      limit ${count}) s) n`);
  const eachAttestation = sql`from quarterly_attestations a where a.firm_abbreviation like 'BF%'`;
  await db.execute(sql`insert into personal_securities (attestation_id, account_owner, account_number, account_type, custodian)
    select a.id, a.first_name || ' ' || a.last_name, 'ACCT-' || a.id, 'IRA', 'Schwab' ${eachAttestation}`);
  await db.execute(sql`insert into outside_business_activities (attestation_id, name, approved_by, approved_date)
    select a.id, 'Board member', 'Bench CCO', a.submitted_date ${eachAttestation}`);
  await db.execute(sql`insert into political_contributions (attestation_id, amount, candidate_name, political_race,
      election_date, may_vote, approved_by, approved_date, over_de_minimis)
    select a.id, 100 + a.id % 400, 'Candidate ' || a.id % 50, 'City Council', date '2026-11-03', a.id % 2 = 0,
      'Bench CCO', a.submitted_date, ${overDeMinimis(sql`a.id`)} ${eachAttestation}`);
  for (const table of [
    'quarterly_attestations',
    'personal_securities',
    'outside_business_activities',
    'political_contributions',
  ])
    await db.execute(sql`analyze ${sql.identifier(table)}`);
}
