import { describe, expect, it } from 'vitest';
import { supportTicketBody, supportTicketListQuery } from '../schemas/support-tickets.js';
import { testActor } from '../testing/actors.js';
import { menu, menuFor } from './menu.js';
import { ProfileType } from './permissions.js';
import { scopeOf } from './scope.js';
import {
  canHandleCase,
  canOpenCase,
  canWorkOnCase,
  closedDateAfter,
  isSupportHandler,
  replySide,
  statusAfterSubmitterReply,
} from './support.js';

const staff = testActor({ id: 4 });
const handler = testActor({ id: 5, is_support_handler: true });
const admin = testActor({ id: 2, profile_type: ProfileType.Administrator });
const superAdmin = testActor({ id: 1, profile_type: ProfileType.Administrator, is_super_admin: true, _firm: 9 });
const client = testActor({ id: 6, profile_type: ProfileType.Client, is_support_handler: true });
const otherAdmin = testActor({ id: 7, profile_type: ProfileType.Administrator, _firm: 2 });
const staffCase = { firmId: 1, submitterId: 4 };

describe('support cases: who works on what', () => {
  it("the firm's administrators and named handlers handle its cases; a super admin every firm's; clients none", () => {
    expect([staff, handler, admin, superAdmin, client, otherAdmin].map(isSupportHandler)).toEqual([
      false,
      true,
      true,
      true,
      false,
      true,
    ]);
    expect(canHandleCase(handler, staffCase)).toBe(true);
    expect(canHandleCase(superAdmin, staffCase)).toBe(true);
    expect(canHandleCase(otherAdmin, staffCase)).toBe(false);
    expect(canHandleCase(staff, staffCase)).toBe(false);
  });

  it('the submitter and the handlers work on a case; a colleague does not', () => {
    expect(canWorkOnCase(staff, staffCase)).toBe(true);
    expect(canWorkOnCase(testActor({ id: 8 }), staffCase)).toBe(false);
    expect(canWorkOnCase(admin, staffCase)).toBe(true);
    expect(canOpenCase(testActor({ _firm: null }))).toBe(false);
    expect(canOpenCase(client)).toBe(false);
  });

  it("a handler sees the firm's cases, a staff member their own, a client none", () => {
    expect(scopeOf(handler, 'support')).toMatchObject({ firms: [1], people: 'all' });
    expect(scopeOf(staff, 'support')).toMatchObject({ firms: [1], people: { self: 4 } });
    expect(scopeOf(client, 'support')).toMatchObject({ firms: [] });
  });

  it("a reply is the submitter's side when they write it, even as a handler", () => {
    expect(replySide(staff, staffCase)).toBe('submitter');
    expect(replySide(handler, staffCase)).toBe('handler');
    expect(replySide(admin, { firmId: 1, submitterId: 2 })).toBe('submitter');
  });

  it("the submitter's reply hands a case awaiting their feedback back to the handlers, and only that one", () => {
    expect(statusAfterSubmitterReply('Awaiting Submitter Feedback')).toBe('In Progress');
    for (const status of ['New', 'In Progress', 'Resolved', 'Closed'])
      expect(statusAfterSubmitterReply(status)).toBeNull();
  });

  it('ClosedDate is set on closing, kept while closed, cleared on reopening', () => {
    const now = '2026-11-26T12:00:00.000Z';
    const earlier = '2026-11-20T09:00:00.000Z';
    expect(closedDateAfter('Closed', { status: 'New', closedAt: null }, now)).toBe(now);
    expect(closedDateAfter('Closed', { status: 'Closed', closedAt: earlier }, now)).toBe(earlier);
    expect(closedDateAfter('In Progress', { status: 'Closed', closedAt: earlier }, now)).toBeNull();
  });
});

describe('the case form and list query', () => {
  it('requires a subject and a category from the lists; the other options may be left empty', () => {
    const r = supportTicketBody.safeParse({ Subject: '', Status: 'New', Type: '', Priority: null });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['Category__c', 'Subject']);
    const ok = supportTicketBody.parse({ Subject: 'Help', Category__c: 'Prayer Request', Status: 'New', Type: '' });
    expect(ok.Type).toBeNull();
  });

  it('filters by one or several statuses and one category', () => {
    const q = supportTicketListQuery.parse({ status: 'New,Closed', category: 'Prayer Request' });
    expect(q).toMatchObject({ status: ['New', 'Closed'], category: 'Prayer Request', ordering: '-CreatedDate' });
  });
});

describe('the Support menu', () => {
  it("is for the staff: Help Requests, the firm's help portal and Prayer Requests; clients have none", () => {
    const helpDesk = { kind: 'help_portal' as const, label: 'Help Desk', url: 'https://help.example.com' };
    const support = menuFor(staff, menu, { firmLinks: [helpDesk] }).find((g) => g.id === 'support');
    expect(support?.entries.map((e) => e.label)).toEqual(['Help Requests', 'Help Desk', 'Prayer Requests']);
    expect(support?.entries[1]).toMatchObject({ to: 'https://help.example.com', external: true });
    expect(menuFor(client).find((g) => g.id === 'support')).toBeUndefined();
  });

  it('has no help portal entry while the firm has not configured one', () => {
    const support = menuFor(staff).find((g) => g.id === 'support');
    expect(support?.entries.map((e) => e.label)).toEqual(['Help Requests', 'Prayer Requests']);
  });
});
