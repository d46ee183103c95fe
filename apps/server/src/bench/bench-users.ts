import { ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';

/**
 * An array as one parameter, in PostgreSQL's array text (a list in a template would become many): each
 * element quoted, its backslashes and quotes escaped.
 */
export const arrayText = (xs: (number | string)[]) =>
  `{${xs.map((x) => `"${String(x).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/**
 * The benchmark's people, written in bulk (two INSERT … SELECT over arrays and an UPDATE for the
 * advisors): `count` people named Load1 … LoadN (so a search for "load12" finds 1 + 10 + 100 of 10,000)
 * spread over the firms in turn, one in fifty an advisor, one in five a client of their firm's first advisor if it has one, the rest
 * standard staff. With the default 20 firms, advisors fall in firms 1 and 11 and clients in firms 5, 10,
 * 15 and 20, so no client has an advisor (as the service-made seed had it).
 * They are made as the users service makes an account without an invitation (inactive, no password,
 * made by `createdBy`); the service's rules and audit events are what the bench measures elsewhere, and
 * making 10,000 people one request at a time took minutes.
 */
/** The live financial advisors of a firm, by id: whom the seeded books and requests are spread over. */
export async function firmAdvisors(db: Db, firmId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`
      select p.user_id as id from profiles p join users u on u.id = p.user_id
      where p.firm_id = ${firmId} and p.profile_type = ${ProfileType.FinancialAdvisor} and u.deleted_at is null
      order by p.user_id`),
  ).map((r) => r.id);
}

export async function seedBenchUsers(
  db: Db,
  o: { count: number; firmIds: number[]; createdBy: number; firstNames: string[] },
) {
  const isAdvisor = (i: number) => i % 50 === 1;
  const firmOf = (i: number) => o.firmIds[(i - 1) % o.firmIds.length];
  const firstAdvisor = new Map<number, number>();
  for (let i = 1; i <= o.count; i++) if (isAdvisor(i) && !firstAdvisor.has(firmOf(i))) firstAdvisor.set(firmOf(i), i);
  const numbers = Array.from({ length: o.count }, (_, k) => k + 1);
  const typeOf = (i: number) =>
    isAdvisor(i) ? ProfileType.FinancialAdvisor : i % 5 === 0 ? ProfileType.Client : ProfileType.StandardUser;
  // A client's advisor by number: the advisor is Load<n>, found by address once both are written.
  const advisorNumber = numbers.map((i) => (typeOf(i) === ProfileType.Client ? (firstAdvisor.get(firmOf(i)) ?? 0) : 0));
  await db.execute(sql`
    insert into users (email, first_name, last_name, is_active, password_hash, created_by_id)
    select 'load' || i || '@bench.test', (${arrayText(o.firstNames)}::text[])[1 + i % ${o.firstNames.length}], 'Load' || i,
      false, null, ${o.createdBy}
    from unnest(${arrayText(numbers)}::int[]) i`);
  await db.execute(sql`
    insert into profiles (user_id, firm_id, profile_type, city, company)
    select u.id, t.firm, t.type, 'Springfield', 'Bench Firm ' || t.firm
    from unnest(${arrayText(numbers)}::int[], ${arrayText(numbers.map(firmOf))}::int[], ${arrayText(numbers.map(typeOf))}::int[]) t(i, firm, type)
    join users u on u.email = 'load' || t.i || '@bench.test'`);
  await db.execute(sql`
    update users c set advisor_id = a.id
    from unnest(${arrayText(numbers)}::int[], ${arrayText(advisorNumber)}::int[]) t(i, advisor)
    join users a on a.email = 'load' || t.advisor || '@bench.test'
    where t.advisor > 0 and c.email = 'load' || t.i || '@bench.test'`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze profiles`);
}
