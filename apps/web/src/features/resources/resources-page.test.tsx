import { messages, ProfileType, type Resource, type User } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { ResourceForm } from './resource-form';
import { CategoryPage } from './resources-page';

const m = messages.resources;

const resource = (over: Partial<Resource> = {}): Resource => ({
  id: 1,
  firm: 10,
  category: 'compliance',
  name: 'Code of Ethics',
  added_date: '2026-10-01',
  last_modified_date: '2026-11-02',
  url: '/api/resources/1/file/',
  kind: 'file',
  file_name: 'ethics.pdf',
  version: 2,
  acknowledgement: 'code_of_ethics',
  acknowledged_on: null,
  ...over,
});
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const admin = (): User => {
  const u = testUser();
  return { ...u, profile: { ...u.profile, profile_type: ProfileType.Administrator } } as User;
};

function serve(rows: Resource[], calls: { url: string; method: string }[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      if (init?.method === 'POST') return new Response(JSON.stringify({ ...rows[0], acknowledged_on: '2026-11-20' }));
      return new Response(JSON.stringify(page(rows)), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('a category of training resources', () => {
  it('lists Resource Name (opening in a new tab), Added Date and Last Modified Date, and a staff member acknowledges in one click', async () => {
    const calls = serve([resource(), resource({ id: 2, name: 'Compliance Manual', acknowledgement: null })]);
    renderAtUrl(<CategoryPage category="compliance" />, '/resources/compliance', { user: testUser() });
    const link = await screen.findByRole('link', { name: /Code of Ethics/ });
    expect(link.getAttribute('href')).toBe('/api/resources/1/file/');
    expect(link.getAttribute('target')).toBe('_blank');
    for (const header of [m.columns.name, m.columns.added, m.columns.modified])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Code of Ethics/ });
    expect(within(row).getByRole('cell', { name: '10/01/2026' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: '11/02/2026' })).toBeTruthy();
    // Only the document that requires it offers the button; staff have no row menu.
    expect(screen.getAllByRole('button', { name: /^Acknowledge that/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: m.add })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: m.acknowledgeLabel('Code of Ethics') }));
    expect(calls).toContainEqual({ url: '/api/resources/1/acknowledge/', method: 'POST' });
  });

  it("shows the date of the staff member's acknowledgement of the current version", async () => {
    serve([resource({ acknowledged_on: '2026-11-20' })]);
    renderAtUrl(<CategoryPage category="compliance" />, '/resources/compliance', { user: testUser() });
    expect(await screen.findByText(m.acknowledgedOn('11/20/2026'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Acknowledge that/ })).toBeNull();
  });

  it("says 'No … resources found to be listed' with the category's name", async () => {
    serve([]);
    renderAtUrl(<CategoryPage category="investments" />, '/resources/investments', { user: testUser() });
    expect(await screen.findByText(m.empty('Investments'))).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: m.sideMenu }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Compliance', 'Investments', 'Operations', 'Videos', 'FAQs']);
  });

  it('offers an administrator Add Resource and the row menu: Edit, Version history, Acknowledgements, Remove', async () => {
    serve([resource()]);
    renderAtUrl(<CategoryPage category="compliance" />, '/resources/compliance', { user: admin() });
    expect(await screen.findByRole('button', { name: m.add })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Code of Ethics' }));
    for (const item of [m.edit, m.versions, m.acknowledgements, m.remove])
      expect(await screen.findByRole('menuitem', { name: item })).toBeTruthy();
  });
});

describe("a super admin's view", () => {
  it('picks the firm: the list asks for the chosen firm', async () => {
    const calls = serve([resource()]);
    const u = testUser({ is_super_admin: true });
    renderAtUrl(<CategoryPage category="compliance" />, '/resources/compliance?firm=12', {
      user: { ...u, profile: { ...u.profile, profile_type: ProfileType.Administrator } } as User,
    });
    expect(await screen.findByRole('combobox', { name: m.firmLabel })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/resources/?') && c.url.includes('firm=12'))).toBe(true);
  });
});

describe('the resource form', () => {
  it('asks for a name and a file or link, and refuses a file off the list before anything is sent', async () => {
    const calls = serve([]);
    renderAtUrl(<ResourceForm category="operations" editing={null} onDone={() => {}} />, '/');
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.nameRequired)).toBeTruthy();
    expect(screen.getByText(m.fileOrUrl)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: m.name }), 'Manual');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }), {
      applyAccept: false,
    });
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.fileType)).toBeTruthy();
    expect(calls).toEqual([]);
    // Only a Compliance document can require acknowledgement: no such choice here.
    expect(screen.queryByRole('combobox', { name: m.acknowledgement })).toBeNull();
  });

  it('takes a link on http(s) only', async () => {
    const calls = serve([]);
    renderAtUrl(<ResourceForm category="videos" editing={null} onDone={() => {}} />, '/');
    await userEvent.type(screen.getByRole('textbox', { name: m.name }), 'Intro');
    await userEvent.click(screen.getByRole('radio', { name: m.sourceLink }));
    await userEvent.type(screen.getByRole('textbox', { name: m.url }), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(messages.validation.url)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
