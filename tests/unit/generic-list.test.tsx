// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import { ResourceList } from '../../src/screens/generic/list-screen';
import { ImmediateDecisions } from '../../src/components/immediate-decisions';
import {
  api,
  buttonNamed,
  buttonsNamed,
  CONFIRM_QUESTION,
  englishI18n,
  gadget,
  gadgetResource,
  installMatchMedia,
  nodeResource,
  ok,
  renderAt,
} from '../helpers/generic-harness';

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
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const headerOf = (text: string) => within(document.querySelector('thead')!).getByText(text).closest('th')!;

function renderList(accessControl?: AccessControlProvider) {
  return renderAt({ path: '/datum/store/store', i18n, screen: <ResourceList resource={gadgetResource} />, accessControl });
}

describe('generic list', () => {
  it('renders the declared columns and the records, formatted by kind', async () => {
    answerQuery([
      gadget(),
      gadget({
        id: 2,
        code: 'G002',
        name: 'Widget B',
        price: null,
        kind: 'B',
        active: false,
        state: 'EFFECTED',
        createdBy: 7,
        _titles: { createdBy: { 7: 'Clerk Wang' } },
      }),
    ]);
    renderList();
    await screen.findByText('Widget A');
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    // A document (it has an audit step) shows who made it and when; rows can be selected for bulk actions.
    expect(headers).toEqual(['', 'Code', 'Name', 'Price', 'Quantity', 'Kind', 'Active', 'State', 'Created by', 'Created at', 'Actions']);
    const rowA = rowOf('Widget A');
    for (const text of ['G001', '1,234.50', '3', 'Alpha', 'Yes', 'Not audited']) expect(within(rowA).getByText(text)).toBeTruthy();
    const rowB = rowOf('Widget B');
    for (const text of ['-', 'Beta', 'No', 'Audited']) expect(within(rowB).getByText(text)).toBeTruthy();
    // The creator by name, not by user id.
    expect(within(rowB).getByText('Clerk Wang')).toBeTruthy();
    expect(within(rowB).queryByText('7')).toBeNull();
    expect(screen.getByText('Total 2')).toBeTruthy();
    expect(lastQuery()).toEqual({ page: 1, pageSize: 20, filters: {}, sorters: [{ field: 'code', order: 'asc' }] });
  });

  it('offers only the actions the record state allows', async () => {
    answerQuery([gadget(), gadget({ id: 2, name: 'Widget B', state: 'EFFECTED' })]);
    renderList();
    await screen.findByText('Widget A');
    const names = (row: HTMLElement) => [...row.querySelectorAll('button')].map((button) => button.textContent);
    expect(names(rowOf('Widget A'))).toEqual(['Detail', 'Edit', 'Audit', 'Delete']);
    expect(names(rowOf('Widget B'))).toEqual(['Detail', 'Reopen']);
    // The row's links are light buttons in one box, which keeps them on one line (row-action.css):
    // the pinned column is as wide as they are, not one word.
    const links = [...rowOf('Widget A').querySelectorAll('button')];
    expect(links.map((link) => link.className)).toEqual([
      'console-row-action',
      'console-row-action',
      'console-row-action',
      'console-row-action console-row-action-danger',
    ]);
    expect(new Set(links.map((link) => link.parentElement?.className))).toEqual(new Set(['console-row-actions']));
  });

  it('hides what the access control provider refuses', async () => {
    answerQuery([gadget()]);
    const readOnly: AccessControlProvider = { can: async ({ action }) => ({ can: ['list', 'show', 'export'].includes(action) }) };
    renderList(readOnly);
    await screen.findByText('Widget A');
    await waitFor(() => expect(buttonsNamed(rowOf('Widget A'), 'Detail')).toHaveLength(1));
    expect([...rowOf('Widget A').querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Detail']);
    expect(buttonsNamed(document.body, 'Add')).toHaveLength(0);
  });

  it("draws with the answers a provider has at once, without asking it through refine's queries", async () => {
    answerQuery([gadget()]);
    const asked: string[] = [];
    const provider: AccessControlProvider = {
      can: async ({ action }) => {
        asked.push(action);
        return { can: true };
      },
    };
    // The console's provider, once its rules are loaded: edit, delete and audit refused.
    const decideNow = ({ action }: CanParams): CanReturnType => ({ can: !['edit', 'delete', 'audit'].includes(action) });
    renderAt({
      path: '/datum/store/store',
      i18n,
      screen: (
        <ImmediateDecisions.Provider value={decideNow}>
          <ResourceList resource={gadgetResource} />
        </ImmediateDecisions.Provider>
      ),
      accessControl: provider,
    });
    await screen.findByText('Widget A');
    expect([...rowOf('Widget A').querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Detail']);
    expect(buttonsNamed(document.body, 'Add')).toHaveLength(1);
    expect(asked).toEqual([]);
  });

  it('sends the filter bar and the keyword in the query body, and Reset clears them', async () => {
    answerQuery([gadget()]);
    renderList();
    await screen.findByText('Widget A');
    const bar = buttonNamed(document.body, 'Search').closest('form')!;
    fireEvent.change(within(bar).getByLabelText('Name'), { target: { value: ' Wid ' } });
    fireEvent.change(within(bar).getByLabelText('Code'), { target: { value: 'G0' } });
    fireEvent.change(within(bar).getByLabelText('Price From'), { target: { value: '10' } });
    fireEvent.change(within(bar).getByPlaceholderText('Search by code / name'), { target: { value: 'abc' } });
    fireEvent.click(buttonNamed(bar, 'Search'));
    await waitFor(() => expect(lastQuery().keyword).toBe('abc'));
    expect(lastQuery()).toMatchObject({ page: 1, filters: { name: 'Wid', code: 'G0', price: [10, null] } });

    fireEvent.click(buttonNamed(bar, 'Reset'));
    await waitFor(() => expect(lastQuery().filters).toEqual({}));
    expect(lastQuery().keyword).toBeUndefined();
  });

  it('sorts by a sortable column and pages with the chosen size', async () => {
    answerQuery([gadget()], 45);
    renderList();
    await screen.findByText('Widget A');
    expect(screen.getByText('Total 45')).toBeTruthy();

    fireEvent.click(headerOf('Price'));
    await waitFor(() => expect(lastQuery().sorters).toEqual([{ field: 'price', order: 'asc' }]));
    fireEvent.click(headerOf('Price'));
    await waitFor(() => expect(lastQuery().sorters).toEqual([{ field: 'price', order: 'desc' }]));

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 2, pageSize: 20 }));
  });

  it('shows the empty state when nothing matches', async () => {
    answerQuery([]);
    renderList();
    await waitFor(() => expect(document.querySelector('.ant-table-placeholder')?.textContent).toContain('No data'));
    expect(queries).toHaveLength(1);
  });

  it('asks before a state action, then posts it with the record id', async () => {
    answerQuery([gadget()]);
    const posted: string[] = [];
    server.use(
      api.post('gadget/audit', ({ request }) => {
        posted.push(new URL(request.url).search);
        return ok(gadget({ state: 'EFFECTED' }));
      }),
    );
    renderList();
    await screen.findByText('Widget A');
    fireEvent.click(buttonNamed(rowOf('Widget A'), 'Audit'));
    const popup = (await screen.findByText('Audit Widget A?', { selector: CONFIRM_QUESTION })).closest('.ant-modal-confirm')!;
    expect(posted).toEqual([]);
    fireEvent.click(buttonNamed(popup, 'OK'));
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
    await screen.findByText('Widget A');
    fireEvent.click(buttonNamed(rowOf('Widget A'), 'Delete'));
    const popup = (await screen.findByText('Delete "Widget A"?', { selector: CONFIRM_QUESTION })).closest('.ant-modal-confirm')!;
    fireEvent.click(buttonNamed(popup, 'OK'));
    await waitFor(() => expect(deleted).toEqual([{ search: '?id=1', body: { version: 3 } }]));
  });

  it('opens detail and add in a drawer addressed by the url', async () => {
    answerQuery([gadget()]);
    server.use(api.get('gadget/info/1', () => ok(gadget())));
    renderList();
    await screen.findByText('Widget A');
    fireEvent.click(buttonNamed(rowOf('Widget A'), 'Detail'));
    expect(screen.getByTestId('location').textContent).toBe('/datum/store/store?view=dtl&id=1');
    const drawer = (await screen.findByText('Gadget details')).closest('.ant-drawer-content') as HTMLElement;
    await within(drawer).findByText('System');
    // The state tag beside the title, and the state field.
    expect(within(drawer).getAllByText('Not audited')).toHaveLength(2);
    expect(within(drawer).getAllByText('Widget A').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('1,234.50')).toBeTruthy();
    fireEvent.click(buttonNamed(document.body, 'Add'));
    expect(screen.getByTestId('location').textContent).toBe('/datum/store/store?view=add');
    expect(await screen.findByText('Add gadget')).toBeTruthy();
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
    const asked: string[] = [];
    server.use(
      api.get('node/options', ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok([{ id: 1, title: 'East' }]);
      }),
    );
    renderAt({ path: '/datum/area/area', i18n, screen: <ResourceList resource={nodeResource} /> });
    await screen.findByText('East');
    expect(screen.getByText('West')).toBeTruthy();
    expect(screen.queryByText('Shanghai')).toBeNull();
    fireEvent.click(rowOf('East').querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('Shanghai')).toBeTruthy();
    // The parent column names the parent, fetched by id from the picker endpoint.
    await waitFor(() => expect(within(rowOf('Shanghai')).getByText('East')).toBeTruthy());
    expect(asked).toEqual(['?id=1']);
  });
});
