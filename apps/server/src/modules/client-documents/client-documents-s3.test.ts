import type { ClientDocument } from '@portal/domain';
import { ProfileType } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirm } from '../../testing/factories.js';
import { startS3Server } from '../../testing/s3-server.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';
import { statementPdf, uploadDocument } from '../../testing/vault-fixtures.js';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await buildTestApp({ storage: s3.config });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('the vault on S3-compatible storage', () => {
  it('a client uploads into a bucket and their advisor downloads the same bytes from it', async () => {
    const firm = await createFirm(t.deps.db);
    const advisor = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
    const client = await signedInAs(t, {
      advisorId: advisor.user.id,
      profile: { firmId: firm.id, profileType: ProfileType.Client },
    });
    const file = statementPdf('kept in the bucket');
    const up = await uploadDocument(t, client.headers, { client: String(client.user.id) }, file);
    expect(up.statusCode).toBe(201);
    const doc = json<ClientDocument>(up);
    expect(t.deps.storage.constructor.name).toBe('S3Storage');
    const down = await t.app.inject({ url: doc.download_url, headers: advisor.headers });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-disposition']).toMatch(/^attachment; filename="Q3 statement.pdf"/);
    expect(down.rawPayload.equals(file.bytes)).toBe(true);
  });
});
