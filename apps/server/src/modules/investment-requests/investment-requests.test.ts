import { messages, ProfileType } from '@portal/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, cashRequests, investmentStrategies, mailOutbox } from '../../db/schema/index.js';
import { createFirm, createUser } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Body = Record<string, unknown>;
const ms = messages.investmentStrategies;
const mc = messages.cashRequests;
const mr = messages.investmentRequests;

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const get = (url: string, headers: Headers) => t.app.inject({ url, headers });

/** A firm with its investment department, an advisor with a client, a shared model and fee schedule offered to the firm. */
async function firmWithAdvisor() {
  const firm = await createFirm(t.deps.db, { name: 'Harbor Wealth' });
  const investments = await signedInAs(t, {
    firstName: 'Ines',
    lastName: 'Vestor',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isInvestmentsUser: true },
  });
  const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
  const advisor = await signedInAs(t, {
    firstName: 'Ada',
    lastName: 'Advisor',
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const client = await createUser(t.deps.db, {
    firstName: 'Carla',
    lastName: 'Client',
    advisorId: advisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  const entry = async (path: string, name: string, financial_advisor: number | null = null) =>
    json<{ id: number }>(await send('POST', `/api/${path}/`, investments.headers, { name, financial_advisor })).id;
  /** Offers an entry to the firm (Firm Models, Firm Fee Schedules): what makes a shared one pickable. */
  const offer = async (path: 'investment_models' | 'fee_schedules', id: number) => {
    const [route, key] =
      path === 'investment_models' ? ['firm_models', 'investment_model'] : ['firm_fee_schedules', 'fee_schedule'];
    expect((await send('POST', `/api/${route}/`, investments.headers, { firm: firm.id, [key]: id })).statusCode).toBe(
      201,
    );
    return id;
  };
  const model = await offer('investment_models', await entry('investment_models', 'Balanced Growth'));
  const feeSchedule = await offer('fee_schedules', await entry('fee_schedules', 'Tiered 1%'));
  return { firm, investments, admin, advisor, client, model, feeSchedule, entry, offer };
}

const strategyForm = (clientId: number, model: number, feeSchedule: number): Body => ({
  ESWA_Portal_Owner_ID__c: clientId,
  Financial_Account_Name__c: '  Carla Client IRA  ',
  Custodian_Account_Number__c: '1234-5678',
  Account_Master_Code__c: 'MC-1',
  Custodian__c: 'Schwab',
  Advisor__c: 'Ada Advisor',
  Relationship_Name__c: 'Client Family',
  Fee_Schedule__c: feeSchedule,
  Fee_Minimum__c: '250.00',
  Client_Name__c: 'Carla Client',
  Client_Street__c: '1 Main St',
  Client_City__c: 'Springfield',
  Client_State__c: 'IL',
  Client_Zip_Code__c: '62701',
  Client_Email__c: 'carla@example.test',
  Investment_Model__c: String(model),
  Trading_Authority__c: 'Investment Department',
  Cash_Target_Percentage__c: '2.5',
  Is_Cash_Distributions__c: true,
  Amount__c: 1500.5,
  Cash_Management_Frequency__c: 'Monthly',
});

const cashForm = (clientId: number): Body => ({
  ESWA_Portal_Owner_ID__c: clientId,
  Cash_Request_Type__c: 'Raise Cash',
  Amount__c: '12500.75',
  Financial_Account_Name__c: 'Carla Client IRA',
  Custodian_Account_Number__c: '99887766',
  Custodian__c: 'Fidelity',
  Relationship_Name__c: 'Client Family',
});

const mailsTo = (to: string) =>
  t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id));
const rowsOf = async (table: typeof investmentStrategies | typeof cashRequests) =>
  (await t.deps.db.select({ n: count() }).from(table))[0].n;
const auditCount = async () => (await t.deps.db.select({ n: count() }).from(auditEvents))[0].n;

describe('an advisor files an investment strategy', () => {
  it('is answered with the server’s fields and the names chosen, and the department is mailed', async () => {
    const f = await firmWithAdvisor();
    const res = await send('POST', '/api/investment_strategies/', f.advisor.headers, {
      ...strategyForm(f.client.id, f.model, f.feeSchedule),
      // The server's fields are its own: a body's values for them are ignored.
      Status__c: 'Completed',
      Submitter_ID__c: f.investments.user.id,
    });
    expect(res.statusCode).toBe(201);
    const s = json<Body>(res);
    expect(s).toMatchObject({
      Financial_Account_Name__c: 'Carla Client IRA',
      Fee_Schedule__c: f.feeSchedule,
      Fee_Schedule_Name__c: 'Tiered 1%',
      Investment_Model__c: f.model,
      Investment_Model_Name__c: 'Balanced Growth',
      Fee_Minimum__c: 250,
      Cash_Target_Percentage__c: 2.5,
      Amount__c: 1500.5,
      Status__c: 'Submitted',
      Status_Reason__c: null,
      Submitter_ID__c: f.advisor.user.id,
      Submitter_Email__c: f.advisor.user.email,
      Submitter_First_Name__c: 'Ada',
      Submitter_Last_Name__c: 'Advisor',
      Firm_Tk__c: f.firm.id,
      ESWA_Portal_Owner_ID__c: f.client.id,
    });
    const [mail] = await mailsTo(f.investments.user.email);
    expect(mail.subject).toBe(mr.newSubject('strategy', 'Carla Client IRA'));
    expect(mail.textBody).toContain('Ada Advisor submitted a new investment strategy for Client Family');
    expect(mail.textBody).toContain('Investment model: Balanced Growth');
    expect(mail.textBody).toContain(`http://portal.test/investments/investment-strategies/?view=${s.Id}`);
    // The administrators are mailed only when the firm has no investments user.
    expect(await mailsTo(f.admin.user.email)).toEqual([]);

    const got = json<Body>(await get(`/api/investment_strategies/${s.Id}/`, f.advisor.headers));
    expect(got).toEqual(s);
  });

  it("refuses a form with fields missing with each missing field's own message, and writes nothing", async () => {
    const f = await firmWithAdvisor();
    const [rows, events] = [await rowsOf(investmentStrategies), await auditCount()];
    const res = await send('POST', '/api/investment_strategies/', f.advisor.headers, {
      Is_Cash_Distributions__c: true,
      Financial_Account_Name__c: '   ',
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Body }>(res).fields).toEqual({
      ESWA_Portal_Owner_ID__c: mr.clientRequired,
      Financial_Account_Name__c: ms.accountNameRequired,
      Custodian_Account_Number__c: ms.accountNumberRequired,
      Account_Master_Code__c: ms.masterCodeRequired,
      Custodian__c: ms.custodianRequired,
      Advisor__c: ms.advisorRequired,
      Relationship_Name__c: ms.relationshipNameRequired,
      Fee_Schedule__c: ms.feeScheduleRequired,
      Fee_Minimum__c: ms.feeMinimumRequired,
      Client_Name__c: ms.clientNameRequired,
      Client_Street__c: ms.streetRequired,
      Client_City__c: ms.cityRequired,
      Client_State__c: ms.stateRequired,
      Client_Zip_Code__c: ms.zipRequired,
      Client_Email__c: ms.clientEmailRequired,
      Investment_Model__c: ms.investmentModelRequired,
      Trading_Authority__c: ms.tradingAuthorityRequired,
      // Named on the first submit beside the others (distributions are on), not once they are filled.
      Amount__c: ms.distributionAmountRequired,
    });
    const form = strategyForm(f.client.id, f.model, f.feeSchedule);
    const outOfBounds = await send('POST', '/api/investment_strategies/', f.advisor.headers, {
      ...form,
      Cash_Target_Percentage__c: '100.5',
      Fee_Minimum__c: '-1',
    });
    expect(json<{ fields: Body }>(outOfBounds).fields).toEqual({
      Cash_Target_Percentage__c: ms.cashTargetPercentage,
      Fee_Minimum__c: messages.validation.moneyNotNegative,
    });
    // A line break in a one-line field would reach the department's mail (its subject names the account).
    const injected = await send('POST', '/api/investment_strategies/', f.advisor.headers, {
      ...form,
      Financial_Account_Name__c: 'acct\r\nBcc: x@example.test',
      Relationship_Name__c: 'Client\nFamily',
    });
    expect(injected.statusCode).toBe(400);
    expect(json<{ fields: Body }>(injected).fields).toEqual({
      Financial_Account_Name__c: messages.validation.oneLine,
      Relationship_Name__c: messages.validation.oneLine,
    });
    // The distribution amount is required only when distributions are on.
    const amountMissing = await send('POST', '/api/investment_strategies/', f.advisor.headers, {
      ...form,
      Amount__c: null,
    });
    expect(json(amountMissing)).toEqual({
      detail: ms.distributionAmountRequired,
      fields: { Amount__c: ms.distributionAmountRequired },
    });
    expect([await rowsOf(investmentStrategies), await auditCount()]).toEqual([rows, events]);
  });

  it('refuses a fee schedule or model that is unknown, deleted, not offered to the firm, another advisor’s or another firm’s, writing nothing', async () => {
    const f = await firmWithAdvisor();
    const colleague = await createUser(t.deps.db, {
      profile: { firmId: f.firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    // Offered to the firm, it stays the colleague's own.
    const theirs = await f.offer(
      'investment_models',
      await f.entry('investment_models', 'Colleague Model', colleague.id),
    );
    const mine = await f.entry('investment_models', 'My Model', f.advisor.user.id);
    const unoffered = await f.entry('investment_models', 'Kept, not offered');
    const unofferedFees = await f.entry('fee_schedules', 'Kept, not offered');
    const gone = await f.entry('fee_schedules', 'Gone');
    await send('DELETE', `/api/fee_schedules/${gone}/`, f.investments.headers);
    const other = await firmWithAdvisor();
    const mails = (await mailsTo(f.investments.user.email)).length;
    const form = strategyForm(f.client.id, f.model, f.feeSchedule);
    for (const [field, value, message] of [
      ['Investment_Model__c', theirs, ms.investmentModelUnknown],
      ['Investment_Model__c', unoffered, ms.investmentModelUnknown],
      ['Fee_Schedule__c', unofferedFees, ms.feeScheduleUnknown],
      ['Investment_Model__c', other.model, ms.investmentModelUnknown],
      ['Investment_Model__c', 999999, ms.investmentModelUnknown],
      ['Fee_Schedule__c', gone, ms.feeScheduleUnknown],
      ['Fee_Schedule__c', other.feeSchedule, ms.feeScheduleUnknown],
      ['Fee_Schedule__c', 'abc', ms.feeScheduleUnknown],
    ] as const) {
      const res = await send('POST', '/api/investment_strategies/', f.advisor.headers, { ...form, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(json(res)).toEqual({ detail: message, fields: { [field]: message } });
    }
    expect((await mailsTo(f.investments.user.email)).length).toBe(mails);
    const ok = await send('POST', '/api/investment_strategies/', f.advisor.headers, {
      ...form,
      Investment_Model__c: mine,
    });
    expect(json(ok)).toMatchObject({ Investment_Model_Name__c: 'My Model' });
    // Once the firm offers it, the shared model is the advisor's to pick.
    await f.offer('investment_models', unoffered);
    const offered = await send('POST', '/api/investment_strategies/', f.advisor.headers, {
      ...form,
      Investment_Model__c: unoffered,
    });
    expect(json(offered)).toMatchObject({ Investment_Model_Name__c: 'Kept, not offered' });
  });

  it('files only for the advisor’s own active clients: another firm’s is a 404, anyone else a 400', async () => {
    const f = await firmWithAdvisor();
    const other = await firmWithAdvisor();
    const form = strategyForm(f.client.id, f.model, f.feeSchedule);
    const file = (clientId: number) =>
      send('POST', '/api/investment_strategies/', f.advisor.headers, { ...form, ESWA_Portal_Owner_ID__c: clientId });
    expect((await file(other.client.id)).statusCode).toBe(404);
    const colleague = await createUser(t.deps.db, {
      profile: { firmId: f.firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    const theirClient = await createUser(t.deps.db, {
      advisorId: colleague.id,
      profile: { firmId: f.firm.id, profileType: ProfileType.Client },
    });
    for (const id of [theirClient.id, f.investments.user.id]) {
      const res = await file(id);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ detail: mr.notYourClient, fields: { ESWA_Portal_Owner_ID__c: mr.notYourClient } });
    }
    const gone = await createUser(t.deps.db, {
      advisorId: f.advisor.user.id,
      deactivatedAt: new Date(),
      isActive: false,
      profile: { firmId: f.firm.id, profileType: ProfileType.Client },
    });
    expect(json(await file(gone.id))).toEqual({
      detail: mr.clientInactive,
      fields: { ESWA_Portal_Owner_ID__c: mr.clientInactive },
    });
    // Only advisors file.
    const byDepartment = await send('POST', '/api/investment_strategies/', f.investments.headers, form);
    expect(json(byDepartment)).toEqual({ detail: mr.advisorsOnly });
    expect(byDepartment.statusCode).toBe(403);
  });
});

describe('the investment department works a request', () => {
  it('moves it Submitted → In Progress → Completed, mailing the advisor each time; the advisor’s edit is then locked', async () => {
    const f = await firmWithAdvisor();
    const s = json<Body>(
      await send(
        'POST',
        '/api/investment_strategies/',
        f.advisor.headers,
        strategyForm(f.client.id, f.model, f.feeSchedule),
      ),
    );
    const url = `/api/investment_strategies/${s.Id}/`;

    // While Submitted the advisor edits; the edit is checked like the POST and leaves it Submitted.
    const bad = await send('PUT', url, f.advisor.headers, { ...s, Custodian__c: '' });
    expect(json(bad)).toEqual({ detail: ms.custodianRequired, fields: { Custodian__c: ms.custodianRequired } });
    const edited = await send('PUT', url, f.advisor.headers, {
      ...s,
      Custodian__c: 'Fidelity',
      Is_Cash_Distributions__c: false,
    });
    expect(json(edited)).toMatchObject({ Custodian__c: 'Fidelity', Amount__c: null, Status__c: 'Submitted' });
    // The audit trail keeps each changed field before and after.
    const [edit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'investment strategy'),
          eq(auditEvents.entityId, String(s.Id)),
          eq(auditEvents.action, 'update'),
        ),
      );
    expect(edit.changes).toMatchObject({
      Custodian__c: { from: 'Schwab', to: 'Fidelity' },
      Is_Cash_Distributions__c: { from: true, to: false },
      Amount__c: { from: s.Amount__c, to: null },
    });
    // The department reads and moves; it does not edit the advisor's form.
    expect((await send('PUT', url, f.investments.headers, s)).statusCode).toBe(403);

    const skip = await send('POST', `${url}status/`, f.investments.headers, { status: 'Completed' });
    expect(skip.statusCode).toBe(409);
    expect(json(skip)).toMatchObject({ detail: mr.moveRefused('Submitted', 'Completed') });
    const noReason = await send('POST', `${url}status/`, f.investments.headers, { status: 'Rejected', reason: ' ' });
    expect(json(noReason)).toEqual({ detail: mr.reasonRequired, fields: { reason: mr.reasonRequired } });
    expect((await send('POST', `${url}status/`, f.advisor.headers, { status: 'In Progress' })).statusCode).toBe(403);

    const taken = await send('POST', `${url}status/`, f.investments.headers, { status: 'In Progress' });
    expect(taken.statusCode).toBe(200);
    expect(json(taken)).toMatchObject({ Status__c: 'In Progress', Status_Reason__c: null });
    const [first] = await mailsTo(f.advisor.user.email);
    expect(first.subject).toBe(mr.statusSubject('strategy', 'Carla Client IRA', 'In Progress'));
    expect(first.textBody).toContain(
      'Ines Vestor of the investment department moved your investment strategy for Carla Client IRA (account ending in 5678) to In Progress.',
    );

    const locked = await send('PUT', url, f.advisor.headers, { ...s, Custodian__c: 'TD' });
    expect(locked.statusCode).toBe(409);
    expect(json(locked)).toEqual({ detail: mr.lockedForEdit('In Progress') });
    expect((await send('POST', `${url}status/`, f.admin.headers, { status: 'In Progress' })).statusCode).toBe(409);

    const reason = 'Trades placed.\r\nSee it here: http://elsewhere.test';
    const done = await send('POST', `${url}status/`, f.admin.headers, { status: 'Completed', reason });
    expect(json(done)).toMatchObject({ Status__c: 'Completed', Status_Reason__c: reason });
    const [last] = await mailsTo(f.advisor.user.email);
    expect(last.subject).toBe(mr.statusSubject('strategy', 'Carla Client IRA', 'Completed'));
    // The reason's lines are quoted: none of them passes for a line of the mail (its link).
    expect(last.textBody).toContain('\nReason:\n> Trades placed.\n> See it here: http://elsewhere.test\n');
    expect(last.textBody.split('\n').filter((line) => line.startsWith('See it here:'))).toEqual([
      `See it here: http://portal.test/investments/investment-strategies/?view=${s.Id}`,
    ]);
    expect((await mailsTo(f.advisor.user.email)).length).toBe(2);
    expect(json(await send('PUT', url, f.advisor.headers, s))).toEqual({ detail: mr.lockedForEdit('Completed') });
  });

  it('a cash request is cancelled with a reason; its messages are its own; the firm’s administrators are mailed when it has no investments user', async () => {
    const firm = await createFirm(t.deps.db);
    const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
    const advisor = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
    const client = await createUser(t.deps.db, {
      advisorId: advisor.user.id,
      profile: { firmId: firm.id, profileType: ProfileType.Client },
    });

    const [rows, events] = [await rowsOf(cashRequests), await auditCount()];
    const empty = await send('POST', '/api/cash_requests/', advisor.headers, { Amount__c: '0' });
    expect(json<{ fields: Body }>(empty).fields).toEqual({
      ESWA_Portal_Owner_ID__c: mr.clientRequired,
      Cash_Request_Type__c: mc.typeRequired,
      Amount__c: messages.validation.moneyPositive,
      Financial_Account_Name__c: mc.accountNameRequired,
      Custodian_Account_Number__c: mc.accountNumberRequired,
      Custodian__c: mc.custodianRequired,
      Relationship_Name__c: mc.relationshipNameRequired,
    });
    expect(json<{ fields: Body }>(await send('POST', '/api/cash_requests/', advisor.headers, {})).fields).toMatchObject(
      {
        Amount__c: mc.amountRequired,
      },
    );
    expect([await rowsOf(cashRequests), await auditCount()]).toEqual([rows, events]);

    const created = await send('POST', '/api/cash_requests/', advisor.headers, cashForm(client.id));
    expect(created.statusCode).toBe(201);
    const c = json<Body>(created);
    expect(c).toMatchObject({ Amount__c: 12500.75, Status__c: 'Submitted', Cash_Request_Type__c: 'Raise Cash' });
    const [toAdmin] = await mailsTo(admin.user.email);
    expect(toAdmin.subject).toBe(mr.newSubject('cashRequest', 'Carla Client IRA'));
    expect(toAdmin.textBody).toContain('Type: Raise Cash, Amount: $12,500.75');

    const url = `/api/cash_requests/${c.Id}/status/`;
    expect(json(await send('POST', url, admin.headers, { status: 'Rejected', reason: 'x' }))).toMatchObject({
      fields: { status: expect.any(String) },
    });
    const cancelled = await send('POST', url, admin.headers, { status: 'Cancelled', reason: 'Client changed plans' });
    expect(json(cancelled)).toMatchObject({ Status__c: 'Cancelled', Status_Reason__c: 'Client changed plans' });
    const [mail] = await mailsTo(advisor.user.email);
    expect(mail.subject).toBe(mr.statusSubject('cashRequest', 'Carla Client IRA', 'Cancelled'));
    expect(mail.textBody).toContain('Reason: Client changed plans');
  });
});

describe('the lists', () => {
  it('an advisor sees what they filed; the department the firm’s; filters, search, ordering and another firm', async () => {
    const f = await firmWithAdvisor();
    const colleague = await signedInAs(t, {
      profile: { firmId: f.firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    const theirClient = await createUser(t.deps.db, {
      advisorId: colleague.user.id,
      profile: { firmId: f.firm.id, profileType: ProfileType.Client },
    });
    const colleagueModel = await f.entry('investment_models', 'Colleague Model', colleague.user.id);
    const file = async (headers: Headers, clientId: number, name: string, model = f.model) =>
      json<Body>(
        await send('POST', '/api/investment_strategies/', headers, {
          ...strategyForm(clientId, model, f.feeSchedule),
          Financial_Account_Name__c: name,
        }),
      );
    const a = await file(f.advisor.headers, f.client.id, 'Alpha Account');
    const b = await file(f.advisor.headers, f.client.id, 'Beta 50% Account');
    const c = await file(colleague.headers, theirClient.id, 'Gamma Account', colleagueModel);
    await send('POST', `/api/investment_strategies/${b.Id}/status/`, f.investments.headers, { status: 'In Progress' });
    const other = await firmWithAdvisor();
    await file(other.advisor.headers, other.client.id, 'Alpha Elsewhere', other.model);

    type Page = { count: number; results: Body[] };
    const list = async (headers: Headers, query = '') =>
      json<Page>(await get(`/api/investment_strategies/${query}`, headers));
    const ids = (p: Page) => p.results.map((r) => r.Id);

    expect(ids(await list(f.advisor.headers))).toEqual([b.Id, a.Id]);
    expect(ids(await list(f.investments.headers))).toEqual([c.Id, b.Id, a.Id]);
    const row = (await list(f.investments.headers)).results[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        'Id',
        'Financial_Account_Name__c',
        'Custodian_Account_Number__c',
        'Account_Master_Code__c',
        'Custodian__c',
        'Relationship_Name__c',
        'Investment_Model__c',
        'Investment_Model_Name__c',
        'Status__c',
        'CreatedDate',
        'ESWA_Portal_Owner_ID__c',
        'Client_Name__c',
        'Submitter_ID__c',
        'Firm_Tk__c',
      ].sort(),
    );
    expect(ids(await list(f.investments.headers, '?status=In Progress'))).toEqual([b.Id]);
    expect(
      ids(await list(f.investments.headers, '?status=Submitted,In Progress&ordering=Financial_Account_Name__c')),
    ).toEqual([a.Id, b.Id, c.Id]);
    expect(ids(await list(f.investments.headers, `?clientId=${theirClient.id}`))).toEqual([c.Id]);
    expect(ids(await list(f.investments.headers, '?search=50%25'))).toEqual([b.Id]);
    expect(ids(await list(f.investments.headers, '?search=ALPHA'))).toEqual([a.Id]);
    // A term does not match across two columns ("Account" ends one, "1234" starts the next).
    expect(ids(await list(f.investments.headers, '?search=account 1234'))).toEqual([]);
    expect(ids(await list(f.advisor.headers, `?clientId=${theirClient.id}`))).toEqual([]);
    const bad = await get('/api/investment_strategies/?status=Lost&ordering=Advisor__c', f.investments.headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: Body }>(bad).fields).sort()).toEqual(['ordering', 'status.0']);

    // Another firm's request is absent to the firm's people, and present to a super admin.
    expect((await get(`/api/investment_strategies/${c.Id}/`, other.investments.headers)).statusCode).toBe(404);
    expect((await get(`/api/investment_strategies/${c.Id}/`, f.advisor.headers)).statusCode).toBe(404);
    const superAdmin = await signedInAs(t, {
      profile: { firmId: other.firm.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    expect((await get(`/api/investment_strategies/${c.Id}/`, superAdmin.headers)).statusCode).toBe(200);
    expect(ids(await list(superAdmin.headers, `?firm=${f.firm.id}`))).toEqual([c.Id, b.Id, a.Id]);
    const moved = await send('POST', `/api/investment_strategies/${a.Id}/status/`, other.investments.headers, {
      status: 'In Progress',
    });
    expect(moved.statusCode).toBe(404);
    // Standard users and clients have no list.
    const standard = await signedInAs(t, { profile: { firmId: f.firm.id, profileType: ProfileType.StandardUser } });
    expect((await get('/api/cash_requests/', standard.headers)).statusCode).toBe(403);
  });
});

describe('the catalogues', () => {
  it('refuse to delete a model or fee schedule a strategy names, saying how many use it', async () => {
    const f = await firmWithAdvisor();
    const model = await f.offer('investment_models', await f.entry('investment_models', 'In Use Model'));
    const feeSchedule = await f.offer('fee_schedules', await f.entry('fee_schedules', 'In Use Fees'));
    for (let i = 0; i < 2; i++)
      await send(
        'POST',
        '/api/investment_strategies/',
        f.advisor.headers,
        strategyForm(f.client.id, model, feeSchedule),
      );
    const modelDelete = await send('DELETE', `/api/investment_models/${model}/`, f.investments.headers);
    expect(modelDelete.statusCode).toBe(409);
    expect(json(modelDelete)).toEqual({
      detail: 'This model is used by 2 investment strategies and offered to 1 firm: it cannot be deleted.',
    });
    const feeDelete = await send('DELETE', `/api/fee_schedules/${feeSchedule}/`, f.investments.headers);
    expect(json(feeDelete)).toEqual({
      detail: messages.feeSchedules.inUse({ strategies: 2, firms: 1, elsewhere: 0 }),
    });
    const unused = await f.entry('investment_models', 'Unused');
    expect((await send('DELETE', `/api/investment_models/${unused}/`, f.investments.headers)).statusCode).toBe(204);
  });
});
