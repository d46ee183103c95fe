import {
  type DeliverBody,
  DISCLOSURE_KINDS,
  type DisclosureDeliveryRow,
  isAdv,
  messages,
  personName,
} from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import { todayOf } from '../../platform/clock.js';
import type { Ctx } from '../../platform/context.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { enqueueMails, type Mail } from '../../platform/mail.js';
import { reportScope, toRow } from './delivery-report.service.js';
import { findClient, findFirmLinks, insertNotices, linkOf, reportRows, titleOf } from './disclosures.repository.js';

// Delivering by mail: the clients the report shows due are sent the links to what they have not
// received, and a notice per document is kept.

const m = messages.disclosures;

/** More clients than this are mailed in the background: the answer does not wait for hundreds of mails. */
const DELIVER_INLINE = 50;
const DELIVER_BATCH = 200;

/** Deliver: mail one client, or every due client of the firm, the links to what they have not received. */
export async function deliver(ctx: Ctx, body: DeliverBody) {
  const scope = reportScope(ctx, body.firm);
  if (!(await findFirmLinks(ctx.deps.db, body.firm))) throw notFound();
  const today = todayOf(ctx.deps.config);
  const rows = (
    await reportRows(
      ctx.deps.db,
      scope,
      {
        firm: body.firm,
        clients: body.portalUserId === undefined ? undefined : [body.portalUserId],
        status: 'due',
        ordering: 'status',
      },
      today,
      ctx.deps.config.timeZone,
    )
  ).map((r) => toRow(r, today));
  if (body.portalUserId !== undefined && rows.length === 0) {
    const client = await findClient(ctx.deps.db, body.portalUserId);
    if (!client || client.firmId !== body.firm) throw fieldError('portalUserId', m.notAClient);
    throw conflict(m.nothingDue);
  }
  if (rows.length === 0) return { detail: m.sent(0), sent: 0, queued: false };
  if (rows.length > DELIVER_INLINE) {
    // The request's own trace: who asked to deliver to how many; each batch records its clients.
    await writeAudited(ctx.deps.db, ctx.meta, async (_tx, record) =>
      record({ action: 'notify', entity: 'disclosure_delivery', firmId: body.firm, changes: { queued: rows.length } }),
    );
    ctx.deps.background.run('disclosure delivery mails', async () => {
      for (let i = 0; i < rows.length; i += DELIVER_BATCH) await notify(ctx, rows.slice(i, i + DELIVER_BATCH));
    });
    return { detail: m.sending(rows.length), sent: rows.length, queued: true };
  }
  await notify(ctx, rows);
  return { detail: m.sent(rows.length), sent: rows.length, queued: false };
}

/**
 * One transaction per batch: each client's mail (outbox) and a notice per document, each kind in one
 * statement, and an audit event per client. A firm is looked up once per batch.
 */
async function notify(ctx: Ctx, rows: DisclosureDeliveryRow[]) {
  const base = ctx.deps.config.publicUrl;
  await writeAudited(ctx.deps.db, ctx.meta, async (tx, record) => {
    const firms = new Map<number, Awaited<ReturnType<typeof findFirmLinks>>>();
    const mails: Mail[] = [];
    const notices: Parameters<typeof insertNotices>[1] = [];
    for (const r of rows) {
      const due = DISCLOSURE_KINDS.filter((k) => r[k].status === 'due' || r[k].status === 'overdue');
      if (!due.length) continue;
      const firm = firms.get(r.firm_id) ?? (await findFirmLinks(tx, r.firm_id));
      firms.set(r.firm_id, firm);
      const documents = due.map((kind) => ({
        title: titleOf(kind),
        link: `${base}${isAdv(kind) ? '/forms/form-adv/' : '/forms/form-crs/'}`,
      }));
      const name = personName(r);
      mails.push({ to: r.email, subject: m.mailSubject(firm.name), text: m.mailText(name, firm.name, documents) });
      notices.push(
        ...due.map((kind) => ({
          firmId: r.firm_id,
          clientId: r.client_id,
          kind,
          documentId: r[kind].current_version,
          url: r[kind].current_version === null ? linkOf(firm, kind) : null,
          sentById: ctx.actor.id,
          sentAt: ctx.deps.config.now(),
        })),
      );
      record({
        action: 'notify',
        entity: 'disclosure_delivery',
        entityId: r.client_id,
        firmId: r.firm_id,
        changes: { client: r.client_id, kinds: due, versions: due.map((k) => r[k].current_version) },
      });
    }
    await enqueueMails(tx, mails);
    await insertNotices(tx, notices);
  });
}
