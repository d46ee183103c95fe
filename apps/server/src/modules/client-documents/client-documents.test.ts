import { CLIENT_DOCUMENT_MAX_BYTES, type ClientDocument, messages, ProfileType } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clientDocuments, profiles, users } from '../../db/schema/index.js';
import { createFirm } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';
import { docxBytes, PNG_BYTES, statementPdf, uploadDocument } from '../../testing/vault-fixtures.js';

const m = messages.clientDocuments;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page = { count: number; next: string | null; results: ClientDocument[] };

/** A firm with an advisor, their client, another advisor with a client, an administrator, a CCO; and another firm. */
async function vaultFirm() {
  const firm = await createFirm(t.deps.db, { name: 'Harbor Wealth' });
  const other = await createFirm(t.deps.db);
  const advisor = await signedInAs(t, {
    firstName: 'Avery',
    lastName: 'Advisor',
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const client = await signedInAs(t, {
    firstName: 'Chris',
    lastName: 'Client',
    advisorId: advisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  const otherAdvisor = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
  const otherClient = await signedInAs(t, {
    advisorId: otherAdvisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
  const cco = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true } });
  const outsider = await signedInAs(t, { profile: { firmId: other.id, profileType: ProfileType.Administrator } });
  return { firm, advisor, client, otherAdvisor, otherClient, admin, cco, outsider };
}

const list = async (headers: Record<string, string>, query: string) =>
  t.app.inject({ url: `/api/client_documents/?${query}`, headers });

describe('the client document vault', () => {
  it('a client uploads a signed form, their advisor a statement; both list and download them, with who and when', async () => {
    const { advisor, client } = await vaultFirm();
    const signed = await uploadDocument(
      t,
      client.headers,
      { client: String(client.user.id), category: 'signed_agreement', description: 'Signed advisory agreement' },
      { name: 'agreement.pdf', bytes: statementPdf('signed').bytes },
    );
    expect(signed.statusCode).toBe(201);
    expect(json(signed)).toMatchObject({
      client: client.user.id,
      file_name: 'agreement.pdf',
      content_type: 'application/pdf',
      category: 'signed_agreement',
      description: 'Signed advisory agreement',
      uploaded_by: client.user.id,
      uploaded_by_name: 'Chris Client',
      uploaded_by_client: true,
    });
    const statement = await uploadDocument(
      t,
      advisor.headers,
      { client: String(client.user.id), category: 'statement' },
      statementPdf(),
    );
    expect(statement.statusCode).toBe(201);
    expect(json(statement)).toMatchObject({ uploaded_by_name: 'Avery Advisor', uploaded_by_client: false });

    for (const who of [client, advisor]) {
      const page = json<Page>(await list(who.headers, `client=${client.user.id}`));
      expect(page.count).toBe(2);
      // Newest first by default.
      expect(page.results.map((d) => d.file_name)).toEqual(['Q3 statement.pdf', 'agreement.pdf']);
      const res = await t.app.inject({ url: page.results[0].download_url, headers: who.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Q3 statement.pdf"; filename*=UTF-8''Q3%20statement.pdf`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.toString()).toContain('Quarterly statement');
    }
  });

  it('pages, sorts and searches on the server', async () => {
    const { advisor, client } = await vaultFirm();
    for (const name of ['b-tax.pdf', 'a-statement.pdf', 'c-notes.txt'])
      await uploadDocument(
        t,
        advisor.headers,
        { client: String(client.user.id), description: `About ${name}` },
        {
          name,
          bytes: name.endsWith('.txt') ? Buffer.from('plain notes\n') : statementPdf().bytes,
        },
      );
    const sorted = json<Page>(await list(advisor.headers, `client=${client.user.id}&ordering=file_name&page_size=2`));
    expect(sorted.count).toBe(3);
    expect(sorted.next).toContain('page=2');
    expect(sorted.results.map((d) => d.file_name)).toEqual(['a-statement.pdf', 'b-tax.pdf']);
    const searched = json<Page>(await list(advisor.headers, `client=${client.user.id}&search=NOTES`));
    expect(searched.results.map((d) => d.file_name)).toEqual(['c-notes.txt']);
    expect(searched.results[0].content_type).toBe('text/plain');
    expect((await list(advisor.headers, `client=${client.user.id}&ordering=bogus`)).statusCode).toBe(400);
  });

  it('an administrator reads the firm’s vaults but adds nothing; a CCO, another client, another advisor and another firm reach none', async () => {
    const { client, admin, cco, otherAdvisor, otherClient, outsider } = await vaultFirm();
    const up = await uploadDocument(t, client.headers, { client: String(client.user.id) }, statementPdf());
    const doc = json<ClientDocument>(up);
    expect((await list(admin.headers, `client=${client.user.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: doc.download_url, headers: admin.headers })).statusCode).toBe(200);
    const refused = await uploadDocument(t, admin.headers, { client: String(client.user.id) }, statementPdf());
    expect(refused.statusCode).toBe(403);
    expect(json(refused).detail).toBe(m.readOnly);
    expect((await list(cco.headers, `client=${client.user.id}`)).statusCode).toBe(403);
    for (const who of [otherAdvisor, otherClient, outsider]) {
      expect((await list(who.headers, `client=${client.user.id}`)).statusCode).toBe(404);
      expect((await t.app.inject({ url: doc.download_url, headers: who.headers })).statusCode).toBe(404);
      const into = await uploadDocument(t, who.headers, { client: String(client.user.id) }, statementPdf());
      // An administrator (the outsider) adds to no vault: refused before the file is read, wherever it aims.
      expect(into.statusCode).toBe(who === outsider ? 403 : 404);
    }
  });

  it('a vault read before the client changes hands, or firms, follows the client', async () => {
    const { advisor, client, otherAdvisor, admin, outsider, firm } = await vaultFirm();
    const query = `client=${client.user.id}`;
    expect((await list(advisor.headers, query)).statusCode).toBe(200);
    expect((await list(otherAdvisor.headers, query)).statusCode).toBe(404);
    await t.database.db.update(users).set({ advisorId: otherAdvisor.user.id }).where(eq(users.id, client.user.id));
    expect((await list(advisor.headers, query)).statusCode).toBe(404);
    expect((await list(otherAdvisor.headers, query)).statusCode).toBe(200);
    expect((await list(admin.headers, query)).statusCode).toBe(200);
    const [moved] = await t.database.db
      .select({ firmId: profiles.firmId })
      .from(profiles)
      .where(eq(profiles.userId, outsider.user.id));
    await t.database.db.update(profiles).set({ firmId: moved.firmId }).where(eq(profiles.userId, client.user.id));
    expect((await list(admin.headers, query)).statusCode).toBe(404);
    expect((await list(outsider.headers, query)).statusCode).toBe(200);
    expect(firm.id).not.toBe(moved.firmId);
  });

  it('refuses a file by its type: outside the allow-list, or bytes that are not what the name says', async () => {
    const { client } = await vaultFirm();
    const into = { client: String(client.user.id) };
    const cases: [string, Buffer, number, string][] = [
      ['setup.exe', Buffer.from('MZ\x90\x00'), 415, m.fileType],
      ['page.html', Buffer.from('<script>alert(1)</script>'), 415, m.fileType],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, m.fileType],
      ['no-extension', statementPdf().bytes, 415, m.fileType],
      ['statement.pdf', Buffer.from('MZ\x90\x00 an executable renamed'), 415, m.fileMismatch('pdf')],
      ['photo.png', statementPdf().bytes, 415, m.fileMismatch('png')],
      ['notes.txt', Buffer.from([0x4d, 0x5a, 0x00, 0x01]), 415, m.fileMismatch('txt')],
      ['letter.docx', Buffer.from(zipSync({ 'a.txt': strToU8('zip, not Word') })), 415, m.fileMismatch('docx')],
    ];
    for (const [name, bytes, status, detail] of cases) {
      const res = await uploadDocument(t, client.headers, into, { name, bytes });
      expect(`${name} ${res.statusCode}`).toBe(`${name} ${status}`);
      expect(json(res)).toEqual({ detail, fields: { file: detail } });
    }
    for (const [name, bytes] of [
      ['scan.png', PNG_BYTES],
      ['letter.docx', docxBytes()],
      ['holdings.csv', Buffer.from('\ufeffsymbol,shares\nVTI,10\n')],
    ] as const) {
      const res = await uploadDocument(t, client.headers, into, { name, bytes });
      expect(`${name} ${res.statusCode}`).toBe(`${name} 201`);
    }
    expect(json<Page>(await list(client.headers, `client=${client.user.id}`)).count).toBe(3);
  });

  it('refuses a file over 25 MB with 413, an empty or missing file and a body that is not a form with 4xx', async () => {
    const { client } = await vaultFirm();
    const into = { client: String(client.user.id) };
    const big = Buffer.alloc(CLIENT_DOCUMENT_MAX_BYTES + 1, 0x20);
    big.write('%PDF-1.7\n');
    const tooBig = await uploadDocument(t, client.headers, into, { name: 'big.pdf', bytes: big });
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig).detail).toBe(m.fileTooLarge('25 MB'));
    const missing = await uploadDocument(t, client.headers, into);
    expect(missing.statusCode).toBe(400);
    expect(json(missing).fields).toEqual({ file: m.fileMissing });
    const empty = await uploadDocument(t, client.headers, into, { name: 'empty.pdf', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const noClient = await uploadDocument(t, client.headers, {}, statementPdf());
    expect(noClient.statusCode).toBe(400);
    expect(json(noClient).fields).toHaveProperty('client');
    const badCategory = await uploadDocument(t, client.headers, { ...into, category: 'secret' }, statementPdf());
    expect(badCategory.statusCode).toBe(400);
    // A text field PostgreSQL cannot store is the input guard's 400, as in a JSON body.
    const nul = await uploadDocument(t, client.headers, { ...into, description: 'Q3\u0000' }, statementPdf());
    expect(nul.statusCode).toBe(400);
    expect(json(nul).fields).toEqual({ description: messages.http.badCharacter });
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/client_documents/',
      headers: client.headers,
      payload: { client: client.user.id },
    });
    expect(asJson.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/client_documents/',
      headers: { ...client.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="client"\r\n\r\n1',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    // Nothing of the refused uploads was recorded.
    expect(await t.deps.db.select().from(clientDocuments).where(eq(clientDocuments.clientId, client.user.id))).toEqual(
      [],
    );
  });

  it('records each upload and download in the audit trail, and a removal keeps the record and its file', async () => {
    const { advisor, client } = await vaultFirm();
    const doc = json<ClientDocument>(
      await uploadDocument(t, client.headers, { client: String(client.user.id) }, statementPdf()),
    );
    await t.app.inject({ url: doc.download_url, headers: advisor.headers });
    // A HEAD sends no bytes: nothing to record.
    expect((await t.app.inject({ method: 'HEAD', url: doc.download_url, headers: advisor.headers })).statusCode).toBe(
      200,
    );
    const events = await t.deps.db
      .select({ action: auditEvents.action, actor: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'client_document'), eq(auditEvents.entityId, String(doc.id))));
    expect(events).toEqual([
      { action: 'upload', actor: client.user.id },
      { action: 'download', actor: advisor.user.id },
    ]);

    // Only the uploader removes it: the advisor may not take away what the client gave.
    const byAdvisor = await t.app.inject({
      method: 'DELETE',
      url: `/api/client_documents/${doc.id}/`,
      headers: advisor.headers,
    });
    expect(byAdvisor.statusCode).toBe(403);
    expect(json(byAdvisor).detail).toBe(m.onlyUploader);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/client_documents/${doc.id}/`,
      headers: client.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(json<Page>(await list(client.headers, `client=${client.user.id}`)).count).toBe(0);
    expect((await t.app.inject({ url: doc.download_url, headers: advisor.headers })).statusCode).toBe(404);
    const [kept] = await t.deps.db.select().from(clientDocuments).where(eq(clientDocuments.id, doc.id));
    expect(kept.removedAt).not.toBeNull();
    expect(kept.removedById).toBe(client.user.id);
    expect(await t.deps.storage.exists(kept.storageKey)).toBe(true);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/client_documents/${doc.id}/`,
      headers: client.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('a download name cannot disguise its extension or carry a path', async () => {
    const { client } = await vaultFirm();
    const res = await uploadDocument(
      t,
      client.headers,
      { client: String(client.user.id) },
      {
        name: '..\\..\\evil\u202Efdp.exe.pdf',
        bytes: statementPdf().bytes,
      },
    );
    expect(res.statusCode).toBe(201);
    expect(json<ClientDocument>(res).file_name).toBe('evil fdp.exe.pdf');
  });
});
