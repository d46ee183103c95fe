import { type FirmLink, messages, ProfileType } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import { createFirm } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

const m = messages.firmLinks;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page = { count: number; results: FirmLink[] };

async function linkFirm() {
  const firm = await createFirm(t.deps.db, { name: 'Harbor Wealth' });
  const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
  const advisor = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor } });
  const client = await signedInAs(t, {
    advisorId: advisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  const add = async (kind: string, label: string, url: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/firm_links/',
      headers: admin.headers,
      payload: { firm: firm.id, kind, label, url },
    });
    expect(res.statusCode).toBe(201);
    return json<FirmLink>(res);
  };
  return { firm, admin, advisor, client, add };
}

const menuRead = async (headers: Record<string, string>) =>
  json<Page>(await t.app.inject({ url: '/api/firm_links/', headers })).results.map((l) => `${l.kind}: ${l.label}`);

describe("a firm's configured links", () => {
  it("an administrator adds them; each person's menus read only the kinds shown to them", async () => {
    const { firm, admin, advisor, client, add } = await linkFirm();
    await add('financial_planning', 'eMoney', 'https://wealth.emoneyadvisor.com');
    await add('portfolio', 'Orion', 'https://login.orionadvisor.com');
    await add('help_portal', 'Help Center', 'https://help.example.com');
    expect(await menuRead(client.headers)).toEqual(['financial_planning: eMoney']);
    expect(await menuRead(advisor.headers)).toEqual(['help_portal: Help Center', 'portfolio: Orion']);
    const all = json<Page>(await t.app.inject({ url: `/api/firm_links/?firm=${firm.id}`, headers: admin.headers }));
    expect(all.count).toBe(3);
    const [event] = await t.deps.db
      .select({ action: auditEvents.action, changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'firm_link'), eq(auditEvents.entityId, String(all.results[0].id))));
    expect(event.action).toBe('create');
  });

  it('takes http(s) addresses only, a label, and one label per kind in a firm', async () => {
    const { firm, admin, add } = await linkFirm();
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>x</script>',
      'ftp://files.example.com',
      'example.com',
      '',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/firm_links/',
        headers: admin.headers,
        payload: { firm: firm.id, kind: 'portfolio', label: 'Bad', url },
      });
      expect(`${url} ${res.statusCode}`).toBe(`${url} 400`);
      expect(json(res).fields).toHaveProperty('url');
    }
    const noLabel = await t.app.inject({
      method: 'POST',
      url: '/api/firm_links/',
      headers: admin.headers,
      payload: { firm: firm.id, kind: 'portfolio', label: '  ', url: 'https://x.example.com' },
    });
    expect(json(noLabel).fields).toEqual({ label: m.labelRequired });
    await add('portfolio', 'Orion', 'https://login.orionadvisor.com');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/firm_links/',
      headers: admin.headers,
      payload: { firm: firm.id, kind: 'portfolio', label: 'orion', url: 'https://other.example.com' },
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).detail).toBe(m.duplicate);
  });

  it('refuses a firm id past what the database holds with a message (a portfolio link with its sign-in, found by the fuzz)', async () => {
    const { id: firmId } = await createFirm(t.deps.db);
    const superAdmin = await signedInAs(t, {
      profile: { firmId, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/firm_links/',
      headers: superAdmin.headers,
      payload: {
        firm: Number.MAX_SAFE_INTEGER,
        kind: 'portfolio',
        label: 'Orion',
        url: 'https://login.orionadvisor.com',
        service_provider: 'orion',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ detail: m.chooseFirm, fields: { firm: m.chooseFirm } });
  });

  it('an administrator changes and removes a link; the menus follow', async () => {
    const { admin, advisor, add } = await linkFirm();
    const link = await add('portfolio', 'Orion', 'https://login.orionadvisor.com');
    expect(await menuRead(advisor.headers)).toEqual(['portfolio: Orion']);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/firm_links/${link.id}/`,
      headers: admin.headers,
      payload: { kind: 'portfolio', label: 'Orion Connect', url: 'https://connect.orionadvisor.com' },
    });
    expect(json(changed)).toMatchObject({ label: 'Orion Connect', url: 'https://connect.orionadvisor.com' });
    expect(await menuRead(advisor.headers)).toEqual(['portfolio: Orion Connect']);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/firm_links/${link.id}/`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await menuRead(advisor.headers)).toEqual([]);
  });
});
