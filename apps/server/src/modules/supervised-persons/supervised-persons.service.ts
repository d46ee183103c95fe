import {
  attestationPeriodOn,
  canManageRoster,
  canManageRosterEntry,
  type FiscalPeriod,
  filingOpensOn,
  inScope,
  isCco,
  isClient,
  isFiledOn,
  isSuperCco,
  messages,
  ProfileType,
  type SubmissionStatusQuery,
  type SupervisedPersonBody,
  type SupervisedPersonListQuery,
  unscoped,
} from '@portal/domain';
import type { Executor } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer, underVersions } from '../../platform/list.js';
import { accountByEmail } from '../accounts/accounts.service.js';
import { firmExists } from '../firms/firms.service.js';
import {
  findRosterEntry,
  findRosterEntryOfUser,
  insertRosterEntry,
  listRoster,
  listSubmissionStatus,
  ROSTER_READS,
  removeRosterEntry,
  STATUS_READS,
  type Standing,
  standings,
  submissionSummaries,
  supervisedPersonEntity,
  updateRosterEntry,
} from './supervised-persons.repository.js';

const m = messages.supervisedPersons;

/** The period whose attestation `has_attested` reports: the one asked, else the one filed today. */
function periodOf(ctx: Ctx, q: { fiscalYear?: number; fiscalQuarter?: number }): FiscalPeriod {
  const current = attestationPeriodOn(todayOf(ctx.deps.config));
  return {
    fiscalYear: q.fiscalYear ?? current.fiscalYear,
    fiscalQuarter: (q.fiscalQuarter ?? current.fiscalQuarter) as FiscalPeriod['fiscalQuarter'],
  };
}

/** The days a status is computed for: the period, when its filing opens, and today. */
const windowOf = (period: FiscalPeriod, today: string) => ({ period, opensOn: filingOpensOn(period), today });

/** The roster is the CCOs' (their firm's) and the super CCOs' (every firm's). */
function ccoOnly(ctx: Ctx) {
  if (!isCco(ctx.actor)) throw forbidden();
}

export async function list(ctx: Ctx, q: SupervisedPersonListQuery) {
  ccoOnly(ctx);
  const scope = ctx.scope('compliance');
  const period = periodOf(ctx, q);
  return keptAnswer(ctx, ROSTER_READS, answerKey('roster', scope, q, period), () =>
    listRoster(ctx.deps.db, scope, q, period, q),
  );
}

export async function get(ctx: Ctx, id: number, q: { fiscalYear?: number; fiscalQuarter?: number } = {}) {
  ccoOnly(ctx);
  const entry = await findRosterEntry(ctx.deps.db, ctx.scope('compliance'), id, periodOf(ctx, q));
  if (!entry) throw notFound();
  return entry;
}

/**
 * Where each person on the roster stands for a period (by default the one being filed now): one page
 * of people, and each firm's summary for the sidebar. CCOs see their firm, super CCOs every firm.
 */
export async function submissionStatus(ctx: Ctx, q: SubmissionStatusQuery) {
  ccoOnly(ctx);
  const period = periodOf(ctx, q);
  const window = windowOf(period, todayOf(ctx.deps.config));
  const scope = ctx.scope('compliance');
  // Another firm's (or no firm's) standing is "not found", as its export and reminders are.
  if (q.firm !== undefined && !inScope(scope, { firmId: q.firm })) throw notFound();
  const key = answerKey('submission status', scope, q, window);
  const answer = await keptAnswer(ctx, STATUS_READS, key, async () => {
    const { versions, ...page } = await listSubmissionStatus(ctx.deps.db, scope, q, window, q);
    // The summary reads the page's tables over the whole roster: recomputed only after a write to them.
    const summaryKey = answerKey('submission summary', scope, q.firm, window);
    const summary = await underVersions(versions, summaryKey, () => submissionSummaries(ctx.deps.db, scope, q, window));
    return { ...page, period, summary, remindersOpen: isFiledOn(period, window.today) };
  });
  // A firm with people on its roster exists; only an empty answer asks whether the firm does.
  if (q.firm !== undefined && answer.summary.length === 0 && !(await firmExists(ctx.deps, q.firm))) throw notFound();
  return answer;
}

/**
 * Where one person on the roster stands for a period, for a CCO about to remind them: absent when
 * they are not on the roster or outside the caller's reach (another firm's, for a CCO).
 */
export async function standingOf(ctx: Ctx, userId: number, period: FiscalPeriod): Promise<Standing | undefined> {
  ccoOnly(ctx);
  const w = windowOf(period, todayOf(ctx.deps.config));
  const [row] = await standings(ctx.deps.db, ctx.scope('compliance'), { user: userId }, w);
  return row;
}

/** Who of a firm (within the caller's reach) has not filed the period: Pending or Delinquent. */
export async function unfiledOf(ctx: Ctx, firmId: number, period: FiscalPeriod): Promise<Standing[]> {
  ccoOnly(ctx);
  const w = windowOf(period, todayOf(ctx.deps.config));
  return standings(ctx.deps.db, ctx.scope('compliance'), { firm: firmId, unfiled: true }, w);
}

/** The reminder schedule's read: it acts for nobody, so it reads every firm's roster. */
export const rosterStandings = {
  unfiled: (ex: Executor, period: FiscalPeriod, today: string) =>
    standings(ex, unscoped('the attestation reminder schedule'), { unfiled: true }, windowOf(period, today)),
};
export type { Standing };

/** A person's own entry (the attestation form shows its sections by these flags), or a CCO's lookup. */
export async function ofUser(ctx: Ctx, userId: number, q: { fiscalYear?: number; fiscalQuarter?: number } = {}) {
  if (isClient(ctx.actor)) throw forbidden();
  const entry = await findRosterEntryOfUser(ctx.deps.db, ctx.scope('compliance'), userId, periodOf(ctx, q));
  if (!entry) throw notFound();
  return entry;
}

/** The caller's own entry; not being on the roster is an answer here, not an error. */
export async function mine(ctx: Ctx, q: { fiscalYear?: number; fiscalQuarter?: number } = {}) {
  if (isClient(ctx.actor)) throw forbidden();
  return (await findRosterEntryOfUser(ctx.deps.db, ctx.scope('compliance'), ctx.actor.id, periodOf(ctx, q))) ?? null;
}

const flagsOf = (body: SupervisedPersonBody) => ({
  hasToSubmitPersonalSecurities: body.has_to_submit_personal_securities ?? false,
  hasToSubmitOutsideBusinessActivities: body.has_to_submit_outside_business_activities ?? false,
  hasToSubmitPoliticalContributions: body.has_to_submit_political_contributions ?? false,
});

export async function add(ctx: Ctx, body: SupervisedPersonBody) {
  ccoOnly(ctx);
  const account = await accountByEmail(ctx.deps.db, body.email);
  const firmId = account?.profile?.firmId ?? null;
  // Someone of a firm the CCO does not keep is "unknown" to them: the answer reveals no other firm's staff.
  const unknown = isSuperCco(ctx.actor) ? m.unknownEmailAnyFirm : m.unknownEmail;
  if (!account || !canManageRoster(ctx.actor, firmId)) throw badRequest(unknown, { email: unknown });
  if (!canManageRosterEntry(ctx.actor, { userId: account.id, firmId }))
    throw forbidden(m.ownEntry, { email: m.ownEntry });
  if (account.profile?.profileType === ProfileType.Client) throw badRequest(m.clientEmail, { email: m.clientEmail });
  const alreadyListed = () => conflict(m.alreadyListed, { email: m.alreadyListed });
  if (await findRosterEntryOfUser(ctx.deps.db, ctx.scope('compliance'), account.id, periodOf(ctx, {})))
    throw alreadyListed();
  const flags = flagsOf(body);
  try {
    const id = await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
      const newId = await insertRosterEntry(tx, { userId: account.id, addedById: ctx.actor.id, ...flags });
      record({
        action: 'create',
        entity: 'supervised person',
        entityId: newId,
        firmId,
        changes: { user: account.id, ...flags },
      });
      return newId;
    });
    return get(ctx, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyListed();
    throw err;
  }
}

/** An entry the caller may change or remove: their firm's (any for a super CCO), never their own. */
async function kept(ctx: Ctx, id: number) {
  const entry = await get(ctx, id);
  if (!canManageRosterEntry(ctx.actor, { userId: entry.user_id, firmId: entry.firm_id }))
    throw forbidden(entry.user_id === ctx.actor.id ? m.ownEntry : undefined);
  return entry;
}

export async function update(ctx: Ctx, id: number, body: SupervisedPersonBody) {
  const entry = await kept(ctx, id);
  if (body.email.toLowerCase() !== entry.email.toLowerCase()) throw badRequest(m.emailFixed, { email: m.emailFixed });
  const { columns, changed } = supervisedPersonEntity.changes(ctx.actor, { ...body, email: entry.email }, entry);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await updateRosterEntry(tx, id, columns[''] ?? {});
    record({
      action: 'update',
      entity: 'supervised person',
      entityId: id,
      firmId: entry.firm_id,
      changes: supervisedPersonEntity.auditOf(changed, entry),
    });
  });
  return get(ctx, id);
}

export async function remove(ctx: Ctx, id: number) {
  const entry = await kept(ctx, id);
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    await removeRosterEntry(tx, id, ctx.actor.id);
    record({
      action: 'delete',
      entity: 'supervised person',
      entityId: id,
      firmId: entry.firm_id,
      changes: { user: entry.user_id, email: entry.email },
    });
  });
}
