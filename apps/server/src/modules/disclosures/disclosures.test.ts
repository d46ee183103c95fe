import {
  addDays,
  calendarDateIn,
  type DisclosureKind,
  deliveryStatus,
  overallStatus,
  ProfileType,
} from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/migrate.js';
import { clientAgreements, disclosureDeliveries } from '../../db/schema/index.js';
import { pdfOf, uploadDisclosure } from '../../testing/disclosure-fixtures.js';
import { createFirm, createUser, TEST_PASSWORD } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';
import { initialDeliveryDates } from './disclosures.service.js';

let t: TestApp;
let firmId: number;
let otherFirmId: number;
let admin: Record<string, string>;
let cco: Record<string, string>;
let otherAdmin: Record<string, string>;
let client: { user: { id: number }; headers: Record<string, string> };
let advisor: Record<string, string>;
let today: string;

beforeAll(async () => {
  t = await buildTestApp();
  today = calendarDateIn('America/New_York', new Date());
  firmId = (
    await createFirm(t.deps.db, { name: 'Delivery Firm', abbreviation: 'DF', formCrsUrl: 'https://files.example/crs' })
  ).id;
  otherFirmId = (await createFirm(t.deps.db, { name: 'Elsewhere' })).id;
  admin = (await signedInAs(t, { profile: { firmId, profileType: ProfileType.Administrator } })).headers;
  cco = (await signedInAs(t, { profile: { firmId, profileType: ProfileType.StandardUser, isCco: true } })).headers;
  otherAdmin = (await signedInAs(t, { profile: { firmId: otherFirmId, profileType: ProfileType.Administrator } }))
    .headers;
  const adv = await signedInAs(t, {
    firstName: 'Avery',
    lastName: 'Advisor',
    profile: { firmId, profileType: ProfileType.FinancialAdvisor },
  });
  advisor = adv.headers;
  client = await signedInAs(t, {
    advisorId: adv.user.id,
    firstName: 'Cora',
    lastName: 'Client',
    profile: { firmId, profileType: ProfileType.Client },
  });
});
afterAll(() => t.close());

const upload = (headers: Record<string, string>, query: string, body: Buffer, type?: string) =>
  uploadDisclosure(t, headers, query, body, type);

describe('disclosure documents', () => {
  it('refuse what is not a PDF: wrong type 415, too large 413, other bytes 400, with a message for a person', async () => {
    const q = `firm=${firmId}&kind=adv_2a&effective_date=${today}`;
    const wrongType = await upload(admin, q, pdfOf('x'), 'image/png');
    expect(wrongType.statusCode).toBe(415);
    expect(json(wrongType).detail).toBe('Upload the document as a PDF file.');
    const large = await upload(admin, q, Buffer.concat([pdfOf('x'), Buffer.alloc(10 * 1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    const notPdf = await upload(admin, q, Buffer.from('<html>hello</html>'));
    expect(notPdf.statusCode).toBe(400);
    expect(json(notPdf).fields).toEqual({
      file: 'This file is not a PDF: save the document as a PDF and upload it again.',
    });
    const badQuery = await upload(
      admin,
      `firm=${firmId}&kind=crs&effective_date=2026-02-30&material_change=true`,
      pdfOf('x'),
    );
    expect(badQuery.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: object }>(badQuery).fields).sort()).toEqual([
      'effective_date',
      'material_change',
    ]);
  });

  it("an administrator uploads a version of their firm only; another firm's administrator gets 404, a CCO 403", async () => {
    expect(
      (await upload(otherAdmin, `firm=${firmId}&kind=adv_2a&effective_date=${today}`, pdfOf('a'))).statusCode,
    ).toBe(404);
    expect((await upload(cco, `firm=${firmId}&kind=adv_2a&effective_date=${today}`, pdfOf('a'))).statusCode).toBe(403);
    const res = await upload(
      admin,
      `firm=${firmId}&kind=adv_2a&effective_date=2020-01-01&file_name=ADV 2A.pdf`,
      pdfOf('adv 2a'),
    );
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      kind: 'adv_2a',
      title: 'Form ADV Part 2A',
      is_current: true,
      file_name: 'ADV 2A.pdf',
      deliveries: 0,
    });
    const list = json<{ results: { id: number; is_current: boolean }[]; form_crs_url: string }>(
      await t.app.inject({ url: `/api/disclosure_documents/?firm=${firmId}`, headers: admin }),
    );
    expect(list.results).toHaveLength(1);
    expect(list.form_crs_url).toBe('https://files.example/crs');
  });

  it("the client's pages link the current ADV version and the firm's CRS link, not yet received", async () => {
    const res = await t.app.inject({
      url: `/api/disclosures/current/?portalUserId=${client.user.id}`,
      headers: client.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = json<{ documents: { kind: string; url: string; received_on: string | null }[] }>(res);
    expect(body.documents.map((d) => [d.kind, d.received_on])).toEqual([
      ['adv_2a', null],
      ['crs', null],
    ]);
    expect(body.documents[1].url).toBe('https://files.example/crs');
    // Their advisor sees the same page; another firm's administrator does not.
    expect(
      (await t.app.inject({ url: `/api/disclosures/current/?portalUserId=${client.user.id}`, headers: advisor }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/disclosures/current/?portalUserId=${client.user.id}`, headers: otherAdmin }))
        .statusCode,
    ).toBe(404);
  });

  it('the CCO report lists the client as due; Deliver mails the links and shows Notified', async () => {
    const page = json<{
      count: number;
      results: { client_id: number; status: string; adv_2a: { status: string }; crs: { status: string } }[];
    }>(await t.app.inject({ url: `/api/disclosure_deliveries/?firm=${firmId}&status=due`, headers: cco }));
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      client_id: client.user.id,
      status: 'due',
      adv_2a: { status: 'due' },
      crs: { status: 'due' },
    });
    // The same page before and after: a page kept in memory is read again once a notice is sent.
    const before = json<{ results: { crs: { notified_on: string | null } }[] }>(
      await t.app.inject({ url: `/api/disclosure_deliveries/?firm=${firmId}`, headers: cco }),
    );
    expect(before.results[0].crs.notified_on).toBeNull();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/disclosure_deliveries/deliver/',
      headers: cco,
      payload: { firm: firmId },
    });
    expect(json(sent)).toEqual({ detail: 'A link was sent to 1 client.', sent: 1, queued: false });
    const [mail] = rowsOf<{ subject: string; text_body: string }>(
      await t.deps.db.execute(sql`select subject, text_body from mail_outbox order by id desc limit 1`),
    );
    expect(mail.subject).toBe('Delivery Firm: disclosure documents for you');
    expect(mail.text_body).toContain('Form ADV Part 2A: http://portal.test/forms/form-adv/');
    expect(mail.text_body).toContain('Form CRS: http://portal.test/forms/form-crs/');
    const after = json<{ results: { crs: { notified_on: string | null } }[] }>(
      await t.app.inject({ url: `/api/disclosure_deliveries/?firm=${firmId}`, headers: cco }),
    );
    expect(after.results[0].crs.notified_on).toBe(today);
  });

  it('only the client records a delivery, on today; opening the PDF records the ADV, the PUT records the CRS', async () => {
    const body = { portalUserId: client.user.id, deliveryDate: today };
    const byAdvisor = await t.app.inject({
      method: 'PUT',
      url: '/api/update_form_crs_delivery_date/',
      headers: advisor,
      payload: body,
    });
    expect(byAdvisor.statusCode).toBe(403);
    expect(json(byAdvisor).detail).toBe('Only the client can receive a disclosure in the portal.');
    const lateDate = await t.app.inject({
      method: 'PUT',
      url: '/api/update_form_crs_delivery_date/',
      headers: client.headers,
      payload: { ...body, deliveryDate: '2001-01-01' },
    });
    expect(lateDate.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: object }>(lateDate).fields)).toEqual(['deliveryDate']);
    const noPart2B = await t.app.inject({
      method: 'PUT',
      url: '/api/update_form_adv_delivery_date/',
      headers: client.headers,
      payload: { ...body, part: '2B' },
    });
    expect(json(noPart2B).fields).toEqual({ part: 'Your firm publishes no Form ADV Part 2B.' });

    const current = json<{ documents: { url: string }[] }>(
      await t.app.inject({ url: `/api/disclosures/current/?portalUserId=${client.user.id}`, headers: client.headers }),
    );
    // A HEAD (a link checker, a prefetch) reads no document: it delivers nothing.
    const head = await t.app.inject({ method: 'HEAD', url: current.documents[0].url, headers: client.headers });
    expect(head.statusCode).toBe(200);
    expect(await initialDeliveryDates(t.deps.db, [client.user.id], t.deps.config.timeZone)).toEqual(new Map());
    const pdf = await t.app.inject({ url: current.documents[0].url, headers: client.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="ADV 2A.pdf"/);
    expect(pdf.body).toContain('adv 2a');

    const crs = await t.app.inject({
      method: 'PUT',
      url: '/api/update_form_crs_delivery_date/',
      headers: client.headers,
      payload: body,
    });
    expect(json(crs)).toEqual({
      portalUserId: client.user.id,
      deliveryDate: today,
      Initial_Form_ADV_Delivery_Date__c: today,
      Initial_Form_CRS_Delivery_Date__c: today,
    });
    expect(await initialDeliveryDates(t.deps.db, [client.user.id, 999999], t.deps.config.timeZone)).toEqual(
      new Map([[client.user.id, { adv: today, crs: today }]]),
    );
    const report = json<{
      results: { status: string; crs: { status: string; delivered_on: string; notified_on: null } }[];
    }>(await t.app.inject({ url: `/api/disclosure_deliveries/?firm=${firmId}`, headers: cco }));
    expect(report.results[0]).toMatchObject({
      status: 'received',
      crs: { status: 'received', delivered_on: today, notified_on: null },
    });
    const nothing = await t.app.inject({
      method: 'POST',
      url: '/api/disclosure_deliveries/deliver/',
      headers: cco,
      payload: { firm: firmId, portalUserId: client.user.id },
    });
    expect(nothing.statusCode).toBe(409);
  });

  it('a delivered version cannot be deleted (409); a new one never delivered can (204), and the client is due again', async () => {
    const list = json<{ results: { id: number; deliveries: number }[] }>(
      await t.app.inject({ url: `/api/disclosure_documents/?firm=${firmId}`, headers: admin }),
    );
    expect(list.results[0].deliveries).toBe(1);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/disclosure_documents/${list.results[0].id}/`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    const fresh = json<{ id: number }>(
      await upload(admin, `firm=${firmId}&kind=adv_2b&effective_date=${today}`, pdfOf('2b')),
    );
    const due = json<{ results: { adv_2b: { status: string } }[] }>(
      await t.app.inject({ url: `/api/disclosure_deliveries/?firm=${firmId}&status=due`, headers: cco }),
    );
    expect(due.results[0].adv_2b.status).toBe('due');
    // The screen offers Delete by this count: the fresh version has no delivery, the received one has one.
    const counts = json<{ results: { id: number; deliveries: number }[] }>(
      await t.app.inject({ url: `/api/disclosure_documents/?firm=${firmId}&page_size=100`, headers: admin }),
    ).results;
    expect(counts.find((v) => v.id === fresh.id)?.deliveries).toBe(0);
    expect(counts.find((v) => v.id === list.results[0].id)?.deliveries).toBe(1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/disclosure_documents/${fresh.id}/`, headers: admin }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/disclosure_documents/${fresh.id}/file/`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it('exports the report as CSV named after the firm and the day', async () => {
    const res = await t.app.inject({ url: `/api/disclosure_deliveries/export/?firm=${firmId}`, headers: cco });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`df-disclosure-deliveries-${today}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Last Name,First Name,Email,Firm,Advisor,Agreement Date,Status,Form ADV Part 2A Status');
    expect(lines[1]).toContain('Client,Cora');
    expect(lines[1]).toContain('"Advisor, Avery"');
    const none = await t.app.inject({
      url: `/api/disclosure_deliveries/export/?firm=${firmId}&status=overdue`,
      headers: cco,
    });
    expect(none.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/disclosure_deliveries/?firm=${otherFirmId}`, headers: cco })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/disclosure_deliveries/', headers: advisor })).statusCode).toBe(403);
  });

  it('exports every matching client, not one page of 50', async () => {
    const bigFirm = (await createFirm(t.deps.db, { name: 'Big Firm', abbreviation: 'BIG' })).id;
    for (let i = 0; i < 51; i++)
      await createUser(t.deps.db, { profile: { firmId: bigFirm, profileType: ProfileType.Client } });
    const admin = (await signedInAs(t, { profile: { firmId: bigFirm, profileType: ProfileType.Administrator } }))
      .headers;
    const res = await t.app.inject({
      url: `/api/disclosure_deliveries/export/?firm=${bigFirm}&page=1&page_size=10`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1 + 51);
  });

  it('a lost file answers the client 404 and records no delivery', async () => {
    const lostFirm = (await createFirm(t.deps.db, { name: 'Lost Files' })).id;
    const lostAdmin = (await signedInAs(t, { profile: { firmId: lostFirm, profileType: ProfileType.Administrator } }))
      .headers;
    const reader = await signedInAs(t, { profile: { firmId: lostFirm, profileType: ProfileType.Client } });
    const version = json<{ id: number; file_url: string }>(
      await upload(lostAdmin, `firm=${lostFirm}&kind=crs&effective_date=2020-01-01`, pdfOf('crs')),
    );
    const [{ storage_key }] = rowsOf<{ storage_key: string }>(
      await t.deps.db.execute(sql`select storage_key from disclosure_documents where id = ${version.id}`),
    );
    await t.deps.storage.delete(storage_key);
    const res = await t.app.inject({ url: version.file_url, headers: reader.headers });
    expect(res.statusCode).toBe(404);
    expect(await initialDeliveryDates(t.deps.db, [reader.user.id], t.deps.config.timeZone)).toEqual(new Map());
  });

  it('a Part 2B effective in the future does not hold back the ADV delivery of a client who opened 2A today', async () => {
    const laterFirm = (await createFirm(t.deps.db, { name: 'Later 2B' })).id;
    const laterAdmin = (await signedInAs(t, { profile: { firmId: laterFirm, profileType: ProfileType.Administrator } }))
      .headers;
    const reader = await signedInAs(t, { profile: { firmId: laterFirm, profileType: ProfileType.Client } });
    await upload(laterAdmin, `firm=${laterFirm}&kind=adv_2a&effective_date=2020-01-01`, pdfOf('2a'));
    await upload(laterAdmin, `firm=${laterFirm}&kind=adv_2b&effective_date=2999-01-01`, pdfOf('2b'));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update_form_adv_delivery_date/',
      headers: reader.headers,
      payload: { portalUserId: reader.user.id, deliveryDate: today },
    });
    expect(json(res).Initial_Form_ADV_Delivery_Date__c).toBe(today);
  });
});

describe('a receipt names the session that recorded it', () => {
  const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const PHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  type Receipt = { session_id: string | null; ip: string | null; user_agent: string | null };
  type Cell = {
    delivered_on: string | null;
    delivered_session: { ip: string | null; device: string; client_session: boolean } | null;
  };
  type Row = { client_id: number } & Record<DisclosureKind, Cell>;

  /** A client signed in from an address and a browser: the bearer headers and the session's id. */
  async function signInFrom(email: string, ip: string, userAgent: string) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email, password: TEST_PASSWORD },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    const headers = { authorization: `Bearer ${json<{ token: string }>(login).token}` };
    const sessions = json<{ results: { id: string; current: boolean }[] }>(
      await t.app.inject({ url: '/api/auth/sessions/', headers }),
    );
    return { headers, sessionId: sessions.results.find((s) => s.current)?.id as string };
  }

  const receiptsOf = async (clientId: number) =>
    rowsOf<Receipt & { kind: string }>(
      await t.deps.db.execute(
        sql`select kind, session_id::text as session_id, ip, user_agent from disclosure_deliveries where client_id = ${clientId} order by kind`,
      ),
    );

  let firm: number;
  let firmCco: Record<string, string>;
  let reader: { id: number; email: string };
  let laptop: { headers: Record<string, string>; sessionId: string };

  beforeAll(async () => {
    firm = (
      await createFirm(t.deps.db, {
        name: 'Receipts Firm',
        abbreviation: 'RCP',
        formCrsUrl: 'https://files.example/rcp-crs',
      })
    ).id;
    const firmAdmin = (await signedInAs(t, { profile: { firmId: firm, profileType: ProfileType.Administrator } }))
      .headers;
    firmCco = (await signedInAs(t, { profile: { firmId: firm, profileType: ProfileType.StandardUser, isCco: true } }))
      .headers;
    expect(
      (await upload(firmAdmin, `firm=${firm}&kind=adv_2a&effective_date=2020-01-01`, pdfOf('rcp 2a'))).statusCode,
    ).toBe(201);
    reader = await createUser(t.deps.db, {
      lastName: 'Reader',
      profile: { firmId: firm, profileType: ProfileType.Client },
    });
    laptop = await signInFrom(reader.email, '203.0.113.7', LAPTOP);
  });

  it("the delivery calls and the opening of a version record the client's session, address and browser, in the audit event too", async () => {
    const crs = await t.app.inject({
      method: 'PUT',
      url: '/api/update_form_crs_delivery_date/',
      headers: { ...laptop.headers, 'user-agent': LAPTOP },
      remoteAddress: '203.0.113.7',
      payload: { portalUserId: reader.id, deliveryDate: today },
    });
    expect(crs.statusCode).toBe(200);
    // The same session on another network and browser (the token carried over): the request's own.
    const current = json<{ documents: { kind: string; url: string }[] }>(
      await t.app.inject({ url: `/api/disclosures/current/?portalUserId=${reader.id}`, headers: laptop.headers }),
    );
    const adv = current.documents.find((d) => d.kind === 'adv_2a') as { url: string };
    const opened = await t.app.inject({
      url: adv.url,
      headers: { ...laptop.headers, 'user-agent': PHONE },
      remoteAddress: '198.51.100.23',
    });
    expect(opened.statusCode).toBe(200);

    expect(await receiptsOf(reader.id)).toEqual([
      { kind: 'adv_2a', session_id: laptop.sessionId, ip: '198.51.100.23', user_agent: PHONE },
      { kind: 'crs', session_id: laptop.sessionId, ip: '203.0.113.7', user_agent: LAPTOP },
    ]);
    const events = rowsOf<{ action: string; changes: Record<string, unknown> }>(
      await t.deps.db.execute(
        sql`select action, changes from audit_events where entity = 'disclosure_delivery' and firm_id = ${firm} order by id`,
      ),
    );
    expect(
      events.map((e) => [e.action, e.changes.kind, e.changes.session_id, e.changes.ip, e.changes.user_agent]),
    ).toEqual([
      ['deliver', 'crs', laptop.sessionId, '203.0.113.7', LAPTOP],
      ['deliver', 'adv_2a', laptop.sessionId, '198.51.100.23', PHONE],
    ]);

    // Opened again from elsewhere: the receipt keeps the first opening; the event names the new one.
    await t.app.inject({
      url: adv.url,
      headers: { ...laptop.headers, 'user-agent': LAPTOP },
      remoteAddress: '192.0.2.1',
    });
    expect((await receiptsOf(reader.id))[0]).toMatchObject({ ip: '198.51.100.23', user_agent: PHONE });
    const [reopened] = rowsOf<{ action: string; changes: Record<string, unknown> }>(
      await t.deps.db.execute(
        sql`select action, changes from audit_events where entity = 'disclosure_delivery' and firm_id = ${firm} order by id desc limit 1`,
      ),
    );
    expect(reopened).toMatchObject({ action: 'open', changes: { session_id: laptop.sessionId, ip: '192.0.2.1' } });
  });

  it("the CCO's report shows each receipt's address, device and the client's own session; receipts from before show none", async () => {
    // A receipt recorded before sessions were kept, and one (made by hand) in another person's session.
    const older = await createUser(t.deps.db, {
      lastName: 'Older',
      profile: { firmId: firm, profileType: ProfileType.Client },
    });
    await t.database.db.insert(disclosureDeliveries).values({
      firmId: firm,
      clientId: older.id,
      kind: 'crs',
      url: 'https://files.example/rcp-crs',
      deliveryDate: today,
    });
    const stranger = await createUser(t.deps.db, {
      lastName: 'Stranger',
      profile: { firmId: firm, profileType: ProfileType.Client },
    });
    const someoneElse = await signInFrom(
      (await createUser(t.deps.db, { profile: { firmId: firm, profileType: ProfileType.FinancialAdvisor } })).email,
      '192.0.2.99',
      'curl/8.5.0',
    );
    await t.database.db.insert(disclosureDeliveries).values({
      firmId: firm,
      clientId: stranger.id,
      kind: 'crs',
      url: 'https://files.example/rcp-crs',
      deliveryDate: today,
      sessionId: someoneElse.sessionId,
      ip: '192.0.2.99',
      userAgent: 'curl/8.5.0',
    });

    const page = json<{ results: Row[] }>(
      await t.app.inject({ url: `/api/disclosure_deliveries/?firm=${firm}&ordering=last_name`, headers: firmCco }),
    );
    const row = (id: number) => page.results.find((r) => r.client_id === id) as Row;
    expect(row(reader.id).crs.delivered_session).toEqual({
      ip: '203.0.113.7',
      device: 'Firefox on Windows',
      client_session: true,
    });
    expect(row(reader.id).adv_2a.delivered_session).toEqual({
      ip: '198.51.100.23',
      device: 'Safari on iPhone',
      client_session: true,
    });
    expect(row(reader.id).adv_2b).toMatchObject({ delivered_on: null, delivered_session: null });
    expect(row(older.id).crs).toMatchObject({ delivered_on: today, delivered_session: null });
    expect(row(stranger.id).crs.delivered_session).toEqual({ ip: '192.0.2.99', device: 'curl', client_session: false });

    const res = await t.app.inject({ url: `/api/disclosure_deliveries/export/?firm=${firm}`, headers: firmCco });
    expect(res.statusCode).toBe(200);
    const records = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    const line = (lastName: string) => records.find((r) => r['Last Name'] === lastName) as Record<string, string>;
    expect(line('Reader')).toMatchObject({
      'Form CRS Session ID': laptop.sessionId,
      'Form CRS Session IP Address': '203.0.113.7',
      'Form CRS Session User Agent': LAPTOP,
      "Form CRS Client's Own Session": 'Yes',
      'Form ADV Part 2A Session ID': laptop.sessionId,
      'Form ADV Part 2A Session IP Address': '198.51.100.23',
      'Form ADV Part 2A Session User Agent': PHONE,
      "Form ADV Part 2A Client's Own Session": 'Yes',
      // Nothing received: no receipt, so nothing to say of its session.
      'Form ADV Part 2B Session ID': '',
      "Form ADV Part 2B Client's Own Session": '',
    });
    expect(line('Older')).toMatchObject({
      'Form CRS Session ID': '',
      'Form CRS Session IP Address': '',
      'Form CRS Session User Agent': '',
      "Form CRS Client's Own Session": 'Not recorded',
    });
    expect(line('Stranger')).toMatchObject({
      'Form CRS Session ID': someoneElse.sessionId,
      "Form CRS Client's Own Session": 'No',
    });
  });
});

/**
 * The report filters and sorts by a status rank computed in SQL (disclosures.repository.ts), beside the
 * domain's `deliveryStatus` that makes its cells: the due-rule cases of rules/disclosures.test.ts, run
 * through the report, must agree with the domain on each cell and on which status filter lists the client.
 */
describe("the report's SQL agrees with the domain's due rule", () => {
  const cases: [string, DisclosureKind, string | null, boolean, string | null][] = [
    // [case, kind, effective date (null: the firm's link), material change, agreement date]
    ['CRS, existing client: 60 days after the effective date', 'crs', '2026-05-01', false, '2024-01-10'],
    [
      'ADV material change soon after the year end: 120 days after March 31',
      'adv_2a',
      '2026-04-15',
      true,
      '2020-01-01',
    ],
    [
      'ADV material change late in the year: 30 days after the effective date',
      'adv_2b',
      '2026-09-01',
      true,
      '2020-01-01',
    ],
    ['ADV material change in March: 30 days', 'adv_2a', '2026-03-15', true, '2020-01-01'],
    ['ADV without a material change, existing client: not required', 'adv_2a', '2026-04-15', false, '2021-01-01'],
    ['new client (agreement after the version): at the agreement', 'adv_2a', '2026-04-15', false, '2026-06-01'],
    ['agreement on the effective date: at the agreement', 'crs', '2026-04-15', false, '2026-04-15'],
    ['no agreement yet: due, at the agreement to come', 'crs', '2026-04-15', false, null],
    ["the firm's external link (no version): at the agreement", 'crs', null, false, '2025-02-02'],
    ['a CRS effective yesterday, existing client: due in 60 days', 'crs', 'yesterday', false, '2020-01-01'],
  ];
  it.each(cases)('%s', async (_case, kind, effective, material, agreementDate) => {
    const effectiveDate = effective === 'yesterday' ? addDays(today, -1) : effective;
    const firm = (
      await createFirm(t.deps.db, effectiveDate === null ? { formCrsUrl: 'https://files.example/crs' } : {})
    ).id;
    const firmAdmin = (await signedInAs(t, { profile: { firmId: firm, profileType: ProfileType.Administrator } }))
      .headers;
    const reader = await createUser(t.deps.db, { profile: { firmId: firm, profileType: ProfileType.Client } });
    if (agreementDate !== null)
      await t.database.db
        .insert(clientAgreements)
        .values({ portalUserId: reader.id, firmId: firm, name: 'x', agreementDate });
    if (effectiveDate !== null) {
      const q = `firm=${firm}&kind=${kind}&effective_date=${effectiveDate}${kind === 'crs' ? '' : `&material_change=${material}`}`;
      expect((await upload(firmAdmin, q, pdfOf(kind))).statusCode).toBe(201);
    }
    type Row = { client_id: number; status: string } & Record<
      DisclosureKind,
      { status: string; due_by: string | null }
    >;
    const listed = async (status?: string) =>
      json<{ results: Row[] }>(
        await t.app.inject({
          url: `/api/disclosure_deliveries/?firm=${firm}${status ? `&status=${status}` : ''}`,
          headers: firmAdmin,
        }),
      ).results.map((r) => r.client_id);
    const [row] = json<{ results: Row[] }>(
      await t.app.inject({ url: `/api/disclosure_deliveries/?firm=${firm}`, headers: firmAdmin }),
    ).results;
    const expected = deliveryStatus(
      { kind, effectiveDate, materialChange: material, agreementDate, published: true, received: false },
      today,
    );
    expect({ status: row[kind].status, due_by: row[kind].due_by }).toEqual(expected);
    expect(row.status).toBe(overallStatus([expected.status]));
    const owes = row.status !== 'received';
    expect(await listed('due')).toEqual(owes ? [reader.id] : []);
    expect(await listed('overdue')).toEqual(row.status === 'overdue' ? [reader.id] : []);
    expect(await listed('received')).toEqual(owes ? [] : [reader.id]);
  });
});
