import {
  canManageCatalogues,
  canManageCataloguesOf,
  canReadCatalogues,
  type FirmFeeSchedule,
  type FirmModel,
  messages,
  type Scope,
} from '@portal/domain';
import type { Executor } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer, type PageRequest } from '../../platform/list.js';
import { findEntry, firmExists } from './catalogues.repository.js';
import {
  type AssignmentFilters,
  type AssignmentKind,
  type AssignmentRow,
  assignmentReads,
  findAssignment,
  firmFeeScheduleKind,
  firmModelKind,
  insertAssignment,
  listAssignments,
  softDeleteAssignment,
  updateAssignment,
} from './firm-assignments.repository.js';

const c = messages.catalogues;

interface KindText {
  /** The payload's entry field (`investment_model`, `fee_schedule`) and its message. */
  entryKey: string;
  chooseEntry: string;
  exists: string;
}

/** The rules of one kind of firm assignment (firm models, firm fee schedules). */
function assignments<W extends Record<string, unknown>>(kind: AssignmentKind, text: KindText) {
  const toWire = (row: AssignmentRow) => kind.entity.toWire(row) as W;

  function readable(ctx: Ctx) {
    if (!canReadCatalogues(ctx.actor)) throw forbidden();
    return ctx.scope('investments');
  }

  async function visible(ctx: Ctx, id: number) {
    const row = await findAssignment(ctx.deps.db, kind, readable(ctx), id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * A live entry of `firmId` the caller reaches, else the entry field's message: a firm is offered its
   * own models and fee schedules, never another firm's (nor that firm's advisors'). `lock` holds the
   * entry shared until the transaction ends, so a delete (which locks it for update and counts the
   * offers) either sees this offer or has already taken the entry away, which the re-read then finds.
   */
  async function ownEntry(ex: Executor, ctx: Ctx, firmId: number, entryId: number, lock?: 'share') {
    const entry = await findEntry(ex, kind.catalogue, ctx.scope('investments'), entryId, lock);
    if (!entry || entry.firmId !== firmId) throw badRequest(text.chooseEntry, { [text.entryKey]: text.chooseEntry });
  }

  /**
   * The pair a body sets: a firm the caller keeps (any existing one for a super admin) and an entry
   * of that firm the caller reaches. Anything else is the field's message, whether it is absent or another firm's.
   */
  async function validated(ctx: Ctx, body: Record<string, unknown>, current: Record<string, unknown>) {
    const { columns, changed } = kind.entity.changes(ctx.actor, body, current);
    const values = (columns[''] ?? {}) as { firmId?: number; entryId?: number };
    const firmId = values.firmId ?? (current.firm as number);
    if (!canManageCataloguesOf(ctx.actor, firmId) || !(await firmExists(ctx.deps.db, firmId)))
      throw badRequest(c.chooseFirm, { firm: c.chooseFirm });
    const entryId = values.entryId ?? (current[text.entryKey] as number);
    await ownEntry(ctx.deps.db, ctx, firmId, entryId);
    return { values, changed, firmId, entryId };
  }

  /** A pair that lives already: its unique key answers, so two saves at once cannot both pass. */
  async function saving<T>(write: () => Promise<T>) {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(text.exists, { [text.entryKey]: text.exists });
      throw err;
    }
  }

  /** A page of offers, kept under the versions of what it is made of. */
  function page(ctx: Ctx, scope: Scope, f: AssignmentFilters & PageRequest) {
    const key = answerKey(`${kind.versioned} offers`, scope, f);
    return keptAnswer(ctx, assignmentReads(kind), key, async () => {
      const { rows, count } = await listAssignments(ctx.deps.db, kind, scope, f, f);
      return { count, results: rows.map(toWire) };
    });
  }

  return {
    async list(ctx: Ctx, f: AssignmentFilters & PageRequest) {
      return page(ctx, readable(ctx), f);
    },

    /** `firm/?firm=`: one firm's list, a firm outside the caller's reach being absent. */
    async ofFirm(ctx: Ctx, firmId: number, f: AssignmentFilters & PageRequest) {
      const scope = readable(ctx);
      if (scope.firms !== 'all' && !scope.firms.includes(firmId)) throw notFound();
      return page(ctx, scope, { ...f, firm: firmId });
    },

    /** `advisor/`: what the caller's own firm offers the caller as an advisor (their entries and the shared ones). */
    async ofCaller(ctx: Ctx, f: AssignmentFilters & PageRequest) {
      const scope = readable(ctx);
      const firm = ctx.actor.profile._firm;
      if (firm === null) return { count: 0, results: [] };
      return page(ctx, scope, { ...f, firm, advisor: ctx.actor.id });
    },

    async get(ctx: Ctx, id: number) {
      return toWire(await visible(ctx, id));
    },

    async create(ctx: Ctx, body: Record<string, unknown>) {
      if (!canManageCatalogues(ctx.actor)) throw forbidden();
      const { changed, firmId, entryId } = await validated(ctx, body, kind.entity.blank());
      const id = await saving(() =>
        writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
          await ownEntry(tx, ctx, firmId, entryId, 'share');
          const newId = await insertAssignment(tx, kind, { firmId, entryId, createdById: ctx.actor.id });
          record({
            action: 'create',
            entity: kind.entity.name,
            entityId: newId,
            firmId,
            changes: kind.entity.auditOf(changed),
          });
          return newId;
        }),
      );
      return this.get(ctx, id);
    },

    async update(ctx: Ctx, id: number, body: Record<string, unknown>) {
      const row = await visible(ctx, id);
      if (!canManageCataloguesOf(ctx.actor, row.firmId)) throw forbidden();
      const current = toWire(row);
      const { values, changed, firmId, entryId } = await validated(ctx, body, current);
      await saving(() =>
        writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
          await ownEntry(tx, ctx, firmId, entryId, 'share');
          await updateAssignment(tx, kind, id, values);
          record({
            action: 'update',
            entity: kind.entity.name,
            entityId: id,
            firmId: row.firmId,
            changes: kind.entity.auditOf(changed, current),
          });
        }),
      );
      return this.get(ctx, id);
    },

    async remove(ctx: Ctx, id: number) {
      const row = await visible(ctx, id);
      if (!canManageCataloguesOf(ctx.actor, row.firmId)) throw forbidden();
      await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
        await softDeleteAssignment(tx, kind, id, ctx.actor.id);
        record({
          action: 'delete',
          entity: kind.entity.name,
          entityId: id,
          firmId: row.firmId,
          changes: { firm: row.firmId, [text.entryKey]: row.entryId },
        });
      });
    },
  };
}

export const firmModels = assignments<FirmModel>(firmModelKind, {
  entryKey: 'investment_model',
  chooseEntry: c.chooseModel,
  exists: messages.firmModels.exists,
});
export const firmFeeSchedules = assignments<FirmFeeSchedule>(firmFeeScheduleKind, {
  entryKey: 'fee_schedule',
  chooseEntry: c.chooseFeeSchedule,
  exists: messages.firmFeeSchedules.exists,
});
export type AssignmentService = ReturnType<typeof assignments<FirmModel | FirmFeeSchedule>>;
