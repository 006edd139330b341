// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import type { AccessControlProvider } from '@refinedev/core';
import { ResourceList } from '../../src/screens/generic/list-screen';
import { api, englishI18n, gadget, gadgetResource, installMatchMedia, nodeResource, ok, renderAt } from '../helpers/generic-harness';

// antd renders slowly under jsdom.
vi.setConfig({ testTimeout: 60_000 });

const server = setupServer();
let i18n: I18n;
let queries: Record<string, unknown>[] = [];

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  queries = [];
});
afterAll(() => server.close());

/** Answers the gadget query with these records (and total), recording each body. */
function answerQuery(records: Record<string, unknown>[], total = records.length) {
  server.use(
    api.post('gadget/query', async ({ request }) => {
      queries.push((await request.json()) as Record<string, unknown>);
      return ok({ total, records });
    }),
  );
}

const lastQuery = () => queries[queries.length - 1];

function renderList(accessControl?: AccessControlProvider) {
  return renderAt({ path: '/datum/store/store', i18n, screen: <ResourceList resource={gadgetResource} />, accessControl });
}

describe('generic list', () => {
  it('renders the declared columns and the records, formatted by kind', async () => {
    answerQuery([gadget(), gadget({ id: 2, code: 'G002', name: 'Widget B', price: null, kind: 'B', active: false, state: 'EFFECTED' })]);
    renderList();
    expect(await screen.findByText('Widget A')).toBeTruthy();
    for (const header of ['Code', 'Name', 'Price', 'Quantity', 'Kind', 'Active', 'State', 'Actions']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    const rowA = screen.getByText('Widget A').closest('tr')!;
    expect(within(rowA).getByText('1,234.50')).toBeTruthy();
    expect(within(rowA).getByText('Alpha')).toBeTruthy();
    expect(within(rowA).getByText('Yes')).toBeTruthy();
    expect(within(rowA).getByText('Not audited')).toBeTruthy();
    const rowB = screen.getByText('Widget B').closest('tr')!;
    expect(within(rowB).getByText('-')).toBeTruthy();
    expect(within(rowB).getByText('Beta')).toBeTruthy();
    expect(within(rowB).getByText('No')).toBeTruthy();
    expect(screen.getByText('Total 2')).toBeTruthy();
    // Remarks are long text: not a column by default.
    expect(screen.queryByText('Remarks')).toBeNull();
    expect(lastQuery()).toEqual({ page: 1, pageSize: 20, filters: {}, sorters: [{ field: 'code', order: 'asc' }] });
  });

  it('offers only the actions the record state allows', async () => {
    answerQuery([gadget(), gadget({ id: 2, name: 'Widget B', state: 'EFFECTED' })]);
    renderList();
    const rowA = (await screen.findByText('Widget A')).closest('tr')!;
    expect(within(rowA).getByRole('button', { name: 'Audit' })).toBeTruthy();
    expect(within(rowA).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(rowA).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(rowA).queryByRole('button', { name: 'Reopen' })).toBeNull();
    const rowB = screen.getByText('Widget B').closest('tr')!;
    expect(within(rowB).getByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(within(rowB).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(rowB).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(rowB).getByRole('button', { name: 'Detail' })).toBeTruthy();
  });

  it('hides what the access control provider refuses', async () => {
    answerQuery([gadget()]);
    const denyWrites: AccessControlProvider = {
      can: async ({ action }) => ({ can: ['list', 'show', 'export'].includes(action) }),
    };
    renderList(denyWrites);
    const row = (await screen.findByText('Widget A')).closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Detail' })).toBeTruthy());
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Audit' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('sends the filter bar, the keyword and Reset in the query body', async () => {
    answerQuery([gadget()]);
    renderList();
    await screen.findByText('Widget A');
    const bar = screen.getByRole('button', { name: 'Search' }).closest('form')!;
    fireEvent.change(within(bar).getByLabelText('Name'), { target: { value: ' Wid ' } });
    fireEvent.change(within(bar).getByLabelText('Code'), { target: { value: 'G0' } });
    fireEvent.change(within(bar).getByLabelText('Price From'), { target: { value: '10' } });
    fireEvent.change(within(bar).getByPlaceholderText('Search Code / Name'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery().keyword).toBe('abc'));
    expect(lastQuery()).toMatchObject({ page: 1, filters: { name: 'Wid', code: 'G0', price: [10, null] } });

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(lastQuery().filters).toEqual({}));
    expect(lastQuery().keyword).toBeUndefined();
  });

  it('sorts by a sortable column and pages with the chosen size', async () => {
    answerQuery([gadget()], 45);
    renderList();
    await screen.findByText('Widget A');
    expect(screen.getByText('Total 45')).toBeTruthy();

    fireEvent.click(screen.getAllByText('Price')[0].closest('th')!);
    await waitFor(() => expect(lastQuery().sorters).toEqual([{ field: 'price', order: 'asc' }]));
    fireEvent.click(screen.getAllByText('Price')[0].closest('th')!);
    await waitFor(() => expect(lastQuery().sorters).toEqual([{ field: 'price', order: 'desc' }]));

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 2, pageSize: 20 }));
  });

  it('shows the empty state when nothing matches', async () => {
    answerQuery([]);
    renderList();
    expect(await screen.findByText('No data')).toBeTruthy();
    expect(screen.getByText('Total 0')).toBeTruthy();
  });

  it('asks before a state action, then posts it with the record id', async () => {
    answerQuery([gadget()]);
    const posted: string[] = [];
    server.use(
      api.post('gadget/audit', async ({ request }) => {
        posted.push(new URL(request.url).search);
        return ok(gadget({ state: 'EFFECTED' }));
      }),
    );
    renderList();
    const row = (await screen.findByText('Widget A')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Audit' }));
    expect(await screen.findByText('Audit Widget A?')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posted).toEqual(['?id=1']));
    // The list reloads after the change.
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
  });

  it('asks before deleting, naming the record, then posts delete with its version', async () => {
    answerQuery([gadget()]);
    const deleted: { search: string; body: unknown }[] = [];
    server.use(
      api.post('gadget/delete', async ({ request }) => {
        deleted.push({ search: new URL(request.url).search, body: await request.json() });
        return ok(null);
      }),
    );
    renderList();
    const row = (await screen.findByText('Widget A')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete "Widget A"?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleted).toEqual([{ search: '?id=1', body: { version: 3 } }]));
  });

  it('opens add, edit and detail in a drawer addressed by the url', async () => {
    answerQuery([gadget()]);
    server.use(api.get('gadget/info/1', () => ok(gadget())));
    renderList();
    const row = (await screen.findByText('Widget A')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Detail' }));
    expect(screen.getByTestId('location').textContent).toBe('/datum/store/store?view=dtl&id=1');
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Gadget details')).toBeTruthy();
    expect(await within(drawer).findByText('Widget A')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('location').textContent).toBe('/datum/store/store?view=add');
  });

  it('shows a tree resource as an expandable tree built from parent ids', async () => {
    server.use(
      api.post('node/query', () =>
        ok({
          total: 3,
          records: [
            { id: 1, parent: null, name: 'East' },
            { id: 2, parent: 1, name: 'Shanghai' },
            { id: 3, parent: null, name: 'West' },
          ],
        }),
      ),
    );
    renderAt({ path: '/datum/area/area', i18n, screen: <ResourceList resource={nodeResource} /> });
    expect(await screen.findByText('East')).toBeTruthy();
    expect(screen.getByText('West')).toBeTruthy();
    expect(screen.queryByText('Shanghai')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /expand/i })[0]);
    expect(await screen.findByText('Shanghai')).toBeTruthy();
  });
});
