import { attestationPeriodOn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * A firm whose roster holds `size` supervised persons (the status list must stay fast for a firm of 2,000),
 * written in bulk: the staff accounts, their roster entries and, for the period being filed on `today`,
 * an attestation from seven in ten of them (half of those reviewed). The other three in ten have not
 * filed, so the list mixes all four statuses. The accounts never sign in: they have no password.
 */
export async function seedBenchRoster(db: Db, firmId: number, size: number, today: string) {
  if (size <= 0) return;
  const { fiscalYear, fiscalQuarter } = attestationPeriodOn(today);
  await db.execute(sql`
    insert into users (email, first_name, last_name, is_active)
    select 'roster' || i || '@bench.test',
      (array['Avery','Blair','Casey','Drew','Emerson','Finley','Gray','Harper','Jordan','Kendall'])[1 + i % 10],
      (array['Abbott','Baker','Chen','Diaz','Evans','Fischer','Garcia','Hughes','Ivanova','Jensen','Khan','Lopez',
        'Murphy','Nakamura','Okafor','Patel','Quinn','Rossi','Schmidt','Tanaka'])[1 + i % 20] || '-' || i,
      true
    from generate_series(1, ${size}) i`);
  const rosterUsers = sql`from users u where u.email like 'roster%@bench.test'`;
  await db.execute(sql`insert into profiles (user_id, firm_id, profile_type)
    select u.id, ${firmId}, 3 ${rosterUsers}`);
  await db.execute(sql`insert into supervised_persons (user_id, has_to_submit_personal_securities)
    select u.id, true ${rosterUsers}`);
  await db.execute(sql`
    insert into quarterly_attestations (name, owner_id, firm_id, firm_name, firm_abbreviation, fiscal_year,
      fiscal_quarter, status, submitted_date, reviewed_date, first_name, last_name, employment_date, created_at)
    select u.first_name || ' ' || u.last_name || ' - ' || f.abbreviation || ' FY' || ${fiscalYear} || ' Q' || ${fiscalQuarter},
      u.id, f.id, f.name, f.abbreviation, ${fiscalYear}, ${fiscalQuarter},
      case when u.id % 2 = 0 then 'Submitted' else 'Reviewed' end,
      ${today}::date, case when u.id % 2 = 0 then null else ${today}::date end,
      u.first_name, u.last_name, date '2019-04-01', now()
    from users u join firms f on f.id = ${firmId}
    where u.email like 'roster%@bench.test' and u.id % 10 >= 3`);
  for (const table of ['users', 'profiles', 'supervised_persons', 'quarterly_attestations'])
    await db.execute(sql`analyze ${sql.identifier(table)}`);
}
