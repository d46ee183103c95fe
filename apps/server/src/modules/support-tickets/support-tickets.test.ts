import { type CaseReply, messages, ProfileType, type SupportTicket } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox } from '../../db/schema/index.js';
import { createFirm } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page<T> = { count: number; next: string | null; results: T[] };
type Headers = Record<string, string>;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as string });
const mailsTo = (to: string) =>
  t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id));

const caseForm = (over: Record<string, unknown> = {}) => ({
  Subject: 'Cannot open the compliance manual',
  Category__c: 'Technology',
  Type: 'New Problem',
  Priority: 'High',
  Reason: 'Problem',
  Description: 'The link answers an error.\nSince this morning.',
  ...over,
});

/**
 * A firm with a staff member (Sid), a colleague, an administrator, a named handler and a client, and
 * another firm with its own administrator.
 */
async function supportFirm() {
  const firm = await createFirm(t.deps.db, { name: 'Harbor Wealth' });
  const other = await createFirm(t.deps.db, { name: 'Elsewhere' });
  const staff = await signedInAs(t, {
    firstName: 'Sid',
    lastName: 'Staff',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  const colleague = await signedInAs(t, {
    firstName: 'Cole',
    lastName: 'League',
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const admin = await signedInAs(t, {
    firstName: 'Ada',
    lastName: 'Admin',
    profile: { firmId: firm.id, profileType: ProfileType.Administrator },
  });
  const handler = await signedInAs(t, {
    firstName: 'Hal',
    lastName: 'Handler',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isSupportHandler: true },
  });
  const client = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Client } });
  const outsider = await signedInAs(t, { profile: { firmId: other.id, profileType: ProfileType.Administrator } });
  return { firm, other, staff, colleague, admin, handler, client, outsider };
}

async function opened(headers: Headers, over: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/support_tickets/', headers, caseForm(over));
  expect(res.statusCode).toBe(201);
  return json<SupportTicket>(res);
}

describe('a staff member opens a support case', () => {
  it("is answered with the server's fields, and the firm's handlers are mailed with the case's link", async () => {
    const f = await supportFirm();
    const res = await send('POST', '/api/support_tickets/', f.staff.headers, {
      ...caseForm(),
      // The server's fields are its own: a new case's body may carry them, they are ignored.
      Status: 'Closed',
      Origin: 'Phone',
      SuppliedEmail: 'someone@else.test',
    });
    expect(res.statusCode).toBe(201);
    const c = json<SupportTicket>(res);
    expect(c).toMatchObject({
      Subject: 'Cannot open the compliance manual',
      Category__c: 'Technology',
      Type: 'New Problem',
      Priority: 'High',
      Reason: 'Problem',
      Description: 'The link answers an error.\nSince this morning.',
      Status: 'New',
      Origin: 'Web',
      ClosedDate: null,
      EverSource_Portal_User_ID__c: f.staff.user.id,
      SuppliedName: 'Sid Staff',
      SuppliedEmail: f.staff.user.email,
    });
    expect(c.CaseNumber).toMatch(/^\d{8}$/);
    expect(Date.now() - Date.parse(c.CreatedDate)).toBeLessThan(60_000);

    for (const handler of [f.admin, f.handler]) {
      const [mail] = await mailsTo(handler.user.email);
      expect(mail.subject).toBe(`New support case ${c.CaseNumber}: Cannot open the compliance manual`);
      expect(mail.textBody).toContain('Sid Staff opened support case');
      expect(mail.textBody).toContain(`http://portal.test/support/?case=${c.Id}`);
    }
    expect(await mailsTo(f.colleague.user.email)).toEqual([]);
    expect(await mailsTo(f.staff.user.email)).toEqual([]);
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'support case'), eq(auditEvents.entityId, String(c.Id))));
    expect(event).toMatchObject({ action: 'create', actorId: f.staff.user.id, firmId: f.firm.id });
  });

  it('numbers cases one after the other, also when they are opened at the same instant', async () => {
    const f = await supportFirm();
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        opened(i % 2 ? f.staff.headers : f.outsider.headers, { Subject: `Case ${i}` }),
      ),
    );
    const numbers = created.map((c) => Number(c.CaseNumber)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers[5] - numbers[0]).toBe(5);
  });

  it('refuses a case without a subject or a category, or with an option off the lists, with the field messages', async () => {
    const f = await supportFirm();
    const empty = await send('POST', '/api/support_tickets/', f.staff.headers, { Subject: '  ', Description: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).fields).toEqual({
      Subject: messages.support.subjectRequired,
      Category__c: messages.support.categoryRequired,
    });
    const off = await send(
      'POST',
      '/api/support_tickets/',
      f.staff.headers,
      caseForm({ Category__c: 'Gossip', Priority: 'Urgent' }),
    );
    expect(off.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: object }>(off).fields).sort()).toEqual(['Category__c', 'Priority']);
  });

  it('refuses a client (support is for the staff) and a staff member of no firm', async () => {
    const f = await supportFirm();
    expect((await send('POST', '/api/support_tickets/', f.client.headers, caseForm())).statusCode).toBe(403);
    expect((await send('GET', '/api/support_tickets/', f.client.headers)).statusCode).toBe(403);
    const firmless = await signedInAs(t, { profile: { firmId: null, profileType: ProfileType.StandardUser } });
    const res = await send('POST', '/api/support_tickets/', firmless.headers, caseForm());
    expect(res.statusCode).toBe(400);
    expect(json(res).detail).toBe(messages.support.noFirm);
  });
});

describe('who sees and edits a case', () => {
  it("a staff member sees their own cases; the firm's handlers every case of the firm; another firm none", async () => {
    const f = await supportFirm();
    const mine = await opened(f.staff.headers, { Subject: 'Mine' });
    const theirs = await opened(f.colleague.headers, { Subject: 'Theirs' });
    const list = async (h: Headers) =>
      json<Page<SupportTicket>>(await send('GET', '/api/support_tickets/', h)).results.map((c) => c.Subject);
    expect(await list(f.staff.headers)).toEqual(['Mine']);
    expect(await list(f.colleague.headers)).toEqual(['Theirs']);
    expect(await list(f.admin.headers)).toEqual(['Theirs', 'Mine']);
    expect(await list(f.handler.headers)).toEqual(['Theirs', 'Mine']);
    expect(await list(f.outsider.headers)).not.toContain('Mine');
    // A colleague's case and another firm's are absent, never forbidden.
    expect((await send('GET', `/api/support_tickets/${theirs.Id}/`, f.staff.headers)).statusCode).toBe(404);
    expect((await send('GET', `/api/support_tickets/${mine.Id}/`, f.outsider.headers)).statusCode).toBe(404);
    expect((await send('GET', `/api/support_tickets/${mine.Id}/`, f.handler.headers)).statusCode).toBe(200);
  });

  it('the submitter edits the fields but not the status: a PUT changing it is refused, an echo of it is accepted', async () => {
    const f = await supportFirm();
    const c = await opened(f.staff.headers);
    const edited = await send('PUT', `/api/support_tickets/${c.Id}/`, f.staff.headers, {
      ...c,
      Subject: 'Cannot open the manual (Chrome)',
      Priority: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(json<SupportTicket>(edited)).toMatchObject({
      Subject: 'Cannot open the manual (Chrome)',
      Priority: null,
      Status: 'New',
    });
    // A PUT without the status leaves it as it is.
    const { Status: _status, ...withoutStatus } = c;
    const partial = await send('PUT', `/api/support_tickets/${c.Id}/`, f.staff.headers, {
      ...withoutStatus,
      Type: 'Other',
    });
    expect(json<SupportTicket>(partial)).toMatchObject({ Type: 'Other', Status: 'New' });
    const moved = await send('PUT', `/api/support_tickets/${c.Id}/`, f.staff.headers, { ...c, Status: 'Closed' });
    expect(moved.statusCode).toBe(403);
    expect(json(moved).detail).toBe(messages.settings.forbiddenField('Status'));
    const renumbered = await send('PUT', `/api/support_tickets/${c.Id}/`, f.staff.headers, {
      ...c,
      CaseNumber: '00000001',
    });
    expect(renumbered.statusCode).toBe(403);
    const stored = json<SupportTicket>(await send('GET', `/api/support_tickets/${c.Id}/`, f.staff.headers));
    expect(stored).toMatchObject({ Status: 'New', CaseNumber: c.CaseNumber });
  });

  it('a handler closes the case (ClosedDate set, the submitter mailed), and reopening clears ClosedDate', async () => {
    const f = await supportFirm();
    const c = await opened(f.staff.headers);
    const closed = json<SupportTicket>(
      await send('PUT', `/api/support_tickets/${c.Id}/`, f.handler.headers, { ...c, Status: 'Closed' }),
    );
    expect(closed.Status).toBe('Closed');
    expect(closed.ClosedDate).not.toBeNull();
    const [mail] = await mailsTo(f.staff.user.email);
    expect(mail.subject).toBe(`Your support case ${c.CaseNumber} is Closed`);
    expect(mail.textBody).toContain('Hello Sid,');
    expect(mail.textBody).toContain('Hal Handler moved your support case');
    expect(mail.textBody).toContain(`http://portal.test/support/?case=${c.Id}`);
    // An unrelated edit keeps the instant it closed.
    const again = json<SupportTicket>(
      await send('PUT', `/api/support_tickets/${c.Id}/`, f.admin.headers, { ...closed, Priority: 'Low' }),
    );
    expect(again.ClosedDate).toBe(closed.ClosedDate);
    const reopened = json<SupportTicket>(
      await send('PUT', `/api/support_tickets/${c.Id}/`, f.admin.headers, { ...again, Status: 'In Progress' }),
    );
    expect(reopened).toMatchObject({ Status: 'In Progress', ClosedDate: null });
    expect((await mailsTo(f.staff.user.email)).map((m) => m.subject)).toEqual([
      `Your support case ${c.CaseNumber} is In Progress`,
      `Your support case ${c.CaseNumber} is Closed`,
    ]);
    const statusEvents = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(c.Id)), eq(auditEvents.action, 'status')));
    expect(statusEvents).toHaveLength(2);
    // Each field before and after, the closing date the status moved with it.
    const [close, reopen] = statusEvents.toSorted((a, b) => a.id - b.id);
    expect(close.changes).toEqual({
      Status: { from: expect.any(String), to: 'Closed' },
      ClosedDate: { from: null, to: closed.ClosedDate },
    });
    expect(reopen.changes).toEqual({
      Status: { from: 'Closed', to: 'In Progress' },
      ClosedDate: { from: closed.ClosedDate, to: null },
    });
    const edits = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(c.Id)), eq(auditEvents.action, 'update')));
    expect(edits.map((e) => e.changes)).toContainEqual({ Priority: { from: closed.Priority ?? null, to: 'Low' } });
  });

  it("an administrator names a support handler in the user form, who then sees the firm's cases", async () => {
    const f = await supportFirm();
    await opened(f.staff.headers, { Subject: 'For the new handler' });
    const user = json<Record<string, unknown> & { profile: Record<string, unknown> }>(
      await send('GET', `/api/users/${f.colleague.user.id}/`, f.admin.headers),
    );
    expect(user.profile.is_support_handler).toBe(false);
    const named = await send('PUT', `/api/users/${f.colleague.user.id}/`, f.admin.headers, {
      ...user,
      profile: { ...user.profile, is_support_handler: true },
    });
    expect(named.statusCode).toBe(200);
    // A staff member cannot name themself.
    const self = json<Record<string, unknown> & { profile: Record<string, unknown> }>(
      await send('GET', `/api/users/${f.staff.user.id}/`, f.staff.headers),
    );
    const refused = await send('PUT', `/api/users/${f.staff.user.id}/`, f.staff.headers, {
      ...self,
      profile: { ...self.profile, is_support_handler: true },
    });
    expect(refused.statusCode).toBe(403);
    const page = json<Page<SupportTicket>>(await send('GET', '/api/support_tickets/', f.colleague.headers));
    expect(page.results.map((c) => c.Subject)).toEqual(['For the new handler']);
  });
});

describe("a case's conversation", () => {
  it("the submitter's replies go to the handlers, a handler's to the submitter, oldest first", async () => {
    const f = await supportFirm();
    const c = await opened(f.staff.headers);
    const url = `/api/support_tickets/${c.Id}/replies/`;
    const answer = await send('POST', url, f.handler.headers, { CommentBody: 'Which browser do you use?' });
    expect(answer.statusCode).toBe(201);
    expect(json<CaseReply>(answer)).toMatchObject({
      ParentId: c.Id,
      CommentBody: 'Which browser do you use?',
      CreatedById: f.handler.user.id,
      CreatedByName: 'Hal Handler',
      FromSupport: true,
    });
    const [toSubmitter] = await mailsTo(f.staff.user.email);
    expect(toSubmitter.subject).toBe(`Reply on support case ${c.CaseNumber}: ${c.Subject}`);
    expect(toSubmitter.textBody).toContain('> Which browser do you use?');
    expect(toSubmitter.textBody).toContain(`http://portal.test/support/?case=${c.Id}`);

    const before = (await mailsTo(f.admin.user.email)).length;
    expect((await send('POST', url, f.staff.headers, { CommentBody: 'Chrome.\nVersion 130.' })).statusCode).toBe(201);
    const [toAdmin] = await mailsTo(f.admin.user.email);
    expect((await mailsTo(f.admin.user.email)).length).toBe(before + 1);
    expect(toAdmin.textBody).toContain('Sid Staff replied');
    expect(toAdmin.textBody).toContain('> Chrome.\n> Version 130.');
    // The handler who wrote the first reply is mailed too: the submitter's reply is for the whole team.
    expect((await mailsTo(f.handler.user.email))[0].subject).toBe(toAdmin.subject);

    const thread = json<Page<CaseReply>>(await send('GET', url, f.staff.headers));
    expect(thread.count).toBe(2);
    expect(thread.results.map((r) => [r.CreatedByName, r.FromSupport])).toEqual([
      ['Hal Handler', true],
      ['Sid Staff', false],
    ]);
  });

  it("the submitter's reply to a case awaiting their feedback puts it back In Progress", async () => {
    const f = await supportFirm();
    const c = await opened(f.staff.headers);
    const waiting = json<SupportTicket>(
      await send('PUT', `/api/support_tickets/${c.Id}/`, f.handler.headers, {
        ...c,
        Status: 'Awaiting Submitter Feedback',
      }),
    );
    expect(waiting.Status).toBe('Awaiting Submitter Feedback');
    const url = `/api/support_tickets/${c.Id}/replies/`;
    expect((await send('POST', url, f.handler.headers, { CommentBody: 'Any news?' })).statusCode).toBe(201);
    const after = async () =>
      json<SupportTicket>(await send('GET', `/api/support_tickets/${c.Id}/`, f.staff.headers)).Status;
    // A handler's own reply leaves it waiting.
    expect(await after()).toBe('Awaiting Submitter Feedback');
    expect((await send('POST', url, f.staff.headers, { CommentBody: 'It works now, thanks.' })).statusCode).toBe(201);
    expect(await after()).toBe('In Progress');
  });

  it('refuses an empty reply, and hides the conversation from a colleague and another firm', async () => {
    const f = await supportFirm();
    const c = await opened(f.staff.headers);
    const url = `/api/support_tickets/${c.Id}/replies/`;
    const empty = await send('POST', url, f.staff.headers, { CommentBody: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).fields).toEqual({ CommentBody: messages.support.replyRequired });
    for (const who of [f.colleague, f.outsider]) {
      expect((await send('GET', url, who.headers)).statusCode).toBe(404);
      expect((await send('POST', url, who.headers, { CommentBody: 'Hi' })).statusCode).toBe(404);
    }
    expect((await send('GET', url, f.client.headers)).statusCode).toBe(403);
  });
});

describe('the cases list', () => {
  it('searches, filters by status and category, orders and pages on the server', async () => {
    const f = await supportFirm();
    const a = await opened(f.staff.headers, { Subject: 'Printer jammed', Category__c: 'Technology' });
    const b = await opened(f.staff.headers, { Subject: 'Please pray for my mother', Category__c: 'Prayer Request' });
    const c = await opened(f.staff.headers, { Subject: 'Printer toner', Category__c: 'Operations', Priority: 'Low' });
    await send('PUT', `/api/support_tickets/${c.Id}/`, f.admin.headers, { ...c, Status: 'Resolved' });
    const subjects = async (query: string) =>
      json<Page<SupportTicket>>(await send('GET', `/api/support_tickets/?${query}`, f.staff.headers)).results.map(
        (x) => x.Subject,
      );
    expect(await subjects('search=printer')).toEqual(['Printer toner', 'Printer jammed']);
    expect(await subjects(`search=${b.CaseNumber}`)).toEqual(['Please pray for my mother']);
    expect(await subjects('category=Prayer%20Request')).toEqual(['Please pray for my mother']);
    expect(await subjects('status=Resolved')).toEqual(['Printer toner']);
    expect(await subjects('status=New,Resolved&ordering=CaseNumber')).toEqual([
      'Printer jammed',
      'Please pray for my mother',
      'Printer toner',
    ]);
    expect(await subjects('ordering=Subject')).toEqual([
      'Please pray for my mother',
      'Printer jammed',
      'Printer toner',
    ]);
    const page = json<Page<SupportTicket>>(
      await send('GET', '/api/support_tickets/?ordering=CaseNumber&page=2&page_size=2', f.staff.headers),
    );
    expect(page.count).toBe(3);
    expect(page.results.map((x) => x.Id)).toEqual([c.Id]);
    expect(a.Id).toBeLessThan(c.Id);
    // The list's rows carry the columns, not each case's description.
    expect(page.results[0]).not.toHaveProperty('Description');
    for (const bad of ['status=Lost', 'category=Gossip', 'ordering=Description', 'page_size=501'])
      expect((await send('GET', `/api/support_tickets/?${bad}`, f.staff.headers)).statusCode).toBe(400);
  });
});
