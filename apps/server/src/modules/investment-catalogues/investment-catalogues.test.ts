import { messages, ProfileType } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firms, investmentModels } from '../../db/schema/index.js';
import { createFirm, createUser, fixtureTx } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
interface Page<T> {
  count: number;
  results: T[];
}
interface Entry {
  id: number;
  name: string;
  investment_model_name?: string;
  fee_schedule_name?: string;
  firm: number;
  financial_advisor: number | null;
  created_date: string;
  last_modified_date: string;
}

const investmentsUserOf = async (firmId: number) =>
  (await signedInAs(t, { profile: { firmId, profileType: ProfileType.StandardUser, isInvestmentsUser: true } }))
    .headers;
const advisorOf = (firmId: number) => signedInAs(t, { profile: { firmId, profileType: ProfileType.FinancialAdvisor } });

const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const read = async <T>(url: string, headers: Headers) => {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, url).toBe(200);
  return json<T>(res);
};

describe('models and fee schedules', () => {
  it('an investments user keeps the firm’s models: create, search, rename through either name, delete', async () => {
    const firm = await createFirm(t.deps.db, { name: 'Harbor Wealth' });
    const headers = await investmentsUserOf(firm.id);
    const created = await send('POST', '/api/investment_models/', headers, { name: 'Balanced Growth' });
    expect(created.statusCode).toBe(201);
    const model = json<Entry>(created);
    expect(model).toMatchObject({
      name: 'Balanced Growth',
      investment_model_name: 'Balanced Growth',
      firm: firm.id,
      financial_advisor: null,
    });
    expect(Object.keys(model).sort()).toEqual(
      ['created_date', 'financial_advisor', 'firm', 'id', 'investment_model_name', 'last_modified_date', 'name'].sort(),
    );
    await send('POST', '/api/investment_models/', headers, { investment_model_name: 'Income Focus' });

    const found = await read<Page<Entry>>('/api/investment_models/?search=growth', headers);
    expect(found.results.map((m) => m.name)).toEqual(['Balanced Growth']);
    const byFirm = await read<Page<Entry>>('/api/investment_models/?search=harbor&ordering=-name', headers);
    expect(byFirm.results.map((m) => m.name)).toEqual(['Income Focus', 'Balanced Growth']);

    const renamed = await send('PUT', `/api/investment_models/${model.id}/`, headers, {
      ...model,
      investment_model_name: 'Balanced Growth II',
    });
    expect(json(renamed)).toMatchObject({ name: 'Balanced Growth II', investment_model_name: 'Balanced Growth II' });

    expect((await send('DELETE', `/api/investment_models/${model.id}/`, headers)).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/investment_models/${model.id}/`, headers })).statusCode).toBe(404);
    expect((await read<Page<Entry>>('/api/investment_models/', headers)).results.map((m) => m.name)).toEqual([
      'Income Focus',
    ]);
  });

  it('refuses a model without a name, and an advisor who is not an advisor of its firm', async () => {
    const firm = await createFirm(t.deps.db);
    const other = await createFirm(t.deps.db);
    const headers = await investmentsUserOf(firm.id);
    const nameless = await send('POST', '/api/fee_schedules/', headers, { fee_schedule_name: '   ' });
    expect(nameless.statusCode).toBe(400);
    expect(json(nameless)).toMatchObject({ fields: { name: messages.feeSchedules.nameRequired } });

    const strangerAdvisor = await createUser(t.deps.db, {
      profile: { firmId: other.id, profileType: ProfileType.FinancialAdvisor },
    });
    const colleague = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
    });
    for (const advisor of [strangerAdvisor.id, colleague.id]) {
      const res = await send('POST', '/api/fee_schedules/', headers, { name: 'Tiered 1%', financial_advisor: advisor });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ fields: { financial_advisor: messages.catalogues.chooseAdvisor } });
    }
    const tooLong = await send('POST', '/api/fee_schedules/', headers, { name: 'x'.repeat(201) });
    expect(json(tooLong)).toMatchObject({ fields: { name: messages.validation.maxLength(200) } });
    const otherFirm = await send('POST', '/api/fee_schedules/', headers, { name: 'Flat', firm: other.id });
    expect(otherFirm.statusCode).toBe(400);
    expect(json(otherFirm)).toMatchObject({ fields: { firm: messages.catalogues.chooseFirm } });
  });

  it("an advisor reads their own entries and the shared ones offered to the firm, never another advisor's, and changes none", async () => {
    const firm = await createFirm(t.deps.db, { firmTk: 4242 });
    const headers = await investmentsUserOf(firm.id);
    const me = await advisorOf(firm.id);
    const colleague = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    const make = async (name: string, financial_advisor: number | null, offered = true) => {
      const entry = json<Entry>(await send('POST', '/api/fee_schedules/', headers, { name, financial_advisor }));
      if (offered) await send('POST', '/api/firm_fee_schedules/', headers, { firm: firm.id, fee_schedule: entry.id });
      return entry;
    };
    const shared = await make('Shared 1%', null);
    // Kept in the catalogue, not offered to the firm (Firm Fee Schedules): no advisor picks it.
    const kept = await make('Kept 2%', null, false);
    const mine = await make('Mine 0.8%', me.user.id, false);
    const theirs = await make('Theirs 1.2%', colleague.id);

    const seen = await read<Page<Entry>>('/api/fee_schedules/', me.headers);
    expect(seen.results.map((f) => f.fee_schedule_name)).toEqual(['Mine 0.8%', 'Shared 1%']);
    for (const hidden of [theirs, kept])
      expect((await t.app.inject({ url: `/api/fee_schedules/${hidden.id}/`, headers: me.headers })).statusCode).toBe(
        404,
      );
    const byTk = await read<Page<Entry>>(
      `/api/fee_schedules/4242/advisor_fee_schedules/?financialAdvisorUserId=${me.user.id}`,
      me.headers,
    );
    expect(byTk.results.map((f) => f.id)).toEqual([mine.id, shared.id]);
    // The strategy form's dropdown (apps/web/src/lib/investment-catalogues.ts) offers the same.
    const byFirm = await read<Page<Entry>>(
      `/api/fee_schedules/${firm.id}/firm_fee_schedules/?userId=${me.user.id}&ordering=name`,
      me.headers,
    );
    expect(byFirm.results.map((f) => f.id)).toEqual([mine.id, shared.id]);
    const askingForAnother = await t.app.inject({
      url: `/api/fee_schedules/4242/advisor_fee_schedules/?financialAdvisorUserId=${colleague.id}`,
      headers: me.headers,
    });
    expect(askingForAnother.statusCode).toBe(403);
    // The firm renumbered: its page under the old number is gone at once, the new number answers it.
    await fixtureTx(t.deps.db, (tx) => tx.update(firms).set({ firmTk: 4343 }).where(eq(firms.id, firm.id)));
    const byOldTk = await t.app.inject({
      url: `/api/fee_schedules/4242/advisor_fee_schedules/?financialAdvisorUserId=${me.user.id}`,
      headers: me.headers,
    });
    expect(byOldTk.statusCode).toBe(404);
    const byNewTk = await read<Page<Entry>>(
      `/api/fee_schedules/4343/advisor_fee_schedules/?financialAdvisorUserId=${me.user.id}`,
      me.headers,
    );
    expect(byNewTk.results.map((f) => f.id)).toEqual([mine.id, shared.id]);
    // The investment department asks for any advisor's dropdown, and keeps the whole catalogue.
    const forColleague = await read<Page<Entry>>(
      `/api/fee_schedules/${firm.id}/firm_fee_schedules/?userId=${colleague.id}`,
      headers,
    );
    expect(forColleague.results.map((f) => f.id)).toEqual([shared.id, theirs.id]);
    const whole = await read<Page<Entry>>(`/api/fee_schedules/${firm.id}/firm_fee_schedules/?ordering=name`, headers);
    expect(whole.results.map((f) => f.fee_schedule_name)).toEqual(['Kept 2%', 'Mine 0.8%', 'Shared 1%', 'Theirs 1.2%']);
    expect((await send('PUT', `/api/fee_schedules/${mine.id}/`, me.headers, { name: 'x' })).statusCode).toBe(403);
    // Offered now, the kept entry is in the advisor's list at once (and in its count).
    await send('POST', '/api/firm_fee_schedules/', headers, { firm: firm.id, fee_schedule: kept.id });
    const offered = await read<Page<Entry>>('/api/fee_schedules/', me.headers);
    expect([offered.count, offered.results.map((f) => f.fee_schedule_name)]).toEqual([
      3,
      ['Kept 2%', 'Mine 0.8%', 'Shared 1%'],
    ]);
  });

  it("answers another firm's entries as absent, and refuses standard users and clients", async () => {
    const firm = await createFirm(t.deps.db);
    const other = await createFirm(t.deps.db);
    const model = json<Entry>(
      await send('POST', '/api/investment_models/', await investmentsUserOf(other.id), { name: 'Elsewhere' }),
    );
    const headers = await investmentsUserOf(firm.id);
    for (const method of ['PUT', 'DELETE'] as const)
      expect(
        (await send(method, `/api/investment_models/${model.id}/`, headers, { name: 'Mine now' })).statusCode,
      ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/investment_models/${other.id}/firm_investment_models/`, headers })).statusCode,
    ).toBe(404);
    for (const profileType of [ProfileType.StandardUser, ProfileType.Client]) {
      const { headers: h } = await signedInAs(t, { profile: { firmId: firm.id, profileType } });
      expect((await t.app.inject({ url: '/api/investment_models/', headers: h })).statusCode).toBe(403);
    }
  });

  it('takes the name under either wire name: a blank one is absent, two different ones are refused', async () => {
    const headers = await investmentsUserOf((await createFirm(t.deps.db)).id);
    const blankAlias = await send('POST', '/api/investment_models/', headers, {
      name: 'ok',
      investment_model_name: '',
    });
    expect(blankAlias.statusCode).toBe(201);
    const model = json<Entry>(blankAlias);
    expect(model).toMatchObject({ name: 'ok', investment_model_name: 'ok' });
    const blankName = await send('POST', '/api/fee_schedules/', headers, { name: ' ', fee_schedule_name: 'Flat 1%' });
    expect(json(blankName)).toMatchObject({ name: 'Flat 1%' });
    const same = await send('POST', '/api/fee_schedules/', headers, { name: ' Tiered ', fee_schedule_name: 'Tiered' });
    expect(json(same)).toMatchObject({ name: 'Tiered' });

    const both = await send('POST', '/api/investment_models/', headers, {
      name: 'first',
      investment_model_name: 'second',
    });
    expect(both.statusCode).toBe(400);
    expect(json(both)).toMatchObject({
      fields: { investment_model_name: messages.investmentModels.aliasDiffers('investment_model_name') },
    });
    const renamed = await send('PUT', `/api/investment_models/${model.id}/`, headers, {
      name: 'first',
      investment_model_name: 'second',
    });
    expect(renamed.statusCode).toBe(400);
    // Clearing the alias alone leaves the name as it is.
    const cleared = await send('PUT', `/api/investment_models/${model.id}/`, headers, { investment_model_name: '' });
    expect(json(cleared)).toMatchObject({ name: 'ok' });
    const nameless = await send('POST', '/api/investment_models/', headers, { name: '', investment_model_name: '' });
    expect(json(nameless)).toMatchObject({ fields: { name: messages.investmentModels.nameRequired } });
  });
});

describe('firm models and firm fee schedules', () => {
  it('offers a model to a firm once, finds it by firm, model or advisor email, and keeps an offered model', async () => {
    const firm = await createFirm(t.deps.db, { name: 'Lighthouse Advisors' });
    const headers = await investmentsUserOf(firm.id);
    const advisor = await createUser(t.deps.db, {
      email: 'grace.hopper@lighthouse.test',
      profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    const model = json<Entry>(
      await send('POST', '/api/investment_models/', headers, { name: 'Tactical ETF', financial_advisor: advisor.id }),
    );
    const offered = await send('POST', '/api/firm_models/', headers, { firm: firm.id, investment_model: model.id });
    expect(offered.statusCode).toBe(201);
    const row = json<Record<string, unknown>>(offered);
    expect(row).toMatchObject({
      investment_model_name: 'Tactical ETF',
      firm_name: 'Lighthouse Advisors',
      email: 'grace.hopper@lighthouse.test',
      firm: firm.id,
      investment_model: model.id,
    });

    const twice = await send('POST', '/api/firm_models/', headers, { firm: firm.id, investment_model: model.id });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ detail: messages.firmModels.exists });

    for (const term of ['lighthouse', 'tactical', 'grace.hopper'])
      expect((await read<Page<{ id: number }>>(`/api/firm_models/?search=${term}`, headers)).count, term).toBe(1);
    expect((await read<Page<{ id: number }>>(`/api/firm_models/firm/?firm=${firm.id}`, headers)).count).toBe(1);

    const refused = await send('DELETE', `/api/investment_models/${model.id}/`, headers);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ detail: 'This model is offered to 1 firm: it cannot be deleted.' });

    expect((await send('DELETE', `/api/firm_models/${row.id}/`, headers)).statusCode).toBe(204);
    // Withdrawn, the pair may be offered again, and the model is no longer in use.
    expect(
      (await send('POST', '/api/firm_models/', headers, { firm: firm.id, investment_model: model.id })).statusCode,
    ).toBe(201);
  });

  it('names the missing field, refuses another firm’s fee schedule, and hides another firm’s offers', async () => {
    const firm = await createFirm(t.deps.db);
    const other = await createFirm(t.deps.db);
    const headers = await investmentsUserOf(firm.id);
    const empty = await send('POST', '/api/firm_fee_schedules/', headers, {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      fields: { firm: messages.catalogues.chooseFirm, fee_schedule: messages.catalogues.chooseFeeSchedule },
    });
    const otherHeaders = await investmentsUserOf(other.id);
    const foreign = json<Entry>(await send('POST', '/api/fee_schedules/', otherHeaders, { name: 'Foreign' }));
    const res = await send('POST', '/api/firm_fee_schedules/', headers, { firm: firm.id, fee_schedule: foreign.id });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ fields: { fee_schedule: messages.catalogues.chooseFeeSchedule } });

    const theirs = json<{ id: number }>(
      await send('POST', '/api/firm_fee_schedules/', otherHeaders, { firm: other.id, fee_schedule: foreign.id }),
    );
    expect((await t.app.inject({ url: `/api/firm_fee_schedules/${theirs.id}/`, headers })).statusCode).toBe(404);
    expect((await read<Page<unknown>>('/api/firm_fee_schedules/', headers)).count).toBe(0);
    const refused = await send('DELETE', `/api/fee_schedules/${foreign.id}/`, otherHeaders);
    expect(json(refused)).toMatchObject({
      detail: messages.feeSchedules.inUse({ strategies: 0, firms: 1, elsewhere: 0 }),
    });
  });

  it("never offers a firm another firm's entry, even by a super admin, nor moves an offered entry", async () => {
    const firm = await createFirm(t.deps.db, { name: 'Firm A' });
    const other = await createFirm(t.deps.db, { name: 'Firm B' });
    const admin = await signedInAs(t, {
      profile: { firmId: other.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const otherAdvisor = await createUser(t.deps.db, {
      email: 'private.advisor@firm-b.test',
      profile: { firmId: other.id, profileType: ProfileType.FinancialAdvisor },
    });
    const privateModel = json<Entry>(
      await send('POST', '/api/investment_models/', admin.headers, {
        name: 'B Private',
        firm: other.id,
        financial_advisor: otherAdvisor.id,
      }),
    );
    const foreign = await send('POST', '/api/firm_models/', admin.headers, {
      firm: firm.id,
      investment_model: privateModel.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign)).toMatchObject({ fields: { investment_model: messages.catalogues.chooseModel } });
    const headers = await investmentsUserOf(firm.id);
    expect((await read<Page<unknown>>('/api/firm_models/', headers)).count).toBe(0);

    // Offered to its own firm, an offer cannot be moved to another firm either.
    const offer = json<{ id: number }>(
      await send('POST', '/api/firm_models/', admin.headers, { firm: other.id, investment_model: privateModel.id }),
    );
    const moved = await send('PUT', `/api/firm_models/${offer.id}/`, admin.headers, {
      firm: firm.id,
      investment_model: privateModel.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(json(moved)).toMatchObject({ fields: { investment_model: messages.catalogues.chooseModel } });

    // Nor does the entry leave its firm while offered: its offer would name another firm's model.
    const fees = json<Entry>(
      await send('POST', '/api/fee_schedules/', admin.headers, { name: 'B Fees', firm: other.id }),
    );
    await send('POST', '/api/firm_fee_schedules/', admin.headers, { firm: other.id, fee_schedule: fees.id });
    const movedEntry = await send('PUT', `/api/fee_schedules/${fees.id}/`, admin.headers, { firm: firm.id });
    expect(movedEntry.statusCode).toBe(409);
    expect(json(movedEntry)).toEqual({
      detail:
        'This fee schedule is offered to 1 firm: it cannot move to another firm. Create a new fee schedule for that firm instead.',
    });
    const unused = json<Entry>(
      await send('POST', '/api/fee_schedules/', admin.headers, { name: 'Free', firm: other.id }),
    );
    expect(json(await send('PUT', `/api/fee_schedules/${unused.id}/`, admin.headers, { firm: firm.id }))).toMatchObject(
      {
        firm: firm.id,
      },
    );
  });

  it('hides an offer whose entry was deleted (a delete and an offer racing)', async () => {
    const firm = await createFirm(t.deps.db);
    const headers = await investmentsUserOf(firm.id);
    const me = await advisorOf(firm.id);
    const model = json<Entry>(await send('POST', '/api/investment_models/', headers, { name: 'Gone' }));
    const offer = json<{ id: number }>(
      await send('POST', '/api/firm_models/', headers, { firm: firm.id, investment_model: model.id }),
    );
    // The state a delete committing beside an offer left before the offer locked its entry.
    await t.database.db
      .update(investmentModels)
      .set({ deletedAt: new Date() })
      .where(eq(investmentModels.id, model.id));
    expect((await read<Page<unknown>>('/api/firm_models/', headers)).count).toBe(0);
    expect((await read<Page<unknown>>(`/api/firm_models/firm/?firm=${firm.id}`, headers)).count).toBe(0);
    expect((await read<Page<unknown>>('/api/firm_models/advisor/', me.headers)).count).toBe(0);
    expect((await t.app.inject({ url: `/api/firm_models/${offer.id}/`, headers })).statusCode).toBe(404);
  });

  it("shows an advisor, under advisor/, their firm's offers of their own and the shared entries", async () => {
    const firm = await createFirm(t.deps.db);
    const headers = await investmentsUserOf(firm.id);
    const me = await advisorOf(firm.id);
    const colleague = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    for (const [name, financial_advisor] of [
      ['Shared', null],
      ['Mine', me.user.id],
      ['Theirs', colleague.id],
    ] as const) {
      const model = json<Entry>(await send('POST', '/api/investment_models/', headers, { name, financial_advisor }));
      await send('POST', '/api/firm_models/', headers, { firm: firm.id, investment_model: model.id });
    }
    const mine = await read<Page<{ investment_model_name: string }>>('/api/firm_models/advisor/', me.headers);
    expect(mine.results.map((r) => r.investment_model_name)).toEqual(['Mine', 'Shared']);
    expect((await read<Page<unknown>>('/api/firm_models/', headers)).count).toBe(3);
  });
});
