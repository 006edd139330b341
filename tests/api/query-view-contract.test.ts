import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRef } from '../../resources/catalog/types';
import { bucketOf, type QueryFilterKind, type QueryViewDef } from '../../resources/query-view';
import { QUERY_VIEWS } from '../../resources/query-views';
import { runSeeders } from '../../server/db/seed/demo.seed';
import { DEMO_SEEDERS } from '../../server/db/seed/seeders';
import { createTenant, signIn, signInNewUser, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { downloadTaskSheet } from '../helpers/workbooks';

/**
 * The contract every declared query view keeps (resources/query-views.ts), generated from the
 * declarations the way the CRUD contract test is from the resources: a new view is covered the
 * moment it is listed. Over a merchant holding the demo data: a reader holding any one of the
 * view's grants gets every declared measure and group; keyset pages agree with the total and never
 * repeat a row; each group's drill-down lists rows whose totals are the group's; the export holds
 * every row; the chart's bucket follows its range; a bad or unknown filter answers 400 naming it;
 * a reader without the grants is refused on every route; another merchant sees nothing.
 * (tests/api/query-view.test.ts proves the sums themselves over random ledgers.)
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;

/** A value each filter kind refuses; a kind not listed here takes any text. */
const BAD_VALUE: Partial<Record<QueryFilterKind, unknown>> = {
  dateRange: ['2026-01-01'],
  enum: '~not-a-code~',
  store: 'not-a-store',
  area: 'not-an-area',
  record: 'not-a-record',
  numberRange: ['not-a-number', null],
};

/** A grant that reads master data only, held by none of the views. */
const OTHER_GRANT: PermissionRef = { resourceId: '资料/门店', action: '资料查看' };

interface Page {
  total: number;
  records: Record<string, unknown>[];
  nextCursor: number | null;
  totals: Record<string, number>;
  /** Per group: its key, the filters listing its rows (null when they cannot be listed) and its measures. */
  groups: Record<string, ({ key: string | null; drill: Record<string, unknown> | null } & Record<string, unknown>)[]>;
}

function data<T>(res: ApiResponse): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(2000);
  return res.body.data as T;
}

const query = async (client: ApiClient, view: QueryViewDef, body: Record<string, unknown>) =>
  data<Page>(await client.post(`/v1/${view.name}/query`, { body }));

/** Every row of a filter, page after page by keyset (the view's key order). */
async function everyRow(view: QueryViewDef, filters: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let cursor: number | null = null;
  for (;;) {
    const page: Page = await query(admin, view, { filters, pageSize: 50, cursor });
    rows.push(...page.records);
    if (page.nextCursor === null) return rows;
    cursor = page.nextCursor;
  }
}

const hasStores = (view: QueryViewDef) =>
  Object.values(view.filters).some((f) => f.kind === 'store') || Object.values(view.dimensions ?? {}).some((d) => d.kind === 'store');

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  await t.database.db.transaction((tx) => runSeeders({ tx, tenantId: tenant.tenantId, seeders: DEMO_SEEDERS }));
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
});

afterAll(async () => {
  await t?.close();
});

describe.each(QUERY_VIEWS.map((view) => [view.name, view] as const))('query view %s', (name, view) => {
  it('gives a reader holding any one of its grants every measure and group, and pages that add up to the total', async () => {
    // The first grant reads the whole merchant; a later one may read one marketing centre only,
    // answered once the centre is chosen (the points views: tests/api/members.test.ts).
    const reader = await signInNewUser(t, tenant, { login: `qv-${name}`.slice(0, 30), grants: [view.access[0]] });
    const first = await query(reader, view, { pageSize: 5 });
    expect(Object.keys(first.totals).sort()).toEqual(Object.keys(view.measures).sort());
    expect(Object.keys(first.groups ?? {}).sort()).toEqual([...(view.groups ?? [])].sort());
    const rows = await everyRow(view, {});
    expect(rows).toHaveLength(first.total);
    const keys = rows.map((row) => Number(row[view.key]));
    expect(new Set(keys).size).toBe(keys.length);
    const order = view.order ?? 'desc';
    expect(keys).toEqual([...keys].sort((a, b) => (order === 'desc' ? b - a : a - b)));
    for (const row of rows.slice(0, 5)) {
      for (const column of Object.keys(view.columns)) expect(row).toHaveProperty(column);
    }
  });

  it('drills from each grouped total to rows whose totals are that group’s', async () => {
    const page = await query(admin, view, { pageSize: 1 });
    for (const group of view.groups ?? []) {
      const drillable = page.groups[group].filter((entry) => entry.drill !== null);
      expect(drillable.length, group).toBeGreaterThan(0);
      for (const entry of drillable.slice(0, 3)) {
        const behind = await query(admin, view, { filters: entry.drill, pageSize: 1 });
        const measures = Object.fromEntries(Object.keys(view.measures).map((measure) => [measure, entry[measure]]));
        expect(behind.totals, `${group} = ${entry.key}`).toEqual(measures);
      }
    }
  });

  it('exports every row as a file job', async () => {
    const { total } = await query(admin, view, { pageSize: 1 });
    const { taskId } = data<{ taskId: number }>(await admin.post(`/v1/${name}/export`, { body: {} }));
    const task = data<Record<string, unknown>>(await admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ state: 'succeeded', resource: name, processed: total, progress: 100 });
    const [, ...cells] = await downloadTaskSheet({ app: t.app, client: admin, taskId });
    expect(cells).toHaveLength(total);
  });

  // Generated only for a view that declares a chart over its time column.
  const time = view.chart ? view.time : undefined;
  if (time !== undefined) {
    it('charts by the bucket its range calls for', async () => {
      for (const range of [
        ['2026-03-01', '2026-03-07'],
        ['2026-01-01', '2026-03-31'],
        ['2025-01-01', '2026-03-31'],
      ] as [string, string][]) {
        const chart = data<{ bucket: string }>(await admin.post(`/v1/${name}/chart`, { body: { filters: { [time]: range } } }));
        expect(chart.bucket).toBe(bucketOf(range));
      }
    });
  }

  it('answers 400 naming a bad or unknown filter, on the rows and on the export', async () => {
    const bad = [
      ...Object.entries(view.filters).flatMap(([filter, f]) => (f.kind in BAD_VALUE ? [[filter, BAD_VALUE[f.kind]] as const] : [])),
      ['noSuchFilter', 1] as const,
    ];
    for (const [filter, value] of bad) {
      for (const route of ['query', 'export']) {
        const res = await admin.post(`/v1/${name}/${route}`, { body: { filters: { [filter]: value } } });
        expect(res.status, `${route} ${filter}`).toBe(400);
        expect(JSON.stringify(res.body)).toContain(filter);
      }
    }
  });

  it('refuses a reader without its grants on every route', async () => {
    expect(view.access).not.toContainEqual(OTHER_GRANT);
    const other = await signInNewUser(t, tenant, { login: `qv-no-${name}`.slice(0, 30), grants: [OTHER_GRANT] });
    expect((await other.post(`/v1/${name}/query`, { body: {} })).status).toBe(403);
    expect((await other.post(`/v1/${name}/export`, { body: {} })).status).toBe(403);
    if (view.chart) expect((await other.post(`/v1/${name}/chart`, { body: {} })).status).toBe(403);
    if (hasStores(view)) expect((await other.get(`/v1/${name}/stores`)).status).toBe(403);
    if (Object.values(view.filters).some((f) => f.kind === 'area')) expect((await other.get(`/v1/${name}/areas`)).status).toBe(403);
  });

  it('shows another merchant none of these rows', async () => {
    const second = await createTenant(t.database);
    const theirs = await signIn(t.app, { tenant: second.code, login: second.adminLogin, password: second.adminPassword });
    const page = await query(theirs, view, { pageSize: 50 });
    expect(page.total).toBe(0);
    expect(page.records).toEqual([]);
    expect(Object.values(page.totals).every((value) => Number(value) === 0)).toBe(true);
  });
});
