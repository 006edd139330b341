import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { connectDatabase, type Database } from '../../server/db/connection';
import { applyMigrations } from '../../server/db/migrate';
import { KIND_DECLARATIONS } from '../../resources/promotion/kinds/index';
import { loadActivities } from '../../server/modules/activities/activity.loader';
import { okData } from '../helpers/coupon-fixtures';
import { migrationsBefore } from '../helpers/old-schema';
import { createTenant, signIn, type ApiClient } from '../helpers/fixtures';
import { buildTestApp, TEST_PASSWORD_HASH_COST } from '../helpers/test-app';
import type { FastifyInstance } from 'fastify';

/**
 * The migrations that moved each activity kind's own rule fields into the one jsonb `rule`
 * (0035_activity-kind-rules), the five budget columns into the one jsonb `budget`
 * (0036_activity-budget), and the reward, the weekdays and priority and the kinds' relations
 * into the rule (0039_activity-rule-relations): a database migrated up to the one before the
 * first holds an activity of every kind in the old shape (one column per rule field, budget,
 * reward and relation); after the migrations the API answers each with its rule and budget
 * members holding the old values, and the engine reads them (the reward, the weekdays, the
 * priority, the relations' ids).
 */
const RULE_MIGRATION = '0035_activity-kind-rules';

/** The old budget columns of the n-th kind's row (every other row has none) and the budget answered. */
function oldBudget(n: number): { columns: Record<string, unknown>; budget: Record<string, unknown> | null } {
  if (n % 2 === 1) return { columns: {}, budget: null };
  return {
    columns: { budget_total_points: 1000 + n, budget_per_member_per_day_times: n + 1 },
    budget: { totalPoints: 1000 + n, totalCoupons: null, totalTimes: null, perMemberTimes: null, perMemberPerDayTimes: n + 1 },
  };
}

/** The schedule's weekdays and priority, in their old columns and as rule members (the sale kinds). */
const schedule = (weekdays: number[] | null, priority: number) => ({
  columns: { weekdays, priority },
  members: { weekdays, priority },
});

/** The reward in its old columns and as rule members (the kinds using the reward part). */
const reward = (points: number, template: number | null, count: number) => ({
  columns: { reward_points: points, reward_coupon_template: template, reward_coupon_count: count },
  members: { rewardPoints: points, rewardCouponTemplate: template, rewardCouponCount: count },
});

/** An old row of a kind: its own columns, its parts' columns, and the rule the API must answer after the migrations. */
function old(
  own: { columns: Record<string, unknown>; rule: Record<string, unknown> | null },
  ...parts: { columns: Record<string, unknown>; members: Record<string, unknown> }[]
): { columns: Record<string, unknown>; rule: Record<string, unknown> | null } {
  const columns = Object.assign({}, own.columns, ...parts.map((p) => p.columns)) as Record<string, unknown>;
  const members = Object.assign({}, ...parts.map((p) => p.members)) as Record<string, unknown>;
  return { columns, rule: own.rule === null && parts.length === 0 ? null : { ...own.rule, ...members } };
}

// Ids the relations held (the rule keeps them as they were; no record needs to exist to read them back).
const TEMPLATE = 501;
const OTHER_TEMPLATE = 502;

/** The kinds declared after these migrations (issue 28's top-ups, gift card campaigns, bulk coupon issue, third-party issuing, coupon code export, claims, payment offers, issue 29's splash-screen coupons, customer group gifts and push plans): they never had the old shape. */
type LaterKind =
  | 'STORE_VALUE_ACTIVE'
  | 'PREPAY_CARD_CHARGE_GIFT'
  | 'GIFT_CARD_ACTIVITY'
  | 'GROUP_COUPON'
  | 'THIRD_PARTY_ISSUE'
  | 'EXPORT_CODE_SEND_COUPON'
  | 'MINI_PROGRAM_GAIN_COUPON'
  | 'WEI_XIN_COUPON'
  | 'STORE_VALUE_PAY_REDUCE'
  | 'STORE_VALUE_PAY_DISCOUNT'
  | 'CARD_PAY_REDUCE'
  | 'CARD_PAY_DISCOUNT'
  | 'OPEN_SCREEN_COUPON'
  | 'USER_GROUP_GIFT'
  | 'PUSH_PLAN';

/** Per kind of the time: the old columns written, and the rule the API must answer after the migrations. */
const OLD_ROWS: Record<
  Exclude<keyof typeof KIND_DECLARATIONS, LaterKind>,
  { columns: Record<string, unknown>; rule: Record<string, unknown> | null }
> = {
  BASIC_POINTS: old({ columns: { yuan_per_point: '2.50' }, rule: { yuanPerPoint: 2.5 } }, schedule([1, 2], 1)),
  NON_POINTS_GOODS: old({ columns: {}, rule: null }, schedule(null, 0)),
  POINTS_SPEED: old({ columns: { speed_multiple: '1.5' }, rule: { speedMultiple: 1.5 } }, schedule(null, 2)),
  SCORE_DOUBLING: old({ columns: { doubling_multiple: '2.0' }, rule: { doublingMultiple: 2 } }, schedule([6, 7], 5)),
  AMOUNT_EXTRA_POINTS: old(
    {
      columns: { amount_ladder: JSON.stringify({ tiers: [{ threshold: '100.00', points: 10 }] }) },
      rule: { amountLadder: { tiers: [{ threshold: 100, points: 10 }] } },
    },
    schedule(null, 0),
  ),
  QTY_EXTRA_POINTS: old(
    {
      columns: { quantity_ladder: JSON.stringify({ tiers: [{ threshold: 2, points: 7 }] }) },
      rule: { quantityLadder: { tiers: [{ threshold: 2, points: 7 }] } },
    },
    schedule([3], 0),
  ),
  GOODS_GROUP_QTY_EXTRA_POINTS: old(
    {
      columns: { group_every_quantity: 3, group_points: 5, group_max_times: null },
      rule: { groupEveryQuantity: 3, groupPoints: 5, groupMaxTimes: null },
    },
    schedule(null, 0),
  ),
  GOODS_AMOUNT_COUPON: old(
    {
      columns: { coupon_threshold_amount: '200.00', coupon_amount_repeat: true },
      rule: { couponThresholdAmount: 200, couponAmountRepeat: true },
    },
    reward(0, TEMPLATE, 2),
    schedule(null, 3),
  ),
  GOODS_AMOUNT_GIFT: old(
    {
      columns: { gift_threshold_amount: '99.90', gift_quantity: 2, gift_goods: 601 },
      rule: { giftThresholdAmount: 99.9, giftQuantity: 2, giftGoods: 601 },
    },
    schedule(null, 0),
  ),
  GOODS_QTY_COUPON: old(
    {
      columns: { coupon_threshold_quantity: 4, coupon_quantity_repeat: false },
      rule: { couponThresholdQuantity: 4, couponQuantityRepeat: false },
    },
    reward(10, null, 1),
    schedule(null, 0),
  ),
  USE_COUPON_SEND_COUPON: old(
    { columns: { used_coupon_templates: [TEMPLATE, OTHER_TEMPLATE] }, rule: { usedCouponTemplates: [TEMPLATE, OTHER_TEMPLATE] } },
    reward(5, null, 1),
    schedule([5], 0),
  ),
  POINTS_AS_CASH: old(
    {
      columns: { cash_points_per_yuan: 100, cash_max_share_percent: 50, cash_max_points_per_order: 5000, cash_min_order_amount: '20.00' },
      rule: { cashPointsPerYuan: 100, cashMaxSharePercent: 50, cashMaxPointsPerOrder: 5000, cashMinOrderAmount: 20 },
    },
    schedule(null, 0),
  ),
  SCORE_GAIN_COUPON: old({ columns: { coupon_points_cost: 300 }, rule: { couponPointsCost: 300 } }, reward(0, TEMPLATE, 1)),
  SCORE_EXCHANGE_GOODS: old({
    columns: { goods_points_cost: 250, exchange_quantity: 2, exchange_goods: 602 },
    rule: { goodsPointsCost: 250, exchangeQuantity: 2, exchangeGoods: 602 },
  }),
  BIRTHDAY_GIFT: old(
    { columns: { birthday_gives: 'POINTS', birthday_days_before: 3 }, rule: { birthdayDaysBefore: 3 } },
    reward(88, null, 1),
  ),
  REGISTER_GIFT: old({ columns: {}, rule: null }, reward(100, TEMPLATE, 1)),
  ACTIVATE_GIFT: old({ columns: {}, rule: null }, reward(40, null, 1)),
  INVITE_GIFT: old(
    {
      columns: { invitee_points: 20, invitee_coupon_count: 1, invitee_coupon_template: OTHER_TEMPLATE },
      rule: { inviteePoints: 20, inviteeCouponCount: 1, inviteeCouponTemplate: OTHER_TEMPLATE },
    },
    reward(30, null, 1),
  ),
  UPGRADE_GIFT: old({ columns: { upgrade_to_levels: [701, 702] }, rule: { upgradeToLevels: [701, 702] } }, reward(70, null, 1)),
};

/** The tenant id the old rows are written under, before the merchant exists (no merchant has it). */
const OLD_TENANT_ID = 987_654_321;

let adminUrl: URL;
let name: string;
let database: Database;
let app: FastifyInstance;
let admin: ApiClient;
const ids = new Map<string, number>();
let tenantId: number;

beforeAll(async () => {
  adminUrl = new URL(inject('databaseUrl'));
  name = `${adminUrl.pathname.slice(1)}_kinds`;
  const server = new pg.Client({ connectionString: adminUrl.toString() });
  await server.connect();
  await server.query(`create database "${name}"`);
  await server.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = connectDatabase(url.toString(), { max: 4 });
  await migrate(database.db, { migrationsFolder: migrationsBefore(RULE_MIGRATION) });
  // The merchant is made on the final schema (its users table has grown since): the old rows are
  // written under a stand-in tenant id and handed to it once every migration has run.
  const oldTenant = OLD_TENANT_ID;
  for (const [kind, rule] of Object.entries(OLD_ROWS)) {
    const columns = { ...rule.columns, ...oldBudget(ids.size).columns };
    const names = ['tenant_id', 'number', 'name', 'kind', 'family', 'state', 'begin_time', 'end_time', ...Object.keys(columns)];
    const values = [
      oldTenant,
      `AC9${String(ids.size + 1).padStart(7, '0')}`,
      `Old ${kind}`,
      kind,
      KIND_DECLARATIONS[kind as keyof typeof KIND_DECLARATIONS].family,
      'INITAIL',
      '2026-01-01T00:00:00Z',
      '2027-01-01T00:00:00Z',
      ...Object.values(columns),
    ];
    const inserted = await database.pool.query<{ id: string }>(
      `insert into activities (${names.map((n) => `"${n}"`).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
      values,
    );
    ids.set(kind, Number(inserted.rows[0].id));
  }
  await applyMigrations(database);
  const tenant = await createTenant(database);
  tenantId = tenant.tenantId;
  const owned = await database.pool.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name = 'tenant_id'`,
  );
  for (const { table_name: table } of owned.rows) {
    await database.pool.query(`update "${table}" set tenant_id = $1 where tenant_id = $2`, [tenantId, oldTenant]);
  }
  const config = { ...loadConfig({ PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST) }), seedDemo: false };
  ({ app } = await buildTestApp({ database, config, jobs: null }));
  await app.ready();
  admin = await signIn(app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  const server = new pg.Client({ connectionString: adminUrl.toString() });
  await server.connect();
  await server.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  await server.end();
});

describe('the kind-rules, budget and rule-relations migrations', () => {
  it('move the rule, budget, reward, schedule and relation columns of every kind into jsonb, answered by the API as they were', async () => {
    for (const [n, [kind, { rule }]] of Object.entries(OLD_ROWS).entries()) {
      const record = await okData<Record<string, unknown>>(admin.get(`/v1/activity/info/${ids.get(kind)}`));
      expect(record, kind).toMatchObject({ kind, name: `Old ${kind}` });
      expect(record.rule ?? null, kind).toEqual(rule);
      expect(record.budget ?? null, kind).toEqual(oldBudget(n).budget);
    }
    const moved = [
      ...Object.values(OLD_ROWS).flatMap((r) => Object.keys(r.columns).filter((c) => c !== 'birthday_gives')),
      ...Object.keys(oldBudget(0).columns),
    ];
    const dropped = await database.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'activities'
        and column_name = any($1::text[])`,
      [moved],
    );
    expect(dropped.rows).toEqual([]);
  });

  it('hand the engine the moved reward, weekdays, priority and relations', async () => {
    const prepared = new Map((await loadActivities(database.db, tenantId, [...ids.values()])).map((a) => [a.kind as string, a] as const));
    expect(prepared.size).toBe(Object.keys(OLD_ROWS).length);
    expect(prepared.get('SCORE_DOUBLING')).toMatchObject({ weekdays: [6, 7], priority: 5 });
    expect(prepared.get('GOODS_AMOUNT_COUPON')?.rule).toMatchObject({ reward: { points: 0, couponTemplateId: TEMPLATE, couponCount: 2 } });
    expect(prepared.get('USE_COUPON_SEND_COUPON')?.rule).toMatchObject({ usedTemplateIds: [TEMPLATE, OTHER_TEMPLATE] });
    expect(prepared.get('INVITE_GIFT')?.rule).toMatchObject({
      inviter: { points: 30, couponTemplateId: null },
      invitee: { points: 20, couponTemplateId: OTHER_TEMPLATE, couponCount: 1 },
    });
    expect(prepared.get('UPGRADE_GIFT')?.rule).toMatchObject({ toLevelIds: [701, 702], reward: { points: 70 } });
  });
});
