import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { storeResource } from '../../../resources/datum/store.resource';
import { growValueRuleResource } from '../../../resources/member/grow-value-rule.resource';
import { growValueSettingResource } from '../../../resources/member/grow-value-setting.resource';
import { levelMaterialResource } from '../../../resources/member/level-material.resource';
import { levelValuateRuleResource } from '../../../resources/member/level-valuate-rule.resource';
import { levelResource } from '../../../resources/member/level.resource';
import { paidLevelOrderResource } from '../../../resources/member/paid-level-order.resource';
import { upgradeIncentiveResource } from '../../../resources/member/upgrade-incentive.resource';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../connection';
import { idOf, insertRows } from './datum.seed';
import type { DemoSeeder } from './seeders';

/**
 * Demo levels and growth of the petrol-station chain: a free ladder 普卡 → 银卡 → 金卡 → 钻石卡
 * reached by growth value, two special levels (staff, fleet customers), one paid level (PLUS,
 * ¥99 for 12 months), growth rules, the evaluation and growth settings, level materials, upgrade
 * incentives, and — once members exist — paid-level orders.
 */

/** Level codes of the demo merchant, for other seeders that give members a level. */
export const DEMO_LEVEL_CODES = {
  free: ['V1', 'V2', 'V3', 'V4'],
  special: ['STAFF', 'FLEET'],
  paid: ['PLUS'],
} as const;

/** The ids of the demo levels by code (`V1` → 12), for seeders that assign levels. */
export async function demoLevelIds(input: { tx: DbOrTx; tenantId: number }): Promise<Map<string, number>> {
  const t = deriveTable(levelResource);
  const rows = await input.tx.select({ id: t.id, code: t.code }).from(t).where(eq(t.tenantId, input.tenantId));
  return new Map(rows.map((row) => [String(row.code), Number(row.id)]));
}

type Row = Record<string, unknown>;

const rights = (pointsMultiplier: string, discount: string, more: Row = {}): Row => ({
  pointsMultiplier,
  discount,
  freeParkingHours: 0,
  birthdayGift: null,
  couponPack: null,
  ...more,
});

const LEVELS: readonly Row[] = [
  {
    levelType: 'FREE',
    code: 'V1',
    name: '普卡',
    rankOrder: 1,
    growthThreshold: 0,
    description: '注册即成为普卡会员，消费即可累积成长值。',
    ...rights('1.00', '1.00'),
  },
  {
    levelType: 'FREE',
    code: 'V2',
    name: '银卡',
    rankOrder: 2,
    growthThreshold: 1000,
    description: '累计成长值达到 1000 升级为银卡。',
    ...rights('1.20', '0.98', { birthdayGift: '生日当天积分双倍' }),
  },
  {
    levelType: 'FREE',
    code: 'V3',
    name: '金卡',
    rankOrder: 3,
    growthThreshold: 5000,
    description: '累计成长值达到 5000 升级为金卡。',
    ...rights('1.50', '0.95', { birthdayGift: '生日礼盒一份', freeParkingHours: 1, couponPack: '洗车券×1' }),
  },
  {
    levelType: 'FREE',
    code: 'V4',
    name: '钻石卡',
    rankOrder: 4,
    growthThreshold: 20000,
    description: '累计成长值达到 20000 升级为钻石卡，享最高权益。',
    ...rights('2.00', '0.90', { birthdayGift: '生日礼盒及全车精洗一次', freeParkingHours: 2, couponPack: '洗车券×2，满200减20券×2' }),
  },
  {
    levelType: 'SPECIAL',
    code: 'STAFF',
    name: '员工卡',
    rankOrder: 1,
    description: '本公司员工专享，由人事部门统一办理。',
    ...rights('1.00', '0.85'),
  },
  {
    levelType: 'SPECIAL',
    code: 'FLEET',
    name: '车队VIP',
    rankOrder: 2,
    description: '签约车队客户，按合同授予。',
    ...rights('1.50', '0.92', { freeParkingHours: 1 }),
  },
  {
    levelType: 'PAID',
    code: 'PLUS',
    name: 'PLUS会员',
    rankOrder: 1,
    price: '99.00',
    termMonths: 12,
    description: '¥99 开通一年，积分翻倍、每月领券。',
    ...rights('2.00', '0.95', { freeParkingHours: 2, couponPack: '每月满100减10券×4', birthdayGift: '生日礼盒一份' }),
  },
];

const GROW_RULES: readonly Row[] = [
  {
    name: '消费得成长值',
    source: 'CONSUMPTION',
    yuanPerPoint: '1.00',
    perTransactionCap: 2000,
    dailyCap: 5000,
    validityFrom: '2025-01-01',
    validityTo: '2030-12-31',
    remark: '油品与便利店消费均计入，每 1 元得 1 成长值。',
  },
  {
    name: '储值充值得成长值',
    source: 'RECHARGE',
    yuanPerPoint: '10.00',
    perTransactionCap: 500,
    dailyCap: 1000,
    validityFrom: '2025-01-01',
    validityTo: '2030-12-31',
    remark: '每充值 10 元得 1 成长值。',
  },
  {
    name: '每日签到',
    source: 'SIGN_IN',
    pointsPerEvent: 5,
    perTransactionCap: 0,
    dailyCap: 5,
    validityFrom: '2025-01-01',
    validityTo: '2030-12-31',
    remark: '小程序每日签到一次。',
  },
];

/** Materials: title, level code, description, order. */
const MATERIALS: readonly [string, string, string, number][] = [
  ['普卡会员权益说明', 'V1', '消费累积成长值，积分可抵现、兑换商品。', 1],
  ['银卡专享：生日双倍积分', 'V2', '生日当天加油与便利店消费积分双倍。', 1],
  ['金卡专享：免费停车 1 小时', 'V3', '在合作停车场出示会员码即可免费停车 1 小时。', 1],
  ['金卡海报', 'V3', '门店展示用金卡权益海报。', 2],
  ['钻石卡尊享礼遇', 'V4', '9 折优惠、双倍积分、每季洗车券。', 1],
  ['PLUS 会员开通指引', 'PLUS', '小程序“我的—PLUS会员”开通，¥99/年。', 1],
];

/** Incentives: name, level code, points, coupons. */
const INCENTIVES: readonly [string, string, number, string | null][] = [
  ['升级银卡送 100 积分', 'V2', 100, null],
  ['升级金卡送 300 积分及洗车券', 'V3', 300, '洗车券×1'],
  ['升级钻石卡送 1000 积分及精洗券', 'V4', 1000, '全车精洗券×1'],
  ['开通 PLUS 送 500 积分', 'PLUS', 500, null],
];

async function seedLevels(input: { tx: DbOrTx; tenantId: number }): Promise<void> {
  const { tx, tenantId } = input;
  const levels = await insertRows({ tx, tenantId, resource: levelResource, rows: LEVELS.map((row) => ({ state: 'ENABLED', ...row })) });
  await insertRows({
    tx,
    tenantId,
    resource: growValueRuleResource,
    key: 'name',
    rows: GROW_RULES.map((row) => ({ state: 'ENABLED', ...row })),
  });
  await insertRows({
    tx,
    tenantId,
    resource: levelValuateRuleResource,
    key: 'mode',
    rows: [
      {
        mode: 'MONTHLY',
        monthlyDay: 1,
        canDowngrade: true,
        protectionMonths: 12,
        remark: '每月 1 日按上月末成长值评定，升级后 12 个月内不降级。',
      },
    ],
  });
  await insertRows({
    tx,
    tenantId,
    resource: growValueSettingResource,
    key: 'validityMode',
    rows: [
      {
        validityMode: 'MONTHS',
        validityMonths: 24,
        resetPolicy: 'NEVER',
        remark: '成长值自获得起 24 个月有效。',
      },
    ],
  });
  await insertRows({
    tx,
    tenantId,
    resource: levelMaterialResource,
    key: 'title',
    rows: MATERIALS.map(([title, code, description, sortOrder]) => ({
      title,
      level: idOf(levels, code),
      description,
      sortOrder,
    })),
  });
  await insertRows({
    tx,
    tenantId,
    resource: upgradeIncentiveResource,
    key: 'name',
    rows: INCENTIVES.map(([name, code, points, couponText]) => ({
      name,
      level: idOf(levels, code),
      points,
      couponText,
      state: 'ENABLED',
    })),
  });
}

/** Paid orders: days ago, store code, channel, state. */
const ORDERS: readonly [number, string | null, string, string][] = [
  [3, 'S001', 'WECHAT', 'PAID'],
  [12, 'S004', 'ALIPAY', 'PAID'],
  [25, null, 'WECHAT', 'PAID'],
  [40, 'S008', 'STORED_VALUE', 'PAID'],
  [75, 'S010', 'WECHAT', 'REFUNDED'],
  [120, 'S002', 'CASH', 'PAID'],
  [200, null, 'ALIPAY', 'PAID'],
  [400, 'S006', 'WECHAT', 'EXPIRED'],
];

/** Buyers: the tenant's first members, or stand-ins while no member is seeded. */
async function buyers(tx: DbOrTx, tenantId: number): Promise<{ id: number; name: string | null; mobile: string | null }[]> {
  // The members table is another domain's; an order only snapshots the buyer's name and mobile.
  const present = await tx.execute<{ present: boolean }>(sql`select to_regclass('members') is not null as present`);
  if (present.rows[0]?.present) {
    const rows = await tx.execute<{ id: number; name: string | null; mobile: string | null }>(sql`select id, name, mobile from members
      where tenant_id = ${tenantId} order by id limit ${ORDERS.length}`);
    if (rows.rows.length > 0) return rows.rows.map((row) => ({ id: Number(row.id), name: row.name, mobile: row.mobile }));
  }
  return ORDERS.map((_, i) => ({ id: 900001 + i, name: null, mobile: null }));
}

const DAY_MS = 24 * 3600 * 1000;

function addMonths(date: Date, months: number): string {
  const out = new Date(date);
  out.setMonth(out.getMonth() + months);
  return out.toISOString().slice(0, 10);
}

async function seedPaidOrders(input: { tx: DbOrTx; tenantId: number }): Promise<void> {
  const { tx, tenantId } = input;
  const levelIds = await demoLevelIds(input);
  const plus = levelIds.get('PLUS');
  if (plus === undefined) return;
  const storeTable = deriveTable(storeResource);
  const codes = ORDERS.flatMap(([, code]) => (code ? [code] : []));
  const storeRows = await tx
    .select({ id: storeTable.id, code: storeTable.code })
    .from(storeTable)
    .where(and(eq(storeTable.tenantId, tenantId), inArray(storeTable.code, codes)))
    .orderBy(asc(storeTable.code));
  const stores = new Map(storeRows.map((row) => [String(row.code), Number(row.id)]));
  const people = await buyers(tx, tenantId);
  const now = Date.now();
  await insertRows({
    tx,
    tenantId,
    resource: paidLevelOrderResource,
    key: 'number',
    rows: ORDERS.map(([daysAgo, store, payChannel, state], i) => {
      const paidAt = new Date(now - daysAgo * DAY_MS);
      const buyer = people[i % people.length];
      return {
        number: `PL${paidAt.toISOString().slice(0, 10).replace(/-/g, '')}${String(i + 1).padStart(4, '0')}`,
        memberId: buyer.id,
        memberName: buyer.name,
        mobile: buyer.mobile,
        level: plus,
        amount: '99.00',
        termMonths: 12,
        paidAt,
        validUntil: addMonths(paidAt, 12),
        store: store ? (stores.get(store) ?? null) : null,
        payChannel,
        state,
      };
    }),
  });
}

/** Levels, growth rules, settings, materials and incentives: before members, who hold levels. */
export const levelsSeeder: DemoSeeder = { name: 'levels', seed: seedLevels };

/** Paid-level orders: after members, whose names and mobiles the orders keep. */
export const paidLevelOrdersSeeder: DemoSeeder = { name: 'paid-level-orders', after: ['members'], seed: seedPaidOrders };
