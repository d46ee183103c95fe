import { addDays, calendarDateIn, ProfileType } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOf, uploadDisclosure } from '../../testing/disclosure-fixtures.js';
import { createFirm } from '../../testing/factories.js';
import { agreementBody, investorProfileAnswers } from '../../testing/onboarding-fixtures.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

/**
 * A client's onboarding from first sign-in to "all done", through the routes the web calls: the
 * agreement, the Exhibit B profile, Form ADV Part 2A and 2B, Form CRS, and what the CCO's report makes
 * of it. The clock is movable so another client can sign their agreement weeks before a new Form CRS.
 */

type Headers = Record<string, string>;
interface Step {
  key: string;
  applies: boolean;
  enabled: boolean;
  done: boolean;
  viewed: boolean;
}
interface Status {
  steps: Step[];
  all_done: boolean;
  first_open_path: string | null;
}
interface Agreement {
  Id: number;
  Client_Agreement_Date__c: string;
  Client__r: { Initial_Form_ADV_Delivery_Date__c: string | null; Initial_Form_CRS_Delivery_Date__c: string | null };
}
interface Cell {
  status: string;
  current_version: number | null;
  current_effective_date: string | null;
  delivered_version: number | null;
  delivered_effective_date: string | null;
  delivered_on: string | null;
  due_by: string | null;
  notified_on: string | null;
}
interface ReportRow {
  client_id: number;
  agreement_date: string | null;
  status: string;
  adv_2a: Cell;
  adv_2b: Cell;
  crs: Cell;
}

const realNow = new Date();
let clock = realNow;
const today = calendarDateIn('America/New_York', realNow);
const at = (day: string) => new Date(`${day}T16:00:00Z`);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const ok = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => {
  const res = await call(method, url, headers, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return json<T>(res);
};

/** Each step as a person reads the list: which of applies / enabled / done / viewed hold. */
const stateOf = (s: Status) =>
  Object.fromEntries(
    s.steps.map((st) => [
      st.key,
      (['applies', 'enabled', 'done', 'viewed'] as const).filter((flag) => st[flag]).join(' '),
    ]),
  );
const status = (userId: number, headers: Headers) => ok<Status>('GET', `/api/onboarding/${userId}/status/`, headers);

const agreementOf = (name: string) => agreementBody({ ClientName__c: name });

const publish = async (headers: Headers, firm: number, kind: string, effective: string) => {
  const query = `firm=${firm}&kind=${kind}&effective_date=${effective}`;
  const res = await uploadDisclosure(t, headers, query, pdfOf(`${kind} effective ${effective}`));
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number }>(res).id;
};
const opened = (headers: Headers, form: 'adv' | 'crs', portalUserId: number, part?: '2A' | '2B') =>
  ok<{ Initial_Form_ADV_Delivery_Date__c: string | null; Initial_Form_CRS_Delivery_Date__c: string | null }>(
    'PUT',
    `/api/update_form_${form}_delivery_date/`,
    headers,
    { portalUserId, deliveryDate: calendarDateIn('America/New_York', clock), ...(part ? { part } : {}) },
  );

// The firm: Part 2A and 2B long published, a Form CRS of last spring and a new one five days old.
const OLD = addDays(today, -200);
const NEW_CRS = addDays(today, -5);
const SIGNED_EARLIER = addDays(today, -22);
let firmId: number;
let admin: Headers;
let cco: Headers;
let advisorId: number;
const versions: Record<string, number> = {};
let earlierClient: { user: { id: number }; headers: Headers };

beforeAll(async () => {
  firmId = (await createFirm(t.deps.db, { name: 'Onboarding Firm', abbreviation: 'OF' })).id;
  admin = (await signedInAs(t, { profile: { firmId, profileType: ProfileType.Administrator } })).headers;
  cco = (await signedInAs(t, { profile: { firmId, profileType: ProfileType.StandardUser, isCco: true } })).headers;
  advisorId = (await signedInAs(t, { profile: { firmId, profileType: ProfileType.FinancialAdvisor } })).user.id;
  // Published months ago, the new Form CRS ahead of its effective date.
  clock = at(OLD);
  versions.adv_2a = await publish(admin, firmId, 'adv_2a', OLD);
  versions.adv_2b = await publish(admin, firmId, 'adv_2b', OLD);
  versions.oldCrs = await publish(admin, firmId, 'crs', OLD);
  versions.crs = await publish(admin, firmId, 'crs', NEW_CRS);

  // Three weeks ago, before the new Form CRS took effect, another client signed and received everything then current.
  clock = at(SIGNED_EARLIER);
  earlierClient = await signedInAs(t, { advisorId, profile: { firmId, profileType: ProfileType.Client } });
  await ok('POST', '/api/client_agreements/', earlierClient.headers, agreementOf('Erin E. Earlier'));
  await opened(earlierClient.headers, 'adv', earlierClient.user.id, '2A');
  await opened(earlierClient.headers, 'adv', earlierClient.user.id, '2B');
  await opened(earlierClient.headers, 'crs', earlierClient.user.id);
  clock = realNow;
});

describe('an Exhibit B client onboards, from first sign-in to all done', () => {
  let client: { user: { id: number }; headers: Headers };
  let agreementId: number;
  beforeAll(async () => {
    client = await signedInAs(t, {
      advisorId,
      profile: { firmId, profileType: ProfileType.Client, isExhibitBInvestorProfileFormUser: true },
    });
  });

  it('at first sign-in only the client agreement is open', async () => {
    const s = await status(client.user.id, client.headers);
    expect(stateOf(s)).toEqual({
      client_agreement: 'applies enabled',
      investor_profile: 'applies',
      form_adv: 'applies',
      form_crs: 'applies',
    });
    expect(s).toMatchObject({ all_done: false, first_open_path: '/forms/client-agreement/' });
  });

  it('after the agreement, the investor profile opens, Form ADV not yet', async () => {
    const agreement = await ok<Agreement>(
      'POST',
      '/api/client_agreements/',
      client.headers,
      agreementOf('Cal C. Client'),
    );
    agreementId = agreement.Id;
    expect(agreement.Client_Agreement_Date__c).toBe(today);
    const s = await status(client.user.id, client.headers);
    expect(stateOf(s)).toEqual({
      client_agreement: 'applies enabled done',
      investor_profile: 'applies enabled',
      form_adv: 'applies',
      form_crs: 'applies',
    });
    expect(s.first_open_path).toBe('/forms/investor-profile/');
  });

  it('once the profile is saved (Submitted), Form ADV opens', async () => {
    const profile = await ok<{ Investor_Profile_Status__c: string }>(
      'PUT',
      `/api/investor_profile/${client.user.id}/`,
      client.headers,
      investorProfileAnswers(),
    );
    expect(profile.Investor_Profile_Status__c).toBe('Submitted');
    const s = await status(client.user.id, client.headers);
    expect(stateOf(s)).toEqual({
      client_agreement: 'applies enabled done',
      investor_profile: 'applies enabled done',
      form_adv: 'applies enabled',
      form_crs: 'applies',
    });
    expect(s.first_open_path).toBe('/forms/form-adv/');
  });

  it('opening Part 2A alone leaves Form ADV not viewed and Form CRS closed', async () => {
    const current = await ok<{ documents: { kind: string; version: number; url: string }[] }>(
      'GET',
      `/api/disclosures/current/?portalUserId=${client.user.id}`,
      client.headers,
    );
    expect(current.documents.map((d) => [d.kind, d.version])).toEqual([
      ['adv_2a', versions.adv_2a],
      ['adv_2b', versions.adv_2b],
      ['crs', versions.crs],
    ]);
    // The Form ADV page's link opens the PDF in a new tab: opening it is the delivery.
    const pdf = await call('GET', current.documents[0].url, client.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body).toContain(`adv_2a effective ${OLD}`);
    const s = await status(client.user.id, client.headers);
    expect(stateOf(s)).toMatchObject({ form_adv: 'applies enabled', form_crs: 'applies' });
    const agreement = await ok<Agreement>('GET', `/api/client_agreements/${agreementId}/`, client.headers);
    expect(agreement.Client__r.Initial_Form_ADV_Delivery_Date__c).toBeNull();
  });

  it('opening Part 2B too: Form ADV viewed today on the agreement, Form CRS opens', async () => {
    const answer = await opened(client.headers, 'adv', client.user.id, '2B');
    expect(answer.Initial_Form_ADV_Delivery_Date__c).toBe(today);
    const agreement = await ok<Agreement>('GET', `/api/client_agreements/${agreementId}/`, client.headers);
    expect(agreement.Client__r).toEqual({
      Initial_Form_ADV_Delivery_Date__c: today,
      Initial_Form_CRS_Delivery_Date__c: null,
    });
    const s = await status(client.user.id, client.headers);
    expect(stateOf(s)).toMatchObject({ form_adv: 'applies enabled done viewed', form_crs: 'applies enabled' });
    expect(s.first_open_path).toBe('/forms/form-crs/');
  });

  it('once Form CRS is delivered, all is done', async () => {
    await opened(client.headers, 'crs', client.user.id);
    const s = await status(client.user.id, client.headers);
    expect(stateOf(s)).toEqual({
      client_agreement: 'applies enabled done',
      investor_profile: 'applies enabled done',
      form_adv: 'applies enabled done viewed',
      form_crs: 'applies enabled done viewed',
    });
    expect(s).toMatchObject({ all_done: true, first_open_path: null });
    const agreement = await ok<Agreement>('GET', `/api/client_agreements/${agreementId}/`, client.headers);
    expect(agreement.Client__r.Initial_Form_CRS_Delivery_Date__c).toBe(today);
  });

  it("the CCO's report: this client received the current versions; the one who signed before the new Form CRS is due within 60 days of it", async () => {
    const page = await ok<{ results: ReportRow[] }>('GET', `/api/disclosure_deliveries/?firm=${firmId}`, cco);
    const row = (id: number) => page.results.find((r) => r.client_id === id);
    const received = (version: number, effective: string) => ({
      status: 'received',
      current_version: version,
      delivered_version: version,
      delivered_effective_date: effective,
      delivered_on: today,
      due_by: null,
    });
    expect(row(client.user.id)).toMatchObject({
      agreement_date: today,
      status: 'received',
      adv_2a: received(versions.adv_2a, OLD),
      adv_2b: received(versions.adv_2b, OLD),
      crs: received(versions.crs, NEW_CRS),
    });
    expect(row(earlierClient.user.id)).toMatchObject({
      agreement_date: SIGNED_EARLIER,
      status: 'due',
      adv_2a: { status: 'received', delivered_on: SIGNED_EARLIER },
      adv_2b: { status: 'received', delivered_on: SIGNED_EARLIER },
      crs: {
        status: 'due',
        current_version: versions.crs,
        current_effective_date: NEW_CRS,
        delivered_version: versions.oldCrs,
        delivered_effective_date: OLD,
        delivered_on: SIGNED_EARLIER,
        due_by: addDays(NEW_CRS, 60),
      },
    });
  });
});

describe('a client without the Exhibit B profile', () => {
  it('goes from the agreement straight to Form ADV', async () => {
    const client = await signedInAs(t, { advisorId, profile: { firmId, profileType: ProfileType.Client } });
    await ok('POST', '/api/client_agreements/', client.headers, agreementOf('Noel N. Plain'));
    const s = await status(client.user.id, client.headers);
    expect(stateOf(s)).toEqual({
      client_agreement: 'applies enabled done',
      investor_profile: '',
      form_adv: 'applies enabled',
      form_crs: 'applies',
    });
    expect(s.first_open_path).toBe('/forms/form-adv/');
    const profile = await call(
      'PUT',
      `/api/investor_profile/${client.user.id}/`,
      client.headers,
      investorProfileAnswers(),
    );
    expect(profile.statusCode).toBe(409);
    expect(json(profile).detail).toBe('This client does not use the Exhibit B investor profile.');
  });
});

describe('a firm that keeps Form ADV and Form CRS as links on its own site', () => {
  it('delivers the links: Form ADV viewed on opening its link (no Part 2B), then Form CRS, all done', async () => {
    const firm = await createFirm(t.deps.db, {
      formAdvUrl: 'https://links.example/adv.pdf',
      formCrsUrl: 'https://links.example/crs.pdf',
    });
    const client = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Client } });
    await ok('POST', '/api/client_agreements/', client.headers, agreementOf('Lee L. Linked'));
    const current = await ok<{ documents: { kind: string; version: number | null; url: string }[] }>(
      'GET',
      `/api/disclosures/current/?portalUserId=${client.user.id}`,
      client.headers,
    );
    expect(current.documents.map((d) => [d.kind, d.version, d.url])).toEqual([
      ['adv_2a', null, 'https://links.example/adv.pdf'],
      ['crs', null, 'https://links.example/crs.pdf'],
    ]);
    const part2B = await call('PUT', '/api/update_form_adv_delivery_date/', client.headers, {
      portalUserId: client.user.id,
      deliveryDate: today,
      part: '2B',
    });
    expect(part2B.statusCode).toBe(400);
    expect(json(part2B).fields).toEqual({ part: 'Your firm publishes no Form ADV Part 2B.' });

    expect((await opened(client.headers, 'adv', client.user.id)).Initial_Form_ADV_Delivery_Date__c).toBe(today);
    expect(stateOf(await status(client.user.id, client.headers))).toMatchObject({
      form_adv: 'applies enabled done viewed',
      form_crs: 'applies enabled',
    });
    await opened(client.headers, 'crs', client.user.id);
    expect(await status(client.user.id, client.headers)).toMatchObject({ all_done: true, first_open_path: null });
  });
});

describe("the records carry the portal's clock, not the database's", () => {
  it("a version's upload instant and the day a Deliver notified the client", async () => {
    const list = await ok<{ results: { uploaded_at: string }[] }>(
      'GET',
      `/api/disclosure_documents/?firm=${firmId}`,
      admin,
    );
    expect(new Set(list.results.map((v) => v.uploaded_at))).toEqual(new Set([at(OLD).toISOString()]));
    const yesterday = addDays(today, -1);
    clock = at(yesterday);
    await ok('POST', '/api/disclosure_deliveries/deliver/', cco, { firm: firmId, portalUserId: earlierClient.user.id });
    clock = realNow;
    const page = await ok<{ results: ReportRow[] }>('GET', `/api/disclosure_deliveries/?firm=${firmId}`, cco);
    const row = page.results.find((r) => r.client_id === earlierClient.user.id);
    expect(row?.crs).toMatchObject({ status: 'due', notified_on: yesterday });
  });
});
