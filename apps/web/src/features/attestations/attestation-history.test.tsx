import type { Attestation, AttestationHistory as History, User } from '@portal/domain';
import { ProfileType } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { AttestationHistory } from './attestation-history';
import { blankAttestation } from './attestation-values';

const cco = {
  id: 2,
  email: 'cora@example.test',
  first_name: 'Cora',
  last_name: 'Checker',
  profile: { profile_type: ProfileType.StandardUser, _firm: 1, is_cco: true, is_super_cco: false },
} as unknown as User;

const original = {
  ...blankAttestation({ email: 'ada@example.test' }),
  Id: 41,
  Name: 'Ada Lovelace - HAL FY2026 Q2',
  First_Name__c: 'Ada',
  Last_Name__c: 'Lovelace',
  Job_Title__c: 'Analyst',
  Employment_Date__c: '2019-04-01',
  Insurance_License__c: '[redacted]',
  Status__c: 'Submitted',
  Reviewed_Date__c: null,
  Reviewed_By__c: null,
  Owner_Tk__c: 6,
  Firm_Tk__c: 1,
  Personal_Securities__r: {
    records: [
      { Id: 7, Account_Owner__c: 'Ada', Account_Number__c: 'X-1', Account_Type__c: null, Custodian__c: 'Schwab' },
    ],
  },
  Outside_Business_Activities__r: { records: [] },
  Political_Contributions__r: { records: [] },
} as unknown as Attestation;

const event = (over: Partial<History['events'][number]>): History['events'][number] => ({
  id: 1,
  occurred_at: '2026-11-22T17:00:00.000Z',
  action: 'update',
  actor_id: 6,
  actor_name: 'Ada Lovelace',
  entity: 'attestation',
  entity_id: 41,
  changes: [],
  ...over,
});

const answer: History = {
  original,
  events: [
    event({ id: 1, action: 'create', occurred_at: '2026-11-20T17:00:00.000Z' }),
    event({
      id: 2,
      occurred_at: '2026-11-21T17:05:00.000Z',
      changes: [
        { field: 'Insurance_License__c', from: '[redacted]', to: '[redacted]' },
        { field: 'Job_Title__c', from: 'Analyst', to: 'Senior analyst' },
        { field: 'Account_Number__c', list: 'Personal_Securities__r', row: 7, from: 'X-1', to: 'X-1b' },
      ],
    }),
    event({
      id: 3,
      action: 'review',
      actor_id: 2,
      actor_name: 'Cora Checker',
      changes: [
        { field: 'Status__c', from: 'Submitted', to: 'Reviewed' },
        { field: 'Reviewed_By__c', from: null, to: 'Cora Checker' },
        { field: 'Reviewed_By_Tk__c', from: null, to: 2 },
        { field: 'Reviewed_Date__c', from: null, to: '2026-11-22' },
      ],
    }),
  ],
};

function stubHistory(body: History) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderHistory = () =>
  renderAtUrl(<AttestationHistory actor={cco} attestationId={41} roster={null} />, '/', { user: cco });

afterEach(() => vi.unstubAllGlobals());

describe("an attestation's History tab", () => {
  it('lists each change newest first: when, who, what, and each field before and after by its label', async () => {
    const fetch = stubHistory(answer);
    renderHistory();
    const entries = await screen.findAllByRole('article');
    expect(String((fetch.mock.calls[0] as unknown as [string])[0])).toContain(
      '/api/quarterly_attestations/41/history/',
    );
    expect(entries.map((e) => within(e).getAllByText(/./)[0].textContent)).toEqual([
      'Changed the review',
      'Edited the attestation',
      'Submitted the attestation',
    ]);

    const [review, edit] = entries;
    expect(within(review).getAllByText('Cora Checker')[0].tagName).toBe('P');
    expect(within(review).getByText(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2} (AM|PM)$/)).toBeTruthy();
    const rows = (entry: HTMLElement) =>
      within(entry)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    // The reviewer by name; their record id says nothing to a person.
    expect(rows(review)).toEqual([
      ['Status', 'Submitted', 'Reviewed'],
      ['Reviewed date', '—', '11/22/2026'],
      ['Reviewed by', '—', 'Cora Checker'],
    ]);
    // The form's order (job title before the licence), then the rows; PII never in clear.
    expect(rows(edit)).toEqual([
      ['Job title', 'Analyst', 'Senior analyst'],
      ['Insurance license', 'Redacted', 'Redacted'],
      ['Personal security (record 7): Account number', 'X-1', 'X-1b'],
    ]);
    expect(within(edit).getByText('Ada Lovelace')).toBeTruthy();
  });

  it('shows the original submission as the read-only form, and goes back to the history', async () => {
    stubHistory(answer);
    renderHistory();
    await userEvent.click(await screen.findByRole('button', { name: 'View original submission' }));
    expect(screen.getByRole('heading', { name: 'Original submission' })).toBeTruthy();
    const job = screen.getByRole('textbox', { name: 'Job title' }) as HTMLInputElement;
    expect(job.value).toBe('Analyst');
    expect(job.disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: /Account number/ }) as HTMLInputElement).value).toBe('X-1');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Back to history' }));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
  });

  it('says when the original submission was not recorded', async () => {
    stubHistory({ original: null, events: [] });
    renderHistory();
    expect(await screen.findByText(/The original submission was not recorded/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View original submission' })).toBeNull();
    expect(screen.getByText('No changes have been recorded for this attestation.')).toBeTruthy();
  });
});
