import {
  type DeliveryCell,
  type DeliveryStatus,
  DISCLOSURE_KINDS,
  type DisclosureDeliveryRow,
  type DisclosureKind,
  messages,
  wireDateToText,
} from '@portal/domain';

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

/** One receipt as Receipt details shows it: the document, and each fact as a label and its value. */
export interface ReceiptText {
  kind: DisclosureKind;
  title: string;
  facts: { label: string; value: string }[];
}

type ReceiptRow = Pick<DisclosureDeliveryRow, DisclosureKind>;

/**
 * The receipts of a row (the last of each document the client received) with the session each was
 * recorded in: its address, its device and whether it was the client's own. A receipt recorded before
 * sessions were kept says 'Not recorded' rather than leave a blank that reads like a lost value.
 */
export function receiptsOf(row: ReceiptRow): ReceiptText[] {
  return DISCLOSURE_KINDS.flatMap((kind) => {
    const cell = row[kind];
    if (!cell.delivered_on) return [];
    const session = cell.delivered_session;
    return [
      {
        kind,
        title: m.kinds[kind],
        facts: [
          { label: m.receivedOn, value: wireDateToText(cell.delivered_on) },
          {
            label: m.receivedDocument,
            value:
              cell.delivered_version === null
                ? m.firmLink
                : m.versionEffective(wireDateToText(cell.delivered_effective_date)),
          },
          { label: m.sessionAddress, value: session?.ip ?? m.notRecorded },
          { label: m.sessionDevice, value: session?.device ?? m.notRecorded },
          {
            label: m.clientSession,
            value: session === null ? m.notRecorded : session.client_session ? m.yes : m.no,
          },
        ],
      },
    ];
  });
}

/** Receipt details is offered on a row with at least one receipt. */
export const hasReceipt = (row: ReceiptRow) => DISCLOSURE_KINDS.some((kind) => row[kind].delivered_on !== null);
