import {
  accountLastFour,
  type CashRequest,
  type CashRequestListItem,
  canEditInvestmentRequest,
  canFileInvestmentRequest,
  canListInvestmentRequests,
  canMoveStatus,
  canViewInvestmentRequest,
  canWorkInvestmentRequests,
  clientRefusal,
  type InvestmentRequestTarget,
  type InvestmentStrategy,
  type InvestmentStrategyListItem,
  isAdvisor,
  messages,
  personName,
  type StatusChangeBody,
  SUBMITTED,
  sameFirm,
} from '@portal/domain';
import { type AuditedTx, writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer, type PageRequest } from '../../platform/list.js';
import { enqueueMail, enqueueMails } from '../../platform/mail.js';
import { mailAddressOfAccount } from '../accounts/accounts.service.js';
import { pickableEntryNames } from '../investment-catalogues/investment-catalogues.service.js';
import {
  cashRequestKind,
  clientCandidate,
  departmentOf,
  findRequest,
  insertRequest,
  listRequests,
  type RequestFilters,
  type RequestKind,
  type RequestRow,
  strategyKind,
  updateRequest,
} from './investment-requests.repository.js';

const m = messages.investmentRequests;
const CLIENT = 'ESWA_Portal_Owner_ID__c';

/** What the server sets: a body's values for these are ignored on a new request, echo-checked on an edit. */
const SET_BY_SERVER = [
  'Id',
  'CreatedDate',
  'Submitter_ID__c',
  'Submitter_Email__c',
  'Submitter_First_Name__c',
  'Submitter_Last_Name__c',
  'Status__c',
  'Status_Reason__c',
  'Firm_Tk__c',
  'Fee_Schedule_Name__c',
  'Investment_Model_Name__c',
];

/** The strategy's catalogue choices: the id's field, the column of the name kept with it, the message. */
const CHOICES = [
  {
    wire: 'Fee_Schedule__c',
    catalogue: 'feeSchedule',
    nameColumn: 'feeScheduleName',
    unknown: messages.investmentStrategies.feeScheduleUnknown,
  },
  {
    wire: 'Investment_Model__c',
    catalogue: 'investmentModel',
    nameColumn: 'investmentModelName',
    unknown: messages.investmentStrategies.investmentModelUnknown,
  },
] as const;

const targetOf = (row: RequestRow): InvestmentRequestTarget => ({
  firmId: row.firmId,
  submitterId: row.submitterId,
  status: row.status,
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The screen of a kind's list; `?view=` names the request to open. */
const SCREENS = { strategy: '/investments/investment-strategies/', cashRequest: '/investments/cash-requests/' };

function requests<Full, Item>(k: RequestKind) {
  const toWire = (row: RequestRow) => k.entity.toWire(row) as Full;
  const link = (ctx: Ctx, id: number) => `${ctx.deps.config.publicUrl}${SCREENS[k.kind]}?view=${id}`;
  const kindText = k.kind === 'strategy' ? messages.investmentStrategies : messages.cashRequests;

  /** Standard users, clients, CCOs and managers have no investment requests at all (403 everywhere). */
  function reader(ctx: Ctx) {
    if (!canListInvestmentRequests(ctx.actor)) throw forbidden();
    return ctx.scope('investments');
  }

  async function visible(ctx: Ctx, id: number, tx?: AuditedTx) {
    const row = await findRequest(tx ?? ctx.deps.db, k, reader(ctx), id, tx ? 'update' : undefined);
    if (!row || !canViewInvestmentRequest(ctx.actor, targetOf(row))) throw notFound();
    return row;
  }

  /** The client may be the advisor's own active client only; another firm's person is not revealed. */
  async function checkClient(ctx: Ctx, tx: AuditedTx, clientId: number) {
    const refusal = clientRefusal(ctx.actor, await clientCandidate(tx, clientId));
    if (refusal === 'notFound') throw notFound();
    if (refusal === 'notYourClient') throw fieldError(CLIENT, m.notYourClient);
    if (refusal === 'inactive') throw fieldError(CLIENT, m.clientInactive);
  }

  /** The names of the fee schedule and model a strategy's body newly picks, each one the advisor may pick. */
  async function choiceNames(ctx: Ctx, tx: AuditedTx, values: Record<string, unknown>) {
    if (k.kind !== 'strategy') return {};
    const columnOf = (wire: string) => (k.entity.fields as Record<string, { column: string }>)[wire].column;
    const picked = CHOICES.filter((choice) => columnOf(choice.wire) in values);
    const names = await pickableEntryNames(
      ctx,
      tx,
      picked.map((choice) => ({ kind: choice.catalogue, id: values[columnOf(choice.wire)] as number })),
    );
    const out: Record<string, string> = {};
    picked.forEach((choice, i) => {
      const name = names[i];
      if (name === undefined) throw fieldError(choice.wire, choice.unknown);
      out[choice.nameColumn] = name;
    });
    return out;
  }

  /** The mail to the firm's investment department (or its administrators) about a new request. */
  async function mailDepartment(ctx: Ctx, tx: AuditedTx, record: Record<string, unknown>) {
    const account = record.Financial_Account_Name__c as string;
    const lastFour = accountLastFour(record.Custodian_Account_Number__c as string);
    const labels = kindText.labels as Record<string, string>;
    const detail =
      k.kind === 'strategy'
        ? `${labels.Investment_Model__c}: ${record.Investment_Model_Name__c}`
        : `${labels.Cash_Request_Type__c}: ${record.Cash_Request_Type__c}, ${labels.Amount__c}: ${usd.format(record.Amount__c as number)}`;
    const mail = {
      subject: m.newSubject(k.kind, account),
      text: m.newText({
        kind: k.kind,
        submitter: personName(ctx.auth.actor),
        relationship: record.Relationship_Name__c as string,
        account,
        accountEnding: lastFour && m.accountEnding(lastFour),
        detail,
        link: link(ctx, record.Id as number),
      }),
    };
    await enqueueMails(
      tx,
      (await departmentOf(tx, record.Firm_Tk__c as number)).map((to) => ({ to, ...mail })),
    );
  }

  /** The mail to the advisor who filed it, at each status change (none when their account is gone). */
  async function mailSubmitter(ctx: Ctx, tx: AuditedTx, row: RequestRow, status: string, reason: string | null) {
    const submitter = await mailAddressOfAccount(tx, row.submitterId);
    if (!submitter) return;
    const lastFour = accountLastFour(row.accountNumber);
    await enqueueMail(tx, {
      to: submitter.email,
      subject: m.statusSubject(k.kind, row.accountName, status),
      text: m.statusText({
        firstName: submitter.firstName,
        kind: k.kind,
        account: row.accountName,
        accountEnding: lastFour && m.accountEnding(lastFour),
        status,
        by: personName(ctx.auth.actor),
        reason,
        link: link(ctx, row.id),
      }),
    });
  }

  return {
    async list(ctx: Ctx, q: RequestFilters & PageRequest) {
      const scope = reader(ctx);
      // A page is the table's own columns: kept under its versions alone.
      return keptAnswer(ctx, [k.versioned], answerKey(`${k.versioned} list`, scope, q), async () => {
        const { count, results } = await listRequests(ctx.deps.db, k, scope, q, q);
        return { count, results: results as Item[] };
      });
    },

    async get(ctx: Ctx, id: number) {
      return toWire(await visible(ctx, id));
    },

    /** An advisor files it for one of their clients; the firm's investment department is mailed. */
    async create(ctx: Ctx, body: Record<string, unknown>) {
      const { actor, auth, deps } = ctx;
      if (!isAdvisor(actor)) throw forbidden(m.advisorsOnly);
      if (!canFileInvestmentRequest(actor)) throw badRequest(m.noFirm);
      const current = k.entity.blank();
      const { columns, changed } = k.entity.changes(actor, body, current, { forced: SET_BY_SERVER });
      const values = columns[''] ?? {};
      const created = await writeAudited(deps.db, ctx.meta, async (tx, record) => {
        await checkClient(ctx, tx, values.clientId as number);
        const row = await insertRequest(tx, k, {
          ...values,
          ...(await choiceNames(ctx, tx, values)),
          firmId: actor.profile._firm,
          submitterId: actor.id,
          submitterEmail: auth.actor.email,
          submitterFirstName: auth.actor.first_name ?? null,
          submitterLastName: auth.actor.last_name ?? null,
          status: SUBMITTED,
          createdAt: deps.config.now(),
        });
        const saved = toWire(row);
        record({
          action: 'create',
          entity: k.entity.name,
          entityId: row.id,
          firmId: actor.profile._firm,
          changes: k.entity.auditOf(changed),
        });
        await mailDepartment(ctx, tx, saved as unknown as Record<string, unknown>);
        return saved;
      });
      deps.mailer.kick();
      return created;
    },

    /**
     * The advisor's edit, only while Submitted (an edit leaves it Submitted); once the
     * department has it, a 409 says why. Checked on the locked row, so a move cannot slip in between.
     */
    async update(ctx: Ctx, id: number, body: Record<string, unknown>) {
      return writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
        const row = await visible(ctx, id, tx);
        const target = targetOf(row);
        if (!canEditInvestmentRequest(ctx.actor, target)) {
          const theirs = isAdvisor(ctx.actor) && row.submitterId === ctx.actor.id && sameFirm(ctx.actor, row.firmId);
          throw theirs ? conflict(m.lockedForEdit(row.status)) : forbidden();
        }
        const before = toWire(row) as Record<string, unknown>;
        const { columns } = k.entity.changes(ctx.actor, body, before);
        const values = columns[''] ?? {};
        if ('clientId' in values) await checkClient(ctx, tx, values.clientId as number);
        const after = toWire(
          await updateRequest(tx, k, id, { ...values, ...(await choiceNames(ctx, tx, values)), status: SUBMITTED }),
        );
        record({
          action: 'update',
          entity: k.entity.name,
          entityId: id,
          firmId: row.firmId,
          // The stored record before and after: a picked entry's name changes with its id.
          changes: k.entity.auditDiff(before, after as unknown as Record<string, unknown>),
        });
        return after;
      });
    },

    /** The investment department moves it along (`nextStatuses`); the advisor who filed it is mailed. */
    async move(ctx: Ctx, id: number, body: StatusChangeBody) {
      const moved = await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
        const row = await visible(ctx, id, tx);
        if (!canWorkInvestmentRequests(ctx.actor, row.firmId)) throw forbidden();
        if (row.status === body.status) throw conflict(m.alreadyInStatus(body.status));
        if (!canMoveStatus(k.kind, row.status, body.status))
          throw conflict(m.moveRefused(row.status, body.status), { status: m.moveRefused(row.status, body.status) });
        const after = await updateRequest(tx, k, id, { status: body.status, statusReason: body.reason });
        record({
          action: 'status',
          entity: k.entity.name,
          entityId: id,
          firmId: row.firmId,
          changes: {
            Status__c: { from: row.status, to: body.status },
            Status_Reason__c: { from: row.statusReason, to: body.reason },
          },
        });
        await mailSubmitter(ctx, tx, row, body.status, body.reason);
        return toWire(after);
      });
      ctx.deps.mailer.kick();
      return moved;
    },
  };
}

export const investmentStrategies = requests<InvestmentStrategy, InvestmentStrategyListItem>(strategyKind);
export const cashRequests = requests<CashRequest, CashRequestListItem>(cashRequestKind);
export type InvestmentRequestService = ReturnType<
  typeof requests<InvestmentStrategy | CashRequest, InvestmentStrategyListItem | CashRequestListItem>
>;
