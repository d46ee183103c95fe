import { ProfileType } from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/migrate.js';
import { attestationReminders, mailOutbox } from '../../db/schema/index.js';
import { JobRunner } from '../../platform/jobs.js';
import { addToRoster, createAttestation, createFirm, createUser } from '../../testing/factories.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { reminderJob, runSchedule } from './reminders.service.js';

/**
 * The daily reminder schedule, run by hand at chosen instants (the server runs it at 8:00 New York
 * time; tests call the job runner with the clock they want). FY2026 Q2 (Jul–Sep) opens on October 1;
 * a firm with 15 grace days has it due on October 16.
 */
let t: TestApp;
afterEach(() => t.close());

/** 10:00 in New York on that day: after the 8:00 run. */
const at = (day: string) => new Date(`${day}T14:00:00Z`);
const runOn = (day: string) => t.deps.jobs.runDue(at(day));

async function mailsTo(email: string) {
  const rows = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  return rows.map((r) => r.subject);
}

/** A firm with two people to remind, one who filed, an inactive one, its CCOs, and staff off the roster. */
async function firmWithRoster(name: string, attestationGraceDays = 15) {
  const firm = await createFirm(t.deps.db, { name, attestationGraceDays });
  const staff = (o: Parameters<typeof createUser>[1] = {}) =>
    createUser(t.deps.db, { ...o, profile: { firmId: firm.id, profileType: ProfileType.StandardUser, ...o.profile } });
  const onRoster = async (o: Parameters<typeof createUser>[1] = {}) => {
    const u = await staff(o);
    await addToRoster(t.deps.db, u.id);
    return u;
  };
  const ann = await onRoster({ firstName: 'Ann', lastName: 'Avery' });
  const bob = await onRoster({ firstName: 'Bob', lastName: 'Brown' });
  const filed = await onRoster({ lastName: 'Filed' });
  await createAttestation(t.deps.db, { ownerId: filed.id, firmId: firm.id, fiscalYear: 2026, fiscalQuarter: 2 });
  const inactive = await onRoster({ lastName: 'Inactive', isActive: false });
  const cco = await staff({ profile: { isCco: true } });
  const formerCco = await staff({ isActive: false, profile: { isCco: true } });
  const colleague = await staff();
  return { firm, ann, bob, filed, inactive, cco, formerCco, colleague };
}

describe('the daily attestation reminders', () => {
  it('remind on the opening day and 3 days before the due date, then escalate to the CCOs once, and nothing between', async () => {
    t = await buildTestApp();
    const f = await firmWithRoster('Strict Advisers');
    const lenient = await firmWithRoster('Lenient Wealth', 30);

    // September 30: FY2026 Q1 is long escalated-or-not (no window is open), Q2 not yet open.
    expect(await runOn('2026-09-30')).toEqual(['attestation-reminders']);
    expect(await mailsTo(f.ann.email)).toEqual([]);

    await runOn('2026-10-01');
    for (const p of [f.ann, f.bob, lenient.ann])
      expect(await mailsTo(p.email)).toEqual(['Reminder: your quarterly attestation for FY2026 Q2']);
    for (const p of [f.filed, f.inactive, f.cco, f.colleague]) expect(await mailsTo(p.email)).toEqual([]);
    const [opening] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, f.ann.email));
    expect(opening.textBody).toContain('The filing of quarterly attestations for FY2026 Q2 is now open.');
    expect(opening.textBody).toContain('by 10/16/2026');
    expect(opening.textBody).toContain(`http://portal.test/compliance/attestations/${f.ann.id}/new`);
    expect(lenient.ann.email).not.toBe(f.ann.email);
    const [lenientOpening] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, lenient.ann.email));
    expect(lenientOpening.textBody).toContain('by 10/31/2026');

    // Later the same day and on ordinary days: nothing more.
    expect(await t.deps.jobs.runDue(new Date('2026-10-01T20:00:00Z'))).toEqual([]);
    await runOn('2026-10-05');
    await runOn('2026-10-12');
    expect(await mailsTo(f.ann.email)).toHaveLength(1);

    // Three days before the due date; Bob files the next day.
    await runOn('2026-10-13');
    expect(await mailsTo(f.ann.email)).toHaveLength(2);
    expect(await mailsTo(f.bob.email)).toHaveLength(2);
    const [, beforeDue] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, f.ann.email));
    expect(beforeDue.textBody).toContain('Your quarterly attestation is due in 3 days.');
    expect(await mailsTo(lenient.ann.email)).toHaveLength(1);
    await createAttestation(t.deps.db, { ownerId: f.bob.id, firmId: f.firm.id, fiscalYear: 2026, fiscalQuarter: 2 });
    await runOn('2026-10-16');
    expect(await mailsTo(f.ann.email)).toHaveLength(2);

    // The first day late: the firm's active CCOs, and nobody else, get one mail naming who is late.
    await runOn('2026-10-17');
    const escalation = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, f.cco.email));
    expect(escalation.map((m) => m.subject)).toEqual([
      'Strict Advisers: 2 supervised persons have not filed the FY2026 Q2 attestation',
    ]);
    // Each line says when that person was last reminded: Ann by the schedule, the inactive account never.
    expect(escalation[0].textBody).toContain(`- Avery, Ann <${f.ann.email}>, last reminded 10/13/2026\n`);
    expect(escalation[0].textBody).toContain(
      `- Inactive, ${f.inactive.firstName} <${f.inactive.email}>, never reminded (account not active: cannot sign in to attest)`,
    );
    expect(escalation[0].textBody).not.toContain('Each was reminded');
    expect(escalation[0].textBody).toContain('was due on 10/16/2026');
    for (const name of ['Brown', 'Filed']) expect(escalation[0].textBody).not.toContain(name);
    for (const p of [f.formerCco, f.colleague, f.ann, lenient.cco])
      expect(await mailsTo(p.email)).not.toContain(escalation[0].subject);
    expect(await mailsTo(lenient.cco.email)).toEqual([]);
    await runOn('2026-10-18');
    await runOn('2026-10-25');
    expect(await mailsTo(f.cco.email)).toHaveLength(1);
    const recorded = await t.deps.db
      .select()
      .from(attestationReminders)
      .where(and(eq(attestationReminders.kind, 'escalation'), isNull(attestationReminders.userId)));
    expect(recorded.map((r) => [r.firmId, r.fiscalYear, r.fiscalQuarter, r.sentById])).toEqual([
      [f.firm.id, 2026, 2, null],
    ]);

    // The firm allowing 30 days: its own before-due day, then its own escalation.
    await runOn('2026-10-28');
    expect(await mailsTo(lenient.ann.email)).toHaveLength(2);
    await runOn('2026-11-01');
    expect(await mailsTo(lenient.cco.email)).toHaveLength(1);
  });

  it('catches up on a day the servers were down, while each reminder’s window lasts', async () => {
    t = await buildTestApp();
    const f = await firmWithRoster('Catch-up Capital');
    // Down from September 30 to October 8: the opening reminder goes out late.
    await runOn('2026-10-08');
    expect(await mailsTo(f.ann.email)).toEqual(['Reminder: your quarterly attestation for FY2026 Q2']);
    // Someone put on the roster after that gets it too, while the opening window lasts.
    const newcomer = await createUser(t.deps.db, {
      profile: { firmId: f.firm.id, profileType: ProfileType.StandardUser },
    });
    await addToRoster(t.deps.db, newcomer.id);
    await runOn('2026-10-10');
    expect(await mailsTo(newcomer.email)).toHaveLength(1);
    expect(await mailsTo(f.ann.email)).toHaveLength(1);
    // Down again until the 15th: the before-due window is still open (it says how many days are left).
    await runOn('2026-10-15');
    const texts = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, f.ann.email));
    expect(texts.map((m) => m.textBody.includes('Your quarterly attestation is due in 1 day.'))).toEqual([false, true]);
    expect(await mailsTo(newcomer.email)).toHaveLength(2);
    // Down over the first days late: the escalation goes out on the next run.
    await runOn('2026-10-21');
    expect(await mailsTo(f.cco.email)).toHaveLength(1);

    // A window that closed while the servers were down is not sent out of time: a firm whose
    // people were never reminded gets neither reminder, and no escalation 30 days after the due date.
    const g = await firmWithRoster('Missed Window');
    await runOn('2026-11-20');
    expect(await mailsTo(g.ann.email)).toEqual([]);
    expect(await mailsTo(g.cco.email)).toEqual([]);
  });

  it('goes on with the other firms when one fails, then fails the run so a retry completes that firm', async () => {
    t = await buildTestApp();
    const broken = await firmWithRoster('A Broken Firm');
    const healthy = await firmWithRoster('B Healthy Firm');
    // The first firm in the run's order cannot have reminders recorded (say, its rows are locked).
    await t.deps.db.execute(
      sql.raw(`
      create function fail_firm() returns trigger language plpgsql as $$
      begin
        if new.firm_id = ${broken.firm.id} then raise exception 'firm % is broken', new.firm_id; end if;
        return new;
      end $$`),
    );
    await t.deps.db.execute(
      sql`create trigger fail_firm before insert on attestation_reminders for each row execute function fail_firm()`,
    );

    expect(await runOn('2026-10-01')).toEqual([]);
    expect(await mailsTo(healthy.ann.email)).toEqual(['Reminder: your quarterly attestation for FY2026 Q2']);
    expect(await mailsTo(broken.ann.email)).toEqual([]);
    const run = async () =>
      rowsOf<{ status: string; last_error: string }>(
        await t.deps.db.execute(sql`select status, last_error from job_runs where job = 'attestation-reminders'`),
      );
    expect(await run()).toEqual([{ status: 'failed', last_error: expect.stringContaining(`firm ${broken.firm.id}`) }]);

    // Mended, the retry of the same run reminds the firm that failed, and nobody twice.
    await t.deps.db.execute(sql`drop trigger fail_firm on attestation_reminders`);
    expect(await runOn('2026-10-01')).toEqual(['attestation-reminders']);
    expect(await mailsTo(broken.ann.email)).toHaveLength(1);
    expect(await mailsTo(healthy.ann.email)).toHaveLength(1);
    expect(await run()).toEqual([{ status: 'done', last_error: null }]);
  });

  it('sends each reminder once when two instances run the schedule at the same moment', async () => {
    t = await buildTestApp();
    const f = await firmWithRoster('Racing Partners');
    const other = new JobRunner(
      t.database.db,
      { timeZone: 'America/New_York', now: () => at('2026-10-01'), leaseMs: 60_000, sweepMs: 60_000 },
      t.app.log,
    );
    other.register(reminderJob(t.deps));
    const ran = await Promise.all([t.deps.jobs.runDue(at('2026-10-01')), other.runDue(at('2026-10-01'))]);
    expect(ran.flat()).toEqual(['attestation-reminders']);
    // Even two runs of the job's body itself (a run taken over from an instance thought dead) mail once:
    // the database's unique index on (person, period, kind) decides.
    await Promise.all([runSchedule(t.deps, at('2026-10-13')), runSchedule(t.deps, at('2026-10-13'))]);
    await Promise.all([runSchedule(t.deps, at('2026-10-17')), runSchedule(t.deps, at('2026-10-17'))]);
    expect(await mailsTo(f.ann.email)).toHaveLength(2);
    expect(await mailsTo(f.bob.email)).toHaveLength(2);
    expect(await mailsTo(f.cco.email)).toHaveLength(1);
    const kinds = await t.deps.db
      .select({ kind: attestationReminders.kind })
      .from(attestationReminders)
      .where(eq(attestationReminders.userId, f.ann.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['before_due', 'opening']);
  });
});
