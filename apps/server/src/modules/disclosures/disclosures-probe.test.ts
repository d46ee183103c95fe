import { addDays, calendarDateIn, ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/migrate.js';
import { pdfOf, uploadDisclosure } from '../../testing/disclosure-fixtures.js';
import { createFirm } from '../../testing/factories.js';
import { agreementBody } from '../../testing/onboarding-fixtures.js';
import { buildTestApp, cookieSessionOf, json, signedInAs, type TestApp } from '../../testing/test-app.js';

/**
 * Security probe of the disclosures routes: uploads, file downloads, delivery records, the
 * CCO report, its CSV and Deliver, tried as an attacker would. Each test states the correct behaviour.
 */
type Headers = Record<string, string>;
type Who = { user: { id: number; email: string }; headers: Headers };

let t: TestApp;
let today: string;
let firmId: number;
let otherFirmId: number;
let admin: Who;
let cco: Who;
let advisor: Who;
let staff: Who;
let client: Who;
let sibling: Who;
let otherAdmin: Who;
let otherClient: Who;
let otherCco: Who;
let superCco: Who;
let currentAdv: number; // the firm's current ADV 2A version
let olderAdv: number; // an older ADV 2A version, never delivered to the client
let futureAdv: number; // an ADV 2A version effective next year
let otherFirmCrs: number; // the other firm's current CRS

const upload = (headers: Headers, query: string, body: Buffer, type?: string | null) =>
  uploadDisclosure(t, headers, query, body, type);
const get = (url: string, headers: Headers) => t.app.inject({ url, headers });
const put = (url: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
const post = (url: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

beforeAll(async () => {
  t = await buildTestApp();
  today = calendarDateIn('America/New_York', new Date());
  firmId = (await createFirm(t.deps.db, { name: 'Probe Firm', abbreviation: 'PF' })).id;
  otherFirmId = (await createFirm(t.deps.db, { name: 'Other Firm', abbreviation: 'OF' })).id;
  admin = await signedInAs(t, { profile: { firmId, profileType: ProfileType.Administrator } });
  cco = await signedInAs(t, { profile: { firmId, profileType: ProfileType.StandardUser, isCco: true } });
  staff = await signedInAs(t, { profile: { firmId, profileType: ProfileType.StandardUser } });
  advisor = await signedInAs(t, {
    lastName: '=HYPERLINK("http://evil.test","x")',
    profile: { firmId, profileType: ProfileType.FinancialAdvisor },
  });
  client = await signedInAs(t, {
    advisorId: advisor.user.id,
    firstName: "=cmd|' /C calc'!A0",
    lastName: '+SUM(1,2)',
    profile: { firmId, profileType: ProfileType.Client },
  });
  sibling = await signedInAs(t, {
    advisorId: advisor.user.id,
    firstName: '\t=1+1',
    lastName: '＝1+1',
    email: '@sum@example.test',
    profile: { firmId, profileType: ProfileType.Client },
  });
  otherAdmin = await signedInAs(t, { profile: { firmId: otherFirmId, profileType: ProfileType.Administrator } });
  otherCco = await signedInAs(t, {
    profile: { firmId: otherFirmId, profileType: ProfileType.StandardUser, isCco: true },
  });
  otherClient = await signedInAs(t, { profile: { firmId: otherFirmId, profileType: ProfileType.Client } });
  superCco = await signedInAs(t, {
    profile: { firmId: otherFirmId, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
  });

  const up = async (firm: number, kind: string, date: string, who = admin.headers) => {
    const res = await upload(who, `firm=${firm}&kind=${kind}&effective_date=${date}`, pdfOf(`${kind} ${date}`));
    expect(res.statusCode, res.body).toBe(201);
    return json<{ id: number }>(res).id;
  };
  olderAdv = await up(firmId, 'adv_2a', addDays(today, -400));
  currentAdv = await up(firmId, 'adv_2a', addDays(today, -10));
  futureAdv = await up(firmId, 'adv_2a', addDays(today, 365));
  await up(firmId, 'crs', addDays(today, -10));
  otherFirmCrs = await up(otherFirmId, 'crs', addDays(today, -10), otherAdmin.headers);
});
afterAll(() => t.close());

describe('PDF upload', () => {
  const q = () => `firm=${firmId}&kind=adv_2b&effective_date=${today}`;

  it('a type that is not a PDF’s is 415 even with %PDF- bytes; no type, multipart, form: 415 or 400, never 500', async () => {
    for (const type of ['text/html', 'application/x-www-form-urlencoded', 'image/svg+xml', 'application/json']) {
      const res = await upload(admin.headers, q(), pdfOf('<script>alert(1)</script>'), type);
      expect([400, 415], type).toContain(res.statusCode);
    }
    const multipart = await upload(admin.headers, q(), pdfOf('x'), 'multipart/form-data; boundary=x');
    expect([400, 415]).toContain(multipart.statusCode);
    const none = await upload(admin.headers, q(), pdfOf('x'), null);
    expect(none.statusCode).toBe(415);
    const ok = await upload(admin.headers, q(), pdfOf('x'), 'Application/PDF; charset=binary');
    expect(ok.statusCode).toBe(201);
  });

  it('a body over 10 MB is 413; an empty one or a non-PDF 400', async () => {
    const big = await upload(admin.headers, q(), Buffer.concat([pdfOf('x'), Buffer.alloc(11 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(json(big).detail).toEqual(expect.any(String));
    expect((await upload(admin.headers, q(), Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(admin.headers, q(), Buffer.from(' %PDF-1.7 leading space'))).statusCode).toBe(400);
    expect((await upload(admin.headers, q(), Buffer.from('%PDF'))).statusCode).toBe(400);
  });

  it('uploads to another firm: 404 for its admin, 403 for CCO/advisor/client of the firm, 401 unsigned', async () => {
    expect((await upload(otherAdmin.headers, q(), pdfOf('x'))).statusCode).toBe(404);
    expect(
      (await upload(admin.headers, `firm=${otherFirmId}&kind=crs&effective_date=${today}`, pdfOf('x'))).statusCode,
    ).toBe(404);
    for (const who of [cco, advisor, client, staff])
      expect((await upload(who.headers, q(), pdfOf('x'))).statusCode).toBe(403);
    expect((await upload(otherClient.headers, q(), pdfOf('x'))).statusCode).toBe(404);
    expect((await upload({}, q(), pdfOf('x'))).statusCode).toBe(401);
    // The firm in the query cannot be doubled to slip another firm past the check.
    const doubled = await upload(
      admin.headers,
      `firm=${firmId}&firm=${otherFirmId}&kind=crs&effective_date=${today}`,
      pdfOf('x'),
    );
    expect(doubled.statusCode).toBe(400);
  });

  it('file_name path tricks, quotes and line breaks never reach the stored name or the header unescaped', async () => {
    const names = [
      '../../../etc/passwd',
      '..\\..\\windows\\win.ini',
      'a"; filename=evil.html',
      'x\r\nSet-Cookie: a=b',
      '%2e%2e%2fsecret',
      '<img src=x onerror=alert(1)>.pdf',
    ];
    for (const name of names) {
      const res = await upload(
        admin.headers,
        `firm=${firmId}&kind=adv_2b&effective_date=${addDays(today, 700)}&file_name=${encodeURIComponent(name)}`,
        pdfOf('x'),
      );
      expect(res.statusCode, name).toBeLessThan(500);
      if (res.statusCode !== 201) continue;
      const v = json<{ id: number; file_name: string }>(res);
      expect(v.file_name, name).not.toMatch(/[/\\\r\n]/);
      expect(v.file_name.toLowerCase().endsWith('.pdf'), name).toBe(true);
      const file = await get(`/api/disclosure_documents/${v.id}/file/`, admin.headers);
      expect(file.statusCode, name).toBe(200);
      const cd = String(file.headers['content-disposition']);
      expect(cd, name).toMatch(/^inline; filename="[^"\\/\r\n]*"; filename\*=UTF-8''[^\s"]*$/);
      expect(file.headers['set-cookie'], name).toBeUndefined();
    }
  });

  it('a bidi override in file_name (disguising the extension) is removed from the stored name', async () => {
    const res = await upload(
      admin.headers,
      `firm=${firmId}&kind=adv_2b&effective_date=${addDays(today, 710)}&file_name=${encodeURIComponent('invoice\u202Efdp.html')}`,
      pdfOf('x'),
    );
    expect(res.statusCode).toBe(201);
    // 'invoice\u202Efdp.html.pdf' shows as 'invoicefdp.lmth.pdf'-like spoofed text in a save dialog.
    expect(json<{ file_name: string }>(res).file_name).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('a cookie session uploads only with the CSRF token', async () => {
    const { cookie, csrfToken } = await cookieSessionOf(t, admin.user.email);
    expect((await upload({ cookie }, q(), pdfOf('x'))).statusCode).toBe(403);
    expect(
      (await upload({ cookie, 'x-csrftoken': csrfToken, origin: 'http://portal.test' }, q(), pdfOf('x'))).statusCode,
    ).toBe(201);
  });

  it('metadata: invalid, far past and far future dates, kinds, material_change on CRS', async () => {
    for (const query of [
      `firm=${firmId}&kind=adv_2b&effective_date=2026-02-30`,
      `firm=${firmId}&kind=adv_2b&effective_date=1899-12-31`,
      `firm=${firmId}&kind=adv_2b&effective_date=10000-01-01`,
      `firm=${firmId}&kind=adv_2c&effective_date=${today}`,
      `firm=${firmId}&kind=crs&effective_date=${today}&material_change=true`,
      `firm=${firmId}&kind=crs&effective_date=${today}&material_change=1`,
      `firm=0&kind=crs&effective_date=${today}`,
      `firm=99999999999&kind=crs&effective_date=${today}`,
      `firm=${firmId}&kind=crs&effective_date=${today}&file_name=${'x'.repeat(201)}`,
    ]) {
      const res = await upload(admin.headers, query, pdfOf('x'));
      expect([400, 404], query).toContain(res.statusCode);
    }
    const farFuture = await upload(admin.headers, `firm=${firmId}&kind=adv_2b&effective_date=9999-12-31`, pdfOf('x'));
    expect(farFuture.statusCode).toBe(201);
    expect(json(farFuture).is_current).toBe(false);
    // The report still answers with such a version in the firm.
    expect((await get(`/api/disclosure_deliveries/?firm=${firmId}`, cco.headers)).statusCode).toBe(200);
  });
});

describe('file download', () => {
  it('answers the PDF inline with nosniff and no-store (fake %PDF with HTML is never rendered as HTML)', async () => {
    const res = await upload(
      admin.headers,
      `firm=${firmId}&kind=adv_2b&effective_date=${addDays(today, 800)}&file_name=page.html`,
      Buffer.from('%PDF-<html><script>alert(document.cookie)</script></html>'),
    );
    expect(res.statusCode).toBe(201);
    const file = await get(`/api/disclosure_documents/${json<{ id: number }>(res).id}/file/`, admin.headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['cache-control'])).toContain('no-store');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline; filename="page\.html\.pdf"/);
    // No `sandbox` CSP: Chrome and Safari then refuse to show any PDF (their viewers run as sandboxed
    // plugins); the fixed type with nosniff already keeps HTML bytes from being rendered as a page.
    expect(String(file.headers['content-security-policy'] ?? '')).not.toMatch(/(^|;)\s*sandbox\b/);
  });

  it("another firm's file: 404 to its admin, advisor, client; the super CCO reads it", async () => {
    for (const who of [admin, advisor, client, cco, staff])
      expect((await get(`/api/disclosure_documents/${otherFirmCrs}/file/`, who.headers)).statusCode).toBe(404);
    expect((await get(`/api/disclosure_documents/${currentAdv}/file/`, otherClient.headers)).statusCode).toBe(404);
    expect((await get(`/api/disclosure_documents/${currentAdv}/file/`, otherAdmin.headers)).statusCode).toBe(404);
    expect((await get(`/api/disclosure_documents/${otherFirmCrs}/file/`, superCco.headers)).statusCode).toBe(200);
    expect((await get(`/api/disclosure_documents/${currentAdv}/file/`, {})).statusCode).toBe(401);
  });

  it('a client reads neither an older version nor a future one they never received; staff read both', async () => {
    expect((await get(`/api/disclosure_documents/${olderAdv}/file/`, sibling.headers)).statusCode).toBe(404);
    expect((await get(`/api/disclosure_documents/${futureAdv}/file/`, sibling.headers)).statusCode).toBe(404);
    expect((await get(`/api/disclosure_documents/${olderAdv}/file/`, advisor.headers)).statusCode).toBe(200);
    expect((await get(`/api/disclosure_documents/${futureAdv}/file/`, staff.headers)).statusCode).toBe(200);
    // Staff opening a file records no delivery to anyone.
    const rows = rowsOf<{ n: number }>(
      await t.deps.db.execute(
        sql`select count(*)::int as n from disclosure_deliveries where client_id = ${advisor.user.id} or client_id = ${staff.user.id}`,
      ),
    );
    expect(rows[0].n).toBe(0);
  });

  it('the version list, delete and current documents of another firm: 404; a CCO may not delete: 403', async () => {
    expect((await get(`/api/disclosure_documents/?firm=${otherFirmId}`, admin.headers)).statusCode).toBe(404);
    expect((await get(`/api/disclosure_documents/?firm=${firmId}`, cco.headers)).statusCode).toBe(403);
    expect((await get(`/api/disclosure_documents/?firm=${firmId}`, client.headers)).statusCode).toBe(403);
    const del = (id: number, h: Headers) =>
      t.app.inject({ method: 'DELETE', url: `/api/disclosure_documents/${id}/`, headers: h });
    expect((await del(otherFirmCrs, admin.headers)).statusCode).toBe(404);
    expect((await del(futureAdv, otherAdmin.headers)).statusCode).toBe(404);
    expect((await del(futureAdv, cco.headers)).statusCode).toBe(403);
    expect((await del(futureAdv, client.headers)).statusCode).toBe(403);
    for (const who of [otherAdmin, otherClient, sibling, staff, cco])
      expect(
        (await get(`/api/disclosures/current/?portalUserId=${client.user.id}`, who.headers)).statusCode,
        who.user.email,
      ).toBe(404);
    expect((await get(`/api/disclosures/current/?portalUserId=${client.user.id}`, advisor.headers)).statusCode).toBe(
      200,
    );
  });
});

describe('delivery PUTs', () => {
  const adv = '/api/update_form_adv_delivery_date/';
  const crs = '/api/update_form_crs_delivery_date/';

  it('for another client, by an advisor or admin, or for another firm’s client: 403, nothing recorded', async () => {
    for (const [who, target] of [
      [client, sibling.user.id],
      [client, otherClient.user.id],
      [advisor, client.user.id],
      [admin, client.user.id],
      [otherAdmin, client.user.id],
    ] as const) {
      for (const url of [adv, crs]) {
        const res = await put(url, who.headers, { portalUserId: target, deliveryDate: today });
        expect(res.statusCode, `${who.user.email} → ${target}`).toBe(403);
      }
    }
    const rows = rowsOf<{ n: number }>(
      await t.deps.db.execute(
        sql`select count(*)::int as n from disclosure_deliveries where client_id = ${sibling.user.id}`,
      ),
    );
    expect(rows[0].n).toBe(0);
  });

  it('a far, invalid or mistyped date, a string id, an unknown part: 400, never 500', async () => {
    for (const body of [
      { portalUserId: client.user.id, deliveryDate: '2001-01-01' },
      { portalUserId: client.user.id, deliveryDate: '9999-12-31' },
      { portalUserId: client.user.id, deliveryDate: addDays(today, 2) },
      { portalUserId: client.user.id, deliveryDate: addDays(today, -2) },
      { portalUserId: client.user.id, deliveryDate: '2026-02-30' },
      { portalUserId: client.user.id, deliveryDate: 20260101 },
      { portalUserId: client.user.id, deliveryDate: [today] },
      { portalUserId: String(client.user.id), deliveryDate: today },
      { portalUserId: client.user.id, deliveryDate: today, part: '2C' },
      { portalUserId: client.user.id },
      {},
    ]) {
      const res = await put(adv, client.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).detail).toEqual(expect.any(String));
    }
  });

  it('the client records their own delivery of the current version; a body firm or documentId is ignored', async () => {
    const res = await put(crs, client.headers, {
      portalUserId: client.user.id,
      deliveryDate: today,
      firm: otherFirmId,
      documentId: otherFirmCrs,
      document: otherFirmCrs,
    });
    expect(res.statusCode).toBe(200);
    const rows = rowsOf<{ firm_id: number; document_id: number | null }>(
      await t.deps.db.execute(
        sql`select firm_id, document_id from disclosure_deliveries where client_id = ${client.user.id} and kind = 'crs'`,
      ),
    );
    expect(rows.length).toBe(1);
    expect(rows[0].firm_id).toBe(firmId);
    expect(rows[0].document_id).not.toBe(otherFirmCrs);
  });
});

describe('report, CSV and Deliver', () => {
  it('the report and CSV of another firm: 404; advisor, client, standard user: 403; bad query: 400', async () => {
    for (const url of [
      `/api/disclosure_deliveries/?firm=${otherFirmId}`,
      `/api/disclosure_deliveries/export/?firm=${otherFirmId}`,
    ])
      expect((await get(url, cco.headers)).statusCode, url).toBe(404);
    for (const who of [advisor, client, staff])
      expect((await get(`/api/disclosure_deliveries/?firm=${firmId}`, who.headers)).statusCode).toBe(403);
    for (const qs of [
      'ordering=id;drop table users',
      'page_size=100000',
      'page=0',
      'status=all',
      'firm=abc',
      `search=${'x'.repeat(300)}`,
    ])
      expect((await get(`/api/disclosure_deliveries/?${qs}`, cco.headers)).statusCode, qs).toBe(400);
    for (const search of ["%' or 1=1 --", '%_%', '\\', "'", '😀'])
      expect(
        (await get(`/api/disclosure_deliveries/?firm=${firmId}&search=${encodeURIComponent(search)}`, cco.headers))
          .statusCode,
      ).toBe(200);
    // The CCO without a firm filter sees only their firm's clients.
    const mine = json<{ results: { firm_id: number }[] }>(
      await get('/api/disclosure_deliveries/?page_size=500', cco.headers),
    );
    expect(mine.results.every((r) => r.firm_id === firmId)).toBe(true);
  });

  it('the CSV neutralises formulas in client, advisor and firm names and emails', async () => {
    const res = await get(`/api/disclosure_deliveries/export/?firm=${firmId}`, cco.headers);
    expect(res.statusCode).toBe(200);
    const cells = res.body
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .slice(1)
      .filter(Boolean)
      .flatMap((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [])
      .map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replaceAll('""', '"'));
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[\s\p{Cc}\p{Cf}]*[=+\-@＝＋－＠]/u);
    expect(res.body).toContain("'=cmd");
  });

  it('the report and CSV never carry an agreement’s PII', async () => {
    const body = agreementBody({ ClientName__c: 'Pii Person' });
    expect((await post('/api/client_agreements/', client.headers, body)).statusCode).toBe(201);
    const report = await get(`/api/disclosure_deliveries/?firm=${firmId}`, cco.headers);
    const csv = await get(`/api/disclosure_deliveries/export/?firm=${firmId}`, cco.headers);
    for (const text of [report.body, csv.body])
      for (const v of ['321549876', '321-54-9876', '1961-07-14', 'D400-1234-5555', '9876', '5555'])
        expect(text).not.toContain(v);
  });

  it('Deliver to another firm, or to another firm’s client through one’s own firm: 404/400, no mail', async () => {
    const mails = async () =>
      rowsOf<{ n: number }>(await t.deps.db.execute(sql`select count(*)::int as n from mail_outbox`))[0]?.n ?? 0;
    const before = await mails().catch(() => 0);
    const deliver = (h: Headers, b: unknown) => post('/api/disclosure_deliveries/deliver/', h, b);
    expect((await deliver(cco.headers, { firm: otherFirmId })).statusCode).toBe(404);
    expect((await deliver(cco.headers, { firm: otherFirmId, portalUserId: otherClient.user.id })).statusCode).toBe(404);
    expect([400, 404]).toContain(
      (await deliver(cco.headers, { firm: firmId, portalUserId: otherClient.user.id })).statusCode,
    );
    expect([400, 404]).toContain(
      (await deliver(otherCco.headers, { firm: otherFirmId, portalUserId: client.user.id })).statusCode,
    );
    for (const who of [advisor, client, staff])
      expect((await deliver(who.headers, { firm: firmId, portalUserId: sibling.user.id })).statusCode).toBe(403);
    for (const b of [{ firm: String(firmId) }, { firm: firmId, portalUserId: 'x' }, { firm: [firmId] }, {}])
      expect((await deliver(cco.headers, b)).statusCode, JSON.stringify(b)).toBe(400);
    expect(await mails().catch(() => 0)).toBe(before);
  });
});
