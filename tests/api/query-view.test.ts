import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, lastYearOf, previousPeriodOf } from '../../resources/query-view';
import { storeValueHistoryView } from '../../resources/deposit/store-value-hst-detail.query-view';
import { postValue, type ValueChannel } from '../../server/modules/ledger';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { ok, startValueDocsScene } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { downloadTask, readSheet } from '../helpers/workbooks';

/**
 * The query-view engine (server/crud/query-view.*) through a real view, the stored-value history:
 * over random ledger entries spread over two years, for random filters, the totals are the sums
 * of the rows the filter lists (read page by page by keyset, which agrees with page numbers),
 * each grouped total is the totals of the rows its drill-down lists, the chart's trend adds up
 * to the range's totals and its comparisons are the totals of their periods; the export holds
 * every row; readers without the view's grant are refused; another tenant sees nothing.
 */

const VIEW = storeValueHistoryView.name;
const CHANNELS: readonly ValueChannel[] = ['store', 'weixin', 'alipay'];
const ZONE = 'Asia/Shanghai';

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let members: number[];
let store: number;
/** Principal each member holds, in cents (a payment never takes more). */
const principal = new Map<number, number>();

interface Row {
  id: number;
  memberId: number;
  kind: string;
  channel: string | null;
  storeId: number | null;
  principalDelta: number;
  giftDelta: number;
  amount: number;
  occurredAt: string;
}
type Sums = Record<'entries' | 'principal' | 'gift' | 'amount' | 'amountIn' | 'amountOut', number>;

const cents = (value: number) => Math.round(value * 100);
const yuan = (c: number) => (c / 100).toFixed(2);
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** The sums of rows, as the totals must be. */
function sumsOf(rows: readonly Row[]): Sums {
  const c = (pick: (r: Row) => number) => rows.reduce((s, r) => s + cents(pick(r)), 0);
  return {
    entries: rows.length,
    principal: c((r) => r.principalDelta) / 100,
    gift: c((r) => r.giftDelta) / 100,
    amount: c((r) => r.amount) / 100,
    amountIn: c((r) => Math.max(r.amount, 0)) / 100,
    amountOut: c((r) => Math.max(-r.amount, 0)) / 100,
  };
}

const query = (client: ApiClient, body: Record<string, unknown>) => ok(client.post(`/v1/${VIEW}/query`, { body }));

/** Every row of a filter, page after page by keyset. */
async function everyRow(filters: Record<string, unknown>): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: number | null = null;
  for (;;) {
    const page = await query(admin, { filters, pageSize: 7, cursor });
    rows.push(...(page.records as Row[]));
    if (page.nextCursor === null) return rows;
    cursor = page.nextCursor;
  }
}

/** What an arbitrary generates. */
type Generated<A> = A extends fc.Arbitrary<infer T> ? T : never;

const entry = fc.record({
  member: fc.nat({ max: 1 }),
  cents: fc.integer({ min: 1, max: 50_000 }),
  gift: fc.integer({ min: 0, max: 2_000 }),
  pay: fc.boolean(),
  channel: fc.option(fc.constantFrom(...CHANNELS), { nil: null }),
  atStore: fc.boolean(),
  daysAgo: fc.integer({ min: 0, max: 730 }),
});

/** Posts one entry through the ledger, then dates it `daysAgo` days back (history already on file). */
async function post(e: Generated<typeof entry>): Promise<void> {
  const member = members[e.member];
  const held = principal.get(member) ?? 0;
  const pay = e.pay && held > 0;
  const amount = pay ? Math.min(e.cents, held) : e.cents;
  const posted = await t.database.db.transaction((tx) =>
    postValue({
      tx,
      tenantId: tenant.tenantId,
      holder: { kind: 'member', memberId: member },
      principal: yuan(pay ? -amount : amount),
      gift: pay ? '0.00' : yuan(e.gift),
      kind: pay ? 'pay' : 'recharge',
      channel: e.channel,
      storeId: e.atStore ? store : null,
      sourceType: pay ? 'payment' : 'recharge',
    }),
  );
  principal.set(member, held + (pay ? -amount : amount));
  await t.database.db.execute(
    sql`update value_entries set occurred_at = now() - make_interval(days => ${e.daysAgo})
      where tenant_id = ${tenant.tenantId} and id = ${posted.id}`,
  );
}

const filters = fc.record(
  {
    memberId: fc.nat({ max: 1 }),
    kind: fc.constantFrom('recharge', 'pay'),
    channel: fc.constantFrom(...CHANNELS),
    storeId: fc.constant(0),
    occurredAt: fc.tuple(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 400 })),
  },
  { requiredKeys: [] },
);

/** A generated filter as the API takes it. */
function filterOf(f: Generated<typeof filters>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (f.memberId !== undefined) out.memberId = members[f.memberId];
  if (f.kind) out.kind = f.kind;
  if (f.channel) out.channel = f.channel;
  if (f.storeId !== undefined) out.storeId = store;
  if (f.occurredAt) {
    const end = daysBefore(today(), f.occurredAt[0] % 400);
    out.occurredAt = [daysBefore(end, f.occurredAt[1]), end];
  }
  return out;
}

beforeAll(async () => {
  ({ t, tenant, admin } = await startValueDocsScene());
  members = await createMembers({ client: admin, count: 2 });
  const area = await ok(admin.post('/v1/area/saveNew', { body: { code: 'QV', name: '视图区域' } }));
  store = (await ok(admin.post('/v1/store/saveNew', { body: { code: 'QV1', name: '视图门店', type: 'GAS_STATION', area: area.id } }))).id;
});

afterAll(async () => t?.close());

describe('query views', () => {
  it('totals, grouped totals and drill-downs are the sums of the rows they list, for any entries and filter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 6 }), filters, async (entries, generated) => {
        for (const e of entries) await post(e);
        const f = filterOf(generated);
        const rows = await everyRow(f);
        const page = await query(admin, { filters: f, pageSize: 5 });
        expect(page.total).toBe(rows.length);
        expect(page.totals).toEqual(sumsOf(rows));
        // Keyset paging agrees with page numbers.
        expect((await query(admin, { filters: f, pageSize: 5, page: 2 })).records).toEqual(rows.slice(5, 10));
        // Each group is the totals of the rows its drill-down lists, and the groups add up to the whole.
        for (const dimension of ['kind', 'channel'] as const) {
          const groups = page.groups[dimension] as (Sums & { key: string | null; drill: Record<string, unknown> | null })[];
          expect(groups.reduce((n, g) => n + g.entries, 0)).toBe(rows.length);
          for (const g of groups) {
            expect(sumsOf(rows.filter((r) => (r[dimension] ?? null) === g.key))).toEqual(
              Object.fromEntries(Object.keys(page.totals).map((k) => [k, g[k as keyof Sums]])),
            );
            // Every group drills down, the one without a channel too ("is empty").
            expect(g.drill, `${dimension} ${g.key}`).not.toBeNull();
            expect((await query(admin, { filters: { ...f, ...g.drill }, pageSize: 1 })).totals.entries).toBe(g.entries);
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it('charts the trend by the bucket the range calls for, with the previous period and last year', async () => {
    for (const days of [7, 90, 400]) {
      const range = [daysBefore(today(), days - 1), today()] as [string, string];
      const chart = await ok(admin.post(`/v1/${VIEW}/chart`, { body: { filters: { occurredAt: range } } }));
      expect(chart.bucket).toBe(bucketOf(range));
      const totals = (await query(admin, { filters: { occurredAt: range }, pageSize: 1 })).totals as Sums;
      const trend = chart.trend as { bucket: string; amountIn: number; amountOut: number }[];
      expect(trend.reduce((s, b) => s + cents(b.amountIn), 0) / 100).toBe(totals.amountIn);
      expect(trend.reduce((s, b) => s + cents(b.amountOut), 0) / 100).toBe(totals.amountOut);
      expect(chart.current).toEqual(totals);
      expect(chart.previous.range).toEqual(previousPeriodOf(range));
      expect(chart.previous.totals).toEqual((await query(admin, { filters: { occurredAt: previousPeriodOf(range) }, pageSize: 1 })).totals);
      expect(chart.lastYear.totals).toEqual((await query(admin, { filters: { occurredAt: lastYearOf(range) }, pageSize: 1 })).totals);
      const share = chart.share as (Sums & { key: string })[];
      expect(share.reduce((s, g) => s + cents(g.amountIn), 0) / 100).toBe(totals.amountIn);
    }
    expect((await admin.post(`/v1/${VIEW}/chart`, { body: { filters: { occurredAt: ['2026-01-01'] } } })).status).toBe(400);
  });

  it('answers 400 naming a bad filter', async () => {
    const res = await admin.post(`/v1/${VIEW}/query`, { body: { filters: { channel: 'pigeon' } } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('channel');
  });

  it('exports every row of the filter as a file job with its progress', async () => {
    const f = { memberId: members[0] };
    const rows = await everyRow(f);
    const { taskId } = await ok(admin.post(`/v1/${VIEW}/export`, { body: { filters: f } }));
    const task = await ok(admin.get(`/v1/file-task/info/${taskId}`));
    expect(task).toMatchObject({ state: 'succeeded', module: 'storedValue', resource: VIEW, processed: rows.length, progress: 100 });
    const [header, ...cells] = await readSheet((await downloadTask({ app: t.app, client: admin, taskId, locale: 'zh_CN' })).bytes);
    expect(header[0]).toBe('时间');
    expect(cells).toHaveLength(rows.length);
  });

  it('refuses readers without the view’s grant, on every route', async () => {
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'qv-points',
      grants: [{ resourceId: '积分/积分查询', action: '账户信息查看' }],
    });
    const other = await signIn(t.app, { tenant: tenant.code, login: 'qv-points', password: tenant.adminPassword });
    expect((await other.post(`/v1/${VIEW}/query`, { body: {} })).status).toBe(403);
    expect((await other.post(`/v1/${VIEW}/chart`, { body: {} })).status).toBe(403);
    expect((await other.post(`/v1/${VIEW}/export`, { body: {} })).status).toBe(403);
    expect((await other.get(`/v1/${VIEW}/stores`)).status).toBe(403);
  });

  it('shows another tenant none of these rows', async () => {
    const second = await createTenant(t.database);
    const theirs = await signIn(t.app, { tenant: second.code, login: second.adminLogin, password: second.adminPassword });
    const mine = await query(admin, { pageSize: 1 });
    expect(mine.total).toBeGreaterThan(0);
    const page = await query(theirs, { pageSize: 200 });
    expect(page.total).toBe(0);
    expect(page.totals.entries).toBe(0);
    expect((await query(theirs, { filters: { memberId: members[0], storeId: store } })).records).toEqual([]);
    expect(await ok(theirs.get(`/v1/${VIEW}/stores`, { query: { keyword: '视图' } }))).toEqual([]);
  });
});
