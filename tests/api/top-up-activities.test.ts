import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardByNumber, memberCard } from '../helpers/card-fixtures';
import { auditAs, evaluationOf, stopAs } from '../helpers/activity-fixtures';
import { effectiveTemplate, okData, requestNo } from '../helpers/coupon-fixtures';
import { createUser, signIn, type ApiClient } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { saveSettings, startStoredValueScene, type StoredValueScene } from '../helpers/stored-value-fixtures';

/**
 * The top-up promotions (issue 28 item 5, resources/promotion/kinds/top-up.ts) through the real
 * API: each kind through the engine's contract loop (create, simulate before audit, audit,
 * simulate, fire by a top-up, stop, evaluate); tier boundaries; once per member against every
 * time; the per-member limit under 16 concurrent recharges; the approval rule on audit.
 */

let scene: StoredValueScene;
let admin: ApiClient;
let till: ApiClient;
let template: number;
let serial = 0;

beforeAll(async () => {
  scene = await startStoredValueScene();
  ({ admin, till } = scene);
  await saveSettings(admin, 'store-value-manage', { enabled: true, channels: [] });
  template = await effectiveTemplate(admin);
});
afterAll(async () => scene?.t.close());

/** Tiers: from 100 give 10 yuan; from 500 give 60 yuan, 200 points and 2 coupons. */
const TIERS = [
  { threshold: 100, giftAmount: 10, points: 0, couponCount: 0 },
  { threshold: 500, giftAmount: 60, points: 200, couponCount: 2 },
];

const member = async () => (await createMembers({ client: admin, count: 1 }))[0];

async function activity(kind: string, rule: Record<string, unknown>, extra: Record<string, unknown> = {}, audit = true): Promise<number> {
  const created = await okData<{ id: number }>(
    admin.post('/v1/activity/saveNew', {
      body: {
        name: `${kind} ${(serial += 1)}`,
        kind,
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: { topUpTiers: { tiers: TIERS }, topUpCouponTemplate: template, topUpRepeat: 'EVERY', ...rule },
        ...extra,
      },
    }),
  );
  if (audit) await audit1(created.id);
  return created.id;
}

const audit1 = (id: number, client: ApiClient = admin) => auditAs(scene, client, id);

const stop = (id: number) => stopAs(scene, admin, id);

const recharge = (memberId: number, amount: number | string, no = requestNo('R')) =>
  okData<{ gift: number; balance: number; activities: { activityId: number; awards: unknown[] }[] }>(
    till.post('/v1/stored-value/recharge', { body: { requestNo: no, memberId, amount, channel: 'store' } }),
  );

const simulate = (kind: string, memberId: number, amount: number | string, activityIds?: number[]) =>
  okData<{ fired: { activityId: number; awards: unknown[] }[] }>(
    admin.post('/v1/activities/simulate-top-up', { body: { kind, memberId, amount, ...(activityIds ? { activityIds } : {}) } }),
  );

const storedValue = async (memberId: number) =>
  okData<{ principal: number; gift: number; balance: number }>(till.get('/v1/stored-value/balance', { query: { memberId } }));

const points = async (memberId: number) => {
  const res = await admin.get('/v1/points/account', { query: { memberId } });
  return res.body.code === 2000 ? Number(res.body.data.balance) : 0;
};

const coupons = async (memberId: number) =>
  (await okData<{ total: number }>(admin.post('/v1/coupon/query', { body: { filters: { member: memberId } } }))).total;

const evaluation = (activityId: number) => evaluationOf(admin, activityId);

/** The awards of the top tier, as answers list them. */
const TOP_AWARDS = [
  { type: 'value', amount: '60.00' },
  { type: 'points', points: 200 },
  { type: 'coupon', count: 2, templateId: 0 },
];
const topAwards = () => TOP_AWARDS.map((a) => (a.type === 'coupon' ? { ...a, templateId: template } : a));

describe('STORE_VALUE_ACTIVE through the contract loop', () => {
  it('simulates before audit, gives on a recharge exactly what the simulator said, once per request number, and stops', async () => {
    const m = await member();
    const id = await activity('STORE_VALUE_ACTIVE', {}, {}, false);
    // Before its audit: only when named.
    expect((await simulate('STORE_VALUE_ACTIVE', m, 500)).fired.filter((f) => f.activityId === id)).toEqual([]);
    expect((await simulate('STORE_VALUE_ACTIVE', m, 500, [id])).fired).toMatchObject([{ activityId: id, awards: topAwards() }]);
    await audit1(id);
    const simulated = await simulate('STORE_VALUE_ACTIVE', m, 500);
    expect(simulated.fired).toMatchObject([{ activityId: id, kind: 'STORE_VALUE_ACTIVE', awards: topAwards() }]);
    // The simulation kept nothing.
    expect(await storedValue(m)).toMatchObject({ balance: 0 });

    const no = requestNo('R');
    const answer = await recharge(m, 500, no);
    expect(answer.activities).toEqual(simulated.fired);
    expect(answer).toMatchObject({ gift: 60, balance: 560 });
    expect(await storedValue(m)).toMatchObject({ principal: 500, gift: 60, balance: 560 });
    expect(await points(m)).toBe(200);
    expect(await coupons(m)).toBe(2);
    // A replay of the same recharge: the same answer, nothing more.
    expect(await recharge(m, 500, no)).toEqual(answer);
    expect(await storedValue(m)).toMatchObject({ balance: 560 });
    expect(await points(m)).toBe(200);

    expect((await evaluation(id)).summary).toMatchObject({ participants: 1, transactions: 1, points: 200, coupons: 2, cost: '80.00' });
    await stop(id);
    expect((await recharge(m, 500)).activities).toEqual([]);
    expect(await storedValue(m)).toMatchObject({ gift: 60, balance: 1060 });
  });

  it('gives the highest tier not above the amount: exactly at a tier, between two, and nothing below the first', async () => {
    const id = await activity('STORE_VALUE_ACTIVE', {});
    try {
      const cases: [string, string | null][] = [
        ['99.99', null],
        ['100.00', '10.00'],
        ['499.99', '10.00'],
        ['500.00', '60.00'],
        ['800.00', '60.00'],
      ];
      for (const [amount, gift] of cases) {
        const m = await member();
        const answer = await recharge(m, amount);
        const mine = answer.activities.filter((a) => a.activityId === id);
        if (gift === null) expect(mine, amount).toEqual([]);
        else expect(mine[0].awards[0], amount).toEqual({ type: 'value', amount: gift });
        expect((await storedValue(m)).gift, amount).toBe(gift === null ? 0 : Number(gift));
      }
    } finally {
      await stop(id);
    }
  });

  it('once per member gives on the first recharge only; every time gives on each', async () => {
    const once = await activity('STORE_VALUE_ACTIVE', { topUpRepeat: 'ONCE', topUpTiers: { tiers: [{ threshold: 0, giftAmount: 5 }] } });
    const every = await activity('STORE_VALUE_ACTIVE', { topUpTiers: { tiers: [{ threshold: 0, giftAmount: 1 }] } });
    try {
      const m = await member();
      for (let i = 0; i < 3; i += 1) await recharge(m, 20);
      expect(await storedValue(m)).toMatchObject({ principal: 60, gift: 5 + 3 });
      // The simulator agrees: once is spent for this member.
      expect((await simulate('STORE_VALUE_ACTIVE', m, 20)).fired.map((f) => f.activityId)).toEqual([every]);
    } finally {
      await stop(once);
      await stop(every);
    }
  });

  it('keeps the per-member limit under 16 concurrent recharges', async () => {
    const id = await activity(
      'STORE_VALUE_ACTIVE',
      { topUpTiers: { tiers: [{ threshold: 0, giftAmount: 2 }] } },
      { budget: { perMemberTimes: 3 } },
    );
    try {
      const m = await member();
      const answers = await Promise.all(Array.from({ length: 16 }, () => recharge(m, 10)));
      expect(answers.filter((a) => a.activities.some((f) => f.activityId === id))).toHaveLength(3);
      expect(await storedValue(m)).toMatchObject({ principal: 160, gift: 6, balance: 166 });
      expect((await evaluation(id)).summary).toMatchObject({ participants: 1, transactions: 3, cost: '6.00' });
    } finally {
      await stop(id);
    }
  });

  it('refuses a tier that gives nothing, a coupon count with no template and falling tiers, naming the field', async () => {
    const res = await admin.post('/v1/activity/saveNew', {
      body: {
        name: 'bad tiers',
        kind: 'STORE_VALUE_ACTIVE',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: {
          topUpRepeat: 'EVERY',
          topUpTiers: {
            tiers: [
              { threshold: 200, giftAmount: 0, points: 0, couponCount: 0 },
              { threshold: 100, giftAmount: 0, points: 0, couponCount: 1 },
            ],
          },
        },
      },
    });
    expect(res.status).toBe(400);
    expect((res.body.data.fields as { field: string }[]).map((f) => f.field).sort()).toEqual([
      'rule.topUpCouponTemplate',
      'rule.topUpTiers.tiers[0].giftAmount',
      'rule.topUpTiers.tiers[1].threshold',
    ]);
  });

  it('needs a second person to audit gifts above the merchant threshold', async () => {
    const id = await activity('STORE_VALUE_ACTIVE', { topUpTiers: { tiers: [{ threshold: 100, giftAmount: 20000 }] } }, {}, false);
    const refused = await admin.post('/v1/activity/audit', { query: { id }, headers: { locale: 'en_US' } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('20000.00');
    await createUser(scene.t.database, {
      tenantId: scene.tenant.tenantId,
      login: 'topupauditor',
      grants: [{ resourceId: '营销/储值充值活动', action: '配置维护' }],
    });
    const second = await signIn(scene.t.app, { tenant: scene.tenant.code, login: 'topupauditor', password: scene.tenant.adminPassword });
    await audit1(id, second);
    await stop(id);
  });
});

describe('PREPAY_CARD_CHARGE_GIFT through the contract loop', () => {
  it('gives on the audit of a top-up of a card a member holds: value to the card, points and coupons to the member, once', async () => {
    const m = await member();
    const { card, number, store } = await memberCard(admin, m, '充值赠礼门店');
    const before = Number(card.balance);

    const id = await activity('PREPAY_CARD_CHARGE_GIFT', {}, {}, false);
    expect((await simulate('PREPAY_CARD_CHARGE_GIFT', m, 500, [id])).fired).toMatchObject([{ activityId: id, awards: topAwards() }]);
    await audit1(id);
    const doc = await okData<{ id: number }>(
      admin.post('/v1/prepay-card-pay/saveNew', { body: { store, payMethod: 'CASH', lines: [{ card: card.id, amount: 500 }] } }),
    );
    const audits = await Promise.all([1, 2, 3].map(() => admin.post('/v1/prepay-card-pay/audit', { query: { id: doc.id } })));
    expect(audits.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect(await cardByNumber(admin, number)).toMatchObject({ balance: before + 560 });
    expect(await points(m)).toBe(200);
    expect(await coupons(m)).toBe(2);
    expect((await evaluation(id)).summary).toMatchObject({ participants: 1, transactions: 1, points: 200, coupons: 2 });
    await stop(id);
  });
});
