import {
  type Attestation,
  type AttestationBody,
  type AttestationListQuery,
  type AttestationTarget,
  attestationName,
  attestationPeriodOn,
  canDeleteAttestation,
  canEditAttestation,
  canReviewAttestation,
  canStartAttestation,
  filerDateProblems,
  isStaff,
  MAX_ATTESTATION_LIST_ROWS,
  messages,
  NEW_ATTESTATION_DEFAULTS,
  personName,
  reviewProblems,
} from '@portal/domain';
import { type AuditedTx, fieldDiff, rowsDiff, writeAudited } from '../../platform/audit.js';
import type { IncomingRow } from '../../platform/child-rows.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { auditSnapshot } from '../../platform/entity.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import { firmLabel } from '../firms/firms.service.js';
import { attestationHistory } from './attestation-history.js';
import {
  type AttestationRow,
  attestationEntity,
  attestationEvents,
  CHILD_LISTS,
  type ChildList,
  deleteChildRow,
  findAttestationRow,
  findChildRow,
  findInPeriod,
  findMostRecentRow,
  insertAttestation,
  listAttestations,
  lockAttestation,
  refreshDeMinimis,
  saveList,
  softDeleteAttestation,
  toAttestation,
  updateAttestation,
} from './attestations.repository.js';

const m = messages.attestations;

/** Fields the server sets on submission: a body's values for them are ignored, never trusted. */
const SET_ON_SUBMISSION = [
  'Id',
  'Name',
  // From the filer's account, so nobody files under another person's name.
  'First_Name__c',
  'Last_Name__c',
  'Firm_Tk__c',
  'Firm_Name__c',
  'Owner_Tk__c',
  'Submitted_Date__c',
  'Reviewed_By__c',
  'Reviewed_By_Tk__c',
  'Fiscal_Year__c',
  'Fiscal_Quarter__c',
  'Over_De_Minimis__c',
];

const targetOf = (row: AttestationRow): AttestationTarget => ({
  ownerId: row.ownerId,
  firmId: row.firmId,
  status: row.status,
});

/** The compliance area is the firm's staff's: a client gets 403 on every attestation call. */
function staffOnly(ctx: Ctx) {
  if (!isStaff(ctx.actor)) throw forbidden(m.clientsCannotAttest);
}

/** One within the caller's reach, with its lists (read in the writing transaction when given). */
async function visible(ctx: Ctx, id: number, tx?: AuditedTx) {
  staffOnly(ctx);
  const row = await findAttestationRow(tx ?? ctx.deps.db, ctx.scope('compliance'), id);
  if (!row) throw notFound();
  return row;
}

/**
 * One within the caller's reach, locked until `tx` commits and then read: the rules checked on it hold
 * at the commit (a review cannot slip in between the check and the write).
 */
async function held(ctx: Ctx, id: number, tx: AuditedTx) {
  staffOnly(ctx);
  await lockAttestation(tx, ctx.scope('compliance'), id);
  return visible(ctx, id, tx);
}

/** One the caller may edit, held until `tx` commits. */
async function editable(ctx: Ctx, id: number, tx: AuditedTx) {
  const row = await held(ctx, id, tx);
  if (!canEditAttestation(ctx.actor, targetOf(row)))
    throw forbidden(row.ownerId === ctx.actor.id ? m.reviewedLocked : undefined);
  return row;
}

export async function list(ctx: Ctx, q: AttestationListQuery) {
  staffOnly(ctx);
  const scope = ctx.scope('compliance');
  // A page is the attestations' own list columns: kept under their versions alone.
  return keptAnswer(ctx, ['quarterly_attestations'], answerKey('attestations', scope, q), () =>
    listAttestations(ctx.deps.db, scope, q, q),
  );
}

export async function get(ctx: Ctx, id: number) {
  return toAttestation(await visible(ctx, id));
}

export async function mostRecent(ctx: Ctx, userId: number) {
  staffOnly(ctx);
  const row = await findMostRecentRow(ctx.deps.db, ctx.scope('compliance'), userId);
  if (!row) throw notFound(m.noneFound);
  return toAttestation(row);
}

/** The lists sent with the attestation, saved in its transaction. */
async function saveLists(ctx: Ctx, tx: AuditedTx, id: number, body: AttestationBody) {
  for (const list of CHILD_LISTS) {
    const rows = body[list.body] as IncomingRow[] | undefined;
    if (!rows?.length) continue;
    await saveList(tx, list, id, rows, (row) => list.entity.rowColumns(ctx.actor, row));
  }
  if (body.politicalContributions?.length) await refreshDeMinimis(tx, id);
}

/** Refuses a save that leaves a list longer than an attestation keeps (the rows saved before count). */
function checkListSizes(saved: Attestation) {
  const problems: Record<string, string> = {};
  for (const list of CHILD_LISTS)
    if (saved[list.wire].records.length > MAX_ATTESTATION_LIST_ROWS)
      problems[list.body] = m.listTooLong(MAX_ATTESTATION_LIST_ROWS);
  const [first] = Object.values(problems);
  if (first) throw badRequest(first, problems);
}

/** The whole record as the API answers it, read in the writing transaction. */
async function wireOf(ctx: Ctx, tx: AuditedTx, id: number) {
  return toAttestation(await visible(ctx, id, tx));
}

/**
 * What a save changed, for the audit event: each field's value before and after (the server's too: the
 * reviewer, the de minimis flag), each inserted row with its content and each changed row's fields.
 * PII and secrets by name only.
 */
function auditDiff(before: Attestation, after: Attestation) {
  const lists: string[] = CHILD_LISTS.map((l) => l.wire);
  const out: Record<string, unknown> = attestationEntity.auditOf(fieldDiff(before, after, [...lists, 'Firm__r']));
  for (const list of CHILD_LISTS) {
    const rows = rowsDiff(before[list.wire].records, after[list.wire].records).map((row) => ({
      ...row,
      fields: list.entity.auditOf(row.fields),
    }));
    if (rows.length) out[list.wire] = rows;
  }
  return out;
}

/**
 * The filer's name as their account holds it at submission: the attestation keeps this snapshot. An
 * account without a first or last name cannot attest until it has one (the form requires both).
 */
function accountName(ctx: Ctx) {
  const first = ctx.auth.actor.first_name?.trim() ?? '';
  const last = ctx.auth.actor.last_name?.trim() ?? '';
  const fields: Record<string, string> = {};
  if (!first) fields.First_Name__c = m.accountNameMissing('first');
  if (!last) fields.Last_Name__c = m.accountNameMissing('last');
  const [firstMissing] = Object.values(fields);
  if (firstMissing) throw badRequest(firstMissing, fields);
  return { first, last };
}

/** The typed dates against the portal's today (and the filing day, for the contributions' window). */
function checkFilerDates(body: AttestationBody, today: string, filedOn: string) {
  const problems = filerDateProblems(body, today, filedOn);
  const [first] = Object.values(problems);
  if (first) throw badRequest(first, problems);
}

export async function create(ctx: Ctx, body: AttestationBody) {
  const { actor, deps } = ctx;
  if (!canStartAttestation(actor)) throw forbidden(m.clientsCannotAttest);
  const firmId = actor.profile._firm;
  const firm = firmId === null ? undefined : await firmLabel(deps, firmId);
  if (firmId === null || !firm) throw badRequest(m.noFirm);
  const today = todayOf(deps.config);
  checkFilerDates(body, today, today);
  const period = attestationPeriodOn(today);
  const current = { ...attestationEntity.blank(), ...NEW_ATTESTATION_DEFAULTS, Status__c: 'Submitted' };
  // A reviewer's fields on one's own new attestation would be reviewing it oneself.
  const { columns, changed } = attestationEntity.changes(actor, body, current, {
    forced: SET_ON_SUBMISSION,
    allowed: (wire) => wire !== 'Status__c' && wire !== 'Reviewed_Date__c',
  });
  const person = accountName(ctx);
  const name = attestationName(person, firm.abbreviation, period);
  const alreadyFiled = (existing: { id: number; name: string; status: string | null }) =>
    conflict(m.alreadyFiled(existing.name, existing.id, existing.status === 'Reviewed'));

  const existing = await findInPeriod(deps.db, actor.id, period);
  if (existing) throw alreadyFiled(existing);
  try {
    const created = await writeAudited(deps.db, ctx.meta, async (tx, record) => {
      const newId = await insertAttestation(tx, {
        ...(columns[''] as object),
        firstName: person.first,
        lastName: person.last,
        employmentDate: body.Employment_Date__c,
        name,
        ownerId: actor.id,
        firmId,
        firmName: firm.name,
        firmAbbreviation: firm.abbreviation,
        fiscalYear: period.fiscalYear,
        fiscalQuarter: period.fiscalQuarter,
        status: 'Submitted',
        submittedDate: today,
        // The submission instant (the roster's "attested date") by the same clock as the period.
        createdAt: deps.config.now(),
      });
      await saveLists(ctx, tx, newId, body);
      // The record as first answered, kept with its creation: the examiner's "as submitted", whatever
      // later edits and the soft delete do to the record.
      const original = await wireOf(ctx, tx, newId);
      checkListSizes(original);
      record({
        action: 'create',
        entity: 'attestation',
        entityId: newId,
        firmId,
        changes: {
          ...attestationEntity.auditOf(changed),
          original: auditSnapshot(attestationEntity, original, CHILD_LISTS),
        },
      });
      return original;
    });
    return created;
  } catch (err) {
    // Two submissions racing for one period: the unique index lets one through.
    if (isUniqueViolation(err)) {
      const winner = await findInPeriod(deps.db, actor.id, period);
      if (winner) throw alreadyFiled(winner);
    }
    throw err;
  }
}

/** The review fields as the write would leave them: what the body changes, else what is stored. */
function reviewAfter(row: AttestationRow, changed: Record<string, unknown>) {
  return {
    status: ('Status__c' in changed ? changed.Status__c : row.status) as string | null,
    reviewedDate: ('Reviewed_Date__c' in changed ? changed.Reviewed_Date__c : row.reviewedDate) as string | null,
    submittedDate: row.submittedDate,
  };
}

/** Marking it Reviewed records who reviewed (the date is the reviewer's); back to Submitted clears them. */
function reviewColumns(ctx: Ctx, changed: Record<string, unknown>) {
  if (!('Status__c' in changed)) return {};
  const who = ctx.auth.actor;
  if (changed.Status__c === 'Reviewed')
    return {
      reviewedById: ctx.actor.id,
      reviewedByName: personName(who),
    };
  return { reviewedById: null, reviewedByName: null };
}

export async function update(ctx: Ctx, id: number, body: AttestationBody) {
  return writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const row = await editable(ctx, id, tx);
    checkFilerDates(body, todayOf(ctx.deps.config), row.submittedDate);
    const target = targetOf(row);
    const before = toAttestation(row);
    const { columns, changed } = attestationEntity.changes(ctx.actor, body, attestationEntity.toWire(row));
    const reviewing = 'Status__c' in changed || 'Reviewed_Date__c' in changed;
    if (reviewing && !canReviewAttestation(ctx.actor, target)) throw forbidden(m.notYourReview);
    if (reviewing) {
      const problems = reviewProblems(reviewAfter(row, changed), todayOf(ctx.deps.config));
      const [first] = Object.values(problems);
      if (first) throw badRequest(first, problems);
    }
    const values: Record<string, unknown> = { ...columns[''], ...reviewColumns(ctx, changed) };
    if (Object.keys(values).length) await updateAttestation(tx, id, values);
    await saveLists(ctx, tx, id, body);
    const after = await wireOf(ctx, tx, id);
    checkListSizes(after);
    record({
      action: 'Status__c' in changed ? 'review' : 'update',
      entity: 'attestation',
      entityId: id,
      firmId: row.firmId,
      changes: auditDiff(before, after),
    });
    return after;
  });
}

/**
 * Who changed what and when, and the attestation as first submitted (the examiner's file), under
 * the rules of reading the attestation itself.
 */
export async function history(ctx: Ctx, id: number) {
  const row = await visible(ctx, id);
  return attestationHistory(
    await attestationEvents(ctx.deps.db, row.id),
    CHILD_LISTS.map((l) => ({ entity: l.entity.name, wire: l.wire })),
  );
}

export async function remove(ctx: Ctx, id: number) {
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const row = await held(ctx, id, tx);
    if (!canDeleteAttestation(ctx.actor, targetOf(row))) throw forbidden();
    await softDeleteAttestation(tx, id, ctx.actor.id);
    record({ action: 'delete', entity: 'attestation', entityId: id, firmId: row.firmId, changes: { Name: row.name } });
  });
}

/** Removes one saved row of an attestation at once, under the rules of editing it. */
export async function removeRow(ctx: Ctx, listName: ChildList['body'], id: number) {
  staffOnly(ctx);
  const list = CHILD_LISTS.find((l) => l.body === listName) as ChildList;
  const child = await findChildRow(ctx.deps.db, ctx.scope('compliance'), list, id);
  if (!child) throw notFound();
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    // The attestation first, then its row: the order an edit of the whole attestation locks them in.
    const row = await editable(ctx, child.attestationId, tx);
    const gone = await deleteChildRow(tx, list, id);
    if (list.body === 'politicalContributions') await refreshDeMinimis(tx, row.id);
    // The row leaves the filing, not the record: the audit event keeps what it said (Rule 204-2).
    record({
      action: 'delete',
      entity: list.entity.name,
      entityId: id,
      firmId: row.firmId,
      changes: { attestation: row.id, removed: gone && list.entity.auditOf(gone) },
    });
  });
}
