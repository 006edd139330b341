import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMembers } from '../helpers/points-fixtures';
import { effectiveTemplate, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { auditedActivity, balanceOf, stopActivity, type SaleAnswer } from '../helpers/activity-fixtures';

/**
 * The activity engine under random concurrent sales, through the real API: random budgets on a
 * doubling (points, times) and a coupon activity (coupons, times per member), two members of one
 * exclusive group with random priorities, random baskets posted in concurrent batches, orders
 * replayed. Afterwards: no budget is ever exceeded, every sale names at most one member of the
 * group (the higher priority one, or the other when its rule or budget does not let it), a
 * replay answered the first answer and posted nothing, and a full return of every order leaves
 * every balance where it was with every coupon the orders gave voided.
 */

const MEMBERS = 3;
let scene: CouponScene;
let template: number;

beforeAll(async () => {
  scene = await startCouponScene();
  template = await effectiveTemplate(scene.admin, { totalQuantity: 100000 });
});
afterAll(async () => scene?.t.close());

const amount = fc
  .tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 99 }))
  .map(([y, c]) => `${y}.${String(c).padStart(2, '0')}`);
const scenario = fc.record({
  budgetPoints: fc.integer({ min: 50, max: 600 }),
  budgetTimes: fc.integer({ min: 1, max: 6 }),
  couponBudget: fc.integer({ min: 1, max: 5 }),
  couponPerMember: fc.integer({ min: 1, max: 2 }),
  priorities: fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })),
  sales: fc.array(fc.record({ member: fc.nat({ max: MEMBERS - 1 }), amount }), { minLength: 1, maxLength: 10 }),
  batches: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
});

it('budgets hold, groups give one, replays post nothing, full returns restore balances', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      const members = await createMembers({ client: scene.admin, count: MEMBERS });
      const budgeted = await auditedActivity(scene, 'SCORE_DOUBLING', {
        rule: { doublingMultiple: 2 },
        budget: { totalPoints: s.budgetPoints, totalTimes: s.budgetTimes },
      });
      const coupons = await auditedActivity(scene, 'GOODS_AMOUNT_COUPON', {
        rule: { couponThresholdAmount: 50, rewardCouponTemplate: template },
        budget: { totalCoupons: s.couponBudget, perMemberTimes: s.couponPerMember },
      });
      const groupA = await auditedActivity(scene, 'AMOUNT_EXTRA_POINTS', {
        rule: { amountLadder: { tiers: [{ threshold: 100, points: 7 }] }, priority: s.priorities[0] },
        exclusiveGroup: 'prop',
      });
      const groupB = await auditedActivity(scene, 'QTY_EXTRA_POINTS', {
        rule: { quantityLadder: { tiers: [{ threshold: 1, points: 3 }] }, priority: s.priorities[1] },
        exclusiveGroup: 'prop',
      });
      try {
        const orders = s.sales.map(() => requestNo('PO'));
        const answers = new Map<number, SaleAnswer[]>();
        for (const batch of s.batches) {
          await Promise.all(
            batch.map(async (n) => {
              const i = n % s.sales.length;
              const sale = s.sales[i];
              const res = await scene.admin.post('/v1/points/transaction', {
                body: {
                  orderNo: orders[i],
                  memberId: members[sale.member],
                  lines: [{ goodsCode: 'P1', quantity: 1, amount: sale.amount }],
                },
              });
              expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
              answers.set(i, [...(answers.get(i) ?? []), res.body.data as SaleAnswer]);
            }),
          );
        }
        // Replays answer the first answer; each sale names at most one member of the group.
        for (const list of answers.values()) {
          for (const answer of list) expect(answer).toEqual(list[0]);
          const group = list[0].activities.filter((f) => f.activityId === groupA.id || f.activityId === groupB.id);
          expect(group.length).toBeLessThanOrEqual(1);
          const qtyWins = s.priorities[1] > s.priorities[0] || (s.priorities[1] === s.priorities[0] && groupB.id < groupA.id);
          // The quantity tier is always met: it wins when it ranks first, else the amount tier wins when met.
          if (qtyWins) expect(group.map((f) => f.activityId)).toEqual([groupB.id]);
        }
        // Budgets: what was given never passes them.
        const given = (id: number) =>
          [...answers.values()].flatMap((list) => list[0].activities.filter((f) => f.activityId === id).map((f) => f.awards));
        const doubled = given(budgeted.id);
        expect(doubled.length).toBeLessThanOrEqual(s.budgetTimes);
        expect(doubled.flat().reduce((sum, a) => sum + Number(a.points ?? 0), 0)).toBeLessThanOrEqual(s.budgetPoints);
        const couponGivings = given(coupons.id);
        expect(couponGivings.flat().reduce((sum, a) => sum + Number(a.count ?? 0), 0)).toBeLessThanOrEqual(s.couponBudget);
        for (const member of members) {
          const times = [...answers.entries()].filter(
            ([i, list]) => members[s.sales[i].member] === member && list[0].activities.some((f) => f.activityId === coupons.id),
          ).length;
          expect(times).toBeLessThanOrEqual(s.couponPerMember);
        }
        // Balances are the distinct sales' points, however often they were posted.
        for (const [m, member] of members.entries()) {
          const earned = [...answers.entries()].filter(([i]) => s.sales[i].member === m).reduce((sum, [, list]) => sum + list[0].points, 0);
          expect(await balanceOf(scene.admin, member)).toBe(earned);
        }
        // Every order returned in full: balances back to zero, the orders' coupons voided.
        for (const i of answers.keys()) {
          await okData(
            scene.admin.post('/v1/points/return', { body: { returnNo: requestNo('PR'), orderNo: orders[i], amount: s.sales[i].amount } }),
          );
        }
        for (const member of members) {
          expect(await balanceOf(scene.admin, member)).toBe(0);
          const held = await okData<{ records: { state: string }[] }>(
            scene.admin.post('/v1/coupon/query', { body: { filters: { member } } }),
          );
          expect(held.records.filter((c) => c.state !== 'VOIDED')).toEqual([]);
        }
      } finally {
        await stopActivity(scene, 'SCORE_DOUBLING', budgeted.id);
        await stopActivity(scene, 'GOODS_AMOUNT_COUPON', coupons.id);
        await stopActivity(scene, 'AMOUNT_EXTRA_POINTS', groupA.id);
        await stopActivity(scene, 'QTY_EXTRA_POINTS', groupB.id);
      }
    }),
    { numRuns: 6, seed: 1313, endOnFailure: true },
  );
});
