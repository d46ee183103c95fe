import { IconPencil, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '../../lib/api';
import { Providers, renderAtUrl } from '../../testing/render';
import { DataTable } from './data-table';
import { SegmentedFilter } from './segmented-filter';
import { useListState } from './use-list-state';

interface Thing {
  id: number;
  name: string;
  kind: 'a' | 'b';
}

const THINGS: Thing[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: `Thing ${String(i + 1).padStart(2, '0')}`,
  kind: i % 2 === 0 ? 'a' : 'b',
}));

type Params = ReturnType<typeof useListState<'kind'>>['params'];

/** The server's side: every call it received, and a switch to hold answers back. */
const server = {
  calls: [] as Params[],
  hold: null as Promise<void> | null,
  async list(params: Params): Promise<Page<Thing>> {
    server.calls.push(params);
    if (server.hold) await server.hold;
    const [key, desc] = params.ordering.startsWith('-') ? [params.ordering.slice(1), true] : [params.ordering, false];
    const rows = THINGS.filter((t) => params.kind === 'all' || t.kind === params.kind)
      .filter((t) => t.name.toLowerCase().includes(params.search.toLowerCase()))
      .sort((x, y) => String(x[key as keyof Thing]).localeCompare(String(y[key as keyof Thing])) * (desc ? -1 : 1));
    const start = (params.page - 1) * params.page_size;
    return { count: rows.length, next: null, previous: null, results: rows.slice(start, start + params.page_size) };
  },
};

/** The row actions chosen, as 'Delete Thing 02'. */
let chosen: string[] = [];

beforeEach(() => {
  chosen = [];
  server.calls = [];
  server.hold = null;
});

// Long enough that a slow machine types a whole word within one pause.
const SEARCH_DELAY_MS = 1000;

function ThingsScreen() {
  const table = useListState({
    pageSize: 10,
    defaultOrdering: 'name',
    orderings: ['name', 'kind'],
    filters: { kind: { initial: 'all', allowed: ['all', 'a', 'b'] } },
    searchDelayMs: SEARCH_DELAY_MS,
  });
  const query = useQuery({
    queryKey: ['things', table.params],
    queryFn: () => server.list(table.params),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      label="Things"
      state={table}
      query={query}
      columns={[
        { label: 'Name', sortKey: 'name', render: (thing) => thing.name },
        { label: 'Kind', sortKey: 'kind', render: (thing) => thing.kind.toUpperCase() },
        { label: 'Id', render: (thing) => thing.id },
      ]}
      rowKey={(thing) => thing.id}
      rowLabel={(thing) => thing.name}
      search={{ label: 'Search things', placeholder: 'Search by name...' }}
      filters={
        <SegmentedFilter
          label="Kind"
          value={table.filters.kind}
          onChange={(value) => table.setFilter('kind', value)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'a', label: 'Kind A' },
            { value: 'b', label: 'Kind B' },
          ]}
        />
      }
      emptyText="No things found."
      rowNumbers
      actions={[
        // Only things of kind A may be edited: a permission function per row.
        {
          label: 'Edit',
          icon: IconPencil,
          placement: 'both',
          visible: (t) => t.kind === 'a',
          onClick: (t) => chosen.push(`Edit ${t.name}`),
        },
        { label: 'Delete', icon: IconTrash, color: 'red', onClick: (t) => chosen.push(`Delete ${t.name}`) },
      ]}
    />
  );
}

const renderThings = (url: string) => renderAtUrl(<ThingsScreen />, url);
const firstCell = () => within(screen.getAllByRole('row')[1]).getAllByRole('cell');
const header = (name: string) => screen.getByRole('columnheader', { name });
const lastCall = () => server.calls.at(-1);

describe('DataTable', () => {
  it('shows the list a link describes (page, order, search, filter) and asks the server for exactly that', async () => {
    renderThings('/things?page=2&ordering=-name&search=thing&kind=b');

    await screen.findByText('30 records');
    expect(lastCall()).toEqual({ page: 2, page_size: 10, ordering: '-name', search: 'thing', kind: 'b' });
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(header('Kind').getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('textbox', { name: 'Search things' })).toHaveProperty('value', 'thing');
    expect(screen.getByRole('radio', { name: 'Kind B' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // Row numbers continue from the first page; descending by name, kind B: Thing 60, 58 ... so 40 on page 2.
    expect(firstCell()[0].textContent).toBe('11');
    expect(firstCell()[1].textContent).toBe('Thing 40');
  });

  it('sorts by a clicked header, ascending then descending, from page 1; Back undoes each step', async () => {
    const user = userEvent.setup();
    const { router, href } = renderThings('/things?page=3');
    await screen.findByText('60 records');

    await user.click(within(header('Kind')).getByRole('button'));
    expect(href()).toBe('/things?ordering=kind');
    await waitFor(() => expect(header('Kind').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('Name').getAttribute('aria-sort')).toBe('none');

    await user.click(within(header('Kind')).getByRole('button'));
    expect(href()).toBe('/things?ordering=-kind');
    await waitFor(() => expect(lastCall()).toMatchObject({ page: 1, ordering: '-kind' }));
    expect(header('Kind').getAttribute('aria-sort')).toBe('descending');

    await act(() => router.navigate(-1));
    expect(href()).toBe('/things?ordering=kind');
    await act(() => router.navigate(-1));
    expect(href()).toBe('/things?page=3');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page'),
    );
  });

  it('searches once typing pauses, on page 1, replacing the history entry instead of adding one per keystroke', async () => {
    const user = userEvent.setup();
    const { router, href } = renderThings('/things');
    await screen.findByText('60 records');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(href()).toBe('/things?page=2');

    await user.type(screen.getByRole('textbox', { name: 'Search things' }), 'Thing 0');
    await waitFor(() => expect(href()).toBe('/things?search=Thing+0'), { timeout: 3 * SEARCH_DELAY_MS });
    await screen.findByText('9 records');
    // The server was asked for the whole word, never for each letter.
    expect(server.calls.map((call) => call.search)).toEqual(['', '', 'Thing 0']);

    // The search replaced the page-2 entry: Back leaves the list as it was before paging.
    await act(() => router.navigate(-1));
    expect(href()).toBe('/things');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search things' })).toHaveProperty('value', ''));
  });

  it('changes a filter from page 1, and Back brings the previous filter back', async () => {
    const user = userEvent.setup();
    const { router, href } = renderThings('/things?page=2');
    await screen.findByText('60 records');

    await user.click(screen.getByText('Kind A'));
    expect(href()).toBe('/things?kind=a');
    await screen.findByText('30 records');
    expect(lastCall()).toMatchObject({ page: 1, kind: 'a' });

    await act(() => router.navigate(-1));
    expect(href()).toBe('/things?page=2');
    await screen.findByText('60 records');
    expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
  });

  it('shows the same list after a refresh (the state is in the address, not in memory)', async () => {
    const user = userEvent.setup();
    const first = renderThings('/things');
    await screen.findByText('60 records');
    await user.click(screen.getByText('Kind B'));
    await user.click(within(header('Name')).getByRole('button'));
    await user.type(screen.getByRole('textbox', { name: 'Search things' }), 'thing');
    await waitFor(() => expect(first.href()).toBe('/things?kind=b&ordering=-name&search=thing'), {
      timeout: 3 * SEARCH_DELAY_MS,
    });
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    const address = first.href();
    first.unmount();

    renderThings(address);
    await screen.findByText('30 records');
    expect(screen.getByRole('textbox', { name: 'Search things' })).toHaveProperty('value', 'thing');
    expect(screen.getByRole('radio', { name: 'Kind B' })).toHaveProperty('checked', true);
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(firstCell()[1].textContent).toBe('Thing 40');
  });

  it('keeps the previous page on screen, marked busy, while the next one loads', async () => {
    const user = userEvent.setup();
    renderThings('/things');
    await screen.findByText('60 records');
    let release = () => {};
    server.hold = new Promise((resolve) => {
      release = resolve;
    });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('table', { name: 'Things' }).getAttribute('aria-busy')).toBe('true');
    expect(firstCell()[1].textContent).toBe('Thing 01');

    act(() => release());
    await waitFor(() => expect(firstCell()[1].textContent).toBe('Thing 11'));
    expect(screen.getByRole('table', { name: 'Things' }).getAttribute('aria-busy')).toBe('false');
  });

  it("offers each row's actions by permission, with labels naming the row", async () => {
    renderThings('/things');
    await screen.findByText('60 records');

    expect(screen.getByRole('button', { name: 'Edit Thing 01' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for Thing 01' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Thing 02' })).toBeNull();
    // Thing 02 may still be deleted, so its menu stays.
    expect(screen.getByRole('button', { name: 'Actions for Thing 02' })).toBeTruthy();
  });

  it("opens a row's menu from its button, by mouse or keyboard, and runs the chosen action on that row", async () => {
    const user = userEvent.setup();
    renderThings('/things');
    await screen.findByText('60 records');

    const actions = screen.getByRole('button', { name: 'Actions for Thing 02' });
    expect(actions.getAttribute('aria-haspopup')).toBe('menu');
    expect(actions.getAttribute('aria-expanded')).toBe('false');
    await user.click(actions);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(chosen).toEqual(['Delete Thing 02']);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    // Keyboard: Enter opens it, Escape closes it and leaves focus on the button.
    const other = screen.getByRole('button', { name: 'Actions for Thing 03' });
    other.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for Thing 03' }).getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Thing 03' })),
    );

    await user.click(screen.getByRole('button', { name: 'Edit Thing 01' }));
    expect(chosen).toEqual(['Delete Thing 02', 'Edit Thing 01']);
  });

  it("says the screen's empty text when nothing matches, and moves past a page that no longer exists", async () => {
    const { href } = renderThings('/things?search=zzz');
    expect(await screen.findByText('No things found.')).toBeTruthy();
    expect(screen.getByText('0 records')).toBeTruthy();

    const again = renderThings('/things?page=9&kind=a');
    await waitFor(() => expect(again.href()).toBe('/things?page=3&kind=a'));
    expect(href()).toBe('/things?search=zzz');
  });

  it('drops a search still pending when the person follows a link to another screen', async () => {
    const user = userEvent.setup();
    // The other screen loads its data first (as the signed-in routes do), so this one stays shown meanwhile.
    const router = createMemoryRouter(
      [
        { path: '/things', element: <ThingsScreen /> },
        {
          path: '/elsewhere',
          loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 2.5 * SEARCH_DELAY_MS)),
          element: <p>Elsewhere</p>,
        },
      ],
      { initialEntries: ['/things'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </QueryClientProvider>,
    );
    await screen.findByText('60 records');

    await user.type(screen.getByRole('textbox', { name: 'Search things' }), 'Thing');
    void router.navigate('/elsewhere');

    expect(await screen.findByText('Elsewhere', {}, { timeout: 4 * SEARCH_DELAY_MS })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(server.calls.map((call) => call.search)).not.toContain('Thing');
  });
});

/** A list whose columns a phone does without, some from sm and some from md. */
function Narrow() {
  const table = useListState({ pageSize: 10, defaultOrdering: 'name', orderings: ['name', 'kind'], filters: {} });
  const list = useQuery({
    queryKey: ['narrow', table.params],
    queryFn: () => server.list({ ...table.params, kind: 'all' }),
  });
  return (
    <DataTable
      label="Things"
      state={table}
      query={list}
      columns={[
        { label: 'Name', sortKey: 'name', render: (t: Thing) => t.name },
        { label: 'Kind', sortKey: 'kind', visibleFrom: 'sm', render: (t: Thing) => t.kind },
        { label: 'Id', visibleFrom: 'md', render: (t: Thing) => t.id },
      ]}
      rowKey={(t) => t.id}
      rowLabel={(t) => t.name}
      emptyText="Nothing."
      actions={[{ label: 'Edit', icon: IconPencil, onClick: () => {} }]}
    />
  );
}

describe('on a small screen', () => {
  it('leaves out the columns marked visibleFrom below their breakpoint, and pins the actions column', async () => {
    renderAtUrl(<Narrow />, '/');
    const row = (await screen.findByText('Thing 01')).closest('tr') as HTMLElement;
    const cells = Array.from(row.querySelectorAll('td'));
    const headers = screen.getAllByRole('columnheader');
    const classOf = (el: Element) => el.getAttribute('class') ?? '';
    // Name is always shown; Kind from sm, Id from md, in the header and in every row alike.
    expect(classOf(cells[0])).not.toMatch(/from/);
    expect(classOf(cells[1])).toMatch(/fromSm/);
    expect(classOf(cells[2])).toMatch(/fromMd/);
    expect(classOf(headers[1])).toMatch(/fromSm/);
    expect(classOf(headers[2])).toMatch(/fromMd/);
    expect(classOf(cells[3])).toMatch(/actions/);
    expect(classOf(headers[3])).toMatch(/actions/);
  });
});
