import {
  type AcknowledgementReportPage,
  calendarDateIn,
  type MyAcknowledgements,
  messages,
  ProfileType,
  RESOURCE_MAX_BYTES,
  type Resource,
  type ResourceVersion,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, trainingResources, trainingResourceVersions } from '../../db/schema/index.js';
import { pdfOf } from '../../testing/disclosure-fixtures.js';
import { createFirm, createUser } from '../../testing/factories.js';
import { multipartOf } from '../../testing/multipart.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';
import { docxBytes } from '../../testing/vault-fixtures.js';

const m = messages.resources;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page<T> = { count: number; next: string | null; results: T[] };
const today = () => calendarDateIn('America/New_York', new Date());

async function firmWithPeople() {
  const firm = await createFirm(t.deps.db, { name: 'Harbor Wealth' });
  const other = await createFirm(t.deps.db, { name: 'Elsewhere' });
  const admin = await signedInAs(t, {
    firstName: 'Ada',
    lastName: 'Admin',
    profile: { firmId: firm.id, profileType: ProfileType.Administrator },
  });
  const staff = await signedInAs(t, {
    firstName: 'Sid',
    lastName: 'Staff',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  const colleague = await signedInAs(t, {
    firstName: 'Cora',
    lastName: 'Colleague',
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const cco = await signedInAs(t, {
    firstName: 'Cy',
    lastName: 'Cco',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
  });
  const client = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Client } });
  const outsider = await signedInAs(t, { profile: { firmId: other.id, profileType: ProfileType.Administrator } });
  return { firm, other, admin, staff, colleague, cco, client, outsider };
}

const add = (
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) => {
  const body = multipartOf(fields, file ? [file] : []);
  return t.app.inject({
    method: 'POST',
    url: '/api/resources/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const replace = (
  headers: Record<string, string>,
  id: number,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) => {
  const body = multipartOf(fields, file ? [file] : []);
  return t.app.inject({
    method: 'PUT',
    url: `/api/resources/${id}/`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const listOf = async (headers: Record<string, string>, query: string) =>
  json<Page<Resource>>(await t.app.inject({ url: `/api/resources/?${query}`, headers }));

describe('training resources', () => {
  it('an administrator adds a PDF; the staff list it (Resource Name, Added Date, Last Modified Date) and open it inline', async () => {
    const p = await firmWithPeople();
    const pdf = pdfOf('code of ethics v1');
    const res = await add(
      p.admin.headers,
      { category: 'compliance', name: 'Code of Ethics' },
      { name: 'ethics.pdf', bytes: pdf },
    );
    expect(res.statusCode).toBe(201);
    const created = json<Resource>(res);
    expect(created).toMatchObject({
      name: 'Code of Ethics',
      category: 'compliance',
      added_date: today(),
      last_modified_date: today(),
      url: `/api/resources/${created.id}/file/`,
      kind: 'file',
      file_name: 'ethics.pdf',
      version: 1,
      acknowledgement: null,
    });
    const page = await listOf(p.staff.headers, 'category=compliance');
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ id: created.id, name: 'Code of Ethics', added_date: today() });
    expect((await listOf(p.staff.headers, 'category=operations')).results).toEqual([]);

    const opened = await t.app.inject({ url: created.url, headers: p.staff.headers });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toMatch(/^inline; filename="ethics.pdf"/);
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(opened.rawPayload.equals(pdf)).toBe(true);

    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'training_resource'), eq(auditEvents.entityId, String(created.id))));
    expect(event.action).toBe('create');
  });

  it('lists are paged, searched by name and sorted on the server', async () => {
    const p = await firmWithPeople();
    for (const name of ['Bonds 101', 'Asset allocation', 'Currency risk'])
      await add(p.admin.headers, { category: 'investments', name, url: `https://example.com/${name.length}` });
    const sorted = await listOf(p.staff.headers, 'category=investments&ordering=-name&page_size=2');
    expect(sorted.count).toBe(3);
    expect(sorted.results.map((r) => r.name)).toEqual(['Currency risk', 'Bonds 101']);
    expect(sorted.next).toContain('page=2');
    const found = await listOf(p.staff.headers, 'category=investments&search=alloc');
    expect(found.results.map((r) => r.name)).toEqual(['Asset allocation']);
    const bad = await t.app.inject({ url: '/api/resources/?category=recipes', headers: p.staff.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('an API client adds a link with a JSON body; a body of another type is refused', async () => {
    const p = await firmWithPeople();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resources/',
      headers: p.admin.headers,
      payload: { category: 'faqs', name: 'Portal FAQ', url: 'https://help.example.com/faq' },
    });
    expect(res.statusCode).toBe(201);
    expect(json<Resource>(res)).toMatchObject({ kind: 'link', url: 'https://help.example.com/faq' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/resources/',
      headers: { ...p.admin.headers, 'content-type': 'text/plain' },
      payload: 'category=faqs',
    });
    expect(text.statusCode).toBe(415);
    const cut = multipartOf({ category: 'faqs', name: 'Cut' }, [{ name: 'a.pdf', bytes: pdfOf('a') }]);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/resources/',
      headers: { ...p.admin.headers, ...cut.headers },
      payload: cut.payload.subarray(0, cut.payload.length - 20),
    });
    expect(short.statusCode).toBe(400);
  });

  it('a link is its own url and opens nothing in the portal', async () => {
    const p = await firmWithPeople();
    const res = await add(p.admin.headers, {
      category: 'videos',
      name: 'Onboarding video',
      url: 'https://videos.example.com/onboarding',
    });
    const link = json<Resource>(res);
    expect(link).toMatchObject({ kind: 'link', url: 'https://videos.example.com/onboarding', file_name: null });
    expect((await t.app.inject({ url: `/api/resources/${link.id}/file/`, headers: p.staff.headers })).statusCode).toBe(
      404,
    );
  });

  it('refuses uploads by type (the bytes, not the name) and by size, and bad links, with field messages', async () => {
    const p = await firmWithPeople();
    const fields = { category: 'operations', name: 'Manual' };
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const file of [
      { name: 'manual.pdf', bytes: exe },
      { name: 'manual.pdf', bytes: html },
      { name: 'manual.exe', bytes: exe },
      { name: 'manual.html', bytes: html },
      { name: 'manual.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      // PDF bytes under a name that says otherwise: the type is the pair, not either alone.
      { name: 'manual.docx', bytes: pdfOf('x') },
    ]) {
      const res = await add(p.admin.headers, fields, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(json(res)).toEqual({ detail: m.fileType, fields: { file: m.fileType } });
    }
    const big = Buffer.alloc(RESOURCE_MAX_BYTES + 1);
    pdfOf('big').copy(big);
    const tooBig = await add(p.admin.headers, fields, { name: 'big.pdf', bytes: big });
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig)).toMatchObject({ detail: m.fileTooLarge });
    const empty = await add(p.admin.headers, fields, { name: 'empty.pdf', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({ fields: { file: m.fileEmpty } });

    const neither = await add(p.admin.headers, fields);
    expect(json(neither)).toMatchObject({ detail: m.fileOrUrl });
    const both = await add(
      p.admin.headers,
      { ...fields, url: 'https://example.com' },
      { name: 'a.pdf', bytes: pdfOf('a') },
    );
    expect(both.statusCode).toBe(400);
    const script = await add(p.admin.headers, { ...fields, url: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
    expect(json(script)).toMatchObject({ fields: { url: messages.validation.url } });
    const unnamed = await add(p.admin.headers, { category: 'operations', name: ' ', url: 'https://example.com' });
    expect(json(unnamed)).toEqual({ detail: m.nameRequired, fields: { name: m.nameRequired } });
    const twoFiles = multipartOf(fields, [
      { name: 'a.pdf', bytes: pdfOf('a') },
      { name: 'b.pdf', bytes: pdfOf('b') },
    ]);
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/resources/',
      headers: { ...p.admin.headers, ...twoFiles.headers },
      payload: twoFiles.payload,
    });
    expect(two.statusCode).toBe(400);
    // Nothing was half-written by any refused upload.
    expect((await listOf(p.admin.headers, 'category=operations')).count).toBe(0);

    // Any ZIP renamed .docx is refused; a Word package is taken.
    const zip = await add(p.admin.headers, fields, {
      name: 'manual.docx',
      bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(32)]),
    });
    expect(zip.statusCode).toBe(415);
    const docx = await add(p.admin.headers, fields, { name: 'manual.docx', bytes: docxBytes() });
    expect(docx.statusCode).toBe(201);
    const opened = await t.app.inject({ url: json<Resource>(docx).url, headers: p.staff.headers });
    expect(opened.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(opened.headers['content-disposition']).toMatch(/^attachment; filename="manual.docx"/);
  });

  it('only administrators of the firm add, replace and remove; clients and other firms reach nothing', async () => {
    const p = await firmWithPeople();
    const link = { category: 'faqs', name: 'FAQ', url: 'https://example.com/faq' };
    expect((await add(p.staff.headers, link)).statusCode).toBe(403);
    expect((await add(p.cco.headers, link)).statusCode).toBe(403);
    expect((await add(p.client.headers, link)).statusCode).toBe(403);
    expect((await add(p.outsider.headers, { ...link, firm: String(p.firm.id) })).statusCode).toBe(404);
    const id = json<Resource>(await add(p.admin.headers, link)).id;
    expect((await t.app.inject({ url: '/api/resources/?category=faqs', headers: p.client.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: `/api/resources/${id}/`, headers: p.outsider.headers })).statusCode).toBe(404);
    expect((await listOf(p.outsider.headers, 'category=faqs')).count).toBe(0);
    expect((await replace(p.staff.headers, id, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await replace(p.outsider.headers, id, { name: 'Renamed' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/resources/${id}/`, headers: p.staff.headers })).statusCode,
    ).toBe(403);
  });

  it('replacing the file makes a new version and keeps the previous ones; removing keeps the record', async () => {
    const p = await firmWithPeople();
    const v1 = pdfOf('manual v1');
    const v2 = pdfOf('manual v2');
    const id = json<Resource>(
      await add(
        p.admin.headers,
        { category: 'operations', name: 'Advisors Operations Manual' },
        { name: 'ops.pdf', bytes: v1 },
      ),
    ).id;
    const renamed = json<Resource>(await replace(p.admin.headers, id, { name: 'Advisor Operations Manual' }));
    expect(renamed).toMatchObject({ name: 'Advisor Operations Manual', version: 1 });
    const replaced = await replace(p.admin.headers, id, {}, { name: 'ops-2026.pdf', bytes: v2 });
    expect(json<Resource>(replaced)).toMatchObject({ version: 2, file_name: 'ops-2026.pdf' });
    const current = await t.app.inject({ url: `/api/resources/${id}/file/`, headers: p.staff.headers });
    expect(current.rawPayload.equals(v2)).toBe(true);

    const history = json<Page<ResourceVersion>>(
      await t.app.inject({ url: `/api/resources/${id}/versions/`, headers: p.admin.headers }),
    );
    expect(history.results.map((v) => [v.version, v.file_name, v.is_current, v.uploaded_by_name])).toEqual([
      [2, 'ops-2026.pdf', true, 'Ada Admin'],
      [1, 'ops.pdf', false, 'Ada Admin'],
    ]);
    const old = await t.app.inject({ url: history.results[1].url, headers: p.admin.headers });
    expect(old.rawPayload.equals(v1)).toBe(true);
    expect((await t.app.inject({ url: `/api/resources/${id}/versions/`, headers: p.staff.headers })).statusCode).toBe(
      403,
    );

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/resources/${id}/`, headers: p.admin.headers });
    expect(removed.statusCode).toBe(204);
    expect((await listOf(p.staff.headers, 'category=operations')).count).toBe(0);
    expect((await t.app.inject({ url: `/api/resources/${id}/file/`, headers: p.staff.headers })).statusCode).toBe(404);
    const [kept] = await t.deps.db.select().from(trainingResources).where(eq(trainingResources.id, id));
    expect(kept.deletedAt).not.toBeNull();
    const versions = await t.deps.db
      .select()
      .from(trainingResourceVersions)
      .where(eq(trainingResourceVersions.resourceId, id));
    expect(versions).toHaveLength(2);
    for (const v of versions) expect(await t.deps.storage.exists(v.storageKey as string)).toBe(true);
  });
});

describe('acknowledging the code of ethics (Rule 204A-1)', () => {
  it('staff acknowledge the current version; a new version needs a new one; the CCO sees who has not', async () => {
    const p = await firmWithPeople();
    const onOps = await add(
      p.admin.headers,
      { category: 'operations', name: 'Ops', acknowledgement: 'code_of_ethics' },
      { name: 'ops.pdf', bytes: pdfOf('ops') },
    );
    expect(json(onOps)).toMatchObject({ fields: { acknowledgement: m.acknowledgementComplianceOnly } });
    const ethics = json<Resource>(
      await add(
        p.admin.headers,
        { category: 'compliance', name: 'Code of Ethics', acknowledgement: 'code_of_ethics' },
        { name: 'ethics.pdf', bytes: pdfOf('ethics v1') },
      ),
    );
    expect(ethics.acknowledgement).toBe('code_of_ethics');
    const mine = async (headers: Record<string, string>) =>
      json<MyAcknowledgements>(await t.app.inject({ url: '/api/resources/my_acknowledgements/', headers }));
    expect(await mine(p.staff.headers)).toEqual({
      Code_of_Ethics_Attestation_Date__c: null,
      IA_Manual_Attestation_Date__c: null,
    });

    const acked = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${ethics.id}/acknowledge/`,
      headers: p.staff.headers,
    });
    expect(acked.statusCode).toBe(200);
    expect(json<Resource>(acked).acknowledged_on).toBe(today());
    await t.app.inject({
      method: 'POST',
      url: `/api/resources/${ethics.id}/acknowledge/`,
      headers: p.colleague.headers,
    });
    expect(await mine(p.staff.headers)).toEqual({
      Code_of_Ethics_Attestation_Date__c: today(),
      IA_Manual_Attestation_Date__c: null,
    });
    expect((await listOf(p.staff.headers, 'category=compliance')).results[0].acknowledged_on).toBe(today());
    expect((await listOf(p.cco.headers, 'category=compliance')).results[0].acknowledged_on).toBeNull();

    const report = async (headers: Record<string, string>, query = '') =>
      t.app.inject({ url: `/api/resources/${ethics.id}/acknowledgements/?${query}`, headers });
    const pending = json<AcknowledgementReportPage>(await report(p.cco.headers));
    expect(pending.version).toBe(1);
    expect(pending.results.map((r) => r.last_name)).toEqual(['Admin', 'Cco']);
    const done = json<AcknowledgementReportPage>(await report(p.cco.headers, 'status=acknowledged'));
    expect(done.results.map((r) => [r.last_name, r.acknowledged_on])).toEqual([
      ['Colleague', today()],
      ['Staff', today()],
    ]);
    expect((await report(p.staff.headers)).statusCode).toBe(403);
    expect((await report(p.admin.headers)).statusCode).toBe(200);
    expect((await report(p.outsider.headers)).statusCode).toBe(404);

    // An amendment: everyone owes a new acknowledgement, the old one stays on record.
    await replace(p.admin.headers, ethics.id, {}, { name: 'ethics-amended.pdf', bytes: pdfOf('ethics v2') });
    expect((await listOf(p.staff.headers, 'category=compliance')).results[0]).toMatchObject({
      version: 2,
      acknowledged_on: null,
    });
    expect(await mine(p.staff.headers)).toEqual({
      Code_of_Ethics_Attestation_Date__c: null,
      IA_Manual_Attestation_Date__c: null,
    });
    const after = json<AcknowledgementReportPage>(await report(p.cco.headers, 'search=staff'));
    expect(after.results).toEqual([
      expect.objectContaining({ last_name: 'Staff', acknowledged_on: null, last_version: 1 }),
    ]);
    const history = json<Page<ResourceVersion>>(
      await t.app.inject({ url: `/api/resources/${ethics.id}/versions/`, headers: p.cco.headers }),
    );
    expect(history.results.map((v) => [v.version, v.acknowledgements])).toEqual([
      [2, 0],
      [1, 2],
    ]);
    // The counts are kept between two reads of the history; an acknowledgement recounts them.
    await t.app.inject({ method: 'POST', url: `/api/resources/${ethics.id}/acknowledge/`, headers: p.staff.headers });
    const recounted = json<Page<ResourceVersion>>(
      await t.app.inject({ url: `/api/resources/${ethics.id}/versions/`, headers: p.cco.headers }),
    );
    expect(recounted.results.map((v) => [v.version, v.acknowledgements])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('a resource without acknowledgement cannot be acknowledged; clients and other firms cannot acknowledge', async () => {
    const p = await firmWithPeople();
    const plain = json<Resource>(
      await add(p.admin.headers, { category: 'compliance', name: 'Manual' }, { name: 'm.pdf', bytes: pdfOf('m') }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${plain.id}/acknowledge/`,
      headers: p.staff.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ detail: m.notAcknowledgeable });
    const flagged = json<Resource>(await replace(p.admin.headers, plain.id, { acknowledgement: 'ia_manual' }));
    expect(flagged).toMatchObject({ acknowledgement: 'ia_manual', version: 1 });
    for (const who of [p.client, p.outsider]) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/resources/${plain.id}/acknowledge/`,
        headers: who.headers,
      });
      expect(r.statusCode).toBe(who === p.client ? 403 : 404);
    }
    // A super admin of another firm manages it, but the acknowledgement is the firm's staff's own.
    const superAdmin = await signedInAs(t, {
      profile: { firmId: p.other.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${plain.id}/acknowledge/`,
      headers: superAdmin.headers,
    });
    expect(r.statusCode).toBe(403);
    await createUser(t.deps.db, { profile: { firmId: p.firm.id, profileType: ProfileType.StandardUser } });
  });
});
