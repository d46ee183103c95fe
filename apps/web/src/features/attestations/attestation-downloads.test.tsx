import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Providers, testQueryClient } from '../../testing/render';
import { CsvExportButton } from './attestation-downloads';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function renderButton(filters = { firm: '10', fiscalYear: '2026', fiscalQuarter: 'all' }) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <Providers>
        <Notifications position="top-center" />
        <CsvExportButton filters={filters} />
      </Providers>
    </QueryClientProvider>,
  );
}

describe("the manager's CSV export", () => {
  it("asks for the filtered firm and period, and says 'No data to export to CSV file' at the bottom right", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify({ detail: 'No data to export to CSV file' }), { status: 404 });
      }),
    );
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'CSV export' }));

    const toast = await screen.findByText('No data to export to CSV file');
    expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
    expect(calls).toEqual(['/api/quarterly_attestations/export/?firm=10&fiscalYear=2026']);
  });

  it("saves the ZIP under the server's name", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(new Blob(['PK']), {
            status: 200,
            headers: {
              'content-type': 'application/zip',
              'content-disposition': `attachment; filename="dwa-attestations-fy2026.zip"; filename*=UTF-8''dwa-attestations-fy2026.zip`,
            },
          }),
      ),
    );
    // The test DOM has no object URLs: the test stands in for the browser's, and puts them back after.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // Passed or failed: the files after this one share the test DOM.
    onTestFinished(() => {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'CSV export' }));
    await vi.waitFor(() => expect(saved).toEqual(['dwa-attestations-fy2026.zip']));
    expect(screen.queryByText('No data to export to CSV file')).toBeNull();
  });
});
