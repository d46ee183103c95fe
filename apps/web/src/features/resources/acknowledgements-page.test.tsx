import { messages, type Resource } from '@portal/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { AcknowledgementsReport } from './acknowledgements-page';

const m = messages.resources;

const ethics = {
  id: 7,
  firm: 10,
  category: 'compliance',
  name: 'Code of Ethics',
  added_date: '2026-10-01',
  last_modified_date: '2026-11-02',
  url: '/api/resources/7/file/',
  kind: 'file',
  file_name: 'ethics.pdf',
  version: 2,
  acknowledgement: 'code_of_ethics',
  acknowledged_on: null,
} satisfies Resource;

const rows = {
  pending: [
    {
      user: 5,
      first_name: 'Sid',
      last_name: 'Staff',
      email: 'staff@example.test',
      acknowledged_on: null,
      last_version: 1,
    },
  ],
  acknowledged: [
    {
      user: 6,
      first_name: 'Casey',
      last_name: 'Compliance',
      email: 'cco@example.test',
      acknowledged_on: '2026-11-20',
      last_version: 2,
    },
  ],
};

function serve(calls: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/resources/7/') return new Response(JSON.stringify(ethics));
      const status =
        new URL(url, 'http://x').searchParams.get('status') === 'acknowledged' ? 'acknowledged' : 'pending';
      const results = rows[status];
      return new Response(JSON.stringify({ count: results.length, next: null, previous: null, results, version: 2 }));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the CCO's acknowledgements of a Compliance document", () => {
  it('lists who has not acknowledged the current version, then who has', async () => {
    const calls: string[] = [];
    serve(calls);
    const view = renderAtUrl(<AcknowledgementsReport id={7} />, '/resources/compliance/7/acknowledgements', {
      user: testUser({ is_cco: true }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: m.acknowledgementsTitle('Code of Ethics') }),
    ).toBeTruthy();
    expect(screen.getByText(m.acknowledgementsIntro(2))).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'staff@example.test' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: m.acknowledgementStatus.pending })).toBeTruthy();
    expect(calls.some((u) => u.startsWith('/api/resources/7/acknowledgements/?') && u.includes('status=pending'))).toBe(
      true,
    );

    await userEvent.click(screen.getByRole('radio', { name: m.acknowledgementStatus.acknowledged }));
    expect(await screen.findByRole('cell', { name: 'cco@example.test' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '11/20/2026' })).toBeTruthy();
    expect(view.href()).toContain('status=acknowledged');
  });
});
