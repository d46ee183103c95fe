import { type ClientDocument, messages, ProfileType, type User } from '@portal/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { DocumentVaultPage } from './document-vault-page';

const m = messages.clientDocuments;

const client = {
  ...testUser({}, { id: 21 }),
  profile: { ...testUser().profile, profile_type: ProfileType.Client },
} as User;
const advisor = {
  ...testUser({}, { id: 7 }),
  profile: { ...testUser().profile, profile_type: ProfileType.FinancialAdvisor },
} as User;
const admin = {
  ...testUser({}, { id: 3 }),
  profile: { ...testUser().profile, profile_type: ProfileType.Administrator },
} as User;

const doc = (over: Partial<ClientDocument> = {}): ClientDocument => ({
  id: 5,
  client: 21,
  file_name: 'Q3 statement.pdf',
  content_type: 'application/pdf',
  size: 2048,
  category: 'statement',
  description: 'Quarterly statement',
  uploaded_by: 7,
  uploaded_by_name: 'Avery Advisor',
  uploaded_by_client: false,
  uploaded_at: '2026-10-02T14:30:00.000Z',
  download_url: '/api/client_documents/5/download/',
  ...over,
});

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function serve(calls: Call[], documents: ClientDocument[] = [doc()]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body });
      if (url.startsWith('/api/users/firm_advisor_clients/'))
        return new Response(
          JSON.stringify(page([{ id: 21, first_name: 'Chris', last_name: 'Client', email: 'chris@example.test' }])),
        );
      if (init.method === 'POST') return new Response(JSON.stringify(doc({ id: 6 })), { status: 201 });
      return new Response(JSON.stringify(page(documents)));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the document vault', () => {
  it('shows a client their own vault: who uploaded each document and when, the size limit, and Remove only on their own', async () => {
    const calls: Call[] = [];
    serve(calls, [doc(), doc({ id: 8, file_name: 'signed.pdf', uploaded_by: 21, uploaded_by_name: 'Chris Client' })]);
    renderAtUrl(<DocumentVaultPage />, '/document-vault/', { user: client });
    expect(await screen.findByRole('cell', { name: 'Q3 statement.pdf' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Avery Advisor' })).toBeTruthy();
    expect(screen.getAllByRole('cell', { name: /^\d\d\/\d\d\/2026 \d\d:\d\d (AM|PM)$/ })).toHaveLength(2);
    expect(screen.getByText(m.fileHint('25 MB'))).toBeTruthy();
    expect(calls[0].url).toContain('client=21');
    expect(calls[0].url).toContain('ordering=-uploaded_at');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for signed.pdf' }));
    expect(await screen.findByRole('menuitem', { name: m.remove })).toBeTruthy();
  });

  it('asks an advisor to choose the client first, then lists that client’s vault', async () => {
    const calls: Call[] = [];
    serve(calls);
    const view = renderAtUrl(<DocumentVaultPage />, '/document-vault/', { user: advisor });
    expect(await screen.findByText(m.chooseClientFirst)).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/client_documents/'))).toBe(false);
    view.router.navigate('/document-vault/?client=21');
    expect(await screen.findByRole('cell', { name: 'Q3 statement.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: m.upload })).toBeTruthy();
  });

  it('opens the Client picker clicked before its list arrives: it says it is loading, then offers the clients', async () => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: Call[] = [];
    serve(calls);
    const served = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (String(url).startsWith('/api/users/firm_advisor_clients/')) await arrived;
      return (served as typeof fetch)(url, init);
    });
    renderAtUrl(<DocumentVaultPage />, '/document-vault/', { user: advisor });
    await userEvent.click(await screen.findByRole('combobox', { name: messages.onboarding.clientAgreement.client }));
    expect(await screen.findByText(messages.lists.loading)).toBeTruthy();
    release();
    expect(await screen.findByRole('option', { name: /Chris Client/ })).toBeTruthy();
  });

  it('gives an administrator the vault to read, without Upload', async () => {
    serve([]);
    renderAtUrl(<DocumentVaultPage />, '/document-vault/?client=21', { user: admin });
    expect(await screen.findByRole('cell', { name: 'Q3 statement.pdf' })).toBeTruthy();
    expect(screen.getByText(m.readOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.upload })).toBeNull();
  });

  it('refuses a file the vault does not take before sending it, then uploads a PDF as a multipart form', async () => {
    const calls: Call[] = [];
    serve(calls);
    renderAtUrl(<DocumentVaultPage />, '/document-vault/', { user: client });
    await userEvent.click(await screen.findByRole('button', { name: m.upload }));
    const dialog = await screen.findByRole('dialog', { name: m.uploadTitle });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'setup.exe')] } });
    await userEvent.click(screen.getAllByRole('button', { name: m.upload }).at(-1) as HTMLElement);
    expect(await screen.findByText(m.fileType)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7'], 'signed.pdf', { type: 'application/pdf' })] } });
    await userEvent.click(screen.getAllByRole('button', { name: m.upload }).at(-1) as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST') as Call;
    expect(post.url).toBe('/api/client_documents/');
    const form = post.body as FormData;
    expect(form.get('client')).toBe('21');
    expect(form.get('category')).toBe('statement');
    expect((form.get('file') as File).name).toBe('signed.pdf');
    // Done: the dialog closes and the list is read again.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.uploadTitle })).toBeNull());
  });
});
