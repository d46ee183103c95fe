import { clientAgreementBody, messages, ProfileType } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clientAgreements } from '../../db/schema/index.js';
import { createFirm } from '../../testing/factories.js';
import { agreementBody, investorProfileAnswers, jointAgreementBody } from '../../testing/onboarding-fixtures.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
// 10:00 in New York on November 24, 2026: the agreement date is the portal's day.
const NOW = new Date('2026-11-24T15:00:00Z');
let clock = NOW;
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Body = Record<string, unknown>;
const m = messages.clientAgreements;
const ip = messages.investorProfiles;

const send = (method: 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const get = (url: string, headers: Headers) => t.app.inject({ url, headers });

/** A firm with an administrator, an advisor with a client (signed in), another advisor, staff, another client. */
async function firmWithClient(opts: { exhibitB?: boolean } = {}) {
  const firm = await createFirm(t.deps.db);
  const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
  const advisor = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
  const otherAdvisor = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
  const staff = await signedInAs(t, {
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
  });
  const client = await signedInAs(t, {
    advisorId: advisor.user.id,
    profile: {
      firmId: firm.id,
      profileType: ProfileType.Client,
      isExhibitBInvestorProfileFormUser: opts.exhibitB ?? false,
    },
  });
  const otherClient = await signedInAs(t, {
    advisorId: advisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  return { firm, admin, advisor, otherAdvisor, staff, client, otherClient };
}

let superAdmin: Awaited<ReturnType<typeof signedInAs>>;
let otherFirmAdmin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  const elsewhere = await createFirm(t.deps.db);
  superAdmin = await signedInAs(t, {
    profile: { firmId: elsewhere.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
  });
  otherFirmAdmin = await signedInAs(t, { profile: { firmId: elsewhere.id, profileType: ProfileType.Administrator } });
});

/** Who reads and who writes a client's agreement and profile: [who, headers, read status, write status]. */
const whoReachesTheClientsForms = (
  f: Awaited<ReturnType<typeof firmWithClient>>,
): [string, Headers, number, number][] => [
  ['the client', f.client.headers, 200, 200],
  ['their advisor', f.advisor.headers, 200, 200],
  ['the firm administrator', f.admin.headers, 200, 403],
  ['a super admin', superAdmin.headers, 200, 403],
  ['another advisor of the firm', f.otherAdvisor.headers, 404, 404],
  ['staff of the firm (a CCO)', f.staff.headers, 404, 404],
  ['another client of the same advisor', f.otherClient.headers, 404, 404],
  ["another firm's administrator", otherFirmAdmin.headers, 404, 404],
];

describe('a client fills their client agreement', () => {
  it('submits it: masked PII, the agreement date of the portal day, the derived name, delivery dates', async () => {
    const f = await firmWithClient();
    const res = await send('POST', '/api/client_agreements/', f.client.headers, agreementBody());
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      ESWA_Portal_User_ID__c: f.client.user.id,
      Name: 'Sam Q. Smith - Client Agreement',
      Client_Agreement_Date__c: '2026-11-24',
      Form_Type__c: 'Individual Client',
      Client_Type__c: 'Standard',
      ClientSSN__c: '***-**-9876',
      ClientDoB__c: '**/**/****',
      ClientDriversLicense__c: '****5555',
      CompanyOrTrustTaxID__c: null,
      JtCltName__c: null,
      Client__r: { Initial_Form_ADV_Delivery_Date__c: null, Initial_Form_CRS_Delivery_Date__c: null },
      Joint_Client__r: null,
    });
  });

  it('a second POST for the same client is a 409', async () => {
    const f = await firmWithClient();
    expect((await send('POST', '/api/client_agreements/', f.client.headers, agreementBody())).statusCode).toBe(201);
    const again = await send('POST', '/api/client_agreements/', f.advisor.headers, {
      ...agreementBody(),
      ESWA_Portal_User_ID__c: f.client.user.id,
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).detail).toBe(m.exists);
  });

  it("answers every missing field with its own 'Enter …' message, and the toast as the detail", async () => {
    const f = await firmWithClient();
    const res = await send('POST', '/api/client_agreements/', f.client.headers, { Form_Type__c: 'Joint Clients' });
    expect(res.statusCode).toBe(400);
    const body = json<{ detail: string; fields: Record<string, string> }>(res);
    expect(body.detail).toBe('Required field(s) not provided.');
    // Each field's wording is pinned by the schema's own test; here: the route answers every
    // field of both parties with the message the schema gives it, none lost or added.
    const schema = clientAgreementBody.safeParse({ Form_Type__c: 'Joint Clients' });
    const expected: Record<string, string> = {};
    for (const issue of schema.error?.issues ?? []) expected[issue.path.join('.')] ??= issue.message;
    expect(Object.keys(expected)).toHaveLength(42);
    expect(body.fields).toEqual(expected);
    expect(body.fields.JtCltDriversLicense__c).toBe("Enter driver's license number");
  });

  it.each([
    ['ClientSSN__c', '12-345', m.ssn],
    ['CompanyOrTrustTaxID__c', '12', m.taxId],
    ['ClientHomeAddressZipCode__c', '1234', m.zip],
    ['ClientCellPhone__c', '555', m.phone],
    ['ClientEmailAddress__c', 'sam.example.test', 'Enter a valid email address.'],
    ['ClientDriversLicenseIssueDate__c', '2021-13-01', 'Enter a valid date (MM/DD/YYYY).'],
    ['ClientDoB__c', '2999-01-01', m.dobInPast],
    ['ClientDriversLicenseExpirationDate__c', '2020-01-01', m.expirationAfterIssue],
    ['ClientHomeAddressState__c', 'Ontario', m.state],
    ['Client_Type__c', 'Custodial', m.custodialNeedsJoint],
    ['ClientSSN__c', '***-**-0000', m.maskedValue],
  ])('refuses %s = %s with its field message on the wire', async (field, value, message) => {
    const f = await firmWithClient();
    const res = await send('POST', '/api/client_agreements/', f.client.headers, {
      ...agreementBody(),
      [field]: value,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ detail: m.requiredFields, fields: { [field]: message } });
  });

  it("a date of birth must be before the portal's today (its clock), not the machine's", async () => {
    clock = new Date('2001-06-15T15:00:00Z');
    try {
      const f = await firmWithClient();
      const future = await send('POST', '/api/client_agreements/', f.client.headers, {
        ...agreementBody(),
        ClientDoB__c: '2001-06-15',
      });
      expect(future.statusCode).toBe(400);
      expect(json(future)).toEqual({ detail: m.requiredFields, fields: { ClientDoB__c: m.dobInPast } });
      const past = await send('POST', '/api/client_agreements/', f.client.headers, {
        ...agreementBody(),
        ClientDoB__c: '2001-06-14',
      });
      expect(past.statusCode).toBe(201);
    } finally {
      clock = NOW;
    }
  });

  it('updates it: a masked value sent back leaves the stored one, another mask is refused', async () => {
    const f = await firmWithClient();
    const created = json(await send('POST', '/api/client_agreements/', f.client.headers, agreementBody()));
    const url = `/api/client_agreements/${created.Id}/`;
    const echo = { ...created, ClientHomeAddressCity__c: 'Peoria' };
    const res = await send('PUT', url, f.client.headers, echo);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ ClientHomeAddressCity__c: 'Peoria', ClientSSN__c: '***-**-9876' });
    const revealed = json(await get(`${url}?reveal=true`, f.client.headers));
    expect(revealed).toMatchObject({
      ClientSSN__c: '321549876',
      ClientDoB__c: '1961-07-14',
      ClientDriversLicense__c: 'D400-1234-5555',
    });

    const wrongMask = await send('PUT', url, f.client.headers, { ...echo, ClientSSN__c: '***-**-1111' });
    expect(wrongMask.statusCode).toBe(400);
    expect(json(wrongMask).fields).toEqual({ ClientSSN__c: m.maskedValue });

    const changed = await send('PUT', url, f.client.headers, { ...echo, ClientSSN__c: '111 22 3333' });
    expect(json(changed).ClientSSN__c).toBe('***-**-3333');
  });

  it('keeps the agreement with its client, and refuses a changed server field', async () => {
    const f = await firmWithClient();
    const created = json(await send('POST', '/api/client_agreements/', f.client.headers, agreementBody()));
    const url = `/api/client_agreements/${created.Id}/`;
    const moved = await send('PUT', url, f.client.headers, {
      ...created,
      ESWA_Portal_User_ID__c: f.otherClient.user.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(json(moved).fields).toEqual({ ESWA_Portal_User_ID__c: m.clientFixed });
    const renamed = await send('PUT', url, f.client.headers, { ...created, Client_Agreement_Date__c: '2020-01-01' });
    expect(renamed.statusCode).toBe(403);
  });

  it('switching to Individual Client clears the joint column', async () => {
    const f = await firmWithClient();
    const created = json(
      await send('POST', '/api/client_agreements/', f.advisor.headers, {
        ...jointAgreementBody(),
        ESWA_Portal_User_ID__c: f.client.user.id,
        ClientName__c: 'Sam Q. Smith',
      }),
    );
    expect(created).toMatchObject({
      Form_Type__c: 'Joint Clients',
      JtCltSSN__c: '***-**-1234',
      CompanyOrTrustTaxID__c: '**-***6789',
    });
    const res = await send('PUT', `/api/client_agreements/${created.Id}/`, f.advisor.headers, {
      ...created,
      Form_Type__c: 'Individual Client',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      JtCltName__c: null,
      JtCltSSN__c: null,
      JtCltDoB__c: null,
      IsJtCltEmployedByBrokerDealer__c: false,
    });
  });

  it('the public company is kept only with the senior-officer box', async () => {
    const f = await firmWithClient();
    const on = json(
      await send('POST', '/api/client_agreements/', f.client.headers, {
        ...agreementBody(),
        IsClientSeniorOfficerOfPublicCompany__c: true,
        ClientPublicCompany__c: 'Acme Corp',
      }),
    );
    expect(on.ClientPublicCompany__c).toBe('Acme Corp');
    const off = json(
      await send('PUT', `/api/client_agreements/${on.Id}/`, f.client.headers, {
        ...on,
        IsClientSeniorOfficerOfPublicCompany__c: false,
      }),
    );
    expect(off.ClientPublicCompany__c).toBeNull();
  });
});

describe('who reaches a client agreement', () => {
  it('the client lists their own (0, then 1 row, masked); without portalUserId, their own', async () => {
    const f = await firmWithClient();
    const empty = await get(`/api/client_agreements/?portalUserId=${f.client.user.id}`, f.client.headers);
    expect(json(empty)).toEqual({ count: 0, next: null, previous: null, results: [] });
    await send('POST', '/api/client_agreements/', f.client.headers, agreementBody());
    const list = json<{ count: number; results: Body[] }>(await get('/api/client_agreements/', f.client.headers));
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ ClientSSN__c: '***-**-9876', ClientDoB__c: '**/**/****' });
  });

  it('someone who is not a client and names no client lists nothing; a client they may not read is 404', async () => {
    const f = await firmWithClient();
    for (const headers of [f.admin.headers, f.advisor.headers, f.staff.headers, superAdmin.headers]) {
      const res = await get('/api/client_agreements/', headers);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ count: 0, next: null, previous: null, results: [] });
    }
    expect(
      (await get(`/api/client_agreements/?portalUserId=${f.client.user.id}`, f.otherAdvisor.headers)).statusCode,
    ).toBe(404);
  });

  it('per role: read, reveal, write, or 404 (403 for a reader who may not write)', async () => {
    const f = await firmWithClient();
    const created = json(
      await send('POST', '/api/client_agreements/', f.advisor.headers, {
        ...agreementBody(),
        ESWA_Portal_User_ID__c: f.client.user.id,
      }),
    );
    const url = `/api/client_agreements/${created.Id}/`;
    for (const [who, headers, read, write] of whoReachesTheClientsForms(f)) {
      expect([who, (await get(url, headers)).statusCode]).toEqual([who, read]);
      expect([who, (await get(`${url}?reveal=true`, headers)).statusCode]).toEqual([who, read]);
      const list = await get(`/api/client_agreements/?portalUserId=${f.client.user.id}`, headers);
      expect([who, list.statusCode]).toEqual([who, read]);
      expect([who, (await send('PUT', url, headers, created)).statusCode]).toEqual([who, write]);
    }
    const byAdmin = await send('POST', '/api/client_agreements/', f.admin.headers, {
      ...agreementBody(),
      ESWA_Portal_User_ID__c: f.otherClient.user.id,
    });
    expect(byAdmin.statusCode).toBe(403);
  });

  it('an advisor must name the client; a staff member is not a client (404)', async () => {
    const f = await firmWithClient();
    const none = await send('POST', '/api/client_agreements/', f.advisor.headers, agreementBody());
    expect(json(none)).toEqual({ detail: m.requiredFields, fields: { ESWA_Portal_User_ID__c: m.clientRequired } });
    const staff = await send('POST', '/api/client_agreements/', f.admin.headers, {
      ...agreementBody(),
      ESWA_Portal_User_ID__c: f.staff.user.id,
    });
    expect(staff.statusCode).toBe(404);
  });

  it('a reveal is an audit event naming the fields; writes record their change with PII redacted', async () => {
    const f = await firmWithClient();
    const created = json(await send('POST', '/api/client_agreements/', f.client.headers, agreementBody()));
    await get(`/api/client_agreements/${created.Id}/?reveal=true`, f.admin.headers);
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'client_agreement'), eq(auditEvents.entityId, String(created.Id))))
      .orderBy(desc(auditEvents.id));
    expect(events.map((e) => [e.action, e.actorId])).toEqual([
      ['reveal', f.admin.user.id],
      ['create', f.client.user.id],
    ]);
    expect(events[0].changes).toEqual({ fields: ['ClientDoB__c', 'ClientSSN__c', 'ClientDriversLicense__c'] });
    const created_ = events[1].changes as Record<string, unknown>;
    expect(created_).toMatchObject({
      ClientSSN__c: '[redacted]',
      ClientDoB__c: '[redacted]',
      ClientDriversLicense__c: '[redacted]',
    });
    expect(JSON.stringify(created_)).not.toMatch(/321549876|321-54-9876|1961-07-14|D400-1234-5555/);

    // An update records each field before and after; the SSN by name only, on both sides.
    const edited = await send('PUT', `/api/client_agreements/${created.Id}/`, f.advisor.headers, {
      ...created,
      ClientHomeAddressCity__c: 'Peoria',
      ClientSSN__c: '321-54-9877',
    });
    expect(edited.statusCode).toBe(200);
    const [update] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'client_agreement'),
          eq(auditEvents.entityId, String(created.Id)),
          eq(auditEvents.action, 'update'),
        ),
      );
    expect(update.changes).toEqual({
      ClientHomeAddressCity__c: { from: 'Springfield', to: 'Peoria' },
      ClientSSN__c: { from: '[redacted]', to: '[redacted]' },
    });
    const trail = json<{ results: { action: string; changes: { field: string }[] }[] }>(
      await get(`/api/audit_events/?entity=client_agreement&entity_id=${created.Id}&action=update`, f.admin.headers),
    );
    // In the order the database keeps a JSON object's keys.
    const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
    expect(trail.results.map((e) => e.changes.toSorted(byField))).toEqual([
      [
        { field: 'ClientHomeAddressCity__c', from: 'Springfield', to: 'Peoria' },
        { field: 'ClientSSN__c', from: '[redacted]', to: '[redacted]' },
      ],
    ]);
    expect(JSON.stringify(trail)).not.toMatch(/32154987|321-54-987/);
  });

  it('nothing is half-written: a refused update leaves the record as it was', async () => {
    const f = await firmWithClient();
    const created = json(await send('POST', '/api/client_agreements/', f.client.headers, agreementBody()));
    const [before] = await t.deps.db
      .select()
      .from(clientAgreements)
      .where(eq(clientAgreements.id, created.Id as number));
    const res = await send('PUT', `/api/client_agreements/${created.Id}/`, f.client.headers, {
      ...created,
      ClientHomeAddressCity__c: 'Peoria',
      Name: 'Forged',
    });
    expect(res.statusCode).toBe(403);
    const [after] = await t.deps.db
      .select()
      .from(clientAgreements)
      .where(eq(clientAgreements.id, created.Id as number));
    expect(after).toEqual(before);
  });

  it('an absent agreement and a malformed id are 404', async () => {
    const f = await firmWithClient();
    expect((await get('/api/client_agreements/999999/', f.client.headers)).statusCode).toBe(404);
    expect((await get('/api/client_agreements/abc/', f.client.headers)).statusCode).toBe(404);
  });
});

describe('the Exhibit B investor profile', () => {
  it('is not found until saved, then Submitted, then Updated; the client may look it up by email', async () => {
    const f = await firmWithClient({ exhibitB: true });
    const url = `/api/investor_profile/${f.client.user.id}/`;
    const missing = await get(url, f.client.headers);
    expect([missing.statusCode, json(missing).detail]).toEqual([404, ip.notFound]);
    const first = await send('PUT', url, f.client.headers, investorProfileAnswers());
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({
      ...investorProfileAnswers(),
      Investor_Profile_Status__c: 'Submitted',
      Status__c: 'Submitted',
      portalUserEmail: f.client.user.email,
    });
    const second = await send('PUT', url, f.advisor.headers, { ...json(first), IP_Asset_Allocation__c: '100/0' });
    expect(json(second)).toMatchObject({ IP_Asset_Allocation__c: '100/0', Status__c: 'Updated' });
    const found = await get(`${url}?portalUserEmail=${encodeURIComponent(f.client.user.email)}`, f.admin.headers);
    expect(json(found)).toMatchObject({ IP_Asset_Allocation__c: '100/0', Investor_Profile_Status__c: 'Updated' });
    const otherEmail = await get(`${url}?portalUserEmail=someone@example.test`, f.admin.headers);
    expect([otherEmail.statusCode, json(otherEmail).detail]).toEqual([404, ip.notFound]);
  });

  it("requires the nine answers with 'Please select an option'", async () => {
    const f = await firmWithClient({ exhibitB: true });
    const res = await send('PUT', `/api/investor_profile/${f.client.user.id}/`, f.client.headers, {
      ...investorProfileAnswers(),
      IP_Risk_Tolerance__c: '',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ detail: ip.selectOption, fields: { IP_Risk_Tolerance__c: ip.selectOption } });
  });

  it('refuses a client without Exhibit B (409), and per role: write, read or 404', async () => {
    const f = await firmWithClient({ exhibitB: true });
    const url = `/api/investor_profile/${f.client.user.id}/`;
    const notB = await send(
      'PUT',
      `/api/investor_profile/${f.otherClient.user.id}/`,
      f.advisor.headers,
      investorProfileAnswers(),
    );
    expect([notB.statusCode, json(notB).detail]).toEqual([409, ip.notExhibitBUser]);
    await send('PUT', url, f.client.headers, investorProfileAnswers());
    for (const [who, headers, read, write] of whoReachesTheClientsForms(f)) {
      expect([who, (await get(url, headers)).statusCode]).toEqual([who, read]);
      expect([who, (await send('PUT', url, headers, investorProfileAnswers())).statusCode]).toEqual([who, write]);
    }
  });
});

describe('the onboarding status', () => {
  it('follows the client through the agreement and the Exhibit B profile', async () => {
    const f = await firmWithClient({ exhibitB: true });
    const url = `/api/onboarding/${f.client.user.id}/status/`;
    const flags = async (headers: Headers) => {
      const s = json<{ steps: Body[]; all_done: boolean; first_open_path: string }>(await get(url, headers));
      return [s.steps.map((x) => `${x.key}:${x.enabled ? 'e' : ''}${x.done ? 'd' : ''}`), s.first_open_path];
    };
    expect(await flags(f.client.headers)).toEqual([
      ['client_agreement:e', 'investor_profile:', 'form_adv:', 'form_crs:'],
      '/forms/client-agreement/',
    ]);
    await send('POST', '/api/client_agreements/', f.client.headers, agreementBody());
    expect(await flags(f.advisor.headers)).toEqual([
      ['client_agreement:ed', 'investor_profile:e', 'form_adv:', 'form_crs:'],
      '/forms/investor-profile/',
    ]);
    await send('PUT', `/api/investor_profile/${f.client.user.id}/`, f.client.headers, investorProfileAnswers());
    expect(await flags(f.admin.headers)).toEqual([
      ['client_agreement:ed', 'investor_profile:ed', 'form_adv:e', 'form_crs:'],
      '/forms/form-adv/',
    ]);
  });

  it('is for the client, their advisor and the firm administrators only', async () => {
    const f = await firmWithClient();
    const url = `/api/onboarding/${f.client.user.id}/status/`;
    for (const [headers, status] of [
      [f.client.headers, 200],
      [f.advisor.headers, 200],
      [f.admin.headers, 200],
      [superAdmin.headers, 200],
      [f.otherAdvisor.headers, 404],
      [f.staff.headers, 404],
      [f.otherClient.headers, 404],
      [otherFirmAdmin.headers, 404],
    ] as const)
      expect((await get(url, headers)).statusCode).toBe(status);
    expect((await get(`/api/onboarding/${f.advisor.user.id}/status/`, f.admin.headers)).statusCode).toBe(404);
  });
});

it('a client without a firm has no onboarding records to reach', async () => {
  const loner = await signedInAs(t, { profile: { firmId: null, profileType: ProfileType.Client } });
  expect((await get(`/api/onboarding/${loner.user.id}/status/`, loner.headers)).statusCode).toBe(404);
});
