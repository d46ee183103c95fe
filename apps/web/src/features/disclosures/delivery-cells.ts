import { type DeliveryCell, type DeliveryStatus, messages, wireDateToText } from '@portal/domain';

const m = messages.disclosures;

/** What the report says of one document of one client: its status word and the lines under it. */
export interface CellText {
  status: DeliveryStatus;
  label: string;
  lines: string[];
}

/**
 * One document's cell: what was delivered and when (the version named by its effective date, or the
 * firm's link), by when the current one is due, whether a CCO mailed the link and it is still unopened.
 */
export function cellText(cell: DeliveryCell): CellText {
  const lines: string[] = [];
  if (cell.status === 'due' || cell.status === 'overdue')
    lines.push(cell.due_by ? m.dueBy(wireDateToText(cell.due_by)) : m.dueAtAgreement);
  if (cell.delivered_on && cell.status !== 'none') {
    lines.push(m.received(wireDateToText(cell.delivered_on)));
    lines.push(
      cell.delivered_version === null
        ? m.externalLinkVersion
        : m.versionOf(wireDateToText(cell.delivered_effective_date)),
    );
  }
  if (cell.notified_on && cell.status !== 'received') lines.push(m.notified(wireDateToText(cell.notified_on)));
  return { status: cell.status, label: m.statuses[cell.status], lines };
}

/** A row's Deliver is offered while the client still owes a document. */
export const owesSomething = (row: { status: 'overdue' | 'due' | 'received' }) => row.status !== 'received';
