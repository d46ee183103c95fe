import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mostRecentQuery } from './attestations-api';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe("a person's most recent attestation", () => {
  it('is none for a first-time filer, asked without a call that answers 404 (the browser would log it)', async () => {
    const fetch = vi.fn(async (_url: string) => json({ count: 0, next: null, previous: null, results: [] }));
    vi.stubGlobal('fetch', fetch);
    expect(await new QueryClient().fetchQuery(mostRecentQuery(6))).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/quarterly_attestations/?user=6&ordering=-Submitted_Date__c&page_size=1',
    ]);
  });

  it('is the whole record of the latest submission', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('?')
        ? json({ count: 2, next: null, previous: null, results: [{ Id: 41, Name: 'Sid Staff - DWA FY2026 Q2' }] })
        : json({ Id: 41, Name: 'Sid Staff - DWA FY2026 Q2', Personal_Securities__r: { records: [] } }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await new QueryClient().fetchQuery(mostRecentQuery(6))).toMatchObject({ Id: 41 });
    expect(fetch.mock.calls[1][0]).toBe('/api/quarterly_attestations/41/');
  });
});
