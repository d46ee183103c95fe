import { messages, ProfileType, type SubmissionStatusPage, submissionStatusPage } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attestationReminders, auditEvents, mailOutbox } from '../../db/schema/index.js';
import { addToRoster, createAttestation, createFirm, createUser } from '../../testing/factories.js';
import { SmtpSink } from '../../testing/smtp-sink.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';

const sink = new SmtpSink();
let t: TestApp;
// FY2026 Q2 (Jul–Sep) is being filed; with the default 15 grace days it is due on October 16.
let now = new Date('2026-10-05T15:00:00Z');
const q2 = { fiscalYear: 2026, fiscalQuarter: 2 } as const;

beforeAll(async () => {
  await sink.listen();
  t = await buildTestApp({ smtpUrl: sink.url, now: () => now });
  t.deps.mailer.start();
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/quarterly_attestations/${url}/`, headers, payload });

async function onRoster(firmId: number, o: Parameters<typeof createUser>[1] = {}) {
  const person = await createUser(t.deps.db, { ...o, profile: { firmId, profileType: ProfileType.StandardUser } });
  await addToRoster(t.deps.db, person.id);
  return person;
}

const outboxTo = (emails: string[]) => t.deps.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, emails));

describe('a CCO reminds a supervised person', () => {
  it('mails them the link to their form, the period and its due date, and the status list shows when', async () => {
    const firm = await createFirm(t.deps.db, { name: 'Reminded Advisers' });
    const cco = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
    });
    const pending = await onRoster(firm.id, { firstName: 'Pat' });
    const other = await onRoster(firm.id);

    const res = await post('send_email', cco.headers, { supervisedPersonUserId: pending.id });
    expect([res.statusCode, json(res)]).toEqual([200, { sent: 1, skipped_inactive: 0, skipped_recent: 0 }]);

    const mail = await sink.waitFor(pending.email);
    expect(mail.raw).toMatch(/Subject: Reminder: your quarterly attestation for FY2026 Q2/);
    expect(mail.text).toContain('Hello Pat,');
    expect(mail.text).toContain(`http://portal.test/compliance/attestations/${pending.id}/new`);
    expect(mail.text).toContain('Please file your quarterly attestation for FY2026 Q2 by 10/16/2026.');

    const status = async () => {
      const page = await t.app.inject({
        url: `/api/attestation_submission_status/${firm.id}/firm/?fiscalYear=2026&fiscalQuarter=2`,
        headers: cco.headers,
      });
      const body = submissionStatusPage.parse(json(page)) as SubmissionStatusPage;
      return Object.fromEntries(body.results.map((r) => [r.user_id, r.last_reminded_at]));
    };
    const first = (await status())[pending.id];
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Sent at the portal's clock, as an attestation's time is.
    expect(first).toBe(now.toISOString());
    expect((await status())[other.id]).toBeNull();
    // A reminder of another period is not this period's.
    expect(
      (
        await t.app.inject({
          url: `/api/attestation_submission_status/${firm.id}/firm/?fiscalYear=2026&fiscalQuarter=1`,
          headers: cco.headers,
        })
      ).json().results[0].last_reminded_at,
    ).toBeNull();

    // A CCO may remind again: each is recorded, the row shows the newest, the audit trail each send.
    now = new Date('2026-10-06T15:00:00Z');
    // The same page read just before and just after (a page kept in memory is read again).
    expect((await status())[pending.id]).toBe(first);
    expect((await post('send_email', cco.headers, { supervisedPersonUserId: pending.id })).statusCode).toBe(200);
    const recorded = await t.deps.db
      .select()
      .from(attestationReminders)
      .where(eq(attestationReminders.userId, pending.id));
    expect(recorded.map((r) => [r.kind, r.sentById, r.firmId, r.fiscalYear, r.fiscalQuarter])).toEqual([
      ['manual', cco.user.id, firm.id, 2026, 2],
      ['manual', cco.user.id, firm.id, 2026, 2],
    ]);
    expect((await status())[pending.id]).toBe('2026-10-06T15:00:00.000Z');
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'attestation reminder'), eq(auditEvents.actorId, cco.user.id)));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      action: 'send',
      firmId: firm.id,
      changes: { kind: 'manual', users: [pending.id] },
    });
  });

  it('tells a late person it was due, and refuses one who filed, another firm’s, one off the roster and non-CCOs', async () => {
    const firm = await createFirm(t.deps.db);
    const elsewhere = await createFirm(t.deps.db);
    const cco = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
    });
    const late = await onRoster(firm.id);
    const filed = await onRoster(firm.id);
    await createAttestation(t.deps.db, { ownerId: filed.id, firmId: firm.id, ...q2 });
    const inactive = await onRoster(firm.id, { isActive: false });
    const offRoster = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
    });
    const ofElsewhere = await onRoster(elsewhere.id);

    now = new Date('2026-10-17T15:00:00Z');
    expect((await post('send_email', cco.headers, { supervisedPersonUserId: late.id })).statusCode).toBe(200);
    const mail = await sink.waitFor(late.email);
    expect(mail.raw).toMatch(/Subject: Overdue: your quarterly attestation for FY2026 Q2/);
    expect(mail.text).toContain('was due on 10/16/2026 and has not been filed');

    const refused = await post('send_email', cco.headers, { supervisedPersonUserId: filed.id });
    expect([refused.statusCode, json(refused).detail]).toEqual([409, messages.reminders.alreadyFiled('FY2026 Q2')]);
    expect((await post('send_email', cco.headers, { supervisedPersonUserId: inactive.id })).statusCode).toBe(409);
    expect((await post('send_email', cco.headers, { supervisedPersonUserId: offRoster.id })).statusCode).toBe(404);
    expect((await post('send_email', cco.headers, { supervisedPersonUserId: ofElsewhere.id })).statusCode).toBe(404);
    const staff = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    expect((await post('send_email', staff.headers, { supervisedPersonUserId: late.id })).statusCode).toBe(403);
    const client = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Client } });
    expect((await post('send_email', client.headers, { supervisedPersonUserId: late.id })).statusCode).toBe(403);
    const bad = await post('send_email', cco.headers, { supervisedPersonUserId: 'x' });
    expect([bad.statusCode, Object.keys(json<{ fields: object }>(bad).fields)]).toEqual([
      400,
      ['supervisedPersonUserId'],
    ]);

    // A super CCO of another firm reaches every firm's roster.
    const superCco = await signedInAs(t, {
      profile: { firmId: elsewhere.id, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
    });
    // …who also sees the day's limit: this person was reminded an hour ago, and is not mailed again today.
    now = new Date('2026-10-17T16:00:00Z');
    const again = await post('send_email', superCco.headers, { supervisedPersonUserId: late.id });
    expect([again.statusCode, json(again).detail]).toEqual([429, messages.reminders.remindedRecently]);
    now = new Date('2026-10-18T15:00:00Z');
    expect((await post('send_email', superCco.headers, { supervisedPersonUserId: late.id })).statusCode).toBe(200);
    expect(await outboxTo([filed.email, inactive.email, offRoster.email, ofElsewhere.email])).toEqual([]);
  });
});

describe('a person is reminded at most once a day', () => {
  it('sends one reminder however many clicks race for it, and remind-all skips those just reminded', async () => {
    now = new Date('2026-10-07T15:00:00Z');
    const firm = await createFirm(t.deps.db);
    const cco = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
    });
    const other = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
    });
    const person = await onRoster(firm.id);
    const colleague = await onRoster(firm.id);

    // Five clicks at once, from two CCOs: one reminder, the others told when it went.
    const clicks = await Promise.all(
      [cco, other, cco, other, cco].map((c) => post('send_email', c.headers, { supervisedPersonUserId: person.id })),
    );
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await outboxTo([person.email])).toHaveLength(1);

    // Remind all: only the colleague; pressed again, nobody, and the answer says why.
    const all = { firm: firm.id, ...q2 };
    expect(json(await post('send_reminders', cco.headers, all))).toEqual({
      sent: 1,
      skipped_inactive: 0,
      skipped_recent: 1,
    });
    expect(json(await post('send_reminders', other.headers, all))).toEqual({
      sent: 0,
      skipped_inactive: 0,
      skipped_recent: 2,
    });
    expect(await outboxTo([person.email, colleague.email])).toHaveLength(2);
  });
});

describe('a CCO reminds a supervised person of the quarter being filed now', () => {
  it('names that quarter or none, never another: the form files only the quarter being filed', async () => {
    now = new Date('2026-10-05T15:00:00Z');
    const firm = await createFirm(t.deps.db);
    const cco = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
    });
    const person = await onRoster(firm.id);
    const q1 = { fiscalYear: 2026, fiscalQuarter: 1 } as const;
    const q3 = { fiscalYear: 2026, fiscalQuarter: 3 } as const;

    // The quarter before (which they have not filed either) and one not open yet: refused, on the quarter.
    for (const period of [q1, q3]) {
      const res = await post('send_email', cco.headers, { supervisedPersonUserId: person.id, ...period });
      expect([res.statusCode, json(res).fields]).toEqual([
        400,
        { fiscalQuarter: messages.reminders.notBeingFiled(`FY2026 Q${period.fiscalQuarter}`, 'FY2026 Q2') },
      ]);
    }
    expect(await outboxTo([person.email])).toEqual([]);

    // The quarter being filed, named or not.
    const named = await post('send_email', cco.headers, { supervisedPersonUserId: person.id, ...q2 });
    expect([named.statusCode, json(named)]).toEqual([200, { sent: 1, skipped_inactive: 0, skipped_recent: 0 }]);
    const mail = await sink.waitFor(person.email);
    expect(mail.text).toContain('Please file your quarterly attestation for FY2026 Q2 by 10/16/2026');

    // Once filed: refused with its name.
    await createAttestation(t.deps.db, { ownerId: person.id, firmId: firm.id, ...q2 });
    const filed = await post('send_email', cco.headers, { supervisedPersonUserId: person.id });
    expect([filed.statusCode, json(filed).detail]).toEqual([409, messages.reminders.alreadyFiled('FY2026 Q2')]);
  });

  it('refuses a year without its quarter, and a quarter that is not one', async () => {
    now = new Date('2026-10-05T15:00:00Z');
    const firm = await createFirm(t.deps.db);
    const cco = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
    });
    const person = await onRoster(firm.id);
    const half = await post('send_email', cco.headers, { supervisedPersonUserId: person.id, fiscalYear: 2026 });
    expect([half.statusCode, json(half).fields]).toEqual([400, { fiscalQuarter: messages.http.required }]);
    const badQuarter = await post('send_email', cco.headers, {
      supervisedPersonUserId: person.id,
      fiscalYear: 2026,
      fiscalQuarter: 5,
    });
    expect([badQuarter.statusCode, Object.keys(json<{ fields: object }>(badQuarter).fields)]).toEqual([
      400,
      ['fiscalQuarter'],
    ]);
    expect(await outboxTo([person.email])).toEqual([]);
  });
});

describe('remind all pending', () => {
  it('mails every Pending or Delinquent person of the firm who can sign in, and answers how many', async () => {
    now = new Date('2026-10-05T15:00:00Z');
    const firm = await createFirm(t.deps.db);
    const elsewhere = await createFirm(t.deps.db);
    const cco = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true },
    });
    const pending = [await onRoster(firm.id), await onRoster(firm.id)];
    const submitted = await onRoster(firm.id);
    await createAttestation(t.deps.db, { ownerId: submitted.id, firmId: firm.id, ...q2 });
    const reviewed = await onRoster(firm.id);
    await createAttestation(t.deps.db, { ownerId: reviewed.id, firmId: firm.id, ...q2, status: 'Reviewed' });
    const inactive = await onRoster(firm.id, { isActive: false });
    const ofElsewhere = await onRoster(elsewhere.id);

    const body = { firm: firm.id, ...q2 };
    const res = await post('send_reminders', cco.headers, body);
    expect([res.statusCode, json(res)]).toEqual([200, { sent: 2, skipped_inactive: 1, skipped_recent: 0 }]);
    const mails = await outboxTo([...pending, submitted, reviewed, inactive, ofElsewhere].map((p) => p.email));
    expect(mails.map((m) => m.toAddress).sort()).toEqual(pending.map((p) => p.email).sort());

    // Only someone who cannot sign in left: nobody is reminded, and the answer says why.
    const lastOne = await createFirm(t.deps.db);
    const inactiveOnly = await onRoster(lastOne.id, { isActive: false });
    const superOf = await signedInAs(t, {
      profile: { firmId: lastOne.id, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
    });
    expect(json(await post('send_reminders', superOf.headers, { ...body, firm: lastOne.id }))).toEqual({
      sent: 0,
      skipped_inactive: 1,
      skipped_recent: 0,
    });
    expect(await outboxTo([inactiveOnly.email])).toEqual([]);

    // Another quarter than the one being filed (before it, or not open yet), another firm, a non-CCO.
    for (const fiscalQuarter of [1, 3]) {
      const other = await post('send_reminders', cco.headers, { ...body, fiscalQuarter });
      expect([other.statusCode, json(other).fields]).toEqual([
        400,
        { fiscalQuarter: messages.reminders.notBeingFiled(`FY2026 Q${fiscalQuarter}`, 'FY2026 Q2') },
      ]);
    }
    expect((await post('send_reminders', cco.headers, { ...body, firm: elsewhere.id })).statusCode).toBe(404);
    expect((await post('send_reminders', cco.headers, { ...body, firm: 999_999 })).statusCode).toBe(404);
    const staff = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.StandardUser } });
    expect((await post('send_reminders', staff.headers, body)).statusCode).toBe(403);
    const superCco = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true },
    });
    expect(json(await post('send_reminders', superCco.headers, { ...body, firm: elsewhere.id }))).toEqual({
      sent: 1,
      skipped_inactive: 0,
      skipped_recent: 0,
    });
  });
});
