import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  addDays,
  attestationDeadlinesBetween,
  type CalendarEvent,
  type CalendarEventBody,
  type CalendarRange,
  type CalendarRangeQuery,
  type ComplianceDeadline,
  calendarDateIn,
  canEditFirmContent,
  canSeeComplianceDeadlines,
  describeDeadline,
  type Firm,
  seesEscalations,
} from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import type { AuthState } from '../../platform/auth.js';
import { todayOf } from '../../platform/clock.js';
import { type AppDeps, type Ctx, contextFor } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import { accountById, accountWire } from '../accounts/accounts.service.js';
import { findFeedByHash, findFeedOfUser, saveFeed } from '../calendar-feeds/calendar-feeds.service.js';
import * as firms from '../firms/firms.service.js';
import * as supervisedPersons from '../supervised-persons/supervised-persons.service.js';
import {
  type CalendarEventColumns,
  type CalendarEventRow,
  eventEntity,
  findEvent,
  insertEvent,
  listEventsBetween,
  softDeleteEvent,
  updateEvent,
} from './calendar.repository.js';
import { icsOf } from './calendar-ics.js';

const ENTITY = 'calendar event';

export const toEventDto = (r: CalendarEventRow) => eventEntity.toWire(r) as CalendarEvent;

/** When an event takes place: a timed one's instants, and the days they fall on in the portal's time zone. */
function timingOf(deps: AppDeps, body: CalendarEventBody): Partial<CalendarEventColumns> {
  if (body.all_day) return { allDay: true, startDate: body.start, endDate: body.end, startsAt: null, endsAt: null };
  const startsAt = new Date(body.start);
  const endsAt = new Date(body.end);
  const day = (d: Date) => calendarDateIn(deps.config.timeZone, d);
  return { allDay: false, startDate: day(startsAt), endDate: day(endsAt), startsAt, endsAt };
}

/** The stored columns of a body: the event is saved whole. */
const eventColumns = (ctx: Ctx, body: CalendarEventBody) =>
  ({ ...eventEntity.rowColumns(ctx.actor, body), ...timingOf(ctx.deps, body) }) as CalendarEventColumns;

function editor(ctx: Ctx): number {
  if (!canEditFirmContent(ctx.actor)) throw forbidden();
  return ctx.actor.profile._firm as number;
}

/** Another firm's (or a removed) event is absent; one of the firm that the caller may not edit is 403. */
async function editableEvent(ctx: Ctx, id: number) {
  const row = await findEvent(ctx.deps.db, ctx.scope('firmContent'), id);
  if (!row) throw notFound();
  editor(ctx);
  return row;
}

export async function createEvent(ctx: Ctx, body: CalendarEventBody) {
  const firmId = editor(ctx);
  return writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const row = await insertEvent(tx, { ...eventColumns(ctx, body), firmId, createdById: ctx.actor.id });
    const dto = toEventDto(row);
    const changes = eventEntity.auditDiff({}, dto, eventEntity.writable);
    record({ action: 'create', entity: ENTITY, entityId: row.id, firmId, changes });
    return dto;
  });
}

export async function updateEventOf(ctx: Ctx, id: number, body: CalendarEventBody) {
  const current = await editableEvent(ctx, id);
  return writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const dto = toEventDto(await updateEvent(tx, id, eventColumns(ctx, body)));
    const changes = eventEntity.auditDiff(toEventDto(current), dto, eventEntity.writable);
    record({ action: 'update', entity: ENTITY, entityId: id, firmId: current.firmId, changes });
    return dto;
  });
}

/** Takes the event off the calendar (and off every feed); the row stays for the audit trail. */
export async function removeEvent(ctx: Ctx, id: number) {
  const current = await editableEvent(ctx, id);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await softDeleteEvent(tx, id);
    record({
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      firmId: current.firmId,
      changes: eventEntity.auditRecord(toEventDto(current), ['title']),
    });
  });
}

async function firmOf(ctx: Ctx): Promise<Firm | null> {
  const firmId = ctx.actor.profile._firm;
  return firmId === null ? null : firms.get(ctx, firmId);
}

/**
 * The attestation deadlines of the caller's firm between two days, for staff (CCOs also see the day
 * late attestations are escalated to them). Each period's due date says whether the caller filed it,
 * when they are on the roster.
 */
async function deadlinesOf(ctx: Ctx, firm: Firm, from: string, to: string): Promise<ComplianceDeadline[]> {
  if (!canSeeComplianceDeadlines(ctx.actor)) return [];
  const graceDays = firm.attestation_grace_days;
  const found = attestationDeadlinesBetween(from, to, graceDays, { escalations: seesEscalations(ctx.actor) });
  const filed = new Map<string, boolean | null>();
  for (const d of found.filter((x) => x.kind === 'due')) {
    const entry = await supervisedPersons.mine(ctx, d.period);
    filed.set(`${d.period.fiscalYear}-${d.period.fiscalQuarter}`, entry ? entry.has_attested : null);
  }
  return found.map((d) => {
    const key = `${d.period.fiscalYear}-${d.period.fiscalQuarter}`;
    return {
      id: `attestation-FY${d.period.fiscalYear}Q${d.period.fiscalQuarter}-${d.kind}`,
      kind: d.kind,
      date: d.date,
      ...describeDeadline(d, graceDays),
      fiscal_year: d.period.fiscalYear,
      fiscal_quarter: d.period.fiscalQuarter,
      filed: d.kind === 'due' ? (filed.get(key) ?? null) : null,
    };
  });
}

async function rangeWithFirm(ctx: Ctx, q: CalendarRangeQuery) {
  const firm = await firmOf(ctx);
  // A person of no firm (a super admin outside every firm) has no firm calendar: nothing to show.
  if (!firm) return { firm, range: { ...q, events: [], deadlines: [] } };
  const rows = await listEventsBetween(ctx.deps.db, ctx.scope('firmContent'), q.from, q.to);
  const deadlines = await deadlinesOf(ctx, firm, q.from, q.to);
  return { firm, range: { ...q, events: rows.map(toEventDto), deadlines }, rows };
}

/**
 * Everything a range shows: the events, the firm (its grace days fix the deadlines) and the caller's
 * roster entries with their attestations (whether a due date was filed).
 */
const RANGE_READS = [
  'calendar_events',
  'firms',
  'supervised_persons',
  'users',
  'profiles',
  'quarterly_attestations',
] as const;

/**
 * `GET /api/calendar/events/`: the firm's events and, for staff, its compliance deadlines in the range.
 * Kept per caller (the deadlines say whether the caller filed); the events in it are kept per firm and
 * range, so the callers who open the same month share one copy of them.
 */
export async function range(ctx: Ctx, q: CalendarRangeQuery): Promise<CalendarRange> {
  const who = [ctx.actor.id, ctx.actor.profile._firm, canSeeComplianceDeadlines(ctx.actor), seesEscalations(ctx.actor)];
  const key = answerKey('calendar range', ctx.scope('firmContent'), q, who);
  return keptAnswer(ctx, RANGE_READS, key, async () => {
    const firm = await firmOf(ctx);
    if (!firm) return { ...q, events: [], deadlines: [] };
    const { events } = await eventsBetween(ctx, q.from, q.to);
    return { ...q, events, deadlines: await deadlinesOf(ctx, firm, q.from, q.to) };
  });
}

/** The firm's events of a range in wire shape, kept until an event of any firm is written. */
function eventsBetween(ctx: Ctx, from: string, to: string) {
  const scope = ctx.scope('firmContent');
  return keptAnswer(ctx, ['calendar_events'], answerKey('calendar events', scope, from, to), async () => ({
    events: (await listEventsBetween(ctx.deps.db, scope, from, to)).map(toEventDto),
  }));
}

// ---- The private ICS feed -------------------------------------------------------------------------

const tokenOf = (deps: AppDeps, userId: number, nonce: string) =>
  createHmac('sha256', deps.config.secretKey).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feedUrl = (deps: AppDeps, token: string) => `${deps.config.publicUrl}/api/calendar/feed/${token}/calendar.ics`;

/** Another request made the person's first feed while this one was making it. */
class FeedRaceLost extends Error {}

async function issueFeed(ctx: Ctx, replace: boolean): Promise<string | null> {
  const userId = ctx.actor.id;
  const nonce = randomBytes(16).toString('base64url');
  const token = tokenOf(ctx.deps, userId, nonce);
  try {
    return await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      // A write that records nothing is refused by writeAudited: the lost race leaves by an error.
      if (!(await saveFeed(tx, userId, nonce, hashOf(token), replace))) throw new FeedRaceLost();
      const firmId = ctx.actor.profile._firm;
      record({ action: replace ? 'reset' : 'create', entity: 'calendar feed', entityId: userId, firmId });
      return token;
    });
  } catch (err) {
    if (err instanceof FeedRaceLost) return null;
    throw err;
  }
}

/** `GET /api/calendar/feed/`: the caller's feed address, made on first use. */
export async function feed(ctx: Ctx): Promise<{ url: string }> {
  const existing = await findFeedOfUser(ctx.deps.db, ctx.actor.id);
  if (existing) {
    const token = tokenOf(ctx.deps, ctx.actor.id, existing.nonce);
    if (hashOf(token) === existing.tokenHash) return { url: feedUrl(ctx.deps, token) };
    // SECRET_KEY changed: the stored address no longer opens; give the person a working one.
    return { url: feedUrl(ctx.deps, (await issueFeed(ctx, true)) as string) };
  }
  const token = await issueFeed(ctx, false);
  // Two first requests at once: the other one's feed stands.
  if (token === null) return feed(ctx);
  return { url: feedUrl(ctx.deps, token) };
}

/** `POST /api/calendar/feed/reset/`: a new address; the old one answers 404 from now on. */
export async function resetFeed(ctx: Ctx) {
  return { url: feedUrl(ctx.deps, (await issueFeed(ctx, true)) as string) };
}

/** How far the feed reaches: a month back (what just happened) and a year ahead. */
const FEED_DAYS_BACK = 35;
const FEED_DAYS_AHEAD = 365;

/**
 * The feed a calendar app fetches without signing in: the token's owner's calendar, read with that
 * person's own rights (a client's feed has no compliance deadlines). A token that opens no feed, or
 * whose owner can no longer sign in, is absent.
 */
export async function feedCalendar(deps: AppDeps, token: string): Promise<string> {
  const found = await findFeedByHash(deps.db, hashOf(token));
  const user = found && (await accountById(deps.db, found.userId));
  if (!user?.isActive || user.deactivatedAt) throw notFound();
  const auth: AuthState = { user, actor: accountWire(user), sessionId: 'calendar-feed', origIat: 0, via: 'header' };
  const ctx = contextFor(deps, auth);
  const today = todayOf(deps.config);
  const q = { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, FEED_DAYS_AHEAD) };
  const { firm, range: r, rows } = await rangeWithFirm(ctx, q);
  return icsOf({
    publicUrl: deps.config.publicUrl,
    firmName: firm?.name ?? null,
    now: deps.config.now(),
    events: (rows ?? []).map((row) => ({ ...toEventDto(row), updatedAt: row.updatedAt })),
    deadlines: r.deadlines,
  });
}
