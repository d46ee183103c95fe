import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../testing/test-app.js';
import { DEMO_PASSWORD, seedDemo } from './demo-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.deps.db, t.deps.config);
}, 60_000);
afterAll(() => t.close());

const signIn = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${json<{ token: string }>(res).token}` };
};
const read = async <T>(url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, url).toBe(200);
  return json<T>(res);
};
interface Page<T> {
  count: number;
  results: T[];
}

describe('the demo, as the advisor opens a new strategy', () => {
  it('offers the models and fee schedules the department offered to the firm', async () => {
    const headers = await signIn('advisor@demo.test');
    const me = await read<{ id: number; profile: { _firm: number } }>('/api/auth/user/', headers);
    const names = async (kind: string, path: string) =>
      (
        await read<Page<{ name: string }>>(
          `/api/${kind}/${me.profile._firm}/${path}/?userId=${me.id}&ordering=name`,
          headers,
        )
      ).results.map((e) => e.name);
    expect(await names('investment_models', 'firm_investment_models')).toEqual([
      'Aggressive Growth',
      'Balanced Growth',
      'Income Focus',
    ]);
    expect(await names('fee_schedules', 'firm_fee_schedules')).toEqual(['Flat 0.75%', 'Tiered 1%']);
  });

  it("fills the client's name, address and email from the demo client, the state by its full name", async () => {
    const headers = await signIn('advisor@demo.test');
    const strategies = await read<Page<{ ESWA_Portal_Owner_ID__c: number; Id: number }>>(
      '/api/investment_strategies/',
      headers,
    );
    const clientId = strategies.results[0].ESWA_Portal_Owner_ID__c;
    const client = await read<{ email: string; profile: Record<string, string | null> }>(
      `/api/users/${clientId}/`,
      headers,
    );
    expect(client.email).toBe('client@demo.test');
    expect(client.profile).toMatchObject({
      address_line_1: '12 Harbor Lane',
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
    });
    for (const { Id } of strategies.results)
      expect(await read(`/api/investment_strategies/${Id}/`, headers)).toMatchObject({ Client_State__c: 'Illinois' });
  });
});
