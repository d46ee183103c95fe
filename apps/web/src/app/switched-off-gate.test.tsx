import { messages, type PortalSettings } from '@portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { portalSettingsKey } from '../lib/portal-settings';
import { renderAtUrl, testQueryClient } from '../testing/render';
import { SwitchedOffGate } from './switched-off-gate';

const settings: PortalSettings = {
  switched_off: ['/calendar', '/staff-directory/'],
  coming_soon_target: '2099-01-15T14:00:00.000Z',
  coming_soon_message: 'Our calendar opens in January.',
};

function at(url: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(portalSettingsKey, settings);
  return renderAtUrl(<SwitchedOffGate />, url, { queryClient });
}

describe('a menu entry the firm switched off', () => {
  it("draws the coming-soon card with the firm's message and countdown in place of its screen", async () => {
    at('/calendar?month=2026-12');
    // The card is a chunk of its own, loaded when first drawn.
    expect(await screen.findByRole('heading', { name: messages.comingSoon.entryTitle('Calendar') })).toBeTruthy();
    expect(screen.getByText('Our calendar opens in January.')).toBeTruthy();
    expect(screen.getByTestId('countdown')).toBeTruthy();
  });

  it('covers the screens under the entry, with or without the trailing slash', async () => {
    at('/staff-directory');
    expect(
      await screen.findByRole('heading', { name: messages.comingSoon.entryTitle('Staff Directory') }),
    ).toBeTruthy();
  });

  it('leaves every other screen alone', () => {
    at('/life-impact/');
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
