import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { connectDatabase, type Database } from '../../server/db/connection';
import { applyMigrations } from '../../server/db/migrate';
import { MIGRATIONS_FOLDER } from '../../server/runtime-paths';
import { KIND_DECLARATIONS } from '../../resources/promotion/kinds/index';
import { okData } from '../helpers/coupon-fixtures';
import { createTenant, signIn, type ApiClient } from '../helpers/fixtures';
import { buildTestApp, TEST_PASSWORD_HASH_COST } from '../helpers/test-app';
import type { FastifyInstance } from 'fastify';

/**
 * The migrations that moved each activity kind's own rule fields into the one jsonb `rule`
 * (0035_activity-kind-rules) and the five budget columns into the one jsonb `budget`
 * (0036_activity-budget): a database migrated up to the one before holds an activity of every
 * kind in the old shape (one column per rule field and per budget); after the migrations the API
 * answers each with its rule and budget members holding the old values.
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

/** Per kind: the old columns written, and the rule the API must answer after the migration. */
const OLD_ROWS: Record<keyof typeof KIND_DECLARATIONS, { columns: Record<string, unknown>; rule: Record<string, unknown> | null }> = {
  BASIC_POINTS: { columns: { yuan_per_point: '2.50' }, rule: { yuanPerPoint: 2.5 } },
  NON_POINTS_GOODS: { columns: {}, rule: null },
  POINTS_SPEED: { columns: { speed_multiple: '1.5' }, rule: { speedMultiple: 1.5 } },
  SCORE_DOUBLING: { columns: { doubling_multiple: '2.0' }, rule: { doublingMultiple: 2 } },
  AMOUNT_EXTRA_POINTS: {
    columns: { amount_ladder: JSON.stringify({ tiers: [{ threshold: '100.00', points: 10 }] }) },
    rule: { amountLadder: { tiers: [{ threshold: 100, points: 10 }] } },
  },
  QTY_EXTRA_POINTS: {
    columns: { quantity_ladder: JSON.stringify({ tiers: [{ threshold: 2, points: 7 }] }) },
    rule: { quantityLadder: { tiers: [{ threshold: 2, points: 7 }] } },
  },
  GOODS_GROUP_QTY_EXTRA_POINTS: {
    columns: { group_every_quantity: 3, group_points: 5, group_max_times: null },
    rule: { groupEveryQuantity: 3, groupPoints: 5, groupMaxTimes: null },
  },
  GOODS_AMOUNT_COUPON: {
    columns: { coupon_threshold_amount: '200.00', coupon_amount_repeat: true },
    rule: { couponThresholdAmount: 200, couponAmountRepeat: true },
  },
  GOODS_AMOUNT_GIFT: {
    columns: { gift_threshold_amount: '99.90', gift_quantity: 2 },
    rule: { giftThresholdAmount: 99.9, giftQuantity: 2 },
  },
  GOODS_QTY_COUPON: {
    columns: { coupon_threshold_quantity: 4, coupon_quantity_repeat: false },
    rule: { couponThresholdQuantity: 4, couponQuantityRepeat: false },
  },
  USE_COUPON_SEND_COUPON: { columns: {}, rule: null },
  POINTS_AS_CASH: {
    columns: { cash_points_per_yuan: 100, cash_max_share_percent: 50, cash_max_points_per_order: 5000, cash_min_order_amount: '20.00' },
    rule: { cashPointsPerYuan: 100, cashMaxSharePercent: 50, cashMaxPointsPerOrder: 5000, cashMinOrderAmount: 20 },
  },
  SCORE_GAIN_COUPON: { columns: { coupon_points_cost: 300 }, rule: { couponPointsCost: 300 } },
  SCORE_EXCHANGE_GOODS: { columns: { goods_points_cost: 250, exchange_quantity: 2 }, rule: { goodsPointsCost: 250, exchangeQuantity: 2 } },
  BIRTHDAY_GIFT: { columns: { birthday_gives: 'POINTS', birthday_days_before: 3 }, rule: { birthdayDaysBefore: 3 } },
  REGISTER_GIFT: { columns: {}, rule: null },
  ACTIVATE_GIFT: { columns: {}, rule: null },
  INVITE_GIFT: { columns: { invitee_points: 20, invitee_coupon_count: 1 }, rule: { inviteePoints: 20, inviteeCouponCount: 1 } },
  UPGRADE_GIFT: { columns: {}, rule: null },
};

/** A copy of the migrations folder holding only those before `last` (exclusive): the old schema. */
function migrationsBefore(last: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinds-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === last);
  if (cut < 0) throw new Error(`no migration ${last}`);
  const entries = journal.entries.slice(0, cut);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

let adminUrl: URL;
let name: string;
let database: Database;
let app: FastifyInstance;
let admin: ApiClient;
const ids = new Map<string, number>();

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
  const tenant = await createTenant(database);
  for (const [kind, rule] of Object.entries(OLD_ROWS)) {
    const columns = { ...rule.columns, ...oldBudget(ids.size).columns };
    const names = ['tenant_id', 'number', 'name', 'kind', 'family', 'state', 'begin_time', 'end_time', ...Object.keys(columns)];
    const values = [
      tenant.tenantId,
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

describe('the kind-rules and budget migrations', () => {
  it('move the rule and budget columns of every kind into jsonb, answered by the API as they were', async () => {
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
});
