import fc from 'fast-check';
import { expect } from 'vitest';
import { EMPTY_CODE, type QueryViewDef } from '../../resources/query-view';
import type { ApiClient } from './fixtures';
import { ok } from './stored-value-docs-fixtures';

/**
 * Fixtures of the report tests (tests/api/*-report.test.ts): stores in a tree of areas, the
 * rows of a report's filter page after page, random filters of dates, store and area, and the
 * check every report shares: its totals, grouped totals and drill-downs against sums a test
 * computes from the ledger itself.
 */

/** The zone of test tenants (days of a date filter are this zone's). */
export const ZONE = 'Asia/Shanghai';

/** Today in the tenants' zone. */
export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());

/** The day `n` days before `day`. */
export const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Whether a day lies in a range, both ends included. */
export const within = (day: string, range: readonly [string, string]) => day >= range[0] && day <= range[1];

/**
 * Two stores: the first in a region, the second in a city below that region, so a filter on the
 * region covers both and one on the city only the second.
 */
export interface ReportStores {
  readonly region: number;
  readonly city: number;
  /** Store ids, the region's first. */
  readonly stores: readonly [number, number];
  /** The areas each store falls under (its own and those above), by store id. */
  readonly areasOf: ReadonlyMap<number, readonly number[]>;
}

export async function createReportStores(admin: ApiClient, prefix: string): Promise<ReportStores> {
  const region = (await ok(admin.post('/v1/area/saveNew', { body: { code: `${prefix}R`, name: `${prefix}大区` } }))).id as number;
  const city = (await ok(admin.post('/v1/area/saveNew', { body: { code: `${prefix}C`, name: `${prefix}城市`, parent: region } })))
    .id as number;
  const store = async (code: string, area: number) =>
    (await ok(admin.post('/v1/store/saveNew', { body: { code, name: `${code}门店`, type: 'GAS_STATION', area } }))).id as number;
  const first = await store(`${prefix}1`, region);
  const second = await store(`${prefix}2`, city);
  return {
    region,
    city,
    stores: [first, second],
    areasOf: new Map([
      [first, [region]],
      [second, [city, region]],
    ]),
  };
}

/** A random filter of a report's dates, store (or no store) and area (each may be left out). */
export const placeFilter = fc.record(
  {
    // 2: the entries at no store.
    store: fc.nat({ max: 2 }),
    area: fc.constantFrom('region', 'city'),
    dates: fc.tuple(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 400 })),
  },
  { requiredKeys: [] },
);

/** What an arbitrary generates. */
export type Generated<A> = A extends fc.Arbitrary<infer T> ? T : never;

/** A generated place-and-dates filter as the API takes it, under the report's filter names. */
export function placeFilterOf(args: {
  generated: Generated<typeof placeFilter>;
  stores: ReportStores;
  names: { readonly dates: string; readonly store: string; readonly area: string };
}): Record<string, unknown> {
  const { generated: g, stores, names } = args;
  const out: Record<string, unknown> = {};
  if (g.store !== undefined) out[names.store] = g.store === 2 ? EMPTY_CODE : stores.stores[g.store];
  if (g.area) out[names.area] = stores[g.area];
  if (g.dates) {
    const end = daysBefore(today(), g.dates[0] % 400);
    out[names.dates] = [daysBefore(end, g.dates[1]), end];
  }
  return out;
}

/** Whether a ledger row at `store` on `day` passes a place-and-dates filter. */
export function passesPlace(args: {
  filters: Record<string, unknown>;
  names: { readonly dates: string; readonly store: string; readonly area: string };
  stores: ReportStores;
  store: number | null;
  day: string;
}): boolean {
  const { filters, names, stores, store, day } = args;
  const range = filters[names.dates] as [string, string] | undefined;
  if (range && !within(day, range)) return false;
  const wanted = filters[names.store];
  if (wanted !== undefined && store !== (wanted === EMPTY_CODE ? null : wanted)) return false;
  const area = filters[names.area] as number | undefined;
  if (area !== undefined && !(store !== null && stores.areasOf.get(store)?.includes(area))) return false;
  return true;
}

/** A page of a report. */
export interface ReportPage {
  total: number;
  records: Record<string, unknown>[];
  nextCursor: number | null;
  totals: Record<string, number>;
  groups: Record<string, ({ key: string | null; drill: Record<string, unknown> | null } & Record<string, number>)[]>;
}

/** A page of a view's filter. */
export const queryReport = (client: ApiClient, view: QueryViewDef, body: Record<string, unknown>): Promise<ReportPage> =>
  ok(client.post(`/v1/${view.name}/query`, { body }));

/** Every row of a filter, page after page by keyset. */
export async function everyReportRow(args: {
  client: ApiClient;
  view: QueryViewDef;
  filters: Record<string, unknown>;
}): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let cursor: number | null = null;
  for (;;) {
    const page = await queryReport(args.client, args.view, { filters: args.filters, pageSize: 50, cursor });
    rows.push(...page.records);
    if (page.nextCursor === null) return rows;
    cursor = page.nextCursor;
  }
}

/**
 * The check every report shares: the filter's totals are `expected` (the test's sums over the
 * ledger), each grouped total is the figures of the rows its drill-down lists, and the groups of
 * each dimension add up to the totals (but for the figures declared not additive).
 */
export async function expectReportTotals(args: {
  client: ApiClient;
  view: QueryViewDef;
  filters: Record<string, unknown>;
  expected: Record<string, number>;
}): Promise<void> {
  const { client, view, filters } = args;
  const page = await queryReport(client, view, { filters, pageSize: 1 });
  expect(page.totals).toEqual(args.expected);
  for (const dimension of view.groups ?? []) {
    const groups = page.groups[dimension];
    // A distinct count or an average is its group's own, not a part of the total.
    const sums = Object.entries(view.measures).flatMap(([name, m]) => (m.additive === false ? [] : [name]));
    for (const measure of sums) {
      // In cents, so yuan sums compare exactly.
      const sum = groups.reduce((s, g) => s + Math.round(Number(g[measure]) * 100), 0);
      expect(sum, `${dimension} ${measure}`).toBe(Math.round(page.totals[measure] * 100));
    }
    for (const g of groups) {
      expect(g.drill, `${dimension} ${g.key}`).not.toBeNull();
      const behind = await queryReport(client, view, { filters: { ...filters, ...g.drill }, pageSize: 1 });
      expect(behind.totals, `${dimension} ${g.key}`).toEqual(Object.fromEntries(Object.keys(view.measures).map((m) => [m, g[m]])));
    }
  }
}
