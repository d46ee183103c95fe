import { messages, type LifeImpactPage as Page, ProfileType } from '@portal/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { LifeImpactPage } from './life-impact-page';

const m = messages.lifeImpact;

function serve(page: Page) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(page), { status: 200 })),
  );
}
afterEach(() => vi.unstubAllGlobals());

const client = { ...testUser(), profile: { ...testUser().profile, profile_type: ProfileType.Client } } as ReturnType<
  typeof testUser
>;
const admin = {
  ...testUser(),
  profile: { ...testUser().profile, profile_type: ProfileType.Administrator },
} as ReturnType<typeof testUser>;

describe('the Life Impact page', () => {
  it('shows a client the friendly empty text while nothing is written, and no way to edit', async () => {
    serve({ content: '', updated_at: null });
    renderAtUrl(<LifeImpactPage />, '/life-impact/', { user: client });
    expect(await screen.findByText(m.empty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.edit })).toBeNull();
  });

  it("draws the firm's page as written, and offers an administrator to edit it", async () => {
    serve({
      content: '<h2>Giving back</h2><p>We gave <strong>1,240</strong> hours.</p>',
      updated_at: '2026-11-20T15:00:00Z',
    });
    renderAtUrl(<LifeImpactPage />, '/life-impact/', { user: admin });
    expect(await screen.findByRole('heading', { level: 2, name: 'Giving back' })).toBeTruthy();
    expect(screen.getByText('1,240').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: m.edit })).toBeTruthy();
  });
});
