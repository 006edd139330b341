import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAs, evaluationOf, stopAs } from '../helpers/activity-fixtures';
import { cardByNumber, createStore, createTemplate, draftSale, makeCards } from '../helpers/card-fixtures';
import { okData, requestNo } from '../helpers/coupon-fixtures';
import { createUser, signIn, type ApiClient } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { createCatalogue, saveSettings, startStoredValueScene, type StoredValueScene } from '../helpers/stored-value-fixtures';

/**
 * The payment offers (issue 28 item 6, resources/promotion/kinds/balance-pay.ts) through the real
 * API: each stored-value kind through the engine's contract loop (create, simulate before
 * audit, audit, simulate, fire by a payment, refund, stop, evaluate); tiers, rate, threshold and
 * the per-payment cap; stacking with coupons; the per-member cap under 16 concurrent payments and
 * freed by a refund; the approval rule on audit; bad rules named by field; a card's discount
 * offer on a payment from a member's card, within the member's cap, taken back by a refund.
 */

let scene: StoredValueScene;
let admin: ApiClient;
let till: ApiClient;
let store: number;
/** A second person who may maintain both kinds of offer (an offer with no bound per member needs one to audit it). */
let auditor: ApiClient;
let serial = 0;

beforeAll(async () => {
  scene = await startStoredValueScene();
  ({ admin, till } = scene);
  await saveSettings(admin, 'store-value-manage', { enabled: true, channels: [] });
  store = (await createCatalogue(admin)).stores[0];
  await createUser(scene.t.database, {
    tenantId: scene.tenant.tenantId,
    login: 'payofferauditor',
    grants: [
      { resourceId: '营销/储值支付优惠/满额立减', action: '配置维护' },
      { resourceId: '营销/储值支付优惠/折扣', action: '配置维护' },
    ],
  });
  auditor = await signIn(scene.t.app, { tenant: scene.tenant.code, login: 'payofferauditor', password: scene.tenant.adminPassword });
});
afterAll(async () => scene?.t.close());

/** A member holding `balance` yuan of principal. */
async function member(balance = 1000): Promise<number> {
  const [m] = await createMembers({ client: admin, count: 1 });
  await okData(
    till.post('/v1/stored-value/recharge', { body: { requestNo: requestNo('R'), memberId: m, amount: balance, channel: 'store' } }),
  );
  return m;
}

const TIERS = {
  tiers: [
    { threshold: 100, off: 10 },
    { threshold: 200, off: 30 },
  ],
};

async function activity(kind: string, rule: Record<string, unknown>, options: { budget?: Record<string, unknown>; audit?: boolean } = {}) {
  const created = await okData<{ id: number }>(
    admin.post('/v1/activity/saveNew', {
      body: {
        name: `${kind} ${(serial += 1)}`,
        kind,
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: { payCouponStacking: 'STACK', ...rule },
        ...(options.budget ? { budget: options.budget } : {}),
      },
    }),
  );
  if (options.audit !== false) await audit1(created.id);
  return created.id;
}

const audit1 = (id: number, client: ApiClient = auditor) => auditAs(scene, client, id);

const stop = (id: number) => stopAs(scene, admin, id);

interface PayAnswer {
  amount: number;
  discount: number;
  paid: number;
  balance: number;
  activities: { activityId: number; kind: string; awards: unknown[] }[];
}

const pay = (memberId: number, amount: number | string, extra: Record<string, unknown> = {}, no = requestNo('P')) =>
  okData<PayAnswer>(till.post('/v1/stored-value/pay', { body: { requestNo: no, memberId, amount, storeId: store, ...extra } }));

const refund = (paymentNo: string, amount: number | string) =>
  okData<{ amount: number; discountTakenBack: number; discountTakenBackTotal: number; balance: number }>(
    till.post('/v1/stored-value/refund', { body: { refundNo: requestNo('F'), requestNo: paymentNo, amount } }),
  );

const simulate = (memberId: number, amount: number | string, activityIds?: number[]) =>
  okData<{ discount: number; fired: { activityId: number; awards: unknown[] }[] }>(
    admin.post('/v1/activities/simulate-pay', { body: { memberId, amount, storeId: store, ...(activityIds ? { activityIds } : {}) } }),
  );

const balance = async (memberId: number) =>
  (await okData<{ balance: number }>(till.get('/v1/stored-value/balance', { query: { memberId } }))).balance;

const evaluation = (activityId: number) => evaluationOf(admin, activityId);

describe('STORE_VALUE_PAY_REDUCE through the contract loop', () => {
  it('simulates, takes the tier off a payment once per request number, gives it back in proportion on refunds, and stops', async () => {
    const m = await member();
    const id = await activity('STORE_VALUE_PAY_REDUCE', { payTiers: TIERS }, { audit: false });
    try {
      // Before its audit: only when named.
      expect((await simulate(m, 150)).discount).toBe(0);
      expect(await simulate(m, 150, [id])).toMatchObject({
        discount: 10,
        fired: [{ activityId: id, awards: [{ type: 'discount', amount: '10.00' }] }],
      });
      expect((await pay(m, 150)).discount).toBe(0);
      await audit1(id);
      const simulated = await simulate(m, 250);
      expect(simulated.discount).toBe(30);
      expect(await balance(m)).toBe(850);

      const no = requestNo('P');
      const answer = await pay(m, 250, {}, no);
      expect(answer).toMatchObject({ amount: 250, discount: 30, paid: 220, balance: 630 });
      expect(answer.activities).toEqual(simulated.fired);
      // A replay: the same answer, nothing more spent or given.
      expect(await pay(m, 250, {}, no)).toEqual(answer);
      expect(await balance(m)).toBe(630);
      expect((await evaluation(id)).summary).toMatchObject({ participants: 1, transactions: 1, cost: '30.00', salesAmount: '250.00' });

      // Refunds give back what was paid; the discount goes back in the same share, all of it with the last.
      expect(await refund(no, 55)).toMatchObject({ amount: 55, discountTakenBack: 7.5, discountTakenBackTotal: 7.5, balance: 685 });
      expect(await refund(no, 165)).toMatchObject({ discountTakenBack: 22.5, discountTakenBackTotal: 30, balance: 850 });
      expect((await evaluation(id)).summary).toMatchObject({ cost: '0.00' });
      // The member's history shows the payment's discount on its entry, and each refund's share taken back
      // (the payment before the audit had none).
      const history = await okData<{ records: { kind: string; sourceId: string; amount: number; discount: number | null }[] }>(
        admin.post('/v1/store-value-hst-detail/query', { body: { filters: { memberId: m }, pageSize: 50 } }),
      );
      expect(history.records.filter((r) => r.kind !== 'recharge').map((r) => [r.kind, r.amount, r.discount])).toEqual([
        ['refund', 165, -22.5],
        ['refund', 55, -7.5],
        ['pay', -220, 30],
        ['pay', -150, null],
      ]);

      // The tiers' boundaries: below the first, at it, between, at the second.
      for (const [amount, off] of [
        ['99.99', 0],
        ['100.00', 10],
        ['199.99', 10],
        ['200.00', 30],
      ] as const) {
        expect((await pay(m, amount)).discount, amount).toBe(off);
      }
    } finally {
      await stop(id);
    }
    expect((await pay(m, 250)).discount).toBe(0);
  });
});

describe('STORE_VALUE_PAY_DISCOUNT through the contract loop', () => {
  it('takes the rate off from the threshold, rounded down to the cent and held to the per-payment cap', async () => {
    const m = await member();
    const id = await activity('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 50, payRate: 9.5, payOrderCap: 8 });
    try {
      expect(await simulate(m, 100)).toMatchObject({ discount: 5, fired: [{ activityId: id }] });
      for (const [amount, off] of [
        ['49.99', 0],
        ['50.00', 2.5],
        ['99.99', 4.99],
        ['333.33', 8],
      ] as const) {
        const answer = await pay(m, amount);
        expect(answer.discount, amount).toBe(off);
        expect(answer.paid, amount).toBe(Math.round((Number(amount) - off) * 100) / 100);
      }
      expect(await balance(m)).toBe(Math.round((1000 - (49.99 + 47.5 + 95 + 325.33)) * 100) / 100);
      expect((await evaluation(id)).summary).toMatchObject({ participants: 1, transactions: 3, cost: '15.49' });
    } finally {
      await stop(id);
    }
  });

  it('gives nothing to a bill that used coupons when the offer is not given with coupons', async () => {
    const m = await member();
    const exclusive = await activity('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 0, payRate: 9, payCouponStacking: 'EXCLUSIVE' });
    try {
      expect((await pay(m, 100, { couponsUsed: true })).discount).toBe(0);
      expect((await pay(m, 100, { couponsUsed: false })).discount).toBe(10);
    } finally {
      await stop(exclusive);
    }
    const stacking = await activity('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 0, payRate: 9 });
    try {
      expect((await pay(m, 100, { couponsUsed: true })).discount).toBe(10);
    } finally {
      await stop(stacking);
    }
  });

  it('gives the one offer taking the most when several run', async () => {
    const m = await member(2000);
    const reduce = await activity('STORE_VALUE_PAY_REDUCE', { payTiers: TIERS });
    const rate = await activity('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 0, payRate: 9.5 });
    try {
      // 100: the tier's 10 against the rate's 5; 1000: the tier's 30 against the rate's 50.
      expect(await pay(m, 100)).toMatchObject({ discount: 10, activities: [{ activityId: reduce }] });
      expect(await pay(m, 1000)).toMatchObject({ discount: 50, paid: 950, activities: [{ activityId: rate }] });
    } finally {
      await stop(reduce);
      await stop(rate);
    }
  });
});

describe('the per-member cap', () => {
  it('holds under 16 concurrent payments of one member, and a refund frees what it takes back', async () => {
    const id = await activity('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 0, payRate: 9, payMemberCap: 25 });
    try {
      const m = await member(2000);
      const nos = Array.from({ length: 16 }, () => requestNo('P'));
      const answers = await Promise.all(nos.map((no) => pay(m, 100, {}, no)));
      const discounts = answers.map((a) => a.discount).sort((a, b) => b - a);
      expect(discounts.reduce((sum, d) => sum + d, 0)).toBe(25);
      expect(discounts.slice(0, 3)).toEqual([10, 10, 5]);
      expect(await balance(m)).toBe(2000 - 1600 + 25);
      expect((await evaluation(id)).summary).toMatchObject({ participants: 1, transactions: 3, cost: '25.00' });
      // Refund in full a payment given 10 off: the member may be given 10 more.
      const full = nos[answers.findIndex((a) => a.discount === 10)];
      expect(await refund(full, 90)).toMatchObject({ discountTakenBackTotal: 10 });
      expect((await pay(m, 100)).discount).toBe(10);
      expect((await pay(m, 100)).discount).toBe(0);
    } finally {
      await stop(id);
    }
  });
});

describe('saving and auditing an offer', () => {
  it('refuses falling tiers, money off not below its threshold and a rate out of range, naming the field', async () => {
    const res = await admin.post('/v1/activity/saveNew', {
      body: {
        name: 'bad tiers',
        kind: 'STORE_VALUE_PAY_REDUCE',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: {
          payCouponStacking: 'STACK',
          payTiers: {
            tiers: [
              { threshold: 200, off: 20 },
              { threshold: 100, off: 100 },
            ],
          },
        },
      },
    });
    expect(res.status).toBe(400);
    expect((res.body.data.fields as { field: string }[]).map((f) => f.field).sort()).toEqual([
      'rule.payTiers.tiers[1].off',
      'rule.payTiers.tiers[1].threshold',
    ]);
    const rate = await admin.post('/v1/activity/saveNew', {
      headers: { locale: 'en_US' },
      body: {
        name: 'bad rate',
        kind: 'STORE_VALUE_PAY_DISCOUNT',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: { payCouponStacking: 'STACK', payThreshold: 0, payRate: 10 },
      },
    });
    expect(rate.status).toBe(400);
    expect((rate.body.data.fields as { field: string }[]).map((f) => f.field)).toEqual(['rule.payRate']);
  });

  it('needs a second person to audit an offer without a bound per member, or above the threshold; not one capped below it', async () => {
    // The maker is admin; the second person maintains the offers.
    const capped = await activity('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 0, payRate: 9, payMemberCap: 100 }, { audit: false });
    await audit1(capped, admin);
    await stop(capped);
    const unbounded = await activity('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 0, payRate: 9 }, { audit: false });
    const refused = await admin.post('/v1/activity/audit', { query: { id: unbounded } });
    expect(refused.status).toBe(409);
    const large = await activity('STORE_VALUE_PAY_REDUCE', { payTiers: TIERS }, { budget: { perMemberTimes: 1000 }, audit: false });
    const refusedLarge = await admin.post('/v1/activity/audit', { query: { id: large }, headers: { locale: 'en_US' } });
    expect(refusedLarge.status).toBe(409);
    expect(refusedLarge.body.msg).toContain('30000.00');
    await audit1(large, auditor);
    await audit1(unbounded, auditor);
    await stop(large);
    await stop(unbounded);
  });
});

describe('who may keep an offer', () => {
  it("maintains and reads only the kinds of one's own sub-resource (满额立减 is not 折扣)", async () => {
    await createUser(scene.t.database, {
      tenantId: scene.tenant.tenantId,
      login: 'reduceonly',
      grants: [{ resourceId: '营销/储值支付优惠/满额立减', action: '配置维护' }],
    });
    const reduceOnly = await signIn(scene.t.app, { tenant: scene.tenant.code, login: 'reduceonly', password: scene.tenant.adminPassword });
    const body = (kind: string, rule: Record<string, unknown>) => ({
      name: `${kind} by reduceonly`,
      kind,
      beginTime: '2020-01-01 00:00:00',
      endTime: '2099-01-01 00:00:00',
      rule: { payCouponStacking: 'STACK', ...rule },
    });
    const refused = await reduceOnly.post('/v1/activity/saveNew', {
      body: body('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 0, payRate: 9 }),
    });
    expect(refused.status).toBe(403);
    const viaView = await reduceOnly.post('/v1/activity-store-value-pay-discount/saveNew', {
      body: body('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 0, payRate: 9 }),
    });
    expect(viaView.status).toBe(403);
    await okData(reduceOnly.post('/v1/activity/saveNew', { body: body('STORE_VALUE_PAY_REDUCE', { payTiers: TIERS }) }));
    const discount = await activity('STORE_VALUE_PAY_DISCOUNT', { payThreshold: 0, payRate: 9 }, { audit: false });
    const listed = await okData<{ records: { id: number; kind: string }[] }>(
      reduceOnly.post('/v1/activity-family-member-balance-promotion/query', { body: { pageSize: 200 } }),
    );
    expect(listed.records.length).toBeGreaterThan(0);
    expect(listed.records.every((r) => r.kind === 'STORE_VALUE_PAY_REDUCE')).toBe(true);
    // A discount offer is not even found for them: they may not read it, let alone audit it.
    expect((await reduceOnly.post('/v1/activity/audit', { query: { id: discount } })).status).toBe(404);
    await audit1(discount);
    await stop(discount);
  });
});

describe('CARD_PAY_DISCOUNT through the contract loop', () => {
  it("takes the rate off a payment from a member's card within the member's cap, and a refund takes it back", async () => {
    const [m] = await createMembers({ client: admin, count: 1 });
    const cardStore = await createStore(admin, '支付优惠门店');
    const cardTemplate = await createTemplate(admin);
    const batch = await makeCards(admin, { templateId: cardTemplate.id, storeId: cardStore, quantity: 1 });
    const bill = await draftSale(admin, {
      store: cardStore,
      buyerType: 'MEMBER',
      member: m,
      lines: [{ mode: 'RANGE', template: cardTemplate.id, startNumber: batch.firstNumber, endNumber: batch.lastNumber }],
    });
    await okData(admin.post('/v1/imprest-card-sale-bill/audit', { query: { id: bill.id } }));
    const before = Number((await cardByNumber(admin, batch.firstNumber)).balance);
    // Capped at 5 yuan per member: below the card value threshold, so its maker audits it.
    const id = await activity('CARD_PAY_DISCOUNT', { payThreshold: 0, payRate: 9, payMemberCap: 5 }, { audit: false });
    await audit1(id, admin);
    try {
      expect(
        await okData(admin.post('/v1/activities/simulate-pay', { body: { holder: 'card', memberId: m, amount: 20, storeId: cardStore } })),
      ).toMatchObject({ discount: 2, fired: [{ activityId: id }] });
      // A stored-value payment is not a card's: the card offer gives it nothing.
      expect((await simulate(m, 20)).fired.map((f) => f.activityId)).not.toContain(id);
      const cardPay = (no: string, amount: number) =>
        okData<{ amount: string; discount: string; paid: string; activities: { activityId: number }[] }>(
          admin.post('/v1/prepay-card/pay', {
            body: { requestNo: no, number: batch.firstNumber, memberId: m, amount, storeId: cardStore },
          }),
        );
      const first = requestNo('CP');
      expect(await cardPay(first, 20)).toMatchObject({
        amount: '20.00',
        discount: '2.00',
        paid: '18.00',
        activities: [{ activityId: id }],
      });
      // The member's cap leaves 3 of the 4 the rate would take off.
      expect(await cardPay(requestNo('CP'), 40)).toMatchObject({ discount: '3.00', paid: '37.00' });
      expect(
        await okData(admin.post('/v1/prepay-card/refund', { body: { refundNo: requestNo('CF'), requestNo: first, amount: 18 } })),
      ).toMatchObject({ discountTakenBack: '2.00' });
      const card = await cardByNumber(admin, batch.firstNumber);
      expect(Number(card.balance)).toBe(before - 37);
      // The card's balance history shows each payment's discount, and the share the refund took back.
      const history = await okData<{ records: { kind: string; principalDelta: string; giftDelta: string; discount: number | null }[] }>(
        admin.post('/v1/prepay-card-history/query', { body: { filters: { cardId: card.id }, pageSize: 50 } }),
      );
      const moves = history.records
        .filter((r) => r.kind === 'pay' || r.kind === 'refund')
        .map((r) => [r.kind, (Number(r.principalDelta) + Number(r.giftDelta)).toFixed(2), r.discount]);
      expect(moves).toEqual([
        ['refund', '18.00', -2],
        ['pay', '-37.00', 3],
        ['pay', '-18.00', 2],
      ]);
      expect((await evaluation(id)).summary).toMatchObject({ participants: 1, transactions: 2, cost: '3.00' });
    } finally {
      await stop(id);
    }
  });
});
