import { messages } from '@portal/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../testing/render';
import { ComingSoon } from './coming-soon-countdown';

const m = messages.comingSoon;

afterEach(() => vi.useRealTimers());

describe('the coming-soon countdown', () => {
  it('counts down in days, hours, minutes and seconds to the target', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), toFake: ['Date'] });
    renderAtUrl(
      <ComingSoon variant="card" title="Calendar is coming soon" message={null} target="2026-11-28T13:04:05Z" />,
      '/',
    );
    expect(screen.getByRole('heading', { name: 'Calendar is coming soon' })).toBeTruthy();
    expect(screen.getByText(m.defaultMessage)).toBeTruthy();
    expect(screen.getByText(m.countdownLabel(2, 3, 4, 5))).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe(`02${m.days}03${m.hours}04${m.minutes}05${m.seconds}`);
  });

  it('says so once the date has passed, never with negative numbers (the seed stopped in January 2021)', () => {
    renderAtUrl(<ComingSoon variant="page" title={m.title} message="Soon." target="2021-01-01T05:00:00Z" />, '/');
    expect(screen.getByText(m.arrived)).toBeTruthy();
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.getByRole('link', { name: m.backHome }).getAttribute('href')).toBe('/');
  });

  it('without a date, says none has been announced', () => {
    renderAtUrl(<ComingSoon variant="card" title={m.title} message={null} target={null} />, '/');
    expect(screen.getByText(m.noDate)).toBeTruthy();
  });
});
