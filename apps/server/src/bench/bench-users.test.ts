import { ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/migrate.js';
import { createFirm, createUser, fixtureDb } from '../testing/factories.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { seedBenchUsers } from './bench-users.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("the bench's people, written in bulk", () => {
  it('are the Load people over the firms: one in fifty an advisor, one in five a client of the first advisor of their firm, if it has one', async () => {
    const firmIds = [(await createFirm(t.deps.db)).id, (await createFirm(t.deps.db)).id];
    const maker = await createUser(t.deps.db);
    await seedBenchUsers(fixtureDb(t.deps.db), {
      count: 200,
      firmIds,
      createdBy: maker.id,
      firstNames: ['Avery', 'Blair'],
    });
    const people = rowsOf<{
      n: number;
      email: string;
      first: string;
      type: number;
      firm: number;
      advisor: string | null;
      active: boolean;
    }>(
      await t.deps.db.execute(sql`
        select substr(u.last_name, 5)::int as n, u.email, u.first_name as first, p.profile_type as type,
          p.firm_id as firm, a.email as advisor, u.is_active as active
        from users u join profiles p on p.user_id = u.id left join users a on a.id = u.advisor_id
        where u.email like 'load%@bench.test' order by 1`),
    );
    expect(people).toHaveLength(200);
    expect(people[11]).toMatchObject({ n: 12, email: 'load12@bench.test', first: 'Avery', active: false });
    expect(people.filter((p) => p.type === ProfileType.FinancialAdvisor).map((p) => p.n)).toEqual([1, 51, 101, 151]);
    const clients = people.filter((p) => p.type === ProfileType.Client);
    expect(clients).toHaveLength(40);
    // Firm 1 holds the odd numbers, so every advisor (its first Load1); firm 2's clients have none.
    for (const c of clients) expect(c.advisor).toBe(c.firm === firmIds[0] ? 'load1@bench.test' : null);
    expect(people.filter((p) => p.type === ProfileType.StandardUser)).toHaveLength(156);
  });
});
