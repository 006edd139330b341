import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAnalysisView } from '../../resources/data-table/member-analysis.query-view';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { startPointsScene } from '../helpers/points-fixtures';
import {
  createReportStores,
  everyReportRow,
  expectReportTotals,
  passesPlace,
  placeFilter,
  placeFilterOf,
  queryReport,
  ZONE,
  type Generated,
  type ReportStores,
} from '../helpers/report-fixtures';
import { ok } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';

/**
 * Store member growth (/data-table/member-analysis) counts the members themselves: over members
 * registered through the API at random stores and channels, some invited by another member,
 * some of fuel stations, some frozen, each given a registration day up to two years back, for
 * random dates, store, area and channel, its counts are those of the members table the filter
 * covers, its grouped totals by store and day add up and drill down to those members.
 */

const VIEW = memberAnalysisView;
const NAMES = { dates: 'registeredAt', store: 'storeId', area: 'areaId' } as const;
const CHANNELS = ['store', 'weixin', 'alipay'] as const;

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let stores: ReportStores;
let inviter: number;
let mobile = randomInt(10_000_000);

interface MemberRow {
  storeId: number | null;
  channel: string;
  invited: boolean;
  petrol: boolean;
  inUse: boolean;
  day: string;
}

async function members(): Promise<MemberRow[]> {
  const found = await t.database.db.execute<{
    register_store: string | null;
    channel: string;
    invited: boolean;
    petrol: boolean;
    in_use: boolean;
    day: string;
  }>(sql`select register_store, channel, invited_by is not null as invited, profile = 'petrol' as petrol,
      lower(state) = 'using' as in_use, to_char((registered_at at time zone ${ZONE})::date, 'YYYY-MM-DD') as day
    from members where tenant_id = ${tenant.tenantId}`);
  return found.rows.map((r) => ({
    storeId: r.register_store === null ? null : Number(r.register_store),
    channel: r.channel,
    invited: r.invited,
    petrol: Boolean(r.petrol),
    inUse: r.in_use,
    day: r.day,
  }));
}

const sumsOf = (rows: readonly MemberRow[]) => ({
  newMembers: rows.length,
  invited: rows.filter((r) => r.invited).length,
  petrol: rows.filter((r) => r.petrol).length,
  inUse: rows.filter((r) => r.inUse).length,
});

const member = fc.record({
  store: fc.option(fc.nat({ max: 1 }), { nil: null, freq: 4 }),
  channel: fc.constantFrom(...CHANNELS),
  invited: fc.boolean(),
  petrol: fc.boolean(),
  frozen: fc.boolean(),
  daysAgo: fc.integer({ min: 0, max: 730 }),
});

/** Registers one member through the API, then gives it its past. */
async function register(m: Generated<typeof member>): Promise<void> {
  mobile = (mobile + 1) % 100_000_000;
  const number = `137${String(mobile).padStart(8, '0')}`;
  const body: Record<string, unknown> = { name: `增长${number.slice(-4)}`, mobile: number, channel: m.channel };
  if (m.store !== null) body.registerStore = stores.stores[m.store];
  if (m.invited) body.invitedBy = inviter;
  const { id } = await ok(admin.post('/v1/member/saveNew', { body }));
  if (m.frozen) await ok(admin.post('/v1/member/freeze', { query: { id }, body: { reason: '增长分析' } }));
  await t.database.db.execute(sql`update members set registered_at = now() - make_interval(days => ${m.daysAgo}),
      profile = ${m.petrol ? 'petrol' : 'standard'}
    where tenant_id = ${tenant.tenantId} and id = ${id}`);
}

const filters = fc.record({ place: placeFilter, channel: fc.option(fc.constantFrom(...CHANNELS), { nil: undefined }) });

beforeAll(async () => {
  ({ t, tenant, admin } = await startPointsScene());
  stores = await createReportStores(admin, 'MA');
  inviter = (await ok(admin.post('/v1/member/saveNew', { body: { name: '邀请人', mobile: '13600000001' } }))).id;
});

afterAll(async () => t?.close());

describe('store member growth', () => {
  it('counts the members the registration dates, store, area and channel cover', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(member, { minLength: 1, maxLength: 6 }), filters, async (registered, generated) => {
        for (const m of registered) await register(m);
        const all = await members();
        expect((await queryReport(admin, VIEW, { pageSize: 1 })).totals).toEqual(sumsOf(all));
        const f = placeFilterOf({ generated: generated.place, stores, names: NAMES });
        if (generated.channel) f.channel = generated.channel;
        const covered = all.filter(
          (r) => passesPlace({ filters: f, names: NAMES, stores, store: r.storeId, day: r.day }) && (!f.channel || r.channel === f.channel),
        );
        await expectReportTotals({ client: admin, view: VIEW, filters: f, expected: sumsOf(covered) });
        expect(await everyReportRow({ client: admin, view: VIEW, filters: f })).toHaveLength(covered.length);
      }),
      { numRuns: 8 },
    );
  });

  it('shares the new members by channel in the chart, and compares them with the period before', async () => {
    const range = ['2026-01-01', '2026-06-30'] as const;
    const chart = await ok(admin.post(`/v1/${VIEW.name}/chart`, { body: { filters: { registeredAt: range } } }));
    const totals = (await queryReport(admin, VIEW, { filters: { registeredAt: range }, pageSize: 1 })).totals;
    expect(chart.bucket).toBe('week');
    expect(chart.share.reduce((n: number, g: { newMembers: number }) => n + g.newMembers, 0)).toBe(totals.newMembers);
    expect(chart.previous.totals).toEqual(
      (await queryReport(admin, VIEW, { filters: { registeredAt: chart.previous.range }, pageSize: 1 })).totals,
    );
  });
});
