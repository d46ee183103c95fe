import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The firms' calendars, written in bulk: `2,000 × scale` events of firm `firmId` (and a tenth of that in
 * each of the others) spread evenly over the year before and the year after the seed, so a month holds
 * about 80 of firm 1's. One in four is an all-day event (one in ten of those three days long); the
 * others last an hour, in the working day.
 */
export async function seedBenchCalendar(db: Db, o: { firmIds: number[]; createdBy: number; scale: number }) {
  const [first, ...others] = o.firmIds;
  const counts = [2_000 * o.scale, ...others.map(() => 200 * o.scale)];
  await db.execute(sql`
    insert into calendar_events (firm_id, title, all_day, start_date, end_date, starts_at, ends_at, location,
      description, created_by_id, created_at, updated_at)
    select f.firm, 'Bench event ' || i, i % 4 = 0, d.day, d.day + case when i % 40 = 0 then 2 else 0 end,
      case when i % 4 <> 0 then d.day + time '14:00' + (i % 6) * interval '1 hour' end,
      case when i % 4 <> 0 then d.day + time '15:00' + (i % 6) * interval '1 hour' end,
      case when i % 3 = 0 then 'Conference room ' || (i % 5 + 1) end,
      case when i % 2 = 0 then 'Scheduled by the benchmark.' end, ${o.createdBy}, now(), now()
    from unnest(${`{${[first, ...others].join(',')}}`}::int[], ${`{${counts.join(',')}}`}::int[]) f(firm, n)
    cross join lateral generate_series(1, f.n) i
    cross join lateral (select (current_date - 365 + (i * 730) / f.n)::date as day) d`);
  await db.execute(sql`analyze calendar_events`);
}
