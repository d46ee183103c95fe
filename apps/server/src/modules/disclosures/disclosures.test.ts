import { addDays, calendarDateIn, type DisclosureKind, deliveryStatus, overallStatus } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/migrate.js';
import { clientAgreements } from '../../db/schema/index.js';
import { pdfOf, uploadDisclosure } from '../../testing/disclosure-fixtures.js';
import { createFirm, createUser } from '../../testing/factories.js';
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
  admin = (await signedInAs(t, { profile: { firmId, profileType: 1 } })).headers;
  cco = (await signedInAs(t, { profile: { firmId, profileType: 3, isCco: true } })).headers;
  otherAdmin = (await signedInAs(t, { profile: { firmId: otherFirmId, profileType: 1 } })).headers;
  const adv = await signedInAs(t, { firstName: 'Avery', lastName: 'Advisor', profile: { firmId, profileType: 2 } });
  advisor = adv.headers;
  client = await signedInAs(t, {
    advisorId: adv.user.id,
    firstName: 'Cora',
    lastName: 'Client',
    profile: { firmId, profileType: 4 },
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
    for (let i = 0; i < 51; i++) await createUser(t.deps.db, { profile: { firmId: bigFirm, profileType: 4 } });
    const admin = (await signedInAs(t, { profile: { firmId: bigFirm, profileType: 1 } })).headers;
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
    const lostAdmin = (await signedInAs(t, { profile: { firmId: lostFirm, profileType: 1 } })).headers;
    const reader = await signedInAs(t, { profile: { firmId: lostFirm, profileType: 4 } });
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
    const laterAdmin = (await signedInAs(t, { profile: { firmId: laterFirm, profileType: 1 } })).headers;
    const reader = await signedInAs(t, { profile: { firmId: laterFirm, profileType: 4 } });
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
    const firmAdmin = (await signedInAs(t, { profile: { firmId: firm, profileType: 1 } })).headers;
    const reader = await createUser(t.deps.db, { profile: { firmId: firm, profileType: 4 } });
    if (agreementDate !== null)
      await t.deps.db
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
