import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_KINDS, type SaleKind } from '../../resources/promotion/activity-engine';
import { effectiveTemplate, newMember, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { downloadTaskSheet } from '../helpers/workbooks';
import { ACTIVITY_KINDS } from '../../resources/promotion/kinds';
import { signInNewUser } from '../helpers/fixtures';
import { saveSettings } from '../helpers/stored-value-fixtures';
import { auditedActivity, balanceOf, postSale, simulate, stopActivity, type SaleBody } from '../helpers/activity-fixtures';

/**
 * The activity engine through the real API (server/modules/activities/README.md, "Engine"): a
 * sale gives exactly what the simulator said, once per order number; a full return leaves the
 * balance where it was and voids the unused coupons the order gave; exclusive groups; and, for
 * every declared SALE kind: create, simulate before audit, audit, simulate, fire through a sale,
 * stop, evaluate.
 */

let scene: CouponScene;
let productCode: string;
let productId: number;
let template: number;

beforeAll(async () => {
  scene = await startCouponScene();
  productId = scene.catalogue.plainGoods;
  const product = await okData<{ code: string }>(scene.admin.get(`/v1/product/info/${productId}`));
  productCode = product.code;
  template = await effectiveTemplate(scene.admin);
});
afterAll(async () => scene?.t.close());

const basket = (memberId: number, extra: Partial<SaleBody> = {}): SaleBody => ({
  memberId,
  lines: [{ goodsCode: productCode, quantity: 3, amount: '120.50' }],
  ...extra,
});

const evaluation = (activityId: number) =>
  okData<{ summary: Record<string, unknown>; byDay: Record<string, unknown>[]; costByBearer: Record<string, unknown>[] }>(
    scene.admin.post('/v1/activities/evaluation', { body: { activityId } }),
  );

describe('a sale through the activities', () => {
  it('gives what the simulator said, once per order number, and the evaluation counts it', async () => {
    const member = await newMember(scene.admin);
    const doubling = await auditedActivity(scene, 'SCORE_DOUBLING', { rule: { doublingMultiple: 2 } });
    const sale = basket(member);
    const simulated = await simulate(scene.admin, sale);
    expect(simulated).toMatchObject({ basicPoints: 120, totalPoints: 240, pointsPaid: 0 });
    expect(simulated.fired).toEqual([
      {
        activityId: doubling.id,
        number: doubling.number,
        name: 'SCORE_DOUBLING test',
        kind: 'SCORE_DOUBLING',
        awards: [{ type: 'points', points: 120 }],
      },
    ]);
    const orderNo = requestNo('SO');
    const answer = await postSale(scene.admin, sale, orderNo);
    expect(answer.points).toBe(simulated.totalPoints);
    expect(answer.activities).toEqual(simulated.fired);
    expect(await balanceOf(scene.admin, member)).toBe(240);
    // The same order again: the same answer, nothing posted.
    expect(await postSale(scene.admin, sale, orderNo)).toEqual(answer);
    expect(await balanceOf(scene.admin, member)).toBe(240);
    const effect = await evaluation(doubling.id);
    expect(effect.summary).toMatchObject({ participants: 1, transactions: 1, points: 120, coupons: 0, salesAmount: '120.50' });
    expect(effect.byDay).toHaveLength(1);
    // The same figures by day through the file centre.
    const { taskId } = await okData<{ taskId: number }>(
      scene.admin.post('/v1/activities/evaluation/export', { body: { activityId: doubling.id }, headers: { locale: 'en_US' } }),
    );
    expect(await okData(scene.admin.get(`/v1/file-task/info/${taskId}`))).toMatchObject({
      module: 'reports',
      state: 'succeeded',
      total: 1,
    });
    const [header, ...rows] = await downloadTaskSheet({ app: scene.t.app, client: scene.admin, taskId, locale: 'en_US' });
    expect(header).toEqual(['Day', 'Participants', 'Transactions', 'Points given', 'Coupons given', 'Sales driven (yuan)']);
    expect(rows).toEqual([[effect.byDay[0].day, 1, 1, 120, 0, 120.5]]);
    await stopActivity(scene, 'SCORE_DOUBLING', doubling.id);
    expect((await simulate(scene.admin, sale)).fired).toEqual([]);
  });

  it('of an exclusive group only the highest priority gives; the simulator names the winner', async () => {
    const member = await newMember(scene.admin);
    const low = await auditedActivity(scene, 'SCORE_DOUBLING', { rule: { doublingMultiple: 3, priority: 1 }, exclusiveGroup: 'weekend' });
    const high = await auditedActivity(scene, 'SCORE_DOUBLING', { rule: { doublingMultiple: 2, priority: 5 }, exclusiveGroup: 'weekend' });
    const simulated = await simulate(scene.admin, basket(member));
    expect(simulated.fired.map((f) => f.activityId)).toEqual([high.id]);
    expect(simulated.excluded).toContainEqual(expect.objectContaining({ activityId: low.id, reason: 'stackingLost', detail: high.number }));
    const answer = await postSale(scene.admin, basket(member));
    expect(answer.activities.map((f) => f.activityId)).toEqual([high.id]);
    expect(await balanceOf(scene.admin, member)).toBe(240);
    await stopActivity(scene, 'SCORE_DOUBLING', low.id);
    await stopActivity(scene, 'SCORE_DOUBLING', high.id);
  });

  it('pays with points, gives coupons; a full return puts the balance back and voids the unused coupons', async () => {
    const member = await newMember(scene.admin);
    await postSale(scene.admin, basket(member, { lines: [{ goodsCode: productCode, quantity: 1, amount: '600.00' }] }));
    expect(await balanceOf(scene.admin, member)).toBe(600);
    const coupon = await auditedActivity(scene, 'GOODS_AMOUNT_COUPON', {
      rule: { couponThresholdAmount: 100, rewardCouponTemplate: template, rewardCouponCount: 2 },
    });
    const cash = await auditedActivity(scene, 'POINTS_AS_CASH', {
      rule: { cashPointsPerYuan: 100, cashMaxSharePercent: 50, cashMinOrderAmount: 0 },
    });
    const sale = basket(member, {
      lines: [{ goodsCode: productCode, quantity: 1, amount: '150.00' }],
      payments: [{ method: 'POINTS', amount: '5.00', points: 500 }],
    });
    // Beyond the rule: 100 points a yuan, not 90.
    const refused = await scene.admin.post('/v1/points/transaction', {
      body: { orderNo: requestNo('SO'), ...sale, payments: [{ method: 'POINTS', amount: '5.00', points: 450 }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0].field).toBe('payments');
    const simulated = await simulate(scene.admin, sale);
    expect(simulated).toMatchObject({ totalPoints: 150, pointsPaid: 500 });
    const orderNo = requestNo('SO');
    const answer = await postSale(scene.admin, sale, orderNo);
    expect(answer.activities).toEqual(simulated.fired);
    expect(answer.activities.find((f) => f.activityId === coupon.id)?.awards).toEqual([{ type: 'coupon', templateId: template, count: 2 }]);
    expect(answer.pointsPaid).toBe(500);
    expect(await balanceOf(scene.admin, member)).toBe(600 - 500 + 150);
    const held = await okData<{ records: { state: string }[] }>(scene.admin.post('/v1/coupon/query', { body: { filters: { member } } }));
    expect(held.records.map((c) => c.state)).toEqual(['UNUSED', 'UNUSED']);
    const half = await okData<{ reversedPoints: number; refundedPoints: number; voidedCoupons: number }>(
      scene.admin.post('/v1/points/return', { body: { returnNo: requestNo('R'), orderNo, amount: '75.00' } }),
    );
    expect(half).toMatchObject({ reversedPoints: 75, refundedPoints: 250, voidedCoupons: 0 });
    const rest = await okData<{ voidedCoupons: number }>(
      scene.admin.post('/v1/points/return', { body: { returnNo: requestNo('R'), orderNo, amount: '75.00' } }),
    );
    expect(rest.voidedCoupons).toBe(2);
    expect(await balanceOf(scene.admin, member)).toBe(600);
    const after = await okData<{ records: { state: string }[] }>(scene.admin.post('/v1/coupon/query', { body: { filters: { member } } }));
    expect(after.records.map((c) => c.state)).toEqual(['VOIDED', 'VOIDED']);
    const effect = await evaluation(coupon.id);
    expect(effect.summary).toMatchObject({ transactions: 1, coupons: 0, cost: '20.00' });
    await stopActivity(scene, 'GOODS_AMOUNT_COUPON', coupon.id);
    await stopActivity(scene, 'POINTS_AS_CASH', cash.id);
  });
  it('a coupon reward gives what the template can still issue, then nothing; the sale itself goes through', async () => {
    const member = await newMember(scene.admin);
    const scarce = await effectiveTemplate(scene.admin, { name: 'Scarce', totalQuantity: 1 });
    const coupon = await auditedActivity(scene, 'GOODS_AMOUNT_COUPON', {
      rule: { couponThresholdAmount: 100, rewardCouponTemplate: scarce, rewardCouponCount: 2 },
    });
    try {
      const answer = await postSale(scene.admin, basket(member));
      expect(answer.points).toBe(120);
      expect(answer.activities).toEqual([
        expect.objectContaining({ activityId: coupon.id, awards: [{ type: 'coupon', templateId: scarce, count: 1 }] }),
      ]);
      const again = await postSale(scene.admin, basket(member));
      expect(again.points).toBe(120);
      expect(again.activities).toEqual([]);
      expect(await balanceOf(scene.admin, member)).toBe(240);
      const held = await okData<{ total: number }>(scene.admin.post('/v1/coupon/query', { body: { filters: { member } } }));
      expect(held.total).toBe(1);
    } finally {
      await stopActivity(scene, 'GOODS_AMOUNT_COUPON', coupon.id);
    }
  });

  it('takes back the discount of a used coupon the order gave when the coupon settings say so', async () => {
    await saveSettings(scene.admin, 'coupon-init', { returnedOrderCoupons: 'TAKE_BACK_VALUE' });
    const member = await newMember(scene.admin);
    const coupon = await auditedActivity(scene, 'GOODS_AMOUNT_COUPON', {
      rule: { couponThresholdAmount: 100, rewardCouponTemplate: template, rewardCouponCount: 2 },
    });
    try {
      const orderNo = requestNo('SO');
      await postSale(scene.admin, basket(member), orderNo);
      const given = await okData<{ records: { code: string }[] }>(scene.admin.post('/v1/coupon/query', { body: { filters: { member } } }));
      expect(given.records).toHaveLength(2);
      // One of them pays 10.00 of a later order.
      await okData(
        scene.admin.post('/v1/coupons/redeem', {
          body: {
            requestNo: requestNo('U'),
            orderNo: requestNo('O'),
            code: given.records[0].code,
            memberId: member,
            storeId: scene.catalogue.stores[0],
            lines: [{ goodsId: productId, quantity: 1, amount: '50.00' }],
          },
        }),
      );
      const returned = await okData<{ voidedCoupons: number; couponValueTakenBack: string }>(
        scene.admin.post('/v1/points/return', { body: { returnNo: requestNo('R'), orderNo, amount: '120.50' } }),
      );
      expect(returned).toMatchObject({ voidedCoupons: 1, couponValueTakenBack: '10.00' });
      expect(await balanceOf(scene.admin, member)).toBe(0);
    } finally {
      await saveSettings(scene.admin, 'coupon-init', { returnedOrderCoupons: 'VOID_UNUSED' });
      await stopActivity(scene, 'GOODS_AMOUNT_COUPON', coupon.id);
    }
  });
});

describe('the window, permissions and bad input', () => {
  it('an activity gives from its start second to the second before its end, in the merchant zone', async () => {
    const member = await newMember(scene.admin);
    const window = { beginTime: '2030-03-01 08:00:00', endTime: '2030-03-01 20:00:00' };
    const created = await okData<{ id: number }>(
      scene.admin.post('/v1/activity-score-doubling/saveNew', { body: { name: 'Window', ...window, rule: { doublingMultiple: 2 } } }),
    );
    await okData(scene.admin.post('/v1/activity-score-doubling/audit', { query: { id: created.id } }));
    await scene.t.app.sessionCache.sync();
    const firesAt = async (at: string) => {
      scene.clock.set(new Date(`${at.replace(' ', 'T')}+08:00`));
      const answer = await postSale(scene.admin, basket(member));
      return answer.activities.some((f) => f.activityId === created.id);
    };
    try {
      expect(await firesAt('2030-03-01 07:59:59')).toBe(false);
      expect(await firesAt('2030-03-01 08:00:00')).toBe(true);
      expect(await firesAt('2030-03-01 19:59:59')).toBe(true);
      expect(await firesAt('2030-03-01 20:00:00')).toBe(false);
      // The simulator's `at` says the same.
      const at = (time: string) => simulateAt(member, `2030-03-01 ${time}`);
      expect((await at('19:59:59')).map((e) => e.reason)).not.toContain('outsideWindow');
      expect(await at('20:00:00')).toContainEqual(expect.objectContaining({ activityId: created.id, reason: 'outsideWindow' }));
    } finally {
      scene.clock.set(null);
      await stopActivity(scene, 'SCORE_DOUBLING', created.id);
    }
  });

  it('answers 400 naming the field, 404 for an unknown activity, 403 without an activity read grant', async () => {
    const member = await newMember(scene.admin);
    const bad = await scene.admin.post('/v1/activities/simulate', { body: { ...basket(member), at: '2030-02-30 10:00:00' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['at']);
    const noMember = await scene.admin.post('/v1/activities/simulate', { body: basket(999999) });
    expect(noMember.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['memberId']);
    const amount = await scene.admin.post('/v1/activities/simulate', {
      body: { memberId: member, lines: [{ goodsCode: 'X', quantity: 1, amount: '1.234' }] },
    });
    expect(amount.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['lines.0.amount']);
    const day = await scene.admin.post('/v1/activities/evaluation', { body: { activityId: 1, from: '2026-13-01' } });
    expect(day.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['from']);
    expect((await scene.admin.post('/v1/activities/evaluation', { body: { activityId: 987654 } })).status).toBe(404);
    expect((await scene.reader.post('/v1/activities/simulate', { body: basket(member) })).status).toBe(403);
    // A user of one marketing centre simulates only that centre's members.
    const centre = await okData<{ id: number }>(
      scene.admin.post('/v1/marketing-center/saveNew', { body: { code: 'MC9', name: 'Centre nine' } }),
    );
    const promoter = await signInNewUser(scene.t, scene.tenant, {
      login: 'centre-promoter',
      grants: [{ resourceId: '营销/消费奖励', action: '活动查看' }],
      marketingCenterIds: [centre.id],
    });
    const elsewhere = await promoter.post('/v1/activities/simulate', { body: basket(member) });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['memberId']);
    expect((await scene.reader.post('/v1/activities/evaluation', { body: { activityId: 1 } })).status).toBe(403);
  });
});

async function simulateAt(memberId: number, at: string) {
  return (await simulate(scene.admin, { ...basket(memberId), at })).excluded;
}

/** A rule body per SALE kind that fires on a basket of 3 units of the product for 120.50, and what the sale adds to it. */
const KIND_CASES: Record<SaleKind, () => { body: Record<string, unknown>; sale?: Partial<SaleBody> }> = {
  BASIC_POINTS: () => ({ body: { rule: { yuanPerPoint: 2 } } }),
  NON_POINTS_GOODS: () => ({ body: { goodsScope: 'INCLUDE', goods: [productId] } }),
  POINTS_SPEED: () => ({ body: { rule: { speedMultiple: 1.5 } } }),
  SCORE_DOUBLING: () => ({ body: { rule: { doublingMultiple: 2 }, goodsScope: 'INCLUDE', goods: [productId] } }),
  AMOUNT_EXTRA_POINTS: () => ({ body: { rule: { amountLadder: { tiers: [{ threshold: 100, points: 10 }] } } } }),
  QTY_EXTRA_POINTS: () => ({ body: { rule: { quantityLadder: { tiers: [{ threshold: 2, points: 7 }] } } } }),
  GOODS_GROUP_QTY_EXTRA_POINTS: () => ({ body: { rule: { groupEveryQuantity: 1, groupPoints: 2 } } }),
  GOODS_AMOUNT_COUPON: () => ({ body: { rule: { couponThresholdAmount: 100, rewardCouponTemplate: template } } }),
  GOODS_AMOUNT_GIFT: () => ({ body: { rule: { giftThresholdAmount: 100, giftQuantity: 1, giftGoods: productId } } }),
  GOODS_QTY_COUPON: () => ({ body: { rule: { couponThresholdQuantity: 2, rewardCouponTemplate: template } } }),
  USE_COUPON_SEND_COUPON: () => ({
    body: { rule: { usedCouponTemplates: [template], rewardCouponTemplate: template } },
    sale: { payments: [{ method: 'COUPON', amount: '10.00', couponTemplateId: template }] },
  }),
  POINTS_AS_CASH: () => ({
    body: { rule: { cashPointsPerYuan: 100, cashMaxSharePercent: 50, cashMinOrderAmount: 0 } },
    sale: { payments: [{ method: 'POINTS', amount: '1.00', points: 100 }] },
  }),
};

/** The activities a simulation fires; none when the sale would be refused for its points payment. */
async function firedIds(sale: SaleBody): Promise<number[]> {
  const res = await scene.admin.post('/v1/activities/simulate', { body: sale });
  if (res.status === 400 && sale.payments?.some((p) => p.method === 'POINTS')) {
    expect(res.body.data.fields).toEqual([{ field: 'payments', msg: expect.any(String) }]);
    return [];
  }
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return (res.body.data.fired as { activityId: number }[]).map((f) => f.activityId);
}

/** The sale kinds the declarations hold (resources/promotion/kinds): the engine evaluates exactly these. */
const DECLARED_SALE_KINDS = ACTIVITY_KINDS.filter((k) => k.trigger === 'sale').map((k) => k.value as SaleKind);

describe('every declared sale kind: create, simulate, audit, fire, stop, evaluate', () => {
  it('declares every sale kind the engine evaluates, and no other', () => {
    expect([...DECLARED_SALE_KINDS].sort()).toEqual([...SALE_KINDS].sort());
  });

  for (const kind of DECLARED_SALE_KINDS) {
    it(kind, async () => {
      const member = await newMember(scene.admin);
      // Points for the kinds that pay with them, earned before the activity exists.
      await postSale(scene.admin, basket(member));
      const { body, sale: extra } = KIND_CASES[kind]();
      const view = `activity-${kind.toLowerCase().replaceAll('_', '-')}`;
      const draft = await okData<{ id: number }>(
        scene.admin.post(`/v1/${view}/saveNew`, {
          body: { name: `${kind} draft`, beginTime: '2026-01-01 00:00:00', endTime: '2036-01-01 00:00:00', ...body },
        }),
      );
      const sale = basket(member, extra);
      // Not audited: simulated only when named (paying with points with no rule running is refused, as the sale would be).
      expect(await firedIds(sale)).not.toContain(draft.id);
      expect((await simulate(scene.admin, sale, [draft.id])).fired.map((f) => f.activityId)).toContain(draft.id);
      const activity = await auditedActivity(scene, kind, body);
      try {
        const simulated = await simulate(scene.admin, sale);
        expect(simulated.fired.map((f) => f.activityId)).toEqual([activity.id]);
        const answer = await postSale(scene.admin, sale);
        expect(answer.activities).toEqual(simulated.fired);
        expect(answer.points).toBe(simulated.totalPoints);
      } finally {
        await stopActivity(scene, kind, activity.id);
      }
      expect(await firedIds(sale)).toEqual([]);
      const effect = await evaluation(activity.id);
      expect(effect.summary).toMatchObject({ participants: 1, transactions: 1, salesAmount: '120.50' });
    });
  }
});
