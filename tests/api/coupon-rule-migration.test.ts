import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COUPON_LINE_TYPES, type CouponLineType } from '../../resources/coupons/coupon-line-types';
import { loadConfig } from '../../server/config';
import { connectDatabase, type Database } from '../../server/db/connection';
import { applyMigrations } from '../../server/db/migrate';
import { okData } from '../helpers/coupon-fixtures';
import { migrationsBefore } from '../helpers/old-schema';
import { createTenant, signIn, type ApiClient } from '../helpers/fixtures';
import { buildTestApp, TEST_PASSWORD_HASH_COST } from '../helpers/test-app';
import type { FastifyInstance } from 'fastify';

/**
 * The migration that moved each coupon line type's value fields into the one jsonb `rule`, and
 * the validity, usable times and stacking columns into one object each
 * (0041_coupon-template-rules): a database migrated up to the one before holds a template of
 * every line type in the old shape (one column per field); after the migration the API answers
 * each with its rule, validity, usable times and stacking holding the old values, and the old
 * columns are gone.
 */
const MIGRATION = '0041_coupon-template-rules';

/** Per line type: the old value columns written, and the rule the API must answer after the migration. */
/** The id the goods a pick-up and an exchange template name will have (the first product of the new database). */
const PRODUCT = 1;

const OLD_RULES: Record<CouponLineType, { columns: Record<string, unknown>; rule: Record<string, unknown> }> = {
  all_cash: { columns: { cash_value: '10.00' }, rule: { cashValue: 10 } },
  goods_cash: { columns: { goods_cash_value: '12.50' }, rule: { goodsCashValue: 12.5 } },
  all_discount: { columns: { all_discount_rate: '8.5', all_discount_cap: '20.00' }, rule: { allDiscountRate: 8.5, allDiscountCap: 20 } },
  goods_discount: {
    columns: { goods_discount_rate: '9.0', goods_discount_cap: null },
    rule: { goodsDiscountRate: 9, goodsDiscountCap: null },
  },
  rfm_type: {
    columns: { rfm_discount_rate: '7.5', rfm_discount_cap: '30.00', rfm_segments: ['IMPORTANT_VALUE', 'GENERAL'] },
    rule: { rfmDiscountRate: 7.5, rfmDiscountCap: 30, rfmSegments: ['IMPORTANT_VALUE', 'GENERAL'] },
  },
  goods: { columns: { pickup_goods: PRODUCT, pickup_quantity: 3 }, rule: { pickupGoods: PRODUCT, pickupQuantity: 3 } },
  freight: { columns: { freight_cap: '6.00' }, rule: { freightCap: 6 } },
  random_cash: {
    columns: { random_min: '1.00', random_max: '5.00', random_distribution: 'LOW_BIASED' },
    rule: { randomMin: 1, randomMax: 5, randomDistribution: 'LOW_BIASED' },
  },
  exchange_goods: { columns: { exchange_goods: PRODUCT, exchange_price: '1.50' }, rule: { exchangeGoods: PRODUCT, exchangePrice: 1.5 } },
  points: { columns: { points_value: 100 }, rule: { pointsValue: 100 } },
  special_price: { columns: { special_price: '2.00', special_quantity: 4 }, rule: { specialPrice: 2, specialQuantity: 4 } },
};

/**
 * The n-th row's old validity, usable-time and stacking columns and what the API answers for
 * them: fixed dates on every other row, N days after a delay on the others; the odd rows with
 * weekdays and a time of day, stacking with coupons but not with points.
 */
function oldTerms(n: number): { columns: Record<string, unknown>; answer: Record<string, unknown> } {
  const fixed = n % 2 === 0;
  const windows = n % 2 === 1;
  return {
    columns: {
      validity_mode: fixed ? 'FIXED' : 'RELATIVE',
      ...(fixed ? { valid_dates_from: '2026-06-01', valid_dates_to: `2026-06-${String(10 + n).padStart(2, '0')}` } : {}),
      ...(fixed ? {} : { valid_days: n === 1 ? null : 7 + n, delay_days: n }),
      ...(windows ? { weekdays: [6, 7], day_start: '18:00', day_end: '22:00' } : {}),
      stack_with_coupons: windows,
      stack_with_points: !windows,
    },
    answer: {
      validity: fixed
        ? { validityMode: 'FIXED', validDates: ['2026-06-01', `2026-06-${String(10 + n).padStart(2, '0')}`] }
        : { validityMode: 'RELATIVE', validDays: n === 1 ? null : 7 + n, delayDays: n },
      usableTimes: windows ? { weekdays: [6, 7], dayStart: '18:00', dayEnd: '22:00' } : null,
      stacking: { stackWithCoupons: windows, stackWithPoints: !windows },
    },
  };
}

let adminUrl: URL;
let name: string;
let database: Database;
let app: FastifyInstance;
let admin: ApiClient;
const ids = new Map<CouponLineType, number>();

beforeAll(async () => {
  adminUrl = new URL(inject('databaseUrl'));
  name = `${adminUrl.pathname.slice(1)}_coupon_rules`;
  const server = new pg.Client({ connectionString: adminUrl.toString() });
  await server.connect();
  await server.query(`create database "${name}"`);
  await server.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = connectDatabase(url.toString(), { max: 4 });
  await migrate(database.db, { migrationsFolder: migrationsBefore(MIGRATION) });
  const tenant = await createTenant(database);
  const product = await database.pool.query<{ id: string }>(
    `insert into products (tenant_id, code, name, category, unit, price) values ($1, 'P-OLD', 'Old goods', 1, '件', 9.90) returning id`,
    [tenant.tenantId],
  );
  expect(Number(product.rows[0].id)).toBe(PRODUCT);
  for (const [n, { value }] of COUPON_LINE_TYPES.entries()) {
    const columns = { ...OLD_RULES[value].columns, ...oldTerms(n).columns };
    const names = ['tenant_id', 'number', 'name', 'line_type', 'state', 'threshold', ...Object.keys(columns)];
    const values = [
      tenant.tenantId,
      `QT9${String(n + 1).padStart(7, '0')}`,
      `Old ${value}`,
      value,
      'EFFECTIVE',
      '0.00',
      ...Object.values(columns),
    ];
    const inserted = await database.pool.query<{ id: string }>(
      `insert into coupon_templates (${names.map((c) => `"${c}"`).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
      values,
    );
    ids.set(value, Number(inserted.rows[0].id));
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

describe('the coupon template rules migration', () => {
  it('moves every line type’s value columns into its rule, and the validity, times and stacking into objects, answered as they were', async () => {
    for (const [n, { value }] of COUPON_LINE_TYPES.entries()) {
      const record = await okData<Record<string, unknown>>(admin.get(`/v1/coupon-template/info/${ids.get(value)}`));
      expect(record, value).toMatchObject({ lineType: value, name: `Old ${value}`, state: 'EFFECTIVE', ...oldTerms(n).answer });
      expect(record.rule, value).toEqual(OLD_RULES[value].rule);
      // The goods, a relation member of the rule now, are named like a relation field's.
      if (value === 'goods') expect(record._titles).toMatchObject({ 'rule.pickupGoods': { [PRODUCT]: 'Old goods' } });
      if (value === 'exchange_goods') expect(record._titles).toMatchObject({ 'rule.exchangeGoods': { [PRODUCT]: 'Old goods' } });
    }
    const moved = [
      ...Object.values(OLD_RULES).flatMap((r) => Object.keys(r.columns)),
      ...['validity_mode', 'valid_dates_from', 'valid_dates_to', 'valid_days', 'delay_days', 'weekdays', 'day_start', 'day_end'],
      ...['stack_with_coupons', 'stack_with_points'],
    ];
    const dropped = await database.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'coupon_templates'
        and column_name = any($1::text[])`,
      [moved],
    );
    expect(dropped.rows).toEqual([]);
  });

  it('keeps a moved rule frozen while effective: sent back unchanged it passes, changed it is refused naming it', async () => {
    const template = await okData<Record<string, unknown>>(admin.get(`/v1/coupon-template/info/${ids.get('all_cash')}`));
    // An effective template's rule is frozen: sending it back unchanged passes, changing it is refused naming it.
    const same = await admin.post('/v1/coupon-template/modify', {
      body: {
        id: template.id,
        version: template.version,
        name: 'Old all_cash (renamed)',
        rule: template.rule,
        validity: template.validity,
      },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const changed = await admin.post('/v1/coupon-template/modify', {
      body: { id: template.id, version: (template.version as number) + 1, rule: { cashValue: 11 } },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule']);
  });
});
