import { type CalendarRange, messages, ProfileType } from '@portal/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { CalendarPage } from './calendar-page';

const m = messages.calendar;

const range: CalendarRange = {
  from: '2026-09-27',
  to: '2026-10-31',
  events: [
    {
      id: 7,
      title: 'Client appreciation day',
      all_day: true,
      start: '2026-10-20',
      end: '2026-10-20',
      location: 'Main office',
      description: 'Lunch and a talk.',
    },
  ],
  deadlines: [
    {
      id: 'attestation-FY2026Q2-due',
      kind: 'due',
      date: '2026-10-16',
      title: m.deadline.due('FY2026 Q2'),
      description: m.deadline.dueText('FY2026 Q2', 15),
      fiscal_year: 2026,
      fiscal_quarter: 2,
      filed: true,
    },
  ],
};

function serve(calls: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify(range), { status: 200 });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('the calendar', () => {
  it("asks for the month's weeks, shows events and deadlines on their days, and a deadline's details", async () => {
    const calls: string[] = [];
    serve(calls);
    renderAtUrl(<CalendarPage />, '/calendar?month=2026-10', { user: testUser() });
    const deadline = await screen.findByRole('button', { name: m.deadline.due('FY2026 Q2') });
    expect(calls).toEqual(['/api/calendar/events/?from=2026-09-27&to=2026-10-31']);
    expect(deadline.closest('td')?.getAttribute('data-date')).toBe('2026-10-16');
    expect(
      screen.getByRole('button', { name: 'Client appreciation day' }).closest('td')?.getAttribute('data-date'),
    ).toBe('2026-10-20');
    // A standard user adds nothing.
    expect(screen.queryByRole('button', { name: m.newEvent })).toBeNull();
    await userEvent.click(deadline);
    const dialog = await screen.findByRole('dialog', { name: m.deadline.due('FY2026 Q2') });
    expect(dialog.textContent).toContain(m.deadline.filed);
    expect(dialog.textContent).toContain('the firm allows 15 days');
  });

  it('offers an administrator a new event, and keeps the list view in the address', async () => {
    serve([]);
    const admin = {
      ...testUser(),
      profile: { ...testUser().profile, profile_type: ProfileType.Administrator },
    } as ReturnType<typeof testUser>;
    const { href } = renderAtUrl(<CalendarPage />, '/calendar?month=2026-10&view=list', { user: admin });
    expect(await screen.findByRole('heading', { name: /Tuesday, 10\/20\/2026/ })).toBeTruthy();
    expect(screen.getByText('All day · Main office')).toBeTruthy();
    expect(screen.getByRole('button', { name: m.newEvent })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: m.nextMonth }));
    expect(href()).toBe('/calendar?month=2026-11&view=list');
  });
});
