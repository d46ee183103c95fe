import { ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/migrate.js';
import { createFirm, createUser, fixtureDb } from '../testing/factories.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { seedBenchLists } from './bench-lists.js';
import { BENCH_RESOURCE_VERSIONS } from './bench-resources.js';
import { seedBenchSupport } from './bench-support.js';
import { BENCH_CASE_REPLIES } from './bench-support-replies.js';
import { seedBenchUsers } from './bench-users.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.deps.db.execute(query))[0];

describe("the bench's other lists, written in bulk", () => {
  it('give firm 1 its library, calendar, setup and conversations, its administrator a session history, Load1 a book', async () => {
    const firmIds = [(await createFirm(t.deps.db)).id, (await createFirm(t.deps.db)).id];
    const superUser = await createUser(t.deps.db);
    const admin = await createUser(t.deps.db, {
      profile: { firmId: firmIds[0], profileType: ProfileType.Administrator },
    });
    const db = fixtureDb(t.deps.db);
    await seedBenchUsers(db, { count: 400, firmIds, createdBy: superUser.id, firstNames: ['Avery', 'Blair'] });
    await seedBenchSupport(db, firmIds[0], 40);
    await seedBenchLists(db, { firmIds, superId: superUser.id, adminId: admin.id, scale: 1, log: () => {} });

    // 1,000 resources, a fifth per category; the first in its twentieth version; 40 to acknowledge.
    const resources = await one<{ n: number; compliance: number; owed: number; versions: number }>(sql`
      select count(*)::int as n, count(*) filter (where category = 'compliance')::int as compliance,
        count(*) filter (where acknowledgement is not null)::int as owed,
        (select count(*)::int from training_resource_versions v where v.resource_id = min(r.id)) as versions
      from training_resources r where r.firm_id = ${firmIds[0]}`);
    expect(resources).toEqual({ n: 1000, compliance: 200, owed: 40, versions: BENCH_RESOURCE_VERSIONS });
    // Some of the staff acknowledged each current version, not all and not none (about four in five).
    const shares = rowsOf<{ share: number }>(
      await t.deps.db.execute(sql`
        select count(a.id)::float / (select count(*) from profiles p where p.firm_id = r.firm_id
          and p.profile_type <> ${ProfileType.Client}) as share
        from training_resources r
        left join training_resource_acknowledgements a on a.resource_id = r.id and a.version = r.version
        where r.firm_id = ${firmIds[0]} and r.acknowledgement is not null group by r.id`),
    );
    expect(shares).toHaveLength(40);
    for (const { share } of shares) {
      expect(share).toBeGreaterThan(0.6);
      expect(share).toBeLessThan(0.95);
    }

    const counts = await one<Record<string, number>>(sql`
      select
        (select count(*)::int from calendar_events where firm_id = ${firmIds[0]}) as events1,
        (select count(*)::int from calendar_events where firm_id = ${firmIds[1]}) as events2,
        (select count(*)::int from sso_service_providers where firm_id = ${firmIds[1]}) as providers,
        (select count(*)::int from firm_links where firm_id = ${firmIds[1]}) as links,
        (select count(*)::int from users c join users a on a.id = c.advisor_id
          where a.email = 'load1@bench.test' and c.email like 'client%') as clients,
        (select count(*)::int from sessions where user_id = ${admin.id}) as sessions,
        (select count(*)::int from sessions where user_id = ${admin.id} and revoked_at is null
          and expires_at > now()) as live,
        (select count(*)::int from support_case_replies where case_id =
          (select min(id) from support_cases where firm_id = ${firmIds[0]})) as replies,
        (select count(*)::int from staff_directory_entries) as entries`);
    expect(counts).toEqual({
      events1: 2000,
      events2: 200,
      providers: 3,
      links: 30,
      clients: 150,
      sessions: 2005,
      live: 5,
      replies: BENCH_CASE_REPLIES,
      // Half of the 320 Load staff (the 80 others are clients).
      entries: 160,
    });
  });
});
