import type { SupervisedPerson } from '@portal/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { SupervisedPersonForm } from './supervised-person-form';
import { SupervisedPersonsPage } from './supervised-persons-page';

const cco = testUser({ is_cco: true });

const entry = (id: number, userId: number, last: string): SupervisedPerson => ({
  id,
  user_id: userId,
  first_name: 'Pat',
  last_name: last,
  email: `${last.toLowerCase()}@example.test`,
  firm_id: 10,
  firm_name: 'Dover Wealth',
  has_attested: false,
  attested_date: null,
  has_to_submit_personal_securities: false,
  has_to_submit_outside_business_activities: false,
  has_to_submit_political_contributions: false,
});

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

afterEach(() => vi.unstubAllGlobals());

describe("a firm CCO's roster", () => {
  it('is their firm only, fixed, and offers no Edit or Delete on their own row', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        const body = url.startsWith('/api/firms/')
          ? page([{ id: 10, name: 'Dover Wealth' }])
          : page([entry(1, 1, 'Colleague'), { ...entry(2, 4, 'Compliance'), first_name: 'Casey' }]);
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    renderAtUrl(<SupervisedPersonsPage />, '/compliance/supervised-persons/', { user: cco });

    expect(await screen.findByRole('button', { name: 'Edit Colleague, Pat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Colleague, Pat' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Compliance, Casey' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Compliance, Casey' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Compliance, Casey' })).toBeNull();

    const firm = document.querySelector('input[aria-label="Firm"]') as HTMLInputElement;
    expect(firm.disabled).toBe(true);
    expect(calls.find((u) => u.startsWith('/api/supervised_persons/'))).toContain('firm=10');
  });
});

describe('adding someone to the roster', () => {
  it("asks for the staff member's address, not the signed-in person's own", async () => {
    renderAtUrl(<SupervisedPersonForm entry={null} onDone={() => {}} />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Enter the staff member's email address.")).toBeTruthy();
    expect(screen.queryByText('Please enter your email address.')).toBeNull();
  });
});
