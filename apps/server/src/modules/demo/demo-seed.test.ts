import { execFileSync } from 'node:child_process';
import { addDays, calendarDateIn, wireDateToText } from '@portal/domain';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../testing/test-app.js';
import { DEMO_PASSWORD, DEMO_RECOVERY_CODES, DEMO_TOTP_SECRET, seedDemo } from './demo-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db, t.deps.config);
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

describe('the demo of client onboarding', () => {
  const today = () => calendarDateIn('America/New_York', new Date());
  interface Version {
    id: number;
    kind: string;
    effective_date: string;
    is_current: boolean;
  }
  /** Riley Client's id, from the advisor's list of their clients. */
  const rileyId = async (headers: Record<string, string>) =>
    (
      (await read<Page<{ id: number; email: string }>>('/api/users/firm_advisor_clients/', headers)).results.find(
        (c) => c.email === 'client3@demo.test',
      ) as { id: number }
    ).id;
  const versions = async () =>
    (
      await read<Page<Version>>(
        '/api/disclosure_documents/?firm=1&ordering=effective_date',
        await signIn('admin@demo.test'),
      )
    ).results;

  it('Demo Wealth Advisors publishes Part 2A, Part 2B and two Form CRS, the current one two weeks old, as real PDFs', async () => {
    const list = await versions();
    const lastYear = addDays(today(), -240);
    expect(list.map((v) => [v.kind, v.effective_date, v.is_current]).sort()).toEqual([
      ['adv_2a', lastYear, true],
      ['adv_2b', lastYear, true],
      ['crs', lastYear, false],
      ['crs', addDays(today(), -14), true],
    ]);
    const crs = list.find((v) => v.kind === 'crs' && v.is_current) as Version;
    const file = await t.app.inject({
      url: `/api/disclosure_documents/${crs.id}/file/`,
      headers: await signIn('admin@demo.test'),
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-', '-'], { input: file.rawPayload, encoding: 'utf8' });
    expect(text).toContain('Demo Wealth Advisors');
    expect(text).toContain('Form CRS');
    expect(text).toContain(`Effective ${wireDateToText(crs.effective_date)}`);
  });

  it('the demo client is halfway: agreement and investor profile done, Form ADV open, Form CRS not yet', async () => {
    const headers = await signIn('client@demo.test');
    const me = await read<{ id: number }>('/api/auth/user/', headers);
    const status = await read<{ steps: { key: string; enabled: boolean; done: boolean }[]; first_open_path: string }>(
      `/api/onboarding/${me.id}/status/`,
      headers,
    );
    expect(status.steps.map((s) => [s.key, s.enabled, s.done])).toEqual([
      ['client_agreement', true, true],
      ['investor_profile', true, true],
      ['form_adv', true, false],
      ['form_crs', false, false],
    ]);
    expect(status.first_open_path).toBe('/forms/form-adv/');
  });

  it("the advisor sees Riley Client's joint agreement, its social security numbers masked", async () => {
    const headers = await signIn('advisor@demo.test');
    const riley = await rileyId(headers);
    const agreements = await read<Page<Record<string, unknown>>>(
      `/api/client_agreements/?portalUserId=${riley}`,
      headers,
    );
    expect(agreements.results).toEqual([
      expect.objectContaining({
        Form_Type__c: 'Joint Clients',
        Name: 'Riley J. Client - Client Agreement',
        ClientSSN__c: '***-**-4141',
        JtCltName__c: 'Jamie K. Client',
        JtCltSSN__c: '***-**-4142',
        Client_Agreement_Date__c: addDays(today(), -42),
      }),
    ]);
  });

  it("the CCO's report: Riley Client is due for the new Form CRS within 60 days, Chris Client has received nothing yet", async () => {
    const report = await read<
      Page<{
        email: string;
        status: string;
        adv_2a: { status: string; delivered_session: unknown };
        crs: { status: string; due_by: string | null };
      }>
    >('/api/disclosure_deliveries/?firm=1&ordering=email', await signIn('cco@demo.test'));
    const row = (email: string) => report.results.find((r) => r.email === email);
    expect(row('client3@demo.test')).toMatchObject({
      status: 'due',
      // Recorded by the seed, in no session: the report says 'Not recorded', as for receipts from before.
      adv_2a: { status: 'received', delivered_session: null },
      crs: { status: 'due', due_by: addDays(today(), -14 + 60) },
    });
    expect(row('client@demo.test')).toMatchObject({ adv_2a: { status: 'due' }, crs: { status: 'due' } });
  });

  it("the staff directory lists Demo Wealth Advisors' staff with their titles and phones, no clients", async () => {
    const staff = await signIn('staff@demo.test');
    const page = await read<Page<{ WorkEmail__c: string; Title__c: string | null; WorkPhone__c: string | null }>>(
      '/api/employees/?page_size=100',
      staff,
    );
    const emails = page.results.map((e) => e.WorkEmail__c);
    expect(emails).toContain('manager@demo.test');
    expect(emails).not.toContain('client@demo.test');
    expect(emails).not.toContain('admin2@demo.test');
    expect(page.results.find((e) => e.WorkEmail__c === 'cco@demo.test')).toMatchObject({
      Title__c: 'Chief Compliance Officer',
      WorkPhone__c: '207-555-0120',
    });
  });

  it("Demo Wealth Advisors' calendar has events this month and next, for a client too; its Life Impact page is written", async () => {
    const client = await signIn('client@demo.test');
    const from = `${today().slice(0, 7)}-01`;
    const range = await read<{ events: { title: string }[]; deadlines: unknown[] }>(
      `/api/calendar/events/?from=${from}&to=${addDays(from, 70)}`,
      client,
    );
    expect(range.events.map((e) => e.title)).toEqual(
      expect.arrayContaining(['Investment committee meeting', 'Year-end tax planning workshop', 'Office closed']),
    );
    expect(range.deadlines).toEqual([]);
    const page = await read<{ content: string }>('/api/pages/life-impact/', client);
    expect(page.content).toContain('<h2>Making a difference together</h2>');
  });

  it("Chris Client's vault holds Avery's statement and Chris's signed agreement; both read it", async () => {
    const chris = await signIn('client@demo.test');
    const me = await read<{ id: number }>('/api/auth/user/', chris);
    const names = async (headers: Record<string, string>) =>
      (
        await read<Page<{ file_name: string; uploaded_by_name: string }>>(
          `/api/client_documents/?client=${me.id}&ordering=file_name`,
          headers,
        )
      ).results.map((d) => `${d.file_name} (${d.uploaded_by_name})`);
    const expected = ['DWA statement Q3 2026.pdf (Avery Advisor)', 'Signed advisory agreement.pdf (Chris Client)'];
    expect(await names(chris)).toEqual(expected);
    expect(await names(await signIn('advisor@demo.test'))).toEqual(expected);
  });

  it('Demo Wealth Advisors has a Financial Planning link for its clients, a portfolio link and a help desk for its staff', async () => {
    const labels = async (email: string) =>
      (await read<Page<{ label: string }>>('/api/firm_links/', await signIn(email))).results.map((l) => l.label);
    expect(await labels('client@demo.test')).toEqual(['eMoney Financial Planning']);
    expect((await labels('advisor@demo.test')).sort()).toEqual(['DWA Help Desk', 'Orion Portfolio Solutions']);
  });

  it("the firm's Orion link signs in through the demo service provider, whose address is on example.com", async () => {
    const advisor = await signIn('advisor@demo.test');
    const links = await read<Page<{ label: string; service_provider: string | null }>>('/api/firm_links/', advisor);
    expect(links.results.find((l) => l.label === 'Orion Portfolio Solutions')?.service_provider).toBe('orion');
    const page = await t.app.inject({ url: '/api/sso/init/?sp=orion', headers: advisor });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="https://sso.example.com/orion/saml/acs"');
  });

  it('a second run of the seed adds nothing', async () => {
    const cco = await signIn('cco@demo.test');
    const report = () => read('/api/disclosure_deliveries/?firm=1&ordering=email', cco);
    const before = { versions: await versions(), report: await report() };
    await seedDemo(t.database.db, t.deps.config);
    expect({ versions: await versions(), report: await report() }).toEqual(before);
    const headers = await signIn('advisor@demo.test');
    const riley = await rileyId(headers);
    const agreements = await read<Page<{ Id: number }>>(`/api/client_agreements/?portalUserId=${riley}`, headers);
    expect(agreements.count).toBe(1);
    const from = `${today().slice(0, 7)}-01`;
    const range = await read<{ events: { title: string }[] }>(
      `/api/calendar/events/?from=${from}&to=${addDays(from, 70)}`,
      headers,
    );
    expect(range.events.filter((e) => e.title === 'Office closed')).toHaveLength(1);
    const chris = await signIn('client@demo.test');
    const me = await read<{ id: number }>('/api/auth/user/', chris);
    expect((await read<Page<unknown>>(`/api/client_documents/?client=${me.id}`, chris)).count).toBe(2);
    expect((await read<Page<unknown>>('/api/firm_links/?firm=1', await signIn('admin@demo.test'))).count).toBe(3);
  }, 60_000);
});

describe('the demo of training resources', () => {
  type Row = { id: number; name: string; url: string; acknowledgement: string | null; acknowledged_on: string | null };
  const names = (page: Page<Row>) => page.results.map((r) => r.name);
  const today = () => calendarDateIn('America/New_York', new Date());

  it("holds the seed's four documents as PDFs: two in Compliance, two in Operations, none elsewhere", async () => {
    const staff = await signIn('staff@demo.test');
    const list = (category: string) => read<Page<Row>>(`/api/resources/?category=${category}`, staff);
    expect(names(await list('compliance'))).toEqual(['Code of Ethics', 'Compliance Manual']);
    expect(names(await list('operations'))).toEqual(['Advisors Operations Manual', 'Home Office Operations Manual']);
    for (const empty of ['investments', 'videos', 'faqs']) expect((await list(empty)).count).toBe(0);
    const ethics = (await list('compliance')).results[0];
    const pdf = await t.app.inject({ url: ethics.url, headers: staff });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('Sid Staff has not acknowledged the code of ethics; the CCO sees him alone as pending', async () => {
    const staff = await signIn('staff@demo.test');
    const [ethics] = (await read<Page<Row>>('/api/resources/?category=compliance', staff)).results;
    expect(ethics).toMatchObject({ acknowledgement: 'code_of_ethics', acknowledged_on: null });
    const cco = await signIn('cco@demo.test');
    const pending = await read<Page<{ email: string }>>(`/api/resources/${ethics.id}/acknowledgements/`, cco);
    expect(pending.results.map((r) => r.email)).toEqual(['staff@demo.test']);
    const mine = await read<{ Code_of_Ethics_Attestation_Date__c: string | null }>(
      '/api/resources/my_acknowledgements/',
      cco,
    );
    expect(mine.Code_of_Ethics_Attestation_Date__c).toBe(addDays(today(), -7));
  });
});

describe('the demo of support cases', () => {
  interface Case {
    Id: number;
    Subject: string;
    Status: string;
    Category__c: string;
    SuppliedName: string;
    ClosedDate: string | null;
  }
  it("Sid Staff has help and prayer requests with conversations; Morgan Manager, the named handler, sees the firm's", async () => {
    const sid = await signIn('staff@demo.test');
    const mine = await read<Page<Case>>('/api/support_tickets/', sid);
    expect(mine.results.map((c) => [c.Subject, c.Status])).toEqual([
      ['Suggestion: a monthly lunch-and-learn on compliance', 'New'],
      ['Prayers for my father’s surgery', 'Closed'],
      ['VPN disconnects every afternoon', 'In Progress'],
    ]);
    expect(mine.results[1].ClosedDate).not.toBeNull();
    const vpn = mine.results[2];
    const thread = await read<Page<{ CreatedByName: string; FromSupport: boolean }>>(
      `/api/support_tickets/${vpn.Id}/replies/`,
      sid,
    );
    expect(thread.results.map((r) => [r.CreatedByName, r.FromSupport])).toEqual([
      ['Morgan Manager', true],
      ['Sid Staff', false],
      ['Morgan Manager', true],
    ]);
    const prayers = await read<Page<Case>>('/api/support_tickets/?category=Prayer%20Request', sid);
    expect(prayers.count).toBe(1);

    const morgan = await signIn('manager@demo.test');
    const firm = await read<Page<Case>>('/api/support_tickets/', morgan);
    expect(firm.count).toBe(4);
    expect(firm.results.map((c) => c.SuppliedName)).toContain('Avery Advisor');
    // Another firm's administrator sees none of them.
    expect((await read<Page<Case>>('/api/support_tickets/', await signIn('admin2@demo.test'))).count).toBe(0);
  });
});

describe('the demo of two-factor sign-in', () => {
  it('the demo firms let their accounts in with the password alone; twofactor@demo.test signs in with a second step', async () => {
    const superAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'super@demo.test', password: DEMO_PASSWORD },
    });
    expect(json(superAdmin)).not.toHaveProperty('mfa_setup_required');
    const step = json<{ mfa_required: boolean; mfa_token: string; methods: string[] }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'twofactor@demo.test', password: DEMO_PASSWORD },
      }),
    );
    expect(step).toMatchObject({ mfa_required: true, methods: ['totp', 'recovery_code'] });
    const code = new TOTP({ secret: Secret.fromBase32(DEMO_TOTP_SECRET), digits: 6, period: 30 }).generate();
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa/',
      payload: { mfa_token: step.mfa_token, code },
    });
    expect(done.statusCode).toBe(200);
    expect(DEMO_RECOVERY_CODES).toHaveLength(10);
  });
});
