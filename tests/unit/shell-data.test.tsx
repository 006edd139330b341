// @vitest-environment jsdom
/** The data provider: endpoints of DESIGN §3 and the JSON shape of filters and sorters. */
import dayjs from 'dayjs';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataProvider, runStateAction, toQueryBody, toQueryFilters } from '../../providers/data';
import { API, installDomShims } from '../helpers/screen-harness';

const calls: { method: string; path: string; search: string; body: unknown }[] = [];
const ok = (data: unknown) => HttpResponse.json({ code: 2000, msg: 'success', data });

async function record(request: Request) {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.text();
  calls.push({
    method: request.method,
    path: url.pathname.replace('/loyalty', ''),
    search: url.search,
    body: text ? JSON.parse(text) : undefined,
  });
}

const server = setupServer(
  mock.post(`${API}/v1/store/query`, async ({ request }) => {
    await record(request);
    return ok({ total: 31, records: [{ id: 1, name: 'A' }] });
  }),
  mock.get(`${API}/v1/store/info/:id`, async ({ request, params }) => {
    await record(request);
    return ok({ id: Number(params.id), name: 'A', version: 2 });
  }),
  mock.post(`${API}/v1/store/:op`, async ({ request }) => {
    await record(request);
    return ok({ id: 1 });
  }),
);

beforeAll(() => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  calls.length = 0;
});
afterAll(() => server.close());

describe('filter and sorter shape', () => {
  it('maps refine filters to { field: value | [from, to] | { op, value } }', () => {
    const filters = toQueryFilters([
      { field: 'state', operator: 'eq', value: 'using' },
      { field: 'createdAt', operator: 'between', value: [dayjs('2024-01-01 00:00:00'), dayjs('2024-01-31 23:59:59')] },
      { field: 'amount', operator: 'gte', value: 10 },
      { field: 'amount', operator: 'lte', value: 20 },
      { field: 'name', operator: 'contains', value: '店' },
      { field: 'code', operator: 'startswith', value: 'SH' },
      { field: 'areaId', operator: 'in', value: [1, 2] },
      { field: 'empty', operator: 'contains', value: '' },
      { field: 'stock', operator: 'gt', value: 0 },
      {
        operator: 'or',
        value: [
          { field: 'mobile', operator: 'eq', value: '138' },
          { field: 'cardNo', operator: 'eq', value: '138' },
        ],
      },
    ]);
    expect(filters).toEqual({
      state: 'using',
      createdAt: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'],
      amount: [10, 20],
      name: '店',
      code: 'SH',
      areaId: [1, 2],
      stock: { op: 'gt', value: 0 },
      $or: { op: 'or', value: [{ mobile: '138' }, { cardNo: '138' }] },
    });
  });

  it('builds the query body with page, pageSize, sorters and the keyword', () => {
    expect(toQueryBody({ pagination: { mode: 'off' }, keyword: ' 门店 ' })).toMatchObject({ page: 1, pageSize: 200, keyword: '门店' });
    expect(toQueryBody({ pagination: { current: 3, pageSize: 20 }, sorters: [{ field: 'name', order: 'desc' }] })).toEqual({
      page: 3,
      pageSize: 20,
      filters: {},
      sorters: [{ field: 'name', order: 'desc' }],
    });
  });
});

describe('endpoints', () => {
  it('getList posts the query and returns records and total, with the estimate flag and the keyset cursor', async () => {
    const result = await dataProvider.getList({ resource: 'store', pagination: { current: 2, pageSize: 10 }, filters: [], sorters: [] });
    // The server's answer here has neither flag nor cursor: not an estimate, no next page.
    expect(result).toEqual({ data: [{ id: 1, name: 'A' }], total: 31, totalIsEstimate: false, nextCursor: null });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/store/query', body: { page: 2, pageSize: 10, filters: {}, sorters: [] } });
  });

  it('getOne, create, update (with version) and deleteOne', async () => {
    await dataProvider.getOne({ resource: 'store', id: 5 });
    await dataProvider.create({ resource: 'store', variables: { name: 'B' } });
    await dataProvider.update({ resource: 'store', id: 5, variables: { name: 'C', version: 2 } });
    await dataProvider.deleteOne({ resource: 'store', id: 5 });
    expect(calls.map((call) => `${call.method} ${call.path}${call.search}`)).toEqual([
      'GET /v1/store/info/5',
      'POST /v1/store/saveNew',
      'POST /v1/store/modify',
      'POST /v1/store/delete?id=5',
    ]);
    expect(calls[2].body).toEqual({ name: 'C', version: 2, id: 5 });
  });

  it('state actions and custom calls', async () => {
    await runStateAction({ resource: 'store', action: 'audit', id: 9, version: 4 });
    await dataProvider.custom!({ url: '/v1/store/stop', method: 'post', query: { id: 9 } });
    expect(calls.map((call) => `${call.path}${call.search}`)).toEqual(['/v1/store/audit?id=9', '/v1/store/stop?id=9']);
    expect(calls[0].body).toEqual({ version: 4 });
  });
});
