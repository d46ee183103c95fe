import type { AuditEventRow } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { AuditTrailPage } from './audit-trail-page';

const event = (id: number, overrides: Partial<AuditEventRow> = {}): AuditEventRow => ({
  id,
  occurred_at: '2026-11-26T15:04:00.000Z',
  actor_id: 4,
  actor_name: 'Casey Compliance',
  actor_email: 'cco@example.test',
  action: 'update',
  entity: 'attestation',
  entity_id: '41',
  firm_id: 10,
  firm_name: 'Dover Wealth',
  request_id: 'req-1',
  subject_id: null,
  subject_name: null,
  subject_email: null,
  ip: '198.51.100.4',
  user_agent: 'Mozilla/5.0 (Macintosh)',
  changes: [{ field: 'Status__c', from: 'Submitted', to: 'Approved' }],
  prev_hash: null,
  hash: 'a'.repeat(64),
  ...overrides,
});

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

function serve(calls: string[], rows: AuditEventRow[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.startsWith('/api/audit_events/verify/'))
        return new Response(JSON.stringify({ ok: false, checked: 12, first_bad_id: 7 }), { status: 200 });
      return new Response(JSON.stringify(page(rows)), { status: 200 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the audit trail', () => {
  it("shows each event's fields before → after, the first few and all on request", async () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ field: `Field_${i}`, from: null, to: `v${i}` }));
    serve([], [event(2), event(1, { actor_id: null, actor_name: null, actor_email: null, ip: null, changes: many })]);
    renderAtUrl(<AuditTrailPage />, '/compliance/audit-trail', { user: testUser({ is_cco: true }) });
    const changes = await screen.findByRole('list', { name: 'Changes, event 2' });
    expect(changes.textContent).toBe('Status__c: Submitted → Approved');
    expect(screen.getAllByText('System').length).toBeGreaterThan(0);
    const five = screen.getByRole('list', { name: 'Changes, event 1' });
    expect(within(five).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 5 changes' }));
    expect(within(five).getAllByRole('listitem')).toHaveLength(5);
    expect(five.textContent).toContain('Field_4: (empty) → v4');
  });

  it('names a request nobody signed in made anonymous, with the account it was about and its client', async () => {
    const reset = event(3, {
      actor_id: null,
      actor_name: null,
      actor_email: null,
      action: 'password_reset_requested',
      entity: 'user',
      entity_id: '12',
      subject_id: 12,
      subject_name: 'Robin Target',
      subject_email: 'robin@example.test',
      ip: '203.0.113.9',
      user_agent: 'curl/8.5.0',
      changes: [],
    });
    serve([], [reset, event(2)]);
    renderAtUrl(<AuditTrailPage />, '/compliance/audit-trail', { user: testUser({ is_cco: true }) });
    const row = (await screen.findByText('password_reset_requested')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('anonymous').length).toBeGreaterThan(0);
    expect(within(row).getByText('about Robin Target')).toBeTruthy();
    expect(within(row).getByText('203.0.113.9')).toBeTruthy();
    expect(within(row).getByText('curl/8.5.0')).toBeTruthy();
    expect(screen.queryByText('System')).toBeNull();
    // The person acting on their own account is not their own subject.
    const own = screen.getByText('update').closest('tr') as HTMLElement;
    expect(within(own).queryByText(/^about /)).toBeNull();
  });

  it('applies the typed filters together, dates as MM/DD/YYYY, and refuses a bad date before asking', async () => {
    const calls: string[] = [];
    serve(calls, [event(2)]);
    renderAtUrl(<AuditTrailPage />, '/compliance/audit-trail', { user: testUser({ is_cco: true }) });
    await screen.findByRole('list', { name: 'Changes, event 2' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Actor' }), 'casey');
    await userEvent.type(screen.getByRole('textbox', { name: 'Entity' }), 'attestation');
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), '11/01/2026');
    await userEvent.type(screen.getByRole('textbox', { name: 'To' }), '10/01/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText("'From' must be on or before 'To'.")).toBeTruthy();
    expect(calls.some((c) => c.includes('actor=casey'))).toBe(false);
    await userEvent.clear(screen.getByRole('textbox', { name: 'To' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'To' }), '11/30/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() =>
      expect(calls.at(-1)).toBe(
        '/api/audit_events/?page=1&page_size=25&ordering=-occurred_at&entity=attestation&actor=casey&from=2026-11-01&to=2026-11-30',
      ),
    );
  });

  it('lets a CCO check the chain and says which event breaks it; an administrator has no check', async () => {
    const calls: string[] = [];
    serve(calls, [event(2)]);
    const { unmount } = renderAtUrl(<AuditTrailPage />, '/compliance/audit-trail', {
      user: testUser({ is_cco: true }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify the chain' }));
    expect(await screen.findByText(/event 7 does not match its seal/)).toBeTruthy();
    unmount();
    renderAtUrl(<AuditTrailPage />, '/compliance/audit-trail', { user: { ...testUser(), is_admin: true } });
    await screen.findByRole('list', { name: 'Changes, event 2' });
    expect(screen.queryByRole('button', { name: 'Verify the chain' })).toBeNull();
  });
});
