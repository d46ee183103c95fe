import {
  type CaseReplyBody,
  type CaseTarget,
  canHandleCase,
  canOpenCase,
  canUseSupport,
  canWorkOnCase,
  closedDateAfter,
  messages,
  NEW_CASE_STATUS,
  personName,
  replySide,
  type SupportTicket,
  type SupportTicketListQuery,
  statusAfterSubmitterReply,
} from '@portal/domain';
import { type AuditedTx, writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer, type PageRequest } from '../../platform/list.js';
import { enqueueMail, enqueueMails } from '../../platform/mail.js';
import { mailAddressOfAccount } from '../accounts/accounts.service.js';
import {
  type CaseRow,
  caseEntity,
  findCase,
  handlersOf,
  insertCase,
  insertReply,
  listCases,
  listReplies,
  updateCase,
} from './support-tickets.repository.js';

const m = messages.support;

/** What the server sets: a new case's body may carry them, and they are ignored. */
const SET_BY_SERVER = [
  'Id',
  'CaseNumber',
  'Status',
  'Origin',
  'CreatedDate',
  'ClosedDate',
  'EverSource_Portal_User_ID__c',
  'SuppliedName',
  'SuppliedEmail',
];

const targetOf = (row: CaseRow): CaseTarget => ({ firmId: row.firmId, submitterId: row.submitterId });
const toWire = (row: CaseRow) => caseEntity.toWire(row) as SupportTicket;

/** The case in the portal, built from PUBLIC_URL: the list opens it from `?case=`. */
const linkTo = (ctx: Ctx, row: Pick<CaseRow, 'id'>) => `${ctx.deps.config.publicUrl}/support/?case=${row.id}`;

/** Clients have no support cases (support is in the staff's menu only). */
function reader(ctx: Ctx) {
  if (!canUseSupport(ctx.actor)) throw forbidden();
  return ctx.scope('support');
}

/** A case outside the caller's reach (another firm's, a colleague's) is absent: 404, never a hint. */
async function visible(ctx: Ctx, id: number, tx?: AuditedTx) {
  const row = await findCase(tx ?? ctx.deps.db, reader(ctx), id, tx ? 'update' : undefined);
  if (!row || !canWorkOnCase(ctx.actor, targetOf(row))) throw notFound();
  return row;
}

type MailOf = (firstName: string | null) => { subject: string; text: string };

type Handlers = Awaited<ReturnType<typeof handlersOf>>;

/** Mails the firm's handlers (but the one who acted). */
async function mailHandlers(ctx: Ctx, tx: AuditedTx, handlers: Handlers, mail: MailOf) {
  await enqueueMails(
    tx,
    handlers.filter((h) => h.id !== ctx.actor.id).map((h) => ({ to: h.email, ...mail(h.firstName) })),
  );
}

/** Mails the submitter (none when the submitter acted, or their account is gone). */
async function mailSubmitter(ctx: Ctx, tx: AuditedTx, row: CaseRow, mail: MailOf) {
  if (row.submitterId === ctx.actor.id) return;
  const submitter = await mailAddressOfAccount(tx, row.submitterId);
  if (submitter) await enqueueMail(tx, { to: submitter.email, ...mail(submitter.firstName) });
}

export async function list(ctx: Ctx, q: SupportTicketListQuery) {
  const scope = reader(ctx);
  // A page is the cases' own list columns: kept under their versions alone.
  return keptAnswer(ctx, ['support_cases'], answerKey('support cases', scope, q), () =>
    listCases(ctx.deps.db, scope, q, q),
  );
}

export async function get(ctx: Ctx, id: number) {
  return toWire(await visible(ctx, id));
}

/**
 * A staff member opens a case for their firm: number, origin 'Web', status New and the opening instant
 * are the server's, the submitter's name and email their account's. The firm's handlers are mailed.
 */
export async function create(ctx: Ctx, body: Record<string, unknown>) {
  const { actor, auth, deps } = ctx;
  if (!canUseSupport(actor)) throw forbidden();
  if (!canOpenCase(actor)) throw badRequest(m.noFirm);
  const { columns, changed } = caseEntity.changes(actor, body, caseEntity.blank(), { forced: SET_BY_SERVER });
  // Before the transaction, where the firm's handlers are kept between cases.
  const handlers = await handlersOf(deps.db, actor.profile._firm as number);
  const created = await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    const row = await insertCase(tx, {
      ...(columns[''] as Pick<CaseRow, 'subject' | 'category'>),
      firmId: actor.profile._firm as number,
      submitterId: actor.id,
      submitterName: personName(auth.actor),
      submitterEmail: auth.actor.email,
      status: NEW_CASE_STATUS,
      origin: 'Web',
      createdAt: deps.config.now(),
    });
    record({
      action: 'create',
      entity: caseEntity.name,
      entityId: row.id,
      firmId: row.firmId,
      changes: caseEntity.auditOf({ ...changed, CaseNumber: row.caseNumber, Status: row.status }),
    });
    await mailHandlers(ctx, tx, handlers, (firstName) => ({
      subject: m.newCaseSubject(row.caseNumber, row.subject),
      text: m.newCaseText({
        firstName,
        submitter: row.submitterName ?? auth.actor.email,
        caseNumber: row.caseNumber,
        subject: row.subject,
        category: row.category,
        link: linkTo(ctx, row),
      }),
    }));
    return toWire(row);
  });
  deps.mailer.kick();
  return created;
}

/**
 * The submitter edits their case's fields; a handler also sets its status (a submitter's PUT that changes
 * the status is refused with 403, naming the field). ClosedDate follows the status; a status change is
 * mailed to the submitter.
 */
export async function update(ctx: Ctx, id: number, body: Record<string, unknown>) {
  const updated = await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const row = await visible(ctx, id, tx);
    const { columns } = caseEntity.changes(ctx.actor, body, toWire(row));
    const values: Partial<CaseRow> = { ...(columns[''] as Partial<CaseRow>) };
    const moved = values.status !== undefined && values.status !== row.status;
    if (moved && !canHandleCase(ctx.actor, targetOf(row))) throw forbidden(messages.settings.forbiddenField('Status'));
    if (moved) {
      const now = ctx.deps.config.now();
      const closed = closedDateAfter(
        values.status as string,
        { status: row.status, closedAt: row.closedAt?.toISOString() ?? null },
        now.toISOString(),
      );
      values.closedAt = closed === null ? null : new Date(closed);
    }
    const after = Object.keys(values).length ? await updateCase(tx, id, values) : row;
    record({
      action: moved ? 'status' : 'update',
      entity: caseEntity.name,
      entityId: id,
      firmId: row.firmId,
      // The stored case before and after: the closing date follows the status.
      changes: caseEntity.auditDiff(toWire(row), toWire(after)),
    });
    if (moved)
      await mailSubmitter(ctx, tx, after, (firstName) => ({
        subject: m.statusSubject(after.caseNumber, after.status),
        text: m.statusText({
          firstName,
          by: personName(ctx.auth.actor),
          caseNumber: after.caseNumber,
          subject: after.subject,
          status: after.status,
          link: linkTo(ctx, after),
        }),
      }));
    return toWire(after);
  });
  ctx.deps.mailer.kick();
  return updated;
}

/** The case's conversation, oldest first: for whoever may read the case. */
export async function replies(ctx: Ctx, id: number, page: PageRequest) {
  const row = await visible(ctx, id);
  const key = answerKey('support case replies', row.id, page.page, page.page_size);
  return keptAnswer(ctx, ['support_case_replies'], key, () => listReplies(ctx.deps.db, row.id, page));
}

/**
 * A reply on the case: the submitter's goes to the firm's handlers, a handler's to the submitter, each
 * by mail with the case's link.
 */
export async function reply(ctx: Ctx, id: number, body: CaseReplyBody) {
  const created = await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const row = await visible(ctx, id, tx);
    const side = replySide(ctx.actor, targetOf(row));
    const author = personName(ctx.auth.actor);
    const saved = await insertReply(tx, {
      caseId: row.id,
      authorId: ctx.actor.id,
      authorName: author,
      fromSupport: side === 'handler',
      body: body.CommentBody,
      createdAt: ctx.deps.config.now(),
    });
    record({
      action: 'create',
      entity: 'support case reply',
      entityId: saved.Id as number,
      firmId: row.firmId,
      changes: { ParentId: row.id, CaseNumber: row.caseNumber, FromSupport: side === 'handler' },
    });
    // The feedback a handler waited for has come: the case is theirs again.
    const next = side === 'submitter' ? statusAfterSubmitterReply(row.status) : null;
    if (next) {
      await updateCase(tx, row.id, { status: next });
      record({
        action: 'status',
        entity: caseEntity.name,
        entityId: row.id,
        firmId: row.firmId,
        changes: { Status: { from: row.status, to: next } },
      });
    }
    const mail = (firstName: string | null) => ({
      subject: m.replySubject(row.caseNumber, row.subject),
      text: m.replyText({
        firstName,
        author,
        caseNumber: row.caseNumber,
        body: body.CommentBody,
        link: linkTo(ctx, row),
      }),
    });
    if (side === 'submitter') await mailHandlers(ctx, tx, await handlersOf(tx, row.firmId), mail);
    else await mailSubmitter(ctx, tx, row, mail);
    return saved;
  });
  ctx.deps.mailer.kick();
  return created;
}
