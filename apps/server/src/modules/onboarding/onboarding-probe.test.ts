import { Writable } from 'node:stream';
import { messages, ProfileType } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clientAgreements } from '../../db/schema/index.js';
import { createFirm } from '../../testing/factories.js';
import {
  AGREEMENT_PII,
  agreementBody,
  investorProfileAnswers,
  jointAgreementBody,
} from '../../testing/onboarding-fixtures.js';
import { buildTestApp, cookieSessionOf, json, signedInAs, type TestApp } from '../../testing/test-app.js';

/**
 * Security probe of the onboarding routes, written as an attacker would try them: each test
 * states the correct behaviour, so a defect shows as a failing test.
 */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date('2026-11-24T15:00:00Z'), logLevel: 'info' }, logStream);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Body = Record<string, unknown>;
const m = messages.clientAgreements;

const { ssn: SSN, dob: DOB, licence: LICENCE } = AGREEMENT_PII.Client;
const SSN_DIGITS = '321549876';
const JT_SSN_DIGITS = '456781234';
const TAX_DIGITS = '123456789';
const CLEAR = [SSN_DIGITS, SSN, DOB, LICENCE, JT_SSN_DIGITS, '456-78-1234', '1963-02-03', 'J900-8888-7777', TAX_DIGITS];

const req = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });

async function firmWithAgreement(form: Body = agreementBody()) {
  const firm = await createFirm(t.deps.db);
  const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
  const advisor = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
  const otherAdvisor = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
  const cco = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true } });
  const manager = await signedInAs(t, {
    profile: { firmId: firm.id, profileType: ProfileType.Manager, isManager: true },
  });
  const client = await signedInAs(t, {
    advisorId: advisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client, isExhibitBInvestorProfileFormUser: true },
  });
  const sibling = await signedInAs(t, {
    advisorId: advisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  const foreignClient = await signedInAs(t, {
    advisorId: otherAdvisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  const created = await req('POST', '/api/client_agreements/', client.headers, form);
  expect(created.statusCode).toBe(201);
  const id = json<{ Id: number }>(created).Id;
  return { firm, admin, advisor, otherAdvisor, cco, manager, client, sibling, foreignClient, id };
}

let elsewhere: { admin: Headers; advisor: Headers; client: { id: number; headers: Headers }; cco: Headers };
beforeAll(async () => {
  const firm = await createFirm(t.deps.db);
  const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
  const advisor = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
  const cco = await signedInAs(t, {
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
  });
  const client = await signedInAs(t, {
    advisorId: advisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  elsewhere = {
    admin: admin.headers,
    advisor: advisor.headers,
    cco: cco.headers,
    client: { id: client.user.id, headers: client.headers },
  };
});

const revealed = async (id: number, headers: Headers) =>
  json<Body>(await req('GET', `/api/client_agreements/${id}/?reveal=true`, headers));
const storedRow = async (id: number) =>
  (await t.deps.db.select().from(clientAgreements).where(eq(clientAgreements.id, id)))[0];

describe('IDOR: another client, advisor or firm never reaches an agreement', () => {
  it('GET, reveal, list and status by anyone but the client, their advisor, the firm admin: 404', async () => {
    const f = await firmWithAgreement();
    const outsiders: [string, Headers][] = [
      ['other firm admin', elsewhere.admin],
      ['other firm advisor', elsewhere.advisor],
      ['other firm client', elsewhere.client.headers],
      ['super CCO of another firm', elsewhere.cco],
      ['same firm other advisor', f.otherAdvisor.headers],
      ['same firm sibling client', f.sibling.headers],
      ['same firm CCO', f.cco.headers],
      ['same firm manager', f.manager.headers],
    ];
    for (const [who, headers] of outsiders) {
      for (const url of [
        `/api/client_agreements/${f.id}/`,
        `/api/client_agreements/${f.id}/?reveal=true`,
        `/api/client_agreements/?portalUserId=${f.client.user.id}`,
        `/api/onboarding/${f.client.user.id}/status/`,
        `/api/investor_profile/${f.client.user.id}/`,
      ]) {
        const res = await req('GET', url, headers);
        expect(res.statusCode, `${who} GET ${url}`).toBe(404);
        for (const v of CLEAR) expect(res.body, `${who} GET ${url}`).not.toContain(v);
      }
    }
  });

  it('PUT by an outsider: 404 (other firm, other advisor, sibling), 403 for the firm admin; nothing changes', async () => {
    const f = await firmWithAgreement();
    const before = await storedRow(f.id);
    const attack = { ...agreementBody(), ClientName__c: 'Mallory', ClientSSN__c: '111-22-3333' };
    for (const [who, headers, code] of [
      ['other firm admin', elsewhere.admin, 404],
      ['other firm advisor', elsewhere.advisor, 404],
      ['other advisor', f.otherAdvisor.headers, 404],
      ['sibling client', f.sibling.headers, 404],
      ['CCO', f.cco.headers, 404],
      ['firm admin', f.admin.headers, 403],
    ] as const) {
      const res = await req('PUT', `/api/client_agreements/${f.id}/`, headers, attack);
      expect(res.statusCode, who).toBe(code);
    }
    expect(await storedRow(f.id)).toEqual(before);
  });

  it('POST naming another client in ESWA_Portal_User_ID__c: 404 unless it is the advisor’s own client', async () => {
    const f = await firmWithAgreement();
    const body = (id: unknown) => ({ ...agreementBody(), ESWA_Portal_User_ID__c: id });
    // A client files for their sibling; an advisor for another advisor's client; for another firm's client.
    expect((await req('POST', '/api/client_agreements/', f.client.headers, body(f.sibling.user.id))).statusCode).toBe(
      404,
    );
    expect(
      (await req('POST', '/api/client_agreements/', f.advisor.headers, body(f.foreignClient.user.id))).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', '/api/client_agreements/', f.advisor.headers, body(elsewhere.client.id))).statusCode,
    ).toBe(404);
    expect((await req('POST', '/api/client_agreements/', f.admin.headers, body(f.sibling.user.id))).statusCode).toBe(
      403,
    );
    // Targets that are not clients: the advisor themself, the admin.
    expect((await req('POST', '/api/client_agreements/', f.advisor.headers, body(f.advisor.user.id))).statusCode).toBe(
      404,
    );
    expect((await req('POST', '/api/client_agreements/', f.advisor.headers, body(f.admin.user.id))).statusCode).toBe(
      404,
    );
    // As a string, with whitespace, with exponent or hex: the same id, or refused.
    for (const v of [` ${elsewhere.client.id} `, `${elsewhere.client.id}`]) {
      expect((await req('POST', '/api/client_agreements/', f.advisor.headers, body(v))).statusCode).toBe(404);
    }
    for (const v of ['1e3', '0x10', -1, 0, 1.5, 2 ** 31, 99999999999, [f.sibling.user.id], { id: 1 }, true]) {
      const res = await req('POST', '/api/client_agreements/', f.advisor.headers, body(v));
      expect(res.statusCode, JSON.stringify(v)).toBe(400);
    }
    // Only the advisor's own client works.
    expect((await req('POST', '/api/client_agreements/', f.advisor.headers, body(f.sibling.user.id))).statusCode).toBe(
      201,
    );
  });

  it('query portalUserId of another firm, non-numeric, huge: 404/400, never 500', async () => {
    const f = await firmWithAgreement();
    for (const q of [`${elsewhere.client.id}`, '0', '-1', '1e3', '99999999999', 'abc', '1&portalUserId=2', '%00']) {
      const res = await req('GET', `/api/client_agreements/?portalUserId=${q}`, f.advisor.headers);
      expect([400, 404], q).toContain(res.statusCode);
    }
    // An advisor's own list without portalUserId is theirs (no client): not a 500.
    const own = await req('GET', '/api/client_agreements/', f.advisor.headers);
    expect(own.statusCode).toBeLessThan(500);
  });
});

describe('server-set fields cannot be changed by a PUT', () => {
  it('ESWA_Portal_User_ID__c of another client (or another firm’s) does not move the agreement', async () => {
    const f = await firmWithAgreement();
    for (const target of [f.sibling.user.id, elsewhere.client.id, String(f.sibling.user.id)]) {
      const res = await req('PUT', `/api/client_agreements/${f.id}/`, f.advisor.headers, {
        ...agreementBody(),
        ESWA_Portal_User_ID__c: target,
      });
      expect(res.statusCode).toBe(400);
      expect(json<{ fields: Body }>(res).fields).toEqual({ ESWA_Portal_User_ID__c: m.clientFixed });
    }
    expect((await storedRow(f.id)).portalUserId).toBe(f.client.user.id);
  });

  it('Id, Name, Client_Agreement_Date__c, Client__r sent changed: refused (4xx) or ignored, never stored', async () => {
    const f = await firmWithAgreement();
    const before = await storedRow(f.id);
    for (const extra of [
      { Id: f.id + 1000 },
      { Name: 'Forged - Client Agreement' },
      { Client_Agreement_Date__c: '2001-01-01' },
      {
        Client__r: { Initial_Form_ADV_Delivery_Date__c: '2001-01-01', Initial_Form_CRS_Delivery_Date__c: '2001-01-01' },
      },
      { Joint_Client__r: { Initial_Form_ADV_Delivery_Date__c: '2001-01-01' } },
      { firmId: 999, firm_id: 999, portal_user_id: 1, portalUserId: 1, agreementDate: '2001-01-01', name: 'x' },
    ]) {
      const res = await req('PUT', `/api/client_agreements/${f.id}/`, f.client.headers, {
        ...agreementBody(),
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBeLessThan(500);
      const after = await storedRow(f.id);
      expect(after.id).toBe(before.id);
      expect(after.name).toBe(before.name);
      expect(after.agreementDate).toBe(before.agreementDate);
      expect(after.firmId).toBe(before.firmId);
      expect(after.portalUserId).toBe(before.portalUserId);
    }
    // And on a POST, a forged agreement date or name is ignored.
    const res = await req('POST', '/api/client_agreements/', f.sibling.headers, {
      ...agreementBody(),
      Client_Agreement_Date__c: '2001-01-01',
      Name: 'Forged',
      Id: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      Client_Agreement_Date__c: '2026-11-24',
      Name: 'Sam Q. Smith - Client Agreement',
    });
  });
});

describe('the masked echo cannot be abused to keep, change or learn a value', () => {
  it('the exact mask keeps the stored value; any other mask-like value is a 400 and changes nothing', async () => {
    const f = await firmWithAgreement(jointAgreementBody());
    const url = `/api/client_agreements/${f.id}/`;
    const echo = { ...jointAgreementBody(), ClientSSN__c: '***-**-9876', ClientDoB__c: '**/**/****' };
    const kept = await req('PUT', url, f.client.headers, {
      ...echo,
      ClientDriversLicense__c: '****5555',
      CompanyOrTrustTaxID__c: '**-***6789',
      JtCltSSN__c: '***-**-1234',
    });
    expect(kept.statusCode).toBe(200);
    const clear = await revealed(f.id, f.client.headers);
    expect(clear).toMatchObject({
      ClientSSN__c: SSN_DIGITS,
      ClientDoB__c: DOB,
      ClientDriversLicense__c: LICENCE,
      CompanyOrTrustTaxID__c: TAX_DIGITS,
      JtCltSSN__c: JT_SSN_DIGITS,
    });
    const before = await storedRow(f.id);
    const attempts: [string, unknown][] = [
      ['ClientSSN__c', '***-**-1111'], // a mask of another value
      ['ClientSSN__c', '***-**-98'], // a partial mask
      ['ClientSSN__c', '*'],
      ['ClientSSN__c', '*********'],
      ['ClientSSN__c', '***-**-****'],
      ['ClientSSN__c', '321-54-****'],
      ['ClientSSN__c', '***-**-1234'], // the joint client's mask on the client's field
      ['ClientSSN__c', '＊＊＊-＊＊-9876'], // full-width stars
      ['ClientDriversLicense__c', '****'],
      ['ClientDriversLicense__c', '****555'],
      ['ClientDriversLicense__c', '*****5555'],
      ['ClientDriversLicense__c', 'D400-1234-****'],
      ['ClientDoB__c', '**/**/1961'],
      ['ClientDoB__c', '1961-**-**'],
      ['CompanyOrTrustTaxID__c', '***-**-6789'], // an SSN-shaped mask on a tax id
      ['JtCltSSN__c', '***-**-9876'],
    ];
    for (const [field, value] of attempts) {
      const res = await req('PUT', url, f.client.headers, { ...jointAgreementBody(), [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(json<{ fields: Body }>(res).fields?.[field], `${field}=${value}`).toBeDefined();
    }
    expect(await storedRow(f.id)).toEqual(before);
  });

  it('a mask is never accepted on a POST (no stored value to keep), nor for a field emptied before', async () => {
    const f = await firmWithAgreement();
    const res = await req('POST', '/api/client_agreements/', f.sibling.headers, {
      ...agreementBody(),
      ClientSSN__c: '***-**-9876',
    });
    expect(res.statusCode).toBe(400);
    // The joint column of an Individual Client is empty: its mask keeps nothing.
    const joint = await req('PUT', `/api/client_agreements/${f.id}/`, f.client.headers, {
      ...jointAgreementBody(),
      JtCltSSN__c: '***-**-1234',
      JtCltDoB__c: '**/**/****',
    });
    expect(joint.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: Body }>(joint).fields).sort()).toEqual(['JtCltDoB__c', 'JtCltSSN__c']);
  });

  it('a client’s masked view of an agreement cannot be turned into a clear one by a PUT’s answer or an error', async () => {
    const f = await firmWithAgreement(jointAgreementBody());
    const res = await req('PUT', `/api/client_agreements/${f.id}/`, f.advisor.headers, {
      ...jointAgreementBody(),
      ClientSSN__c: '***-**-9876',
      ClientDoB__c: '**/**/****',
    });
    expect(res.statusCode).toBe(200);
    for (const v of CLEAR) expect(res.body).not.toContain(v);
    const list = await req(
      'GET',
      `/api/client_agreements/?portalUserId=${f.client.user.id}&reveal=true`,
      f.advisor.headers,
    );
    expect(list.statusCode).toBe(200);
    for (const v of CLEAR) expect(list.body).not.toContain(v);
  });
});

describe('PII never echoed in an error, the audit rows or the log', () => {
  it('a 400 on a bad SSN, DOB, licence or tax id does not quote the value', async () => {
    const f = await firmWithAgreement();
    const bad = {
      ...agreementBody(),
      ClientSSN__c: '321-54-98765',
      ClientDoB__c: '1961-02-30',
      ClientDriversLicense__c: 'D400\n1234',
      CompanyOrTrustTaxID__c: '12-34567890',
      ClientName__c: 'x'.repeat(300),
    };
    for (const [headers, method, url] of [
      [f.sibling.headers, 'POST', '/api/client_agreements/'],
      [f.client.headers, 'PUT', `/api/client_agreements/${f.id}/`],
    ] as const) {
      const res = await req(method, url, headers, bad);
      expect(res.statusCode).toBe(400);
      for (const v of ['3215498765', '321-54-98765', '1961-02-30', 'D400', '1234567890'])
        expect(res.body).not.toContain(v);
    }
    // Wrong types: the message names the type, not the value.
    const typed = await req('POST', '/api/client_agreements/', f.sibling.headers, {
      ...agreementBody(),
      ClientSSN__c: 321549876,
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.body).not.toContain(SSN_DIGITS);
  });

  it('the audit rows of create, update, reveal carry no clear PII', async () => {
    const f = await firmWithAgreement(jointAgreementBody());
    await req('PUT', `/api/client_agreements/${f.id}/`, f.advisor.headers, {
      ...jointAgreementBody(),
      ClientSSN__c: '999-88-7777',
      JtCltDoB__c: '1970-01-02',
    });
    await revealed(f.id, f.admin.headers);
    const rows = await t.deps.db.select().from(auditEvents);
    const text = JSON.stringify(rows);
    for (const v of [...CLEAR, '999887777', '999-88-7777', '1970-01-02']) expect(text).not.toContain(v);
    const reveal = rows.filter((r) => r.action === 'reveal' && r.entityId === String(f.id));
    expect(reveal.length).toBeGreaterThan(0);
  });

  it('the log (info level, requests and errors) carries no clear PII', async () => {
    const f = await firmWithAgreement(jointAgreementBody());
    await req('PUT', `/api/client_agreements/${f.id}/`, f.client.headers, {
      ...jointAgreementBody(),
      ClientSSN__c: 'abc',
    });
    await revealed(f.id, f.client.headers);
    const text = logLines.join('');
    expect(text.length).toBeGreaterThan(0);
    for (const v of CLEAR) expect(text).not.toContain(v);
  });
});

describe('bad input is a 4xx with a person’s message, never a 500', () => {
  it('wrong types, arrays for strings, objects, huge strings, prototype keys, unknown fields', async () => {
    const f = await firmWithAgreement();
    const url = `/api/client_agreements/${f.id}/`;
    const variants: Body[] = [
      { ClientName__c: ['Sam', 'Smith'] },
      { ClientName__c: { first: 'Sam' } },
      { ClientName__c: 42 },
      { ClientSSN__c: [SSN] },
      { ClientSSN__c: { toString: SSN } },
      { ClientDoB__c: 19610714 },
      { IsClientSeniorOfficerOfPublicCompany__c: 'true' },
      { IsClientSeniorOfficerOfPublicCompany__c: 1 },
      { Form_Type__c: 'joint clients' },
      { Form_Type__c: ['Joint Clients'] },
      { Client_Type__c: 'Custodial' },
      { ClientHomeAddressState__c: 'IL' },
      { ClientHomeAddressZipCode__c: '６２７０１' },
      { ClientName__c: 'x'.repeat(100_000) },
      { ClientSSN__c: '1'.repeat(100_000) },
      { ClientDriversLicense__c: 'D'.repeat(100_000) },
      { ClientEmailAddress__c: `${'a'.repeat(300)}@example.test` },
      { ClientDoB__c: '2026-02-30' },
      { ClientDoB__c: '1899-12-31' },
      { ClientDoB__c: '2999-01-01' },
      { ClientDoB__c: '+019610-07-14' },
      { ClientDoB__c: '1961-7-14' },
      { ClientDriversLicenseIssueDate__c: '0000-01-01' },
      { ClientDriversLicenseExpirationDate__c: '10000-01-01' },
      { ClientDriversLicenseExpirationDate__c: '2020-01-01' },
      { ClientSSN__c: '３２１-５４-９８７６' },
      { ClientName__c: 'Sam\u2028Bcc: x@evil.test' },
      { ClientName__c: 'Sam\u0000' },
      { ClientName__c: '\ud800' },
    ];
    for (const v of variants) {
      for (const [method, u, h] of [
        ['PUT', url, f.client.headers],
        ['POST', '/api/client_agreements/', f.sibling.headers],
      ] as const) {
        const res = await req(method, u, h, { ...agreementBody(), ...v });
        const what = `${method} ${JSON.stringify(v).slice(0, 80)}`;
        expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
        const body = json<{ detail?: string }>(res);
        expect(typeof body.detail, what).toBe('string');
        expect(res.body, what).not.toMatch(/ at .*\.(ts|js):\d+/);
      }
    }
  });

  it('bodies that are not an object, too large, too deep, or not JSON: 4xx, never 500', async () => {
    const f = await firmWithAgreement();
    const raw = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/client_agreements/${f.id}/`,
        headers: { ...f.client.headers, 'content-type': type },
        payload,
      });
    for (const payload of ['[]', '"x"', '42', 'true', '{', '', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`]) {
      const res = await raw(payload);
      expect(res.statusCode, payload.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload.slice(0, 20)).toBeLessThan(500);
    }
    const huge = await raw(JSON.stringify({ ...agreementBody(), ClientName__c: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect((await raw(JSON.stringify(agreementBody()), 'text/plain')).statusCode).toBe(415);
    expect((await raw('ClientName__c=x', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
  });

  it('a JSON body of null, or no body at all, on POST and PUT: 400 with the toast, never 500', async () => {
    const f = await firmWithAgreement();
    for (const [method, url] of [
      ['POST', '/api/client_agreements/'],
      ['PUT', `/api/client_agreements/${f.id}/`],
    ] as const) {
      const asNull = await t.app.inject({
        method,
        url,
        headers: { ...f.client.headers, 'content-type': 'application/json' },
        payload: 'null',
      });
      expect(asNull.statusCode, `${method} null`).toBe(400);
      expect(json(asNull).detail).toBe(m.requiredFields);
      const none = await t.app.inject({ method, url, headers: f.client.headers });
      expect(none.statusCode, `${method} without a body`).toBe(400);
    }
  });

  it('two first submits at once for one client: one 201, one 409, never a 500', async () => {
    const f = await firmWithAgreement();
    const [a, b] = await Promise.all([
      req('POST', '/api/client_agreements/', f.sibling.headers, agreementBody()),
      req('POST', '/api/client_agreements/', f.advisor.headers, {
        ...agreementBody(),
        ESWA_Portal_User_ID__c: f.sibling.user.id,
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('prototype keys are refused or ignored, never pollute', async () => {
    const f = await firmWithAgreement();
    for (const payload of [
      `{"__proto__": {"isSuperAdmin": true}, "ClientName__c": "Sam"}`,
      `{"constructor": {"prototype": {"polluted": 1}}, "ClientName__c": "Sam"}`,
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/client_agreements/${f.id}/`,
        headers: { ...f.client.headers, 'content-type': 'application/json' },
        payload: payload.replace('"ClientName__c": "Sam"', JSON.stringify(agreementBody()).slice(1, -1)),
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(({} as Record<string, unknown>).isSuperAdmin).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('unknown fields are neither stored nor echoed', async () => {
    const f = await firmWithAgreement();
    const res = await req('PUT', `/api/client_agreements/${f.id}/`, f.client.headers, {
      ...agreementBody(),
      ClientFavouriteColour__c: 'blue',
      client_ssn: 'v1.forged',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('ClientFavouriteColour__c');
    const clear = await revealed(f.id, f.client.headers);
    expect(clear.ClientSSN__c).toBe(SSN_DIGITS);
  });

  it('unicode names are kept exactly; a right-to-left override or emoji is no 500', async () => {
    const f = await firmWithAgreement();
    const name = 'Zoë Ünal 山田 👩🏽‍💼';
    const res = await req('PUT', `/api/client_agreements/${f.id}/`, f.client.headers, {
      ...agreementBody(),
      ClientName__c: name,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ ClientName__c: name, Name: `${name} - Client Agreement` });
  });

  it('a date of birth after the portal’s today (injected clock) is refused', async () => {
    // The app's clock is 2026-11-24; a DOB of 2026-12-01 is in the future for the portal.
    const f = await firmWithAgreement();
    const res = await req('PUT', `/api/client_agreements/${f.id}/`, f.client.headers, {
      ...agreementBody(),
      ClientDoB__c: '2026-12-01',
    });
    expect(res.statusCode).toBe(400);
  });

  it('path ids that are not ids: 404, never 500', async () => {
    const f = await firmWithAgreement();
    for (const id of ['0', '-1', '1.5', 'abc', '99999999999', '%2e%2e', '1%00']) {
      const res = await req('GET', `/api/client_agreements/${id}/`, f.client.headers);
      expect([400, 404], id).toContain(res.statusCode);
      const status = await req('GET', `/api/onboarding/${id}/status/`, f.client.headers);
      expect([400, 404], id).toContain(status.statusCode);
    }
    const reveal = await req('GET', `/api/client_agreements/${f.id}/?reveal=yes`, f.client.headers);
    expect(reveal.statusCode).toBe(400);
  });
});

describe('investor profile: server fields and other clients', () => {
  it('status, Id and email sent by the client are ignored; another firm or advisor gets 404', async () => {
    const f = await firmWithAgreement();
    const url = `/api/investor_profile/${f.client.user.id}/`;
    const res = await req('PUT', url, f.client.headers, {
      ...investorProfileAnswers(),
      Investor_Profile_Status__c: 'Updated',
      Status__c: 'Updated',
      Id: 1,
      portalUserEmail: 'attacker@evil.test',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ Investor_Profile_Status__c: 'Submitted', portalUserEmail: f.client.user.email });
    for (const h of [elsewhere.admin, elsewhere.advisor, f.otherAdvisor.headers, f.sibling.headers, f.cco.headers])
      expect((await req('PUT', url, h, investorProfileAnswers())).statusCode).toBe(404);
    expect((await req('PUT', url, f.admin.headers, investorProfileAnswers())).statusCode).toBe(403);
    // An option the form does not list, or an array: 400.
    for (const v of ['Reckless', ['No'], 1])
      expect(
        (await req('PUT', url, f.client.headers, { ...investorProfileAnswers(), IP_Risk_Tolerance__c: v })).statusCode,
      ).toBe(400);
  });
});

describe('CSRF on cookie sessions', () => {
  it('a cookie-authenticated PUT without the X-CSRFToken header is refused, with it accepted', async () => {
    const f = await firmWithAgreement();
    const { cookie, csrfToken } = await cookieSessionOf(t, f.client.user.email);
    const url = `/api/client_agreements/${f.id}/`;
    const noToken = await req('PUT', url, { cookie }, { ...agreementBody(), ClientName__c: 'Forged' });
    expect(noToken.statusCode).toBe(403);
    const crossSite = await req(
      'PUT',
      url,
      { cookie, 'x-csrftoken': csrfToken, 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' },
      { ...agreementBody(), ClientName__c: 'Forged' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await storedRow(f.id)).clientName).toBe('Sam Q. Smith');
    const ok = await req(
      'PUT',
      url,
      { cookie, 'x-csrftoken': csrfToken, origin: 'http://portal.test' },
      { ...agreementBody(), ClientName__c: 'Sam Q. Smith' },
    );
    expect(ok.statusCode).toBe(200);
  });
});
