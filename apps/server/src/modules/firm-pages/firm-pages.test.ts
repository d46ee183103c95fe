import { type LifeImpactPage, MAX_PAGE_HTML, messages, ProfileType } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import { createFirm } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';
import { sanitizePageHtml } from './html-sanitizer.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const URL = '/api/pages/life-impact/';
const put = (headers: Record<string, string>, content: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers, payload: { content } });
const read = async (headers: Record<string, string>) => json<LifeImpactPage>(await t.app.inject({ url: URL, headers }));

describe('the HTML sanitizer of firm pages', () => {
  it('strips scripts, styles, event handlers, frames and javascript: or data: links', () => {
    const dirty = [
      '<h2 onclick="steal()">Stories</h2>',
      '<script>alert(1)</script>',
      '<style>body{display:none}</style>',
      '<p style="color:red" class="x">Hello <img src=x onerror="alert(2)"><strong>world</strong></p>',
      '<a href="javascript:alert(3)">bad</a>',
      '<a href="JaVaScRiPt:alert(4)">bad too</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg><script>alert(5)</script></svg>',
      '<form action="/x"><input name="y"></form>',
    ].join('');
    const clean = sanitizePageHtml(dirty);
    expect(clean).toBe(
      '<h2>Stories</h2><p>Hello <strong>world</strong></p><a target="_blank" rel="noopener noreferrer">bad</a><a target="_blank" rel="noopener noreferrer">bad too</a><a target="_blank" rel="noopener noreferrer">data</a>',
    );
  });

  it("keeps the editor's formatting and web links, opening them in a new tab", () => {
    const html =
      '<h3>Giving back</h3><p><em>One</em> <u>two</u> <s>three</s> <code>x</code></p><ul><li>a</li></ul><ol start="2"><li>b</li></ol><blockquote><p>q</p></blockquote><hr><p><a href="https://example.org/story?id=1&amp;a=2" target="_self">Read</a> <a href="mailto:care@example.org">Mail</a></p>';
    expect(sanitizePageHtml(html)).toBe(
      '<h3>Giving back</h3><p><em>One</em> <u>two</u> <s>three</s> <code>x</code></p><ul><li>a</li></ul><ol start="2"><li>b</li></ol><blockquote><p>q</p></blockquote><hr /><p><a href="https://example.org/story?id=1&amp;a=2" target="_blank" rel="noopener noreferrer">Read</a> <a href="mailto:care@example.org" target="_blank" rel="noopener noreferrer">Mail</a></p>',
    );
  });

  it("reads an empty editor's paragraphs as no content", () => {
    expect(sanitizePageHtml('<p></p>')).toBe('');
    expect(sanitizePageHtml('<p><br></p><script>x</script>')).toBe('');
  });
});

describe('the Life Impact page', () => {
  it('an administrator writes it, sanitized; everyone of the firm reads it, clients too; other firms do not', async () => {
    const firm = await createFirm(t.deps.db);
    const other = await createFirm(t.deps.db);
    const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
    const client = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Client } });
    const staff = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    const outsider = await signedInAs(t, { profile: { firmId: other.id, profileType: ProfileType.Administrator } });

    expect(await read(client.headers)).toEqual({ content: '', updated_at: null });
    const saved = await put(admin.headers, '<p>We gave <strong>1,200</strong> hours.</p><script>alert(1)</script>');
    expect(saved.statusCode).toBe(200);
    expect(json<LifeImpactPage>(saved).content).toBe('<p>We gave <strong>1,200</strong> hours.</p>');
    for (const who of [client, staff, admin]) {
      const page = await read(who.headers);
      expect(page.content).toBe('<p>We gave <strong>1,200</strong> hours.</p>');
      expect(page.updated_at).toMatch(/Z$/);
    }
    expect((await read(outsider.headers)).content).toBe('');

    expect((await put(staff.headers, '<p>mine</p>')).statusCode).toBe(403);
    expect((await put(client.headers, '<p>mine</p>')).statusCode).toBe(403);
    // Another firm's administrator writes their own firm's page, never this one.
    expect((await put(outsider.headers, '<p>Theirs</p>')).statusCode).toBe(200);
    expect((await read(client.headers)).content).toBe('<p>We gave <strong>1,200</strong> hours.</p>');

    const trail = await t.deps.db
      .select({ action: auditEvents.action, changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'firm page'), eq(auditEvents.firmId, firm.id)));
    expect(trail).toEqual([{ action: 'create', changes: { content_length: { from: null, to: 44 } } }]);
  });

  it('refuses a body without content, or one too long, with a message', async () => {
    const firm = await createFirm(t.deps.db);
    const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
    const none = await t.app.inject({ method: 'PUT', url: URL, headers: admin.headers, payload: {} });
    expect(none.statusCode).toBe(400);
    const long = await put(admin.headers, `<p>${'x'.repeat(MAX_PAGE_HTML)}</p>`);
    expect(long.statusCode).toBe(400);
    expect(json(long).detail).toBe(messages.lifeImpact.tooLong(MAX_PAGE_HTML));
  });
});
