// @vitest-environment jsdom
/**
 * The generic list and detail as a user finds them again: state in the url, keyset cursors and
 * estimated totals, the totals row, folding filters, bulk actions, the empty state, and the slots
 * modules fill (detail tabs, toolbar actions, options offered by permission).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { i18n as I18n } from 'i18next';
import type { AccessControlProvider } from '@refinedev/core';
import { Form } from 'antd';
import { defineResource, field, type ResourceDef } from '../../resources/define';
import { ResourceList } from '../../src/screens/generic/list-screen';
import { DetailSections, RecordDetail } from '../../src/screens/generic/record-detail';
import type { DomainManifest } from '../../src/screens/manifest';
import { FormField } from '../../src/screens/generic/form-layout';
import {
  api,
  buttonNamed,
  buttonsNamed,
  englishI18n,
  gadget,
  gadgetResource,
  installMatchMedia,
  nodeResource,
  ok,
  renderAt,
} from '../helpers/generic-harness';

// antd renders slowly under jsdom, slower still on a shared machine.
vi.setConfig({ testTimeout: 120_000 });

/** The gadget with a declared totals row. */
const totalledGadget: ResourceDef = { ...gadgetResource, list: { ...gadgetResource.list, totals: ['price'] } };

/** A resource whose `tier` values each need their own permission. */
const ticketResource = defineResource({
  name: 'ticket',
  table: 'tickets',
  title: ['票', 'Ticket'],
  route: { group: 'datum', entry: 'brand', screens: { list: 'brand' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({ label: ['名称', 'Name'], required: true }),
    tier: field.enum({
      label: ['档次', 'Tier'],
      options: {
        GOLD: { label: ['金', 'Gold'], requires: { resourceId: '储值/卡模板/储值卡', action: '卡模板维护' } },
        SILVER: { label: ['银', 'Silver'], requires: { resourceId: '储值/卡模板/充值卡', action: '卡模板维护' } },
        BRONZE: { label: ['铜', 'Bronze'] },
      },
    }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
});

/** A document with lines, for the detail's paged lines. */
const billResource = defineResource({
  name: 'bill',
  table: 'bills',
  title: ['单据', 'Bill'],
  route: { group: 'datum', entry: 'channel', screens: { list: 'channel' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    title: field.text({ label: ['标题', 'Title'], required: true }),
    lines: field.lines({ label: ['明细', 'Lines'], fields: { item: field.text({ label: ['商品', 'Item'] }) } }),
  },
  titleField: 'title',
  list: { defaultSort: { field: 'title', order: 'asc' } },
});

const server = setupServer();
let i18n: I18n;
let queries: Record<string, unknown>[] = [];

beforeAll(async () => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  i18n = await englishI18n([gadgetResource, nodeResource, ticketResource, billResource]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  queries = [];
  localStorage.clear();
});
afterAll(() => server.close());

function answerQuery(page: (body: Record<string, unknown>) => Record<string, unknown>) {
  server.use(
    api.post('gadget/query', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      queries.push(body);
      return ok({ totalIsEstimate: false, nextCursor: null, ...page(body) });
    }),
  );
}

const lastQuery = () => queries[queries.length - 1];
const location = () => screen.getByTestId('location').textContent ?? '';
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const filterBar = () => buttonNamed(document.body, 'Search').closest('form')!;

function renderList(
  args: { path?: string; resource?: ResourceDef; accessControl?: AccessControlProvider; manifests?: readonly DomainManifest[] } = {},
) {
  return renderAt({
    manifests: args.manifests,
    path: args.path ?? '/datum/store/store',
    i18n,
    screen: <ResourceList resource={args.resource ?? gadgetResource} />,
    accessControl: args.accessControl,
    resources: [args.resource ?? gadgetResource, nodeResource],
  });
}

describe('generic list state in the url', () => {
  it('restores page, size, sort, keyword and filters from a link, and writes a new search back', async () => {
    answerQuery(() => ({ total: 120, records: [gadget()] }));
    const filter = encodeURIComponent(JSON.stringify({ kind: ['A'], name: 'Wid' }));
    renderList({ path: `/datum/store/store?page=3&size=50&sort=price.desc&q=abc&filter=${filter}` });
    await screen.findByText('Widget A');
    expect(queries[0]).toEqual({
      keyword: 'abc',
      page: 3,
      pageSize: 50,
      filters: { kind: ['A'], name: 'Wid' },
      sorters: [{ field: 'price', order: 'desc' }],
    });
    // The bar shows what the list filters by.
    const bar = filterBar();
    expect((within(bar).getByLabelText('Name') as HTMLInputElement).value).toBe('Wid');
    expect((within(bar).getByPlaceholderText('Search by code / name') as HTMLInputElement).value).toBe('abc');
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('3');

    // A new search goes back to page 1 and lands in the url, keeping size and sort.
    fireEvent.change(within(bar).getByLabelText('Code'), { target: { value: 'G0' } });
    fireEvent.click(buttonNamed(bar, 'Search'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 1, filters: { kind: ['A'], name: 'Wid', code: 'G0' } }));
    const params = new URLSearchParams(location().split('?')[1]);
    expect(params.get('page')).toBeNull();
    expect(params.get('size')).toBe('50');
    expect(params.get('sort')).toBe('price.desc');
    expect(params.get('q')).toBe('abc');
    expect(JSON.parse(params.get('filter')!)).toEqual({ kind: ['A'], name: 'Wid', code: 'G0' });
  });

  it('keeps the list query while a drawer is open and returns to it when the drawer closes', async () => {
    answerQuery(() => ({ total: 45, records: [gadget()] }));
    server.use(api.get('gadget/info/1', () => ok(gadget())));
    renderList({ path: '/datum/store/store?page=2&q=abc' });
    await screen.findByText('Widget A');
    fireEvent.click(buttonNamed(rowOf('Widget A'), 'Detail'));
    expect(location()).toBe('/datum/store/store?page=2&q=abc&view=dtl&id=1');
    const drawer = (await screen.findByText('Gadget details')).closest('.ant-drawer-content') as HTMLElement;
    fireEvent.click(drawer.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(location()).toBe('/datum/store/store?page=2&q=abc'));
    expect(queries.every((body) => body.page === 2 && body.keyword === 'abc')).toBe(true);
  });
});

describe('generic list paging and totals', () => {
  it('asks for the next page with the keyset cursor and marks an estimated total', async () => {
    answerQuery((body) => ({
      total: 12_345,
      totalIsEstimate: true,
      records: [gadget({ id: Number(body.page), name: `Row of page ${String(body.page)}` })],
      nextCursor: `after-${String(body.page)}`,
    }));
    renderList();
    await screen.findByText('Row of page 1');
    expect(screen.getByText('About 12345')).toBeTruthy();
    expect(queries[0].cursor).toBeUndefined();
    fireEvent.click(document.querySelector('.ant-pagination-next')!);
    await screen.findByText('Row of page 2');
    expect(lastQuery()).toMatchObject({ page: 2, cursor: 'after-1' });
    fireEvent.click(document.querySelector('.ant-pagination-next')!);
    await screen.findByText('Row of page 3');
    expect(lastQuery()).toMatchObject({ page: 3, cursor: 'after-2' });
    // A page jumped to without a known cursor is asked by number.
    fireEvent.click(document.querySelector('.ant-pagination-item-5')!);
    await screen.findByText('Row of page 5');
    expect(lastQuery().cursor).toBeUndefined();
  });

  it('shows the totals row the server computed for the whole filtered set', async () => {
    answerQuery(() => ({
      total: 2,
      records: [gadget(), gadget({ id: 2, code: 'G002', name: 'Widget B', price: 10 })],
      totals: { price: 98765.5 },
    }));
    renderList({ resource: totalledGadget });
    await screen.findByText('Widget A');
    const row = await screen.findByTestId('totals-row');
    expect(within(row).getByText('Total')).toBeTruthy();
    expect(within(row).getByText('98,765.50')).toBeTruthy();
  });

  it('draws a long page a few rows at a time, its body busy until the last row, totals and pager there from the first step', async () => {
    const records = Array.from({ length: 12 }, (_, index) =>
      gadget({ id: index + 1, code: `G${String(index + 1).padStart(3, '0')}`, name: `Widget ${index + 1}` }),
    );
    answerQuery(() => ({ total: 12, records, totals: { price: 12 } }));
    // Every drawing of the table as the page saw it: rows on screen, busy or not, totals and pager there.
    const seen: string[] = [];
    const look = () => {
      const rows = document.querySelectorAll('.ant-table-tbody > tr.ant-table-row').length;
      if (rows === 0) return;
      const busy = document.querySelector('.ant-table-tbody[aria-busy="true"]') !== null;
      const there = (selector: string) => document.querySelector(selector) !== null;
      const state = `${rows} rows${busy ? ', busy' : ''}${there('[data-testid="totals-row"]') ? ', totals' : ''}${there('.ant-table-pagination') ? ', pager' : ''}`;
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
    renderList({ resource: totalledGadget });
    await screen.findByText('Widget 12');
    await waitFor(() => expect(document.querySelector('.ant-table-tbody[aria-busy="true"]')).toBeNull());
    look();
    observer.disconnect();
    // Totals and pager are there from the first step (unseen by the browser's style while the body
    // is busy: shell.css, tests/e2e/layouts.test.ts).
    expect(seen).toEqual([
      '2 rows, busy, totals, pager',
      '4 rows, busy, totals, pager',
      '6 rows, busy, totals, pager',
      '8 rows, busy, totals, pager',
      '10 rows, busy, totals, pager',
      '12 rows, totals, pager',
    ]);
  });

  it('turns its spinner where the rows will come before the first answer, and over the rows shown while another page comes', async () => {
    // Each answer waits until the test lets it go.
    let release: () => void = () => undefined;
    server.use(
      api.post('gadget/query', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        queries.push(body);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        const page = Number(body.page ?? 1);
        const records = [gadget({ id: page, code: `G00${page}`, name: `Widget of page ${page}` })];
        return ok({ totalIsEstimate: false, nextCursor: null, total: 40, records });
      }),
    );
    const spinnerOverRows = () => document.querySelector('.ant-spin-blur');
    const spinnerInPlace = () => document.querySelector('.ant-table-placeholder .ant-spin-spinning');
    renderList();
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(spinnerInPlace()).not.toBeNull();
    expect(spinnerOverRows()).toBeNull();
    release();
    await screen.findByText('Widget of page 1');
    await waitFor(() => expect(spinnerInPlace()).toBeNull());
    expect(spinnerOverRows()).toBeNull();

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(queries).toHaveLength(2));
    await waitFor(() => expect(spinnerOverRows()).not.toBeNull());
    expect(screen.getByText('Widget of page 1')).toBeTruthy();
    expect(spinnerInPlace()).toBeNull();
    release();
    await screen.findByText('Widget of page 2');
    await waitFor(() => expect(spinnerOverRows()).toBeNull());
  });

  it('shows no totals row for a resource that declares none', async () => {
    answerQuery(() => ({ total: 1, records: [gadget()] }));
    renderList();
    await screen.findByText('Widget A');
    expect(screen.queryByTestId('totals-row')).toBeNull();
  });
});

describe('generic list tools', () => {
  it('folds filters beyond three behind More filters / Fewer filters', async () => {
    answerQuery(() => ({ total: 1, records: [gadget()] }));
    renderList();
    await screen.findByText('Widget A');
    const bar = filterBar();
    const kindItem = () => bar.querySelector('label[title="Kind"]')!.closest('.ant-form-item')!;
    // Not drawn at all before the bar first opens (a list's first drawing leaves it out).
    expect(bar.querySelector('label[title="Kind"]')).toBeNull();
    fireEvent.click(buttonNamed(bar, 'More filters'));
    await waitFor(() => expect(kindItem().className).not.toContain('ant-form-item-hidden'));
    fireEvent.click(buttonNamed(bar, 'Fewer filters'));
    await waitFor(() => expect(kindItem().className).toContain('ant-form-item-hidden'));
  });

  it("keeps a folded filter's value that came while the bar was folded (a state chip) in the next search", async () => {
    // The state filter is the bar's sixth: folded, and not drawn while the bar stays folded.
    const counted: ResourceDef = {
      ...gadgetResource,
      fields: { ...gadgetResource.fields, state: { ...gadgetResource.fields.state, filter: 'eq' } },
      list: { ...gadgetResource.list, stateCounts: ['INITIAL', 'EFFECTED'] },
    } as ResourceDef;
    answerQuery(() => ({ total: 1, records: [gadget()] }));
    server.use(api.post('gadget/counts', () => ok({ INITIAL: 1, EFFECTED: 0 })));
    renderList({ resource: counted });
    await screen.findByText('Widget A');
    fireEvent.click(screen.getByTestId('state-count-INITIAL'));
    await waitFor(() => expect(lastQuery().filters).toEqual({ state: ['INITIAL'] }));
    const bar = filterBar();
    expect(bar.querySelector('label[title="State"]')).toBeNull();
    fireEvent.change(within(bar).getByLabelText('Code'), { target: { value: 'G0' } });
    fireEvent.click(buttonNamed(bar, 'Search'));
    await waitFor(() => expect(lastQuery().filters).toEqual({ state: ['INITIAL'], code: 'G0' }));
    // Reset clears it too.
    fireEvent.click(buttonNamed(bar, 'Reset'));
    await waitFor(() => expect(lastQuery().filters).toEqual({}));
  });

  it('opens with the folded filters shown when the url filters by one of them', async () => {
    answerQuery(() => ({ total: 1, records: [gadget()] }));
    renderList({ path: `/datum/store/store?filter=${encodeURIComponent(JSON.stringify({ active: true }))}` });
    await screen.findByText('Widget A');
    expect(buttonsNamed(filterBar(), 'Fewer filters')).toHaveLength(1);
    expect(lastQuery().filters).toEqual({ active: true });
  });

  it('runs a state action on the selected rows the state allows, after one confirmation', async () => {
    answerQuery(() => ({
      total: 3,
      records: [gadget(), gadget({ id: 2, name: 'Widget B' }), gadget({ id: 3, name: 'Widget C', state: 'EFFECTED' })],
    }));
    const audited: string[] = [];
    server.use(
      api.post('gadget/audit', ({ request }) => {
        audited.push(new URL(request.url).searchParams.get('id')!);
        return ok(gadget({ state: 'EFFECTED' }));
      }),
    );
    renderList();
    await screen.findByText('Widget A');
    expect(buttonsNamed(document.body, 'Audit selected (0)')).toHaveLength(0);
    fireEvent.click(document.querySelector('thead .ant-checkbox-input')!);
    const bulk = await waitFor(() => buttonNamed(screen.getByTestId('list-toolbar'), 'Audit selected (2)'));
    fireEvent.click(bulk);
    const dialog = (await screen.findAllByText('Audit the 2 selected records?'))[0].closest('.ant-modal-content') as HTMLElement;
    expect(within(dialog).getByText('1 other selected records do not allow it now and are left alone')).toBeTruthy();
    fireEvent.click(buttonNamed(dialog, 'OK'));
    await waitFor(() => expect(audited.sort()).toEqual(['1', '2']));
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
  });

  it("offers no bulk button for a server's own transition (it has no route), and no row boxes when nothing else is left to do", async () => {
    const settle = { label: ['结算', 'Settle'] as [string, string], from: ['INITIAL'], to: 'EFFECTED', server: true };
    const withSettle = { ...gadgetResource, states: { ...gadgetResource.states!, actions: { ...gadgetResource.states!.actions, settle } } };
    answerQuery(() => ({ total: 2, records: [gadget(), gadget({ id: 2, name: 'Widget B' })] }));
    const first = renderList({ resource: withSettle });
    await screen.findByText('Widget A');
    fireEvent.click(document.querySelector('thead .ant-checkbox-input')!);
    const toolbar = screen.getByTestId('list-toolbar');
    await waitFor(() => expect(buttonNamed(toolbar, 'Audit selected (2)')).toBeTruthy());
    expect(
      within(toolbar)
        .queryAllByRole('button')
        .map((button) => button.textContent),
    ).not.toContainEqual(expect.stringMatching(/settle/i));
    first.unmount();

    // Only the server's transition and no delete: nothing to do with a selection, so no boxes.
    const onlySettle = { ...gadgetResource, deletable: false, states: { ...gadgetResource.states!, actions: { settle } } };
    renderList({ resource: onlySettle });
    await screen.findByText('Widget A');
    expect(document.querySelector('.ant-checkbox-input')).toBeNull();
  });

  it("selects a row by its own box, named by its record, drawn with antd's checkbox classes", async () => {
    answerQuery(() => ({ total: 2, records: [gadget(), gadget({ id: 2, name: 'Widget B' })] }));
    renderList();
    await screen.findByText('Widget A');
    const box = document.querySelector('tbody input[aria-label="Select Widget B"]') as HTMLInputElement;
    expect(box.className).toBe('ant-checkbox-input');
    expect(box.closest('label')?.className).toMatch(/^ant-checkbox-wrapper css-/);
    fireEvent.click(box);
    await waitFor(() => expect(buttonNamed(screen.getByTestId('list-toolbar'), 'Audit selected (1)')).toBeTruthy());
    expect(box.checked).toBe(true);
    expect(box.parentElement?.className).toContain('ant-checkbox-checked');
    const header = document.querySelector('thead .ant-checkbox') as HTMLElement;
    expect(header.className).toContain('ant-checkbox-indeterminate');
    fireEvent.click(box);
    await waitFor(() => expect(buttonsNamed(document.body, 'Audit selected (1)')).toHaveLength(0));
    expect(buttonsNamed(document.body, 'Audit selected (0)')).toHaveLength(0);
    expect(box.checked).toBe(false);
  });

  it('hides a column from the column settings and remembers it', async () => {
    answerQuery(() => ({ total: 1, records: [gadget()] }));
    renderList();
    await screen.findByText('Widget A');
    fireEvent.click(screen.getByLabelText('Columns'));
    const settings = await screen.findByTestId('column-settings');
    fireEvent.click(within(settings).getByText('Price'));
    await waitFor(() => expect([...document.querySelectorAll('thead th')].map((th) => th.textContent)).not.toContain('Price'));
    cleanup();
    renderList();
    await screen.findByText('Widget A');
    expect([...document.querySelectorAll('thead th')].map((th) => th.textContent)).not.toContain('Price');
  });

  it('says what to do next on an empty list, and offers to clear filters when they match nothing', async () => {
    answerQuery(() => ({ total: 0, records: [] }));
    renderList();
    await screen.findByText('Nothing here yet: click Add to create the first gadget');
    cleanup();
    renderList({ path: '/datum/store/store?q=zzz' });
    await screen.findByText('Nothing matches these filters');
    fireEvent.click(buttonNamed(document.body, 'Clear filters'));
    await waitFor(() => expect(location()).toBe('/datum/store/store'));
    await waitFor(() => expect(lastQuery().keyword).toBeUndefined());
  });
});

describe('slots', () => {
  it('shows a module toolbar action with the list query, only to users holding its permission', async () => {
    answerQuery(() => ({ total: 1, records: [gadget()] }));
    const manifest: DomainManifest = {
      domain: 'test',
      toolbarItems: {
        gadget: [
          { key: 'print', render: (list) => <button type="button">Print {JSON.stringify(list.request.filters)}</button> },
          { key: 'secret', requires: { resourceId: '资料/秘密', action: '配置维护' }, render: () => <button type="button">Secret</button> },
        ],
      },
    };
    const accessControl: AccessControlProvider = { can: async ({ params }) => ({ can: params?.resourceId !== '资料/秘密' }) };
    renderList({
      path: `/datum/store/store?filter=${encodeURIComponent(JSON.stringify({ code: 'G' }))}`,
      accessControl,
      manifests: [manifest],
    });
    await screen.findByText('Widget A');
    const toolbar = screen.getByTestId('list-toolbar');
    await waitFor(() => expect(buttonsNamed(toolbar, 'Print {"code":"G"}')).toHaveLength(1));
    expect(buttonsNamed(toolbar, 'Secret')).toHaveLength(0);
  });

  it('adds module tabs to a detail after its own, only those the user may see and the record has', async () => {
    server.use(api.get('gadget/info/1', () => ok(gadget())));
    const manifest: DomainManifest = {
      domain: 'test',
      detailTabs: {
        gadget: [
          { key: 'coupons', title: 'Coupons', render: ({ record }) => <p>Coupons of {String(record.name)}</p> },
          {
            key: 'stored',
            title: 'Stored value',
            requires: { resourceId: '储值/储值账户', action: '数据查看' },
            render: () => <p>Balance</p>,
          },
          // A tab of some records only (one kind's, on a detail of several kinds).
          { key: 'other', title: 'Other kind', shownFor: (record) => record.name === 'Widget B', render: () => <p>Other</p> },
        ],
      },
    };
    const accessControl: AccessControlProvider = { can: async ({ params }) => ({ can: params?.resourceId !== '储值/储值账户' }) };
    renderAt({
      path: '/datum/store/store',
      i18n,
      accessControl,
      manifests: [manifest],
      screen: (
        <RecordDetail
          resource={gadgetResource}
          id={1}
          columns={1}
          permissions={{ show: true, create: false, edit: false, delete: false, export: false, import: false, actions: {} }}
          onOpen={() => undefined}
          onDeleted={() => undefined}
        />
      ),
    });
    const tab = await screen.findByRole('tab', { name: 'Coupons' });
    expect(screen.getAllByRole('tab').map((item) => item.textContent)).toEqual(['Details', 'Coupons']);
    fireEvent.click(tab);
    expect(await screen.findByText('Coupons of Widget A')).toBeTruthy();
  });

  it('says a detail opened without an id is not found, without asking the server', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(request.url);
    });
    renderAt({
      path: '/datum/store/store',
      i18n,
      screen: (
        <RecordDetail
          resource={gadgetResource}
          id=""
          columns={1}
          permissions={{ show: true, create: false, edit: false, delete: false, export: false, import: false, actions: {} }}
          onOpen={() => undefined}
          onDeleted={() => undefined}
        />
      ),
    });
    expect(await screen.findByText('The record does not exist or has been deleted')).toBeTruthy();
    server.events.removeAllListeners();
    expect(asked.filter((url) => url.includes('/gadget/'))).toEqual([]);
  });

  it('offers only the enum values whose permission the user holds', async () => {
    const accessControl: AccessControlProvider = {
      can: async ({ params }) => ({ can: params?.resourceId === undefined || params.resourceId === '储值/卡模板/储值卡' }),
    };
    renderAt({
      path: '/datum/brand/brand',
      i18n,
      accessControl,
      resources: [ticketResource],
      screen: (
        <Form>
          <FormField resource={ticketResource} name="tier" t={(key, values) => i18n.t(key, values)} editing={false} columns={1} />
        </Form>
      ),
    });
    const select = await screen.findByRole('combobox');
    fireEvent.mouseDown(select);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2));
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
    expect(offered).toEqual(['Gold', 'Bronze']);
  });

  it('pages the lines of a document on its detail', async () => {
    const lines = Array.from({ length: 25 }, (_, index) => ({ item: `Item ${String(index + 1).padStart(2, '0')}` }));
    // A saved document's pages come from the server's lines endpoint.
    server.use(
      api.get('bill/lines/1', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const page = Number(query.get('page'));
        const size = Number(query.get('pageSize'));
        return ok({ total: lines.length, records: lines.slice((page - 1) * size, page * size) });
      }),
    );
    renderAt({
      path: '/datum/channel/channel',
      i18n,
      resources: [billResource],
      screen: <DetailSections resource={billResource} record={{ id: 1, title: 'Bill 1', lines }} columns={1} />,
    });
    await screen.findByText('Item 01');
    const shown = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => row.textContent);
    expect(shown()).toHaveLength(10);
    expect(screen.getByText('Total 25')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await waitFor(() => expect(shown()).toEqual(['Item 21', 'Item 22', 'Item 23', 'Item 24', 'Item 25']));
  });

  it('draws a form section with a module renderer around the declared fields', async () => {
    answerQuery(() => ({ total: 1, records: [gadget()] }));
    const manifest: DomainManifest = {
      domain: 'test',
      formSections: {
        gadget: [
          {
            key: 'main',
            render: ({ fields, editing }) => (
              <section data-testid="custom-section">
                <p>{editing ? 'Editing' : 'Adding'} with a preview</p>
                {fields}
              </section>
            ),
          },
        ],
      },
    };
    renderList({ path: '/datum/store/store?view=add', manifests: [manifest] });
    const section = await screen.findByTestId('custom-section');
    expect(within(section).getByText('Adding with a preview')).toBeTruthy();
    // The declared fields are still the generic form's, inside the module's drawing.
    expect(within(section).getByLabelText('Code')).toBeTruthy();
  });
});
