import {
  attestationDueDate,
  attestationPeriodOn,
  calendarDateIn,
  type FiscalPeriod,
  inScope,
  isCco,
  isFiledOn,
  messages,
  personListName,
  type ReminderKind,
  type RemindersSent,
  reminderPeriodsOn,
  type SendReminderBody,
  type SendRemindersBody,
  scheduledRemindersDue,
  wireDateToText,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditContext, type AuditEvent, type AuditedTx, writeAudited } from '../../platform/audit.js';
import type { AppDeps, Ctx } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.js';
import type { Job } from '../../platform/jobs.js';
import { enqueueMails } from '../../platform/mail.js';
import { activeCcosOf } from '../accounts/accounts.service.js';
import { firmExists } from '../firms/firms.service.js';
import {
  rosterStandings,
  type Standing,
  standingOf,
  unfiledOf,
} from '../supervised-persons/supervised-persons.service.js';
import { lastRemindedOf, lockRemindedSince, recordReminders } from './reminders.repository.js';

const m = messages.reminders;
type PersonKind = Exclude<ReminderKind, 'escalation'>;

const periodName = (p: FiscalPeriod) => m.periodName(p.fiscalYear, p.fiscalQuarter);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The person's own attestation form. */
const formLink = (deps: AppDeps, userId: number) => `${deps.config.publicUrl}/compliance/attestations/${userId}/new`;

function reminderMail(deps: AppDeps, p: Standing, period: FiscalPeriod, kind: PersonKind, today: string) {
  const due = attestationDueDate(period, p.graceDays);
  const late = p.status === 'Delinquent';
  const lead =
    kind === 'opening'
      ? m.leadOpening(periodName(period))
      : kind === 'before_due'
        ? m.leadBeforeDue(daysBetween(today, due))
        : m.leadManual;
  return {
    to: p.email,
    subject: m.subject(periodName(period), late),
    text: m.text({
      firstName: p.firstName,
      period: periodName(period),
      due: wireDateToText(due),
      late,
      lead,
      link: formLink(deps, p.userId),
    }),
  };
}

/**
 * Records reminders of one kind to `people` and queues their mails, in the caller's transaction:
 * a mail leaves only if its record committed. Those another run recorded first are skipped.
 */
async function remind(
  deps: AppDeps,
  tx: AuditedTx,
  record: (event: AuditEvent) => void,
  r: { people: Standing[]; period: FiscalPeriod; kind: PersonKind; now: Date; sentById: number | null },
) {
  const today = calendarDateIn(deps.config.timeZone, r.now);
  const recorded = await recordReminders(
    tx,
    r.period,
    r.kind,
    { byId: r.sentById, at: r.now },
    r.people.map((p) => ({ userId: p.userId, firmId: p.firmId })),
  );
  const byUser = new Map(r.people.map((p) => [p.userId, p]));
  await enqueueMails(
    tx,
    recorded.map(({ userId }) => reminderMail(deps, byUser.get(userId as number) as Standing, r.period, r.kind, today)),
  );
  if (recorded.length)
    record({
      action: 'send',
      entity: 'attestation reminder',
      entityId: recorded.length === 1 ? recorded[0].id : null,
      firmId: r.people[0].firmId,
      changes: {
        kind: r.kind,
        fiscal_year: r.period.fiscalYear,
        fiscal_quarter: r.period.fiscalQuarter,
        users: recorded.map((x) => x.userId),
      },
    });
  return recorded.length;
}

/** A transaction that found everything already sent by another run: rolled back, nothing recorded. */
class NothingToSend extends Error {}

/** `writeAudited` for a send that may find nothing left to send (0 then, and no audit event). */
async function sendAudited(deps: AppDeps, meta: AuditContext, work: Parameters<typeof writeAudited<number>>[2]) {
  try {
    const sent = await writeAudited(deps.db, meta, async (tx, record) => {
      const n = await work(tx, record);
      if (n === 0) throw new NothingToSend();
      return n;
    });
    deps.mailer.kick();
    return sent;
  } catch (err) {
    if (err instanceof NothingToSend) return 0;
    throw err;
  }
}

/**
 * Reminders are about the quarter being filed now: the attestation form files only that one, so a
 * reminder about a quarter before it (or one not yet open) asks for something nobody can do (400).
 */
function beingFiled(today: string, period: FiscalPeriod) {
  if (isFiledOn(period, today)) return;
  const message = m.notBeingFiled(periodName(period), periodName(attestationPeriodOn(today)));
  throw badRequest(message, { fiscalQuarter: message });
}

/**
 * `POST /api/quarterly_attestations/send_email/`: a CCO reminds one person of their firm (a super CCO
 * anyone on the roster) to file the quarter being filed now (a body may name it, as the CCO's screen
 * does). Someone who has filed it is not reminded (409): a reminder to a person who did what it asks
 * would teach them to ignore the next one.
 */
export async function sendOne(ctx: Ctx, body: SendReminderBody): Promise<RemindersSent> {
  if (!isCco(ctx.actor)) throw forbidden();
  const now = ctx.deps.config.now();
  const today = calendarDateIn(ctx.deps.config.timeZone, now);
  const period =
    body.fiscalYear !== undefined && body.fiscalQuarter !== undefined
      ? ({ fiscalYear: body.fiscalYear, fiscalQuarter: body.fiscalQuarter } as FiscalPeriod)
      : attestationPeriodOn(today);
  beingFiled(today, period);
  const person = await standingOf(ctx, body.supervisedPersonUserId, period);
  if (!person) throw notFound();
  if (person.status === 'Submitted' || person.status === 'Reviewed') throw conflict(m.alreadyFiled(periodName(period)));
  if (!person.isActive) throw conflict(m.inactive);
  const sent = await sendAudited(ctx.deps, ctx.meta, async (tx, record) => {
    const last = (await lockRemindedSince(tx, period, [person.userId], cooldownStart(now))).get(person.userId);
    if (last) throw tooManyRequests(m.remindedRecently);
    return remind(ctx.deps, tx, record, { people: [person], period, kind: 'manual', now, sentById: ctx.actor.id });
  });
  return { sent, skipped_inactive: 0, skipped_recent: 0 };
}

/**
 * A CCO's reminders reach a person at most once a day (the schedule's, or another CCO's, included): a
 * second click, two CCOs at once, or 'Remind all pending' pressed twice would otherwise mail them again.
 */
const REMINDER_COOLDOWN_MS = 24 * 60 * 60 * 1000;
const cooldownStart = (now: Date) => new Date(now.getTime() - REMINDER_COOLDOWN_MS);

/**
 * `POST /api/quarterly_attestations/send_reminders/`: reminds everyone of a firm who has not filed the
 * period (Pending or Delinquent) and can sign in; the answer counts those passed over because their
 * account is not active, so the CCO is not told "everyone has attested" when they have not. A firm
 * outside the caller's reach is absent (404).
 */
export async function sendToFirm(ctx: Ctx, body: SendRemindersBody): Promise<RemindersSent> {
  if (!isCco(ctx.actor)) throw forbidden();
  if (!inScope(ctx.scope('compliance'), { firmId: body.firm }) || !(await firmExists(ctx.deps, body.firm)))
    throw notFound();
  const period = { fiscalYear: body.fiscalYear, fiscalQuarter: body.fiscalQuarter } as FiscalPeriod;
  const now = ctx.deps.config.now();
  beingFiled(calendarDateIn(ctx.deps.config.timeZone, now), period);
  const unfiled = await unfiledOf(ctx, body.firm, period);
  const active = unfiled.filter((p) => p.isActive);
  const skipped_inactive = unfiled.length - active.length;
  let skipped_recent = 0;
  const sent =
    active.length === 0
      ? 0
      : await sendAudited(ctx.deps, ctx.meta, async (tx, record) => {
          const recent = await lockRemindedSince(
            tx,
            period,
            active.map((p) => p.userId),
            cooldownStart(now),
          );
          skipped_recent = recent.size;
          const people = active.filter((p) => !recent.has(p.userId));
          if (people.length === 0) return 0;
          return remind(ctx.deps, tx, record, { people, period, kind: 'manual', now, sentById: ctx.actor.id });
        });
  return { sent, skipped_inactive, skipped_recent };
}

/**
 * The firm's CCOs are told, once, who of the firm is late on the period: everyone, those whose account
 * is not active included (not reminded, since they cannot sign in, but the CCO must settle them).
 */
async function escalate(deps: AppDeps, meta: AuditContext, now: Date, period: FiscalPeriod, firmPeople: Standing[]) {
  const late = firmPeople.filter((p) => p.status === 'Delinquent');
  const { firmId, firmName, graceDays } = firmPeople[0];
  if (late.length === 0 || firmId === null) return 0;
  const ccos = await activeCcosOf(deps.db, firmId);
  // Not recorded: it goes out on a later day of its window, once the firm has an active CCO.
  if (ccos.length === 0) return 'no CCO';
  const firm = firmName ?? `#${firmId}`;
  // Each line says when that person was last reminded: not everyone late was (an inactive account
  // never is, someone put on the roster late may have missed the schedule's windows).
  const reminded = await lastRemindedOf(
    deps.db,
    period,
    late.map((p) => p.userId),
  );
  const lastOn = (userId: number) => {
    const at = reminded.get(userId);
    return at ? wireDateToText(calendarDateIn(deps.config.timeZone, at)) : null;
  };
  const mail = {
    subject: m.escalationSubject(firm, periodName(period), late.length),
    text: m.escalationText({
      firm,
      period: periodName(period),
      due: wireDateToText(attestationDueDate(period, graceDays)),
      people: late.map(
        (p) =>
          `${personListName({ first_name: p.firstName, last_name: p.lastName })} <${p.email}>${m.lastReminded(lastOn(p.userId))}${p.isActive ? '' : m.inactiveNote}`,
      ),
      link: `${deps.config.publicUrl}/compliance/quarterly-attestation-submission-status/`,
    }),
  };
  return sendAudited(deps, meta, async (tx, record) => {
    const [escalation] = await recordReminders(tx, period, 'escalation', { byId: null, at: now }, [
      { userId: null, firmId },
    ]);
    if (!escalation) return 0;
    await enqueueMails(
      tx,
      ccos.map((cco) => ({ to: cco.email, ...mail })),
    );
    record({
      action: 'send',
      entity: 'attestation reminder',
      entityId: escalation.id,
      firmId,
      changes: {
        kind: 'escalation',
        fiscal_year: period.fiscalYear,
        fiscal_quarter: period.fiscalQuarter,
        users: late.map((p) => p.userId),
        recipients: ccos.map((c) => c.id),
      },
    });
    return 1;
  });
}

/** A run of the schedule in which some firms failed: the run fails (to be retried) with its totals. */
export class ScheduleIncomplete extends Error {
  constructor(readonly result: ScheduleTotals) {
    const firms = result.failed.map((f) => `${f.firmId} (FY${f.fiscalYear} Q${f.fiscalQuarter}): ${f.error}`);
    super(`attestation reminders failed for firm ${firms.join('; ')}`);
  }
}

export interface ScheduleTotals {
  opening: number;
  before_due: number;
  escalation: number;
  firmsWithoutCco: number[];
  failed: { firmId: number; fiscalYear: number; fiscalQuarter: number; error: string }[];
}

type Log = Pick<FastifyBaseLogger, 'error'>;

/**
 * One run of the reminder schedule on the day `now` falls on (in the portal's time zone): for each
 * firm, the reminders its grace days make due today (`scheduledRemindersDue`, windows that catch up
 * a missed day), each recorded and mailed once per person (the escalation once per firm) and period.
 * A firm that fails is logged and skipped so the firms after it are still reminded; the run then
 * fails, and its retry sends only what the failed firms still lack (each reminder is recorded once).
 */
export async function runSchedule(deps: AppDeps, now: Date, runKey = now.toISOString(), log?: Log) {
  const today = calendarDateIn(deps.config.timeZone, now);
  const meta: AuditContext = { actorId: null, requestId: `job:${REMINDER_JOB}:${runKey}` };
  const totals: ScheduleTotals = { opening: 0, before_due: 0, escalation: 0, firmsWithoutCco: [], failed: [] };
  for (const period of reminderPeriodsOn(today)) {
    const byFirm = new Map<number, Standing[]>();
    for (const p of await rosterStandings.unfiled(deps.db, period, today)) {
      if (p.firmId === null) continue;
      const firmPeople = byFirm.get(p.firmId);
      if (firmPeople) firmPeople.push(p);
      else byFirm.set(p.firmId, [p]);
    }
    for (const [firmId, firmPeople] of byFirm) {
      try {
        for (const kind of scheduledRemindersDue(today, period, firmPeople[0].graceDays)) {
          if (kind === 'escalation') {
            const escalated = await escalate(deps, meta, now, period, firmPeople);
            if (escalated === 'no CCO') totals.firmsWithoutCco.push(firmId);
            else totals.escalation += escalated;
            continue;
          }
          const people = firmPeople.filter((p) => p.isActive);
          if (people.length === 0) continue;
          totals[kind] += await sendAudited(deps, meta, (tx, record) =>
            remind(deps, tx, record, { people, period, kind, now, sentById: null }),
          );
        }
      } catch (err) {
        log?.error({ err, firmId, ...period }, 'attestation reminders failed for a firm');
        totals.failed.push({ firmId, ...period, error: String((err as Error).message).slice(0, 200) });
      }
    }
  }
  if (totals.failed.length) throw new ScheduleIncomplete(totals);
  // The job runner logs this: how many went out, and which firms had nobody to escalate to.
  return totals;
}

export const REMINDER_JOB = 'attestation-reminders';

/** The daily run, at the configured hour of the portal's day. */
export const reminderJob = (deps: AppDeps): Job => ({
  name: REMINDER_JOB,
  schedule: `0 ${deps.config.jobs.reminderHour} * * *`,
  run: (now, runKey, log) => runSchedule(deps, now, runKey, log),
});
