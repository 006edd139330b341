import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedActivity, postSale, simulate, stopActivity, type SaleBody } from '../helpers/activity-fixtures';
import { effectiveTemplate, issueOne, newMember, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';

/**
 * Budgets are taken only for what a sale gives, and the simulator answers what the sale answers
 * (issue 24, item 4; server/modules/activities/README.md, "Engine"): a reward whose coupon
 * template is stopped or sold out gives nothing and takes no budget, a reward of which only part
 * can be issued is charged for that part, concurrent sales charge exactly what they give, and a
 * points payment the balance cannot cover is refused by both alike.
 */

let scene: CouponScene;
let productCode: string;

beforeAll(async () => {
  scene = await startCouponScene();
  const product = await okData<{ code: string }>(scene.admin.get(`/v1/product/info/${scene.catalogue.plainGoods}`));
  productCode = product.code;
});
afterAll(async () => scene?.t.close());

const basket = (memberId: number, extra: Partial<SaleBody> = {}): SaleBody => ({
  memberId,
  lines: [{ goodsCode: productCode, quantity: 1, amount: '150.00' }],
  ...extra,
});

/** The activity's budget counters (`activity_budgets`), by bucket: what the budget has been charged. */
async function charged(activityId: number): Promise<Record<string, { times: number; coupons: number }>> {
  const result = await scene.t.database.db.execute<{ bucket: string; times: number; coupons: number }>(sql`
    select bucket, times, coupons from activity_budgets where tenant_id = ${scene.tenant.tenantId} and activity_id = ${activityId}`);
  return Object.fromEntries(result.rows.map((row) => [row.bucket, { times: Number(row.times), coupons: Number(row.coupons) }]));
}

const couponsHeld = async (member: number) =>
  (await okData<{ total: number }>(scene.admin.post('/v1/coupon/query', { body: { filters: { member } } }))).total;

const couponActivity = (templateId: number, budget: Record<string, number>, count = 1) =>
  auditedActivity(scene, 'GOODS_AMOUNT_COUPON', {
    rule: { couponThresholdAmount: 100, rewardCouponTemplate: templateId, rewardCouponCount: count },
    budget,
  });

async function setTotal(templateId: number, totalQuantity: number): Promise<void> {
  const info = await okData<{ version: number }>(scene.admin.get(`/v1/coupon-template/info/${templateId}`));
  await okData(scene.admin.post('/v1/coupon-template/modify', { body: { id: templateId, version: info.version, totalQuantity } }));
}

describe('a reward that cannot be given', () => {
  it('of a stopped template: the simulator says no coupon, the sale gives none and the budget is not charged', async () => {
    const member = await newMember(scene.admin);
    const template = await effectiveTemplate(scene.admin, { name: 'Stopped' });
    const activity = await couponActivity(template, { totalCoupons: 5, totalTimes: 5 });
    try {
      await okData(scene.admin.post('/v1/coupon-template/stop', { query: { id: template }, body: { reason: 'Over' } }));
      const simulated = await simulate(scene.admin, basket(member));
      expect(simulated.fired).toEqual([]);
      expect(simulated.excluded).toContainEqual(expect.objectContaining({ activityId: activity.id, reason: 'rewardUnavailable' }));
      const answer = await postSale(scene.admin, basket(member));
      expect(answer.activities).toEqual(simulated.fired);
      expect(answer.points).toBe(simulated.totalPoints);
      expect(await couponsHeld(member)).toBe(0);
      expect(await charged(activity.id)).toEqual({});
      const effect = await okData<{ summary: Record<string, unknown> }>(
        scene.admin.post('/v1/activities/evaluation', { body: { activityId: activity.id } }),
      );
      expect(effect.summary).toMatchObject({ participants: 0, coupons: 0 });
    } finally {
      await stopActivity(scene, 'GOODS_AMOUNT_COUPON', activity.id);
    }
  });

  it('of a sold-out template: the same; once the template has more, the whole budget is still there', async () => {
    const member = await newMember(scene.admin);
    const template = await effectiveTemplate(scene.admin, { name: 'Sold out', totalQuantity: 1 });
    await issueOne(scene.till, template, await newMember(scene.admin));
    const activity = await couponActivity(template, { totalTimes: 2 });
    try {
      const simulated = await simulate(scene.admin, basket(member));
      expect(simulated.fired).toEqual([]);
      const excluded = simulated.excluded.find((e) => e.activityId === activity.id);
      expect(excluded).toMatchObject({ reason: 'rewardUnavailable' });
      expect(excluded?.detail).toContain('Sold out');
      for (let i = 0; i < 3; i++) expect((await postSale(scene.admin, basket(member))).activities).toEqual([]);
      expect(await couponsHeld(member)).toBe(0);
      expect(await charged(activity.id)).toEqual({});
      // The budget of two times is whole: two sales give, the third finds it spent.
      await setTotal(template, 100);
      const given = [];
      for (let i = 0; i < 3; i++) given.push((await postSale(scene.admin, basket(member))).activities.length);
      expect(given).toEqual([1, 1, 0]);
      expect(await couponsHeld(member)).toBe(2);
      expect((await simulate(scene.admin, basket(member))).excluded).toContainEqual(
        expect.objectContaining({ activityId: activity.id, reason: 'budgetSpent' }),
      );
    } finally {
      await stopActivity(scene, 'GOODS_AMOUNT_COUPON', activity.id);
    }
  });
});

describe('a reward of which only part can be given', () => {
  it('gives what the template has left and is charged for that only; the simulator says the same', async () => {
    const member = await newMember(scene.admin);
    const template = await effectiveTemplate(scene.admin, { name: 'One left', totalQuantity: 1 });
    const activity = await couponActivity(template, { totalCoupons: 4 }, 3);
    try {
      const simulated = await simulate(scene.admin, basket(member));
      const award = [{ type: 'coupon', templateId: template, count: 1 }];
      expect(simulated.fired).toEqual([expect.objectContaining({ activityId: activity.id, awards: award })]);
      const answer = await postSale(scene.admin, basket(member));
      expect(answer.activities).toEqual(simulated.fired);
      expect(await couponsHeld(member)).toBe(1);
      expect(await charged(activity.id)).toEqual({ total: { times: 1, coupons: 1 } });
      // 3 of the 4 coupons of the budget are left: a whole reward of 3 still fits.
      await setTotal(template, 100);
      const next = await postSale(scene.admin, basket(member));
      expect(next.activities).toEqual([expect.objectContaining({ awards: [{ type: 'coupon', templateId: template, count: 3 }] })]);
      expect(await charged(activity.id)).toEqual({ total: { times: 2, coupons: 4 } });
      const effect = await okData<{ summary: Record<string, unknown> }>(
        scene.admin.post('/v1/activities/evaluation', { body: { activityId: activity.id } }),
      );
      expect(effect.summary).toMatchObject({ transactions: 2, coupons: 4, cost: '40.00' });
    } finally {
      await stopActivity(scene, 'GOODS_AMOUNT_COUPON', activity.id);
    }
  });

  it('the member’s limit of the template shrinks the reward alike', async () => {
    const member = await newMember(scene.admin);
    const template = await effectiveTemplate(scene.admin, { name: 'Two each', perMemberLimit: 2 });
    const activity = await couponActivity(template, { totalCoupons: 10 }, 3);
    try {
      const first = await postSale(scene.admin, basket(member));
      expect(first.activities).toEqual([expect.objectContaining({ awards: [{ type: 'coupon', templateId: template, count: 2 }] })]);
      const simulated = await simulate(scene.admin, basket(member));
      expect(simulated.excluded).toContainEqual(expect.objectContaining({ activityId: activity.id, reason: 'rewardUnavailable' }));
      expect((await postSale(scene.admin, basket(member))).activities).toEqual([]);
      expect(await charged(activity.id)).toEqual({ total: { times: 1, coupons: 2 } });
    } finally {
      await stopActivity(scene, 'GOODS_AMOUNT_COUPON', activity.id);
    }
  });
});

describe('concurrent sales', () => {
  it.each([
    { case: '5 coupons left and a budget of 8 times', totalQuantity: 5, totalTimes: 8 },
    { case: 'plenty of coupons and a budget of 5 times', totalQuantity: 1000, totalTimes: 5 },
  ])('16 sales against $case give 5 and charge exactly 5, simulations beside them take nothing', async ({ totalQuantity, totalTimes }) => {
    const template = await effectiveTemplate(scene.admin, { name: 'Raced', totalQuantity });
    const activity = await couponActivity(template, { totalTimes });
    try {
      const members = await Promise.all(Array.from({ length: 4 }, () => newMember(scene.admin)));
      // Simulations run among the sales: they take nothing.
      const [answers] = await Promise.all([
        Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            postSale(scene.admin, basket(members[i % members.length]), requestNo(`PAR${i}`)).then((a) => a.activities.length),
          ),
        ),
        Promise.all(members.map((member) => simulate(scene.admin, basket(member)))),
      ]);
      expect(answers.filter((n) => n === 1)).toHaveLength(5);
      expect(await charged(activity.id)).toEqual({ total: { times: 5, coupons: 5 } });
      const held = await Promise.all(members.map(couponsHeld));
      expect(held.reduce((a, b) => a + b, 0)).toBe(5);
      const info = await okData<{ issuedCount: number }>(scene.admin.get(`/v1/coupon-template/info/${template}`));
      expect(info.issuedCount).toBe(5);
    } finally {
      await stopActivity(scene, 'GOODS_AMOUNT_COUPON', activity.id);
    }
  });
});

describe('the simulator refuses what the sale refuses', () => {
  it('a points payment above the balance: the same status, code and field', async () => {
    const member = await newMember(scene.admin);
    await postSale(scene.admin, basket(member, { lines: [{ goodsCode: productCode, quantity: 1, amount: '300.00' }] }));
    const cash = await auditedActivity(scene, 'POINTS_AS_CASH', {
      rule: { cashPointsPerYuan: 100, cashMaxSharePercent: 50, cashMinOrderAmount: 0 },
    });
    try {
      const paying = basket(member, { payments: [{ method: 'POINTS', amount: '5.00', points: 500 }] });
      const sale = await scene.admin.post('/v1/points/transaction', { body: { orderNo: requestNo('SO'), ...paying } });
      expect(sale.status).toBeGreaterThanOrEqual(400);
      const simulated = await scene.admin.post('/v1/activities/simulate', { body: paying });
      expect(simulated.status).toBe(sale.status);
      expect(simulated.body.code).toBe(sale.body.code);
      expect(simulated.body.msg).toBe(sale.body.msg);
      expect(simulated.body.data).toEqual(sale.body.data);
      // Within the balance both go through alike.
      const within = basket(member, { payments: [{ method: 'POINTS', amount: '2.00', points: 200 }] });
      const fine = await simulate(scene.admin, within);
      expect(fine.pointsPaid).toBe(200);
      expect((await postSale(scene.admin, within)).pointsPaid).toBe(200);
    } finally {
      await stopActivity(scene, 'POINTS_AS_CASH', cash.id);
    }
  });

  it('a frozen member: the same refusal', async () => {
    const member = await newMember(scene.admin);
    await okData(scene.admin.post('/v1/member/freeze', { query: { id: member }, body: { reason: 'test' } }));
    const sale = await scene.admin.post('/v1/points/transaction', { body: { orderNo: requestNo('SO'), ...basket(member) } });
    expect(sale.status).toBeGreaterThanOrEqual(400);
    const simulated = await scene.admin.post('/v1/activities/simulate', { body: basket(member) });
    expect([simulated.status, simulated.body.code, simulated.body.msg]).toEqual([sale.status, sale.body.code, sale.body.msg]);
  });
});
