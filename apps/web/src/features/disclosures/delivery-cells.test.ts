import type { DeliveryCell } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../lib/bytes';
import { cellText, hasReceipt, receiptsOf } from './delivery-cells';

const cell = (over: Partial<DeliveryCell>): DeliveryCell => ({
  status: 'due',
  current_version: 7,
  current_effective_date: '2026-04-01',
  delivered_version: null,
  delivered_effective_date: null,
  delivered_on: null,
  delivered_session: null,
  due_by: null,
  notified_on: null,
  ...over,
});

describe('a document cell of the delivery report', () => {
  it('names the version a client received and the day, as MM/DD/YYYY', () => {
    expect(
      cellText(
        cell({
          status: 'received',
          delivered_version: 7,
          delivered_effective_date: '2026-04-01',
          delivered_on: '2026-04-03',
        }),
      ),
    ).toEqual({ status: 'received', label: 'Received', lines: ['Received 04/03/2026', 'version of 04/01/2026'] });
  });

  it('says the firm’s link was received when the firm keeps no version', () => {
    expect(cellText(cell({ status: 'received', delivered_on: '2026-04-03' })).lines).toEqual([
      'Received 04/03/2026',
      'the firm’s link',
    ]);
  });

  it('gives the due date, and the older version the client has, for a client due the new one', () => {
    expect(
      cellText(
        cell({
          status: 'overdue',
          due_by: '2026-05-31',
          delivered_version: 3,
          delivered_effective_date: '2025-04-01',
          delivered_on: '2025-04-10',
        }),
      ),
    ).toEqual({
      status: 'overdue',
      label: 'Overdue',
      lines: ['due by 05/31/2026', 'Received 04/10/2025', 'version of 04/01/2025'],
    });
  });

  it('is due at the agreement for a client who has not signed one yet', () => {
    expect(cellText(cell({ status: 'due' })).lines).toEqual(['due at the agreement']);
  });

  it('shows a mailed link until the client opens the document', () => {
    expect(cellText(cell({ status: 'due', due_by: '2026-05-31', notified_on: '2026-04-20' })).lines).toEqual([
      'due by 05/31/2026',
      'Notified 04/20/2026',
    ]);
  });

  it('says so when the firm publishes nothing of that kind', () => {
    expect(cellText(cell({ status: 'none', current_version: null, current_effective_date: null }))).toEqual({
      status: 'none',
      label: 'No document',
      lines: [],
    });
  });
});

describe("a row's receipts, as Receipt details shows them", () => {
  const none = cell({ status: 'none', current_version: null, current_effective_date: null });
  it("names the session's address and device and whether it was the client's own", () => {
    const crs = cell({
      status: 'received',
      delivered_on: '2026-04-03',
      delivered_session: { ip: '203.0.113.7', device: 'Firefox on Windows', client_session: true },
    });
    expect(receiptsOf({ adv_2a: none, adv_2b: none, crs })).toEqual([
      {
        kind: 'crs',
        title: 'Form CRS',
        facts: [
          { label: 'Received on', value: '04/03/2026' },
          { label: 'Document', value: 'The firm’s link' },
          { label: 'Address', value: '203.0.113.7' },
          { label: 'Device', value: 'Firefox on Windows' },
          { label: 'Client’s own session', value: 'Yes' },
        ],
      },
    ]);
  });

  it('says Not recorded for a receipt from before sessions were kept, and No for another person’s session', () => {
    const old = cell({
      status: 'received',
      delivered_version: 7,
      delivered_effective_date: '2026-04-01',
      delivered_on: '2026-04-03',
    });
    const other = cell({
      status: 'received',
      delivered_on: '2026-04-05',
      delivered_session: { ip: null, device: 'curl', client_session: false },
    });
    const [adv, crs] = receiptsOf({ adv_2a: old, adv_2b: none, crs: other });
    expect(adv.facts.map((f) => f.value)).toEqual([
      '04/03/2026',
      'Version effective 04/01/2026',
      'Not recorded',
      'Not recorded',
      'Not recorded',
    ]);
    expect(crs.facts.slice(2).map((f) => f.value)).toEqual(['Not recorded', 'curl', 'No']);
  });

  it('is offered only on a row with a receipt', () => {
    expect(hasReceipt({ adv_2a: cell({}), adv_2b: none, crs: cell({}) })).toBe(false);
    expect(hasReceipt({ adv_2a: cell({}), adv_2b: none, crs: cell({ delivered_on: '2026-04-03' }) })).toBe(true);
  });
});

describe('a file size', () => {
  it('reads in bytes, kilobytes or megabytes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(2.45 * 1024 * 1024)).toBe('2.5 MB');
  });
});
