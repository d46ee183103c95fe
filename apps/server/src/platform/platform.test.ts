import { ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema/index.js';
import { createUser, TEST_PASSWORD } from '../testing/factories.js';
import { buildTestApp, json, type TestApp } from '../testing/test-app.js';
import { redactChanges } from './audit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('GET /api/health answers ok while the database answers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ok' });
  });

  it('answers API requests with security headers, no-store and a request id', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('publishes the OpenAPI document generated from the zod schemas, and a docs page, to signed-in staff', async () => {
    const staff = await createUser(t.deps.db, { profile: { profileType: ProfileType.StandardUser } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    const headers = { authorization: `Bearer ${json<{ token: string }>(login).token}` };
    const res = await t.app.inject({ url: '/api/openapi.json', headers });
    expect(res.statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login/'].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/token/refresh', '/api/account_settings/update_personal_info/{id}/']),
    );
    const docs = await t.app.inject({ url: '/api/docs', headers });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('answers an unknown API path with a 404 in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ detail: 'Not found.' });
  });

  it('keeps the audit trail append-only', async () => {
    await t.database.db.insert(auditEvents).values({ action: 'test', entity: 'test' });
    await expect(t.deps.db.execute(sql`update audit_events set action = 'tampered'`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  });

  it('records secrets and PII named at the top of a hand-made event by name only', () => {
    expect(
      redactChanges({
        password: 'x',
        ssn: '123',
        tax_id: '12-345',
        date_of_birth: '1990-01-01',
        drivers_license: 'D-1',
        first_name: 'Ada',
      }),
    ).toEqual({
      password: '[redacted]',
      ssn: '[redacted]',
      tax_id: '[redacted]',
      date_of_birth: '[redacted]',
      drivers_license: '[redacted]',
      first_name: 'Ada',
    });
    // Answers whose names merely look like PII keep their values, at any depth: field values are the
    // field table's to redact (its pii and secret flags), not a name pattern's.
    const answers = {
      Insurance_License__c: { from: 'L-1', to: 'L-2' },
      Other_Social_Media__c: { from: null, to: 'Mastodon' },
      rows: [{ Id: 1, fields: { Job_Title__c: { from: null, to: 'Clerk' } } }],
      original: { Insurance_License__c: 'L-1', Other_Social_Media__c: null },
    };
    expect(redactChanges(answers)).toEqual(answers);
    // A change recorded before and after keeps its shape, both sides by name only.
    expect(redactChanges({ password: { from: 'old', to: 'new' } })).toEqual({
      password: { from: '[redacted]', to: '[redacted]' },
    });
  });
});
