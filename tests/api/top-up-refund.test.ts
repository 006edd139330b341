import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditAs, evaluationOf, stopAs } from '../helpers/activity-fixtures';
import { cardByNumber, memberCard } from '../helpers/card-fixtures';
import { effectiveTemplate, okData, requestNo } from '../helpers/coupon-fixtures';
import { createUser, signIn, type ApiClient } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { createMembers } from '../helpers/points-fixtures';
import {
  createCatalogue,
  saveSettings,
  startStoredValueScene,
  type Catalogue,
  type StoredValueScene,
} from '../helpers/stored-value-fixtures';

/**
 * A refund of a stored-value recharge takes back the top-up promotions' gift in proportion (issue
 * 28 item 5; server/modules/activities/events/README.md "Top-ups", refunds) through the real API:
 * a refund after a tiered gift takes exactly its share of gift value, points and coupons, a
 * replayed refund takes nothing more, what the member spent or used is the shortfall, concurrent
 * refunds never take more than the whole, and bad input, unknown recharges and callers without
 * the grant are refused.
 */

let scene: StoredValueScene;
let admin: ApiClient;
let till: ApiClient;
let catalogue: Catalogue;
let template: number;
let serial = 0;

beforeAll(async () => {
  scene = await startStoredValueScene();
  ({ admin, till } = scene);
  catalogue = await createCatalogue(admin);
  await saveSettings(admin, 'store-value-manage', { enabled: true, channels: [] });
  template = await effectiveTemplate(admin);
});
afterAll(async () => scene?.t.close());

const member = async () => (await createMembers({ client: admin, count: 1 }))[0];

/** An audited STORE_VALUE_ACTIVE activity: from 100 give 10 yuan; from 500 give 60 yuan, 200 points and 2 coupons. */
async function activity(rule: Record<string, unknown> = {}, kind = 'STORE_VALUE_ACTIVE'): Promise<number> {
  const created = await okData<{ id: number }>(
    admin.post('/v1/activity/saveNew', {
      body: {
        name: `refund gift ${(serial += 1)}`,
        kind,
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: {
          topUpTiers: {
            tiers: [
              { threshold: 100, giftAmount: 10, points: 0, couponCount: 0 },
              { threshold: 500, giftAmount: 60, points: 200, couponCount: 2 },
            ],
          },
          topUpCouponTemplate: template,
          topUpRepeat: 'EVERY',
          ...rule,
        },
      },
    }),
  );
  await auditAs(scene, admin, created.id);
  return created.id;
}

const recharge = (memberId: number, amount: number, no = requestNo('R')) =>
  okData<{ requestNo: string; activities: { activityId: number }[] }>(
    till.post('/v1/stored-value/recharge', { body: { requestNo: no, memberId, amount, channel: 'store' } }),
  );

interface Refunded {
  amount: number;
  refundedTotal: number;
  rechargedTotal: number;
  giftDue: number;
  giftTakenBack: number;
  activities: {
    activityId: number;
    valueDue: number;
    valueTakenBack: number;
    pointsDue: number;
    pointsTakenBack: number;
    couponsDue: number;
    couponsVoided: number;
  }[];
  principal: number;
  gift: number;
  balance: number;
}

const refundCall = (body: Record<string, unknown>, client = till, locale?: string) =>
  client.post('/v1/stored-value/recharge-refund', { body, ...(locale ? { headers: { locale } } : {}) });

const refund = (rechargeNo: string, amount: number | string, refundNo = requestNo('RF')) =>
  okData<Refunded>(refundCall({ refundNo, requestNo: rechargeNo, amount }));

const storedValue = (memberId: number) =>
  okData<{ principal: number; gift: number; balance: number }>(till.get('/v1/stored-value/balance', { query: { memberId } }));

const points = async (memberId: number) => {
  const res = await admin.get('/v1/points/account', { query: { memberId } });
  return res.body.code === 2000 ? Number(res.body.data.balance) : 0;
};

const couponStates = async (memberId: number) =>
  (
    await okData<{ records: { state: string; code: string }[] }>(
      admin.post('/v1/coupon/query', { body: { filters: { member: memberId } } }),
    )
  ).records;

const stateCounts = async (memberId: number) => {
  const counts: Record<string, number> = {};
  for (const c of await couponStates(memberId)) counts[c.state] = (counts[c.state] ?? 0) + 1;
  return counts;
};

/** Half of the top tier's 60 yuan, 200 points and 2 coupons, all still held. */
const HALF_OF_TOP_TIER = { valueDue: 30, valueTakenBack: 30, pointsDue: 100, pointsTakenBack: 100, couponsDue: 1, couponsVoided: 1 };

const mine = (answer: Refunded, id: number) => answer.activities.filter((a) => a.activityId === id);

describe('POST /v1/stored-value/recharge-refund', () => {
  it('a half refund after a tiered gift takes back exactly half of it; its replay nothing more; the rest takes the rest', async () => {
    const id = await activity();
    try {
      const m = await member();
      const { requestNo: no } = await recharge(m, 500);
      expect(await storedValue(m)).toMatchObject({ principal: 500, gift: 60 });
      expect(await points(m)).toBe(200);

      const refundNo = requestNo('RF');
      const half = await refund(no, 250, refundNo);
      expect(half).toMatchObject({ amount: 250, refundedTotal: 250, rechargedTotal: 500, giftDue: 0, giftTakenBack: 0 });
      expect(mine(half, id)).toEqual([
        {
          activityId: id,
          number: expect.any(String),
          name: expect.any(String),
          kind: 'STORE_VALUE_ACTIVE',
          ...HALF_OF_TOP_TIER,
        },
      ]);
      expect(half).toMatchObject({ principal: 250, gift: 30, balance: 280 });
      expect(await storedValue(m)).toMatchObject({ principal: 250, gift: 30, balance: 280 });
      expect(await points(m)).toBe(100);
      expect(await stateCounts(m)).toEqual({ UNUSED: 1, VOIDED: 1 });

      // The same refund again: the first answer, nothing more taken.
      const replay = await refundCall({ refundNo, requestNo: no, amount: 250 });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body.data).toEqual(half);
      expect(await storedValue(m)).toMatchObject({ principal: 250, gift: 30 });
      expect(await points(m)).toBe(100);
      expect(await stateCounts(m)).toEqual({ UNUSED: 1, VOIDED: 1 });
      // Another body under the refund number is refused.
      expect((await refundCall({ refundNo, requestNo: no, amount: 100 })).status).toBe(409);

      // Odd shares round down and the last refund takes the rest: 0.01 + the remaining 249.99.
      const cent = await refund(no, '0.01');
      expect(mine(cent, id)[0]).toMatchObject({ valueDue: 0, pointsDue: 0, couponsDue: 0 });
      const rest = await refund(no, '249.99');
      expect(mine(rest, id)[0]).toMatchObject(HALF_OF_TOP_TIER);
      expect(await storedValue(m)).toMatchObject({ principal: 0, gift: 0, balance: 0 });
      expect(await points(m)).toBe(0);
      expect(await stateCounts(m)).toEqual({ VOIDED: 2 });
      // Nothing left to refund.
      const over = await refundCall({ refundNo: requestNo('RF'), requestNo: no, amount: '0.01' }, till, 'en_US');
      expect(over.status).toBe(409);
      expect(over.body.msg).toBe('The refund of 0.01 exceeds the principal left to refund, 0.00 (topped up 500.00, refunded 500.00)');
      // The evaluation nets what was taken back.
      expect((await evaluationOf(admin, id)).summary).toMatchObject({ transactions: 1, points: 0, coupons: 0, cost: '0.00' });
      expect(await ledgerBreaches(scene.t, scene.tenant.tenantId)).toEqual([]);
    } finally {
      await stopAs(scene, admin, id);
    }
  });

  it('takes back what the member still holds and records the rest as the shortfall (spent gift, spent points, a used coupon)', async () => {
    // Once per member: the second recharge gives nothing, and the award is found by its cause.
    const id = await activity({
      topUpRepeat: 'ONCE',
      topUpTiers: { tiers: [{ threshold: 0, giftAmount: 10, points: 100, couponCount: 2 }] },
    });
    try {
      const m = await member();
      const { requestNo: first } = await recharge(m, 100);
      // Pay 105: all the principal and 5 of the 10 gift.
      await okData(
        till.post('/v1/stored-value/pay', { body: { requestNo: requestNo('P'), memberId: m, amount: 105, storeId: catalogue.stores[0] } }),
      );
      await okData(admin.post('/v1/points/spend', { body: { requestNo: requestNo('S'), memberId: m, points: 80 } }));
      const [used] = await couponStates(m);
      await okData(
        admin.post('/v1/coupons/redeem', {
          body: {
            requestNo: requestNo('U'),
            code: used.code,
            memberId: m,
            orderNo: requestNo('O'),
            storeId: catalogue.stores[0],
            lines: [{ goodsId: catalogue.plainGoods, quantity: 1, amount: '50.00' }],
          },
        }),
      );
      expect((await recharge(m, 100)).activities).toEqual([]);
      expect(await storedValue(m)).toMatchObject({ principal: 100, gift: 5 });

      const sixty = await refund(first, 60);
      expect(mine(sixty, id)).toMatchObject([
        { valueDue: 6, valueTakenBack: 5, pointsDue: 60, pointsTakenBack: 20, couponsDue: 1, couponsVoided: 1 },
      ]);
      expect(await storedValue(m)).toMatchObject({ principal: 40, gift: 0 });
      expect(await points(m)).toBe(0);
      const rest = await refund(first, 40);
      // The used coupon counts against the share: nothing left to void.
      expect(mine(rest, id)).toMatchObject([
        { valueDue: 4, valueTakenBack: 0, pointsDue: 40, pointsTakenBack: 0, couponsDue: 1, couponsVoided: 0 },
      ]);
      expect(await stateCounts(m)).toEqual({ USED: 1, VOIDED: 1 });
      expect(await storedValue(m)).toMatchObject({ principal: 0, gift: 0 });
      // The record of the shortfall: due against taken, per refund.
      const rows = await scene.t.database.db.execute<{
        value_due: string;
        value_taken: string;
        points_due: string;
        points_taken: string;
      }>(sql`
        select value_due, value_taken, points_due::text, points_taken::text from top_up_reversals
        where tenant_id = ${scene.tenant.tenantId} and activity_id = ${id} order by id`);
      expect(rows.rows).toEqual([
        { value_due: '6.00', value_taken: '5.00', points_due: '60', points_taken: '20' },
        { value_due: '4.00', value_taken: '0.00', points_due: '40', points_taken: '0' },
      ]);
      expect(await ledgerBreaches(scene.t, scene.tenant.tenantId)).toEqual([]);
    } finally {
      await stopAs(scene, admin, id);
    }
  });

  it('under 8 concurrent refunds of 100 of a 500 recharge, 5 pass and together take back the gift exactly once', async () => {
    const id = await activity();
    try {
      const m = await member();
      const { requestNo: no } = await recharge(m, 500);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => refundCall({ refundNo: requestNo('RF'), requestNo: no, amount: 100 })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
      const taken = answers.filter((a) => a.status === 200).flatMap((a) => mine(a.body.data as Refunded, id));
      const total = (pick: (t: (typeof taken)[number]) => number) => taken.reduce((sum, t) => sum + pick(t), 0);
      expect(total((t) => t.valueTakenBack)).toBe(60);
      expect(total((t) => t.pointsTakenBack)).toBe(200);
      expect(total((t) => t.couponsVoided)).toBe(2);
      expect(await storedValue(m)).toMatchObject({ principal: 0, gift: 0, balance: 0 });
      expect(await points(m)).toBe(0);
      expect(await stateCounts(m)).toEqual({ VOIDED: 2 });
      expect(await ledgerBreaches(scene.t, scene.tenant.tenantId)).toEqual([]);
    } finally {
      await stopAs(scene, admin, id);
    }
  });

  it('takes back the till gift of the recharge in the same share', async () => {
    const m = await member();
    const no = requestNo('R');
    await okData(
      till.post('/v1/stored-value/recharge', { body: { requestNo: no, memberId: m, amount: 80, giftAmount: 8, channel: 'store' } }),
    );
    const quarter = await refund(no, 20);
    expect(quarter).toMatchObject({ giftDue: 2, giftTakenBack: 2, principal: 60, gift: 6 });
  });

  it('refuses bad input naming the field, an unknown recharge, and a caller without the grant, changing nothing', async () => {
    const m = await member();
    const { requestNo: no } = await recharge(m, 50);
    const bad = await refundCall({ refundNo: requestNo('RF'), requestNo: no, amount: 'abc' }, till, 'en_US');
    expect(bad.status).toBe(400);
    expect((bad.body.data.fields as { field: string }[]).map((f) => f.field)).toEqual(['amount']);
    const negative = await refundCall({ refundNo: requestNo('RF'), requestNo: no, amount: -5 });
    expect(negative.status).toBe(400);
    expect((negative.body.data.fields as { field: string }[]).map((f) => f.field)).toEqual(['amount']);
    const missing = await refundCall({ refundNo: requestNo('RF'), requestNo: 'R-none', amount: 5 });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('充值单 R-none 不存在');
    expect((await refundCall({ refundNo: requestNo('RF'), requestNo: 'R-none', amount: 5 }, till, 'en_US')).body.msg).toBe(
      'There is no recharge R-none',
    );
    await createUser(scene.t.database, {
      tenantId: scene.tenant.tenantId,
      login: 'svrefundreader',
      grants: [{ resourceId: '储值/储值账户', action: '账户信息查看' }],
    });
    const reader = await signIn(scene.t.app, { tenant: scene.tenant.code, login: 'svrefundreader', password: scene.tenant.adminPassword });
    expect((await refundCall({ refundNo: requestNo('RF'), requestNo: no, amount: 5 }, reader)).status).toBe(403);
    expect(await storedValue(m)).toMatchObject({ principal: 50, gift: 0 });
  });
});

describe('POST /v1/prepay-card/topup-refund', () => {
  it("a half refund of a member's card top-up line takes back half its gift from the card and the member, once", async () => {
    const m = await member();
    const { card, number, store } = await memberCard(admin, m, '充值退款门店');
    const before = Number(card.balance);
    const id = await activity({}, 'PREPAY_CARD_CHARGE_GIFT');
    try {
      const doc = await okData<{ id: number; number: string }>(
        admin.post('/v1/prepay-card-pay/saveNew', { body: { store, payMethod: 'CASH', lines: [{ card: card.id, amount: 500 }] } }),
      );
      const body = { refundNo: requestNo('TR'), documentNo: doc.number, lineNo: 1, amount: 250 };
      // Not audited yet: no top-up to refund.
      const early = await admin.post('/v1/prepay-card/topup-refund', {
        body: { ...body, refundNo: requestNo('TR') },
        headers: { locale: 'en_US' },
      });
      expect(early.status).toBe(404);
      expect(early.body.msg).toBe(`No line 1 of an audited top-up document ${doc.number}`);
      await okData(admin.post('/v1/prepay-card-pay/audit', { query: { id: doc.id } }));
      expect(await cardByNumber(admin, number)).toMatchObject({ balance: before + 560 });
      expect(await points(m)).toBe(200);

      // The till of stored value may not refund a card.
      expect((await till.post('/v1/prepay-card/topup-refund', { body })).status).toBe(403);
      const half = await okData<Record<string, unknown>>(admin.post('/v1/prepay-card/topup-refund', { body }));
      expect(half).toMatchObject({ amount: '250.00', toppedUpTotal: '500.00', refundedTotal: '250.00', giftDue: '0.00' });
      expect(half.activities).toMatchObject([
        {
          activityId: id,
          kind: 'PREPAY_CARD_CHARGE_GIFT',
          valueDue: '30.00',
          valueTakenBack: '30.00',
          pointsTakenBack: 100,
          couponsVoided: 1,
        },
      ]);
      expect(await cardByNumber(admin, number)).toMatchObject({ balance: before + 280 });
      expect(await points(m)).toBe(100);
      expect(await stateCounts(m)).toEqual({ UNUSED: 1, VOIDED: 1 });
      // Replayed: the first answer, nothing more.
      const replay = await admin.post('/v1/prepay-card/topup-refund', { body });
      expect(replay.body.data).toEqual(half);
      expect(await cardByNumber(admin, number)).toMatchObject({ balance: before + 280 });
      expect(await points(m)).toBe(100);
      // Bad amount: 400 naming it; more than is left: 409.
      const bad = await admin.post('/v1/prepay-card/topup-refund', { body: { ...body, refundNo: requestNo('TR'), amount: '1.234' } });
      expect(bad.status).toBe(400);
      expect((bad.body.data.fields as { field: string }[]).map((f) => f.field)).toEqual(['amount']);
      const over = await admin.post('/v1/prepay-card/topup-refund', { body: { ...body, refundNo: requestNo('TR'), amount: 251 } });
      expect(over.status).toBe(409);
      expect(over.body.msg).toBe('退款金额 251.00 超过可退本金 250.00（充值 500.00，已退 250.00）');
      expect(await ledgerBreaches(scene.t, scene.tenant.tenantId)).toEqual([]);
    } finally {
      await stopAs(scene, admin, id);
    }
  });
});
