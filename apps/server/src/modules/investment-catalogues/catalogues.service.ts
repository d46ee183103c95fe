import {
  type Actor,
  type CatalogueUses,
  canAskForAdvisorEntries,
  canManageCatalogues,
  canManageCataloguesOf,
  canReadCatalogues,
  type FeeSchedule,
  type InvestmentModel,
  messages,
  type Scope,
} from '@portal/domain';
import type { Executor } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer, type PageRequest } from '../../platform/list.js';
import {
  type CatalogueFilters,
  type CatalogueKind,
  type CatalogueRow,
  feeScheduleKind,
  findEntry,
  firmExists,
  firmIdOfTk,
  insertEntry,
  inUse,
  investmentModelKind,
  isAdvisorOfFirm,
  listEntries,
  listReads,
  softDeleteEntry,
  updateEntry,
  usesOf,
} from './catalogues.repository.js';

const c = messages.catalogues;

interface KindText {
  /** The wire alias of `name` (`investment_model_name`, `fee_schedule_name`): one column under two names. */
  nameKey: string;
  nameRequired: string;
  inUse: (u: CatalogueUses) => string;
  firmInUse: (u: CatalogueUses) => string;
  aliasDiffers: (alias: string) => string;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The rules of one catalogue (models or fee schedules): the same for both, on their own tables. */
function catalogue<W extends Record<string, unknown>>(kind: CatalogueKind, text: KindText) {
  const toWire = (row: CatalogueRow) => kind.entity.toWire(row) as W;

  function readable(ctx: Ctx) {
    if (!canReadCatalogues(ctx.actor)) throw forbidden();
    return ctx.scope('investments');
  }

  async function visible(ctx: Ctx, id: number) {
    const row = await findEntry(ctx.deps.db, kind, readable(ctx), id);
    if (!row) throw notFound();
    return row;
  }

  /** A firm named in a body: one the caller keeps entries of (any existing one for a super admin). */
  async function keptFirm(ex: Executor, actor: Actor, firmId: number | null | undefined) {
    if (!firmId || !canManageCataloguesOf(actor, firmId) || !(await firmExists(ex, firmId)))
      throw badRequest(c.chooseFirm, { firm: c.chooseFirm });
    return firmId;
  }

  /**
   * The body with one name: `name` and its alias set one column, so a blank one is absent (a form
   * sending both, one empty, names the entry by the other), and two that differ are refused rather
   * than one silently winning, unless one is an echo of the stored name (the other is then the change).
   */
  function oneName(body: Record<string, unknown>, current: Record<string, unknown>) {
    const { name, [text.nameKey]: alias, ...rest } = body;
    if (blank(alias)) return name === undefined ? rest : { ...rest, name };
    if (blank(name)) return { ...rest, name: alias };
    const [a, b] = [String(name).trim(), String(alias).trim()];
    if (a === b || b === current.name) return { ...rest, name: a };
    if (a === current.name) return { ...rest, name: b };
    throw badRequest(text.aliasDiffers(text.nameKey), { [text.nameKey]: text.aliasDiffers(text.nameKey) });
  }

  /** The columns a body changes, with the name required and the advisor one of the record's firm. */
  async function validated(ctx: Ctx, body: Record<string, unknown>, current: Record<string, unknown>) {
    const { columns, changed } = kind.entity.changes(ctx.actor, oneName(body, current), current);
    const values = (columns[''] ?? {}) as { name?: string | null; firmId?: number; financialAdvisorId?: number | null };
    if ('name' in values ? !values.name : !current.name)
      throw badRequest(text.nameRequired, { name: text.nameRequired });
    const firmId = await keptFirm(ctx.deps.db, ctx.actor, values.firmId ?? (current.firm as number | null));
    const advisor =
      'financialAdvisorId' in values ? values.financialAdvisorId : (current.financial_advisor as number | null);
    // A firm moved (by a super admin) takes its advisor along only when that advisor is of the new firm too.
    if (
      advisor &&
      ('financialAdvisorId' in values || 'firmId' in values) &&
      !(await isAdvisorOfFirm(ctx.deps.db, advisor, firmId))
    )
      throw badRequest(c.chooseAdvisor, { financial_advisor: c.chooseAdvisor });
    return {
      values: values as { name?: string; firmId?: number; financialAdvisorId?: number | null },
      changed,
      firmId,
    };
  }

  async function entriesPage(ctx: Ctx, scope: Scope, f: CatalogueFilters & PageRequest) {
    const { rows, count } = await listEntries(ctx.deps.db, kind, scope, f, f);
    return { count, results: rows.map(toWire) };
  }

  /** A page of entries, kept under the versions of what it is made of. */
  function page(ctx: Ctx, scope: Scope, f: CatalogueFilters & PageRequest) {
    const key = answerKey(`${kind.versioned} entries`, scope, f);
    return keptAnswer(ctx, listReads(kind), key, () => entriesPage(ctx, scope, f));
  }

  /** Refuses to show what an advisor may pick to anyone but that advisor and those who manage the catalogues (403). */
  function checkAdvisor(ctx: Ctx, advisor: number | undefined) {
    if (advisor !== undefined && !canAskForAdvisorEntries(ctx.actor, advisor)) throw forbidden(c.advisorOnlySelf);
  }

  /** The filters of a firm's page, once the caller may read the firm (404). */
  function firmFilters(scope: Scope, firmId: number, f: CatalogueFilters & PageRequest) {
    if (scope.firms !== 'all' && !scope.firms.includes(firmId)) throw notFound();
    return { ...f, firm: firmId };
  }

  return {
    async list(ctx: Ctx, f: CatalogueFilters & PageRequest) {
      return page(ctx, readable(ctx), f);
    },

    /** A firm's entries; with an advisor, what that advisor may pick (the strategy form's dropdowns, `pickableBy`). */
    async ofFirm(ctx: Ctx, firmId: number, f: CatalogueFilters & PageRequest) {
      const scope = readable(ctx);
      const filters = firmFilters(scope, firmId, f);
      checkAdvisor(ctx, f.advisor);
      return page(ctx, scope, filters);
    },

    /**
     * `{firmTk}/advisor_…/`: the firm is named by its `firm_tk`, found inside the kept answer (whose reads
     * include the firms), so a page opened again costs the session check alone. Who may ask for the
     * advisor is checked before: the answer is kept for everyone of the scope.
     */
    async ofAdvisor(ctx: Ctx, firmTk: number, advisor: number, f: CatalogueFilters & PageRequest) {
      const scope = readable(ctx);
      checkAdvisor(ctx, advisor);
      const key = answerKey(`${kind.versioned} entries of firm_tk`, scope, firmTk, advisor, f);
      return keptAnswer(ctx, listReads(kind), key, async () => {
        const firmId = await firmIdOfTk(ctx.deps.db, scope, firmTk);
        if (firmId === undefined) throw notFound();
        return entriesPage(ctx, scope, firmFilters(scope, firmId, { ...f, advisor }));
      });
    },

    async get(ctx: Ctx, id: number) {
      return toWire(await visible(ctx, id));
    },

    async create(ctx: Ctx, body: Record<string, unknown>) {
      if (!canManageCatalogues(ctx.actor)) throw forbidden();
      // A firm's own staff need not name their firm: it is the one they keep.
      const current = { ...kind.entity.blank(), firm: ctx.actor.profile._firm };
      const { values, changed, firmId } = await validated(ctx, body, current);
      const id = await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
        const newId = await insertEntry(tx, kind, {
          name: values.name as string,
          firmId,
          financialAdvisorId: values.financialAdvisorId ?? null,
          createdById: ctx.actor.id,
        });
        record({
          action: 'create',
          entity: kind.entity.name,
          entityId: newId,
          firmId,
          changes: kind.entity.auditOf(changed),
        });
        return newId;
      });
      return this.get(ctx, id);
    },

    async update(ctx: Ctx, id: number, body: Record<string, unknown>) {
      const row = await visible(ctx, id);
      if (!canManageCataloguesOf(ctx.actor, row.firmId)) throw forbidden();
      const current = toWire(row);
      const { values, changed } = await validated(ctx, body, current);
      await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
        // Its offers and strategies are of its firm: moving it would leave them naming another firm's entry.
        if (values.firmId !== undefined && values.firmId !== row.firmId) {
          const uses = await usesOf(tx, kind, readable(ctx), id);
          if (inUse(uses)) throw conflict(text.firmInUse(uses));
        }
        await updateEntry(tx, kind, id, values);
        record({
          action: 'update',
          entity: kind.entity.name,
          entityId: id,
          firmId: row.firmId,
          changes: kind.entity.auditOf(changed, current),
        });
      });
      return this.get(ctx, id);
    },

    async remove(ctx: Ctx, id: number) {
      const row = await visible(ctx, id);
      if (!canManageCataloguesOf(ctx.actor, row.firmId)) throw forbidden();
      await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
        const uses = await usesOf(tx, kind, readable(ctx), id);
        if (inUse(uses)) throw conflict(text.inUse(uses));
        await softDeleteEntry(tx, kind, id, ctx.actor.id);
        record({
          action: 'delete',
          entity: kind.entity.name,
          entityId: id,
          firmId: row.firmId,
          changes: { name: row.name },
        });
      });
    },
  };
}

export const investmentModels = catalogue<InvestmentModel>(investmentModelKind, {
  nameKey: 'investment_model_name',
  ...messages.investmentModels,
});
export const feeSchedules = catalogue<FeeSchedule>(feeScheduleKind, {
  nameKey: 'fee_schedule_name',
  ...messages.feeSchedules,
});
export type CatalogueService = ReturnType<typeof catalogue<InvestmentModel | FeeSchedule>>;
