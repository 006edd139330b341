import { and, asc, eq, inArray } from 'drizzle-orm';
import { couponTemplateResource } from '../../../resources/coupons/coupon-template.resource';
import { channelResource } from '../../../resources/datum/channel.resource';
import { productResource } from '../../../resources/datum/product.resource';
import { storeResource } from '../../../resources/datum/store.resource';
import { levelResource } from '../../../resources/member/level.resource';
import { ACTIVITY_FAMILIES, type ActivityFamily } from '../../../resources/promotion/activity-kind';
import { activityResource } from '../../../resources/promotion/activity.resource';
import { systemActor, type Actor } from '../../crud/actor';
import { deriveTable } from '../../crud/table.derive';
import { formatInstant } from '../../crud/zoned-time';
import { familyResourceIds } from '../../modules/activities/activity.hooks';
import { insertBatch } from '../../modules/activities/codes/partner-codes.import';
import { reconcile } from '../../modules/activities/codes/reconciliation.import';
import { forgetActiveSet } from '../../modules/activities/engine/active-set';
import { recordSale } from '../../modules/sale/sale.service';
import type { Db, DbOrTx } from '../connection';
import { adminOf, membersInUse } from './activity.seed';
import type { DemoSeeder, DemoSeedInput } from './seeders';
import { operations } from './stored-value-docs.seed';

/**
 * Marketing activities of the demo merchant (after the points and coupons seeders), made through
 * the engine as the screens make them (saveNew with the activity hooks, then audit / stop):
 *
 * - 消费奖励: a basic points rule, a points doubling on 92# petrol and a spend-coupon activity
 *   running now (audited, window around today); an extra-points ladder not audited (INITAIL); a
 *   weekend doubling stopped with a reason (STOPED); a New Year coupon activity later (UNSTART);
 * - member events and points: a registration, a birthday, an upgrade and an invitation gift, a
 *   points-for-coupon exchange and points as cash, all audited;
 * - 第三方发券: a coupon code export campaign holding a partner's batch of codes (美团, 8 yuan per
 *   code) and the partner's first statement compared with ours;
 * - sales over the last four days through the sales service, so the doubling and the coupon
 *   activity fire and their evaluations show figures by day.
 *
 * Deterministic apart from the instants (relative to the seeding day).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const ZONE = 'Asia/Shanghai';
const at = (base: Date, days: number) => formatInstant(new Date(base.getTime() + days * DAY_MS), ZONE);

async function idsByColumn(tx: DbOrTx, table: ReturnType<typeof deriveTable>, tenantId: number, column: string, values: string[]) {
  const rows = await tx
    .select({ id: table.id, key: table[column] })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table[column], values)))
    .orderBy(asc(table.id));
  return new Map(rows.map((r) => [String(r.key), Number(r.id)]));
}

/** Demo sales: fuel of 92# (doubled) and water; the larger ones reach the coupon threshold. */
const SALES = [
  { day: -3, litres: 30, amount: '226.80' },
  { day: -3, litres: 10, amount: '75.60' },
  { day: -2, litres: 40, amount: '302.40' },
  { day: -1, litres: 20, amount: '151.20' },
  { day: -1, litres: 35, amount: '264.60' },
  { day: 0, litres: 28, amount: '211.68' },
] as const;

async function seedPromotion(input: DemoSeedInput): Promise<void> {
  const { tx, tenantId, registry } = input;
  const members = await membersInUse(tx, tenantId);
  const userId = await adminOf(tx, tenantId);
  const templates = await idsByColumn(tx, deriveTable(couponTemplateResource), tenantId, 'name', ['满50减10元券', '9折券（最高减20元）']);
  const goods = await idsByColumn(tx, deriveTable(productResource), tenantId, 'code', ['P0001', 'P1001']);
  const levels = await idsByColumn(tx, deriveTable(levelResource), tenantId, 'code', ['V2', 'V3']);
  const miniProgram = (await idsByColumn(tx, deriveTable(channelResource), tenantId, 'code', ['CH05'])).get('CH05');
  const s = deriveTable(storeResource);
  const stores = (await tx.select({ id: s.id }).from(s).where(eq(s.tenantId, tenantId)).orderBy(asc(s.id)).limit(2)).map((r) =>
    Number(r.id),
  );
  const cash = templates.get('满50减10元券');
  const discount = templates.get('9折券（最高减20元）');
  const fuel = goods.get('P0001');
  if (members.length < 40 || userId === null || !cash || !discount || !fuel || levels.size < 2 || !miniProgram || stores.length === 0)
    return;

  // The administrator maintains every menu entry's activities (the hooks check the entry's grant).
  const families = Object.keys(ACTIVITY_FAMILIES) as ActivityFamily[];
  const actor: Actor = {
    ...systemActor({ tenantId, timeZone: ZONE }),
    userId,
    grants: families.flatMap((family) =>
      familyResourceIds(family).map((resourceId) => ({ resourceId, actions: ['活动查看', '配置维护'] })),
    ),
  };
  const { save, act } = operations({ tx, registry, actor });
  const now = new Date();
  const running = { beginTime: at(now, -7), endTime: at(now, 90) };
  const saved = (body: Record<string, unknown>) => save(activityResource, { ...running, ...body });
  const audited = async (body: Record<string, unknown>) => {
    const id = await saved(body);
    await act(activityResource, id, 'audit');
    return id;
  };

  // 消费奖励 (coupon-active): running, not audited, stopped, not started.
  await audited({ kind: 'BASIC_POINTS', name: '基础积分规则（每1元积1分）', rule: { yuanPerPoint: '1.00' }, remark: '全部门店通用' });
  await audited({
    kind: 'SCORE_DOUBLING',
    name: '92#汽油积分翻倍',
    rule: { doublingMultiple: 2 },
    goodsScope: 'INCLUDE',
    goods: [fuel],
    budget: { perMemberPerDayTimes: 3 },
  });
  await audited({
    kind: 'GOODS_AMOUNT_COUPON',
    name: '单笔满200元送10元券',
    goodsScope: 'ALL',
    rule: { couponThresholdAmount: '200.00', rewardCouponTemplate: cash, rewardCouponCount: 1 },
    budget: { totalCoupons: 500 },
  });
  await saved({
    kind: 'AMOUNT_EXTRA_POINTS',
    name: '消费满额加送积分（待审核）',
    goodsScope: 'ALL',
    rule: {
      amountLadder: {
        tiers: [
          { threshold: '100.00', points: 10 },
          { threshold: '300.00', points: 50 },
        ],
      },
    },
  });
  const weekend = await audited({
    kind: 'SCORE_DOUBLING',
    name: '周末积分翻倍',
    rule: { doublingMultiple: 1.5, weekdays: [6, 7] },
    goodsScope: 'ALL',
    beginTime: at(now, -30),
  });
  await act(activityResource, weekend, 'stop', { reason: '活动预算已用完，提前结束' });
  await audited({
    kind: 'GOODS_AMOUNT_COUPON',
    name: '元旦满300元送9折券',
    goodsScope: 'ALL',
    rule: { couponThresholdAmount: '300.00', rewardCouponTemplate: discount },
    stores,
    beginTime: at(now, 20),
    endTime: at(now, 35),
  });

  // Member events, points exchanges and points as cash.
  // The registration gift rewards sign-ups through the mini program only, and the upgrade gift
  // gives a coupon: members registered or upgraded elsewhere (at a till, through the API) keep
  // exactly the points their own postings give.
  await audited({
    kind: 'REGISTER_GIFT',
    name: '小程序注册有礼',
    channels: [miniProgram],
    rule: { rewardPoints: 100, rewardCouponTemplate: cash, rewardCouponCount: 1 },
  });
  await audited({
    kind: 'BIRTHDAY_GIFT',
    name: '会员生日礼券',
    birthdayGives: 'GIFT',
    rule: { birthdayDaysBefore: 0, rewardCouponTemplate: discount },
  });
  await audited({
    kind: 'UPGRADE_GIFT',
    name: '升级送9折券',
    rule: { upgradeToLevels: [...levels.values()], rewardCouponTemplate: discount },
  });
  await audited({ kind: 'INVITE_GIFT', name: '邀请好友注册有礼', rule: { rewardPoints: 100, inviteePoints: 50 } });
  await audited({ kind: 'SCORE_GAIN_COUPON', name: '500积分兑换10元券', rule: { couponPointsCost: 500, rewardCouponTemplate: cash } });
  await audited({
    kind: 'POINTS_AS_CASH',
    name: '积分抵现（100积分抵1元）',
    rule: { cashPointsPerYuan: 100, cashMaxSharePercent: 50, cashMinOrderAmount: '20.00' },
  });

  // 第三方发券: a code export holding a partner's batch, and the partner's first statement compared.
  const codesCampaign = await audited({
    kind: 'EXPORT_CODE_SEND_COUPON',
    name: '美团券码兑换10元券',
    rule: { codeTemplate: cash, codeCount: 50, codeLength: 10 },
  });
  const partnerCodes = Array.from({ length: 8 }, (_, i) => `MT2026${String(i + 1).padStart(4, '0')}`);
  const partner = { tx, tenantId, activityId: codesCampaign, taskId: null, userId };
  await insertBatch({ ...partner, issuer: '美团', settlementPrice: '8.00', fileName: '美团券码.xlsx', codes: partnerCodes });
  await reconcile({
    ...partner,
    fileName: '美团核销对账单.xlsx',
    zone: ZONE,
    lines: partnerCodes.slice(0, 3).map((code, i) => ({
      row: i + 2,
      code,
      redeemedAt: new Date(now.getTime() - (i + 1) * DAY_MS),
      store: null,
      amount: '8.00',
    })),
  });

  // Sales through the sales service, on the last days, so the running activities fire. The active
  // set kept from the earlier seeders' sales predates these activities: drop it, and drop the one
  // loaded inside this transaction again (the commit's notice drops it too; a rollback sends none).
  const db = tx as unknown as Db;
  const buyers = members.slice(30, 30 + SALES.length);
  forgetActiveSet(tenantId);
  try {
    for (const [i, sale] of SALES.entries()) {
      const member = buyers[i];
      await recordSale({
        db,
        tenantId,
        operatorId: userId,
        now: new Date(now.getTime() + sale.day * DAY_MS),
        sale: {
          orderNo: `DEMO-A${String(i + 1).padStart(4, '0')}`,
          memberId: member.id,
          storeId: member.store,
          lines: [
            { goodsCode: 'P0001', quantity: sale.litres, amount: sale.amount },
            { goodsCode: 'P1001', quantity: 2, amount: '4.00' },
          ],
        },
      });
    }
  } finally {
    forgetActiveSet(tenantId);
  }
}

/**
 * Last of the domains' seeders: it needs the points settings and sales (activity), the levels,
 * members and coupon templates, and its running activities would fire on what a later seeder
 * records (a sale, a recharge, a level order).
 */
export const promotionSeeder: DemoSeeder = {
  name: 'promotion',
  after: ['activity', 'fuel-sales', 'coupons', 'paid-level-orders', 'prepay-cards', 'stored-value', 'stored-value-docs'],
  seed: seedPromotion,
};
