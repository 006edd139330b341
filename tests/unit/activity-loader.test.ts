import { describe, expect, it } from 'vitest';
import type { ObjectField } from '../../resources/define';
import { activities } from '../../resources/promotion/activity.resource';
import { ACTIVITY_KINDS } from '../../resources/promotion/kinds/index';
import {
  CARD_SALE_KINDS,
  CLAIM_KINDS,
  EXCHANGE_KINDS,
  GROUP_SEND_KINDS,
  MEMBER_EVENT_KINDS,
  SALE_KINDS,
  THIRD_PARTY_KINDS,
  CODE_BIND_KINDS,
  PAY_KINDS,
  TOP_UP_KINDS,
} from '../../resources/promotion/activity-engine';
import { prepareActivity, type ActivityRow } from '../../server/modules/activities/activity.loader';

/** A stored row as the loader selects it: every column null but the shared ones. */
function row(overrides: Partial<ActivityRow>): ActivityRow {
  const empty = Object.fromEntries(
    [
      'day_times',
      'stores',
      'areas',
      'marketing_center',
      'levels',
      'channel_codes',
      'goods_scope',
      'goods_codes',
      'category_codes',
      'brand_codes',
      'exclusive_group',
      'budget',
      'costparty',
      'gift_goods_code',
      'exchange_goods_code',
      'rule',
    ].map((k) => [k, null]),
  );
  return {
    ...(empty as unknown as ActivityRow),
    id: '7',
    number: 'AC00000007',
    name: 'Double points',
    kind: 'SCORE_DOUBLING',
    begin_time: new Date('2026-03-01T00:00:00Z'),
    end_time: new Date('2026-04-01T00:00:00Z'),
    ...overrides,
  };
}

describe('activity declarations', () => {
  it('declare every kind of the engine contract, once', () => {
    const declared = ACTIVITY_KINDS.map((k) => k.value).sort();
    expect(declared).toEqual(
      [
        ...SALE_KINDS,
        ...EXCHANGE_KINDS,
        ...MEMBER_EVENT_KINDS,
        ...TOP_UP_KINDS,
        ...GROUP_SEND_KINDS,
        ...THIRD_PARTY_KINDS,
        ...CODE_BIND_KINDS,
        ...CLAIM_KINDS,
        ...PAY_KINDS,
        ...CARD_SALE_KINDS,
      ].sort(),
    );
    expect(Object.keys((activities.base.fields.kind as { options: object }).options).sort()).toEqual(declared);
  });

  it("share a part's rule members among the kinds naming the part, after each kind's own members", () => {
    const rule = activities.base.fields.rule as ObjectField;
    const usingReward = ACTIVITY_KINDS.filter((k) => k.parts.includes('reward')).map((k) => k.value);
    expect(usingReward.length).toBeGreaterThan(1);
    expect(rule.fields.rewardCouponTemplate.when).toEqual({ field: 'kind', in: usingReward });
    const names = Object.keys(rule.fields);
    expect(names.indexOf('doublingMultiple')).toBeLessThan(names.indexOf('weekdays'));
    expect(names.indexOf('upgradeToLevels')).toBeLessThan(names.indexOf('rewardPoints'));
  });

  it("give each menu entry a list that offers its own kinds, and each kind's screens to its entry", () => {
    const entryList = activities.resources.find((r) => r.name === 'activity-family-birthday');
    expect(entryList?.offers?.kind).toEqual(['BIRTHDAY_GIFT']);
    expect(entryList?.fixedFilter).toEqual({ family: 'BIRTHDAY' });
    expect(activities.kinds.POINTS_SPEED.route).toMatchObject({ entry: 'score-init', screens: { add: 'points-charge-speed-setting' } });
    expect(activities.kinds.UPGRADE_GIFT.route).toMatchObject({
      entry: 'upgrade-gift',
      screens: { list: 'list', add: 'edit', dtl: 'dtl' },
    });
  });
});

describe('prepareActivity', () => {
  it('maps the shared parts: window, weekdays, time windows, scope (empty = any), budgets, stacking, bearer', () => {
    const prepared = prepareActivity(
      row({
        day_times: [{ from: '09:00:00', to: '12:30' }],
        stores: ['3', '4'],
        areas: [],
        marketing_center: '2',
        levels: [1],
        channel_codes: ['POS'],
        budget: { totalPoints: 5000, totalCoupons: null, totalTimes: null, perMemberTimes: null, perMemberPerDayTimes: 1 },
        exclusive_group: 'weekend',
        costparty: '9',
        goods_scope: 'ALL',
        // The schedule's weekdays and priority are members of the kind's rule.
        rule: { doublingMultiple: '2.0', weekdays: [6, 7], priority: 5 },
      }),
    );
    expect(prepared).toMatchObject({
      id: 7,
      number: 'AC00000007',
      kind: 'SCORE_DOUBLING',
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-04-01T00:00:00Z'),
      weekdays: [6, 7],
      dayTimes: [{ from: '09:00', to: '12:30' }],
      storeIds: [3, 4],
      areaIds: [],
      marketingCenterId: 2,
      levelIds: [1],
      channelCodes: ['POS'],
      budget: { totalPoints: 5000, totalCoupons: null, totalTimes: null, perMemberTimes: null, perMemberPerDayTimes: 1 },
      exclusiveGroup: 'weekend',
      priority: 5,
      costPartyId: 9,
    });
    expect(prepared.rule).toEqual({
      kind: 'SCORE_DOUBLING',
      goods: { mode: 'ALL', goodsCodes: [], categoryCodes: [], brandCodes: [] },
      multipleTenths: 20,
    });
  });

  it('gives money as exact cents and multiples in tenths', () => {
    expect(prepareActivity(row({ kind: 'BASIC_POINTS', rule: { yuanPerPoint: '2.50' } })).rule).toEqual({
      kind: 'BASIC_POINTS',
      centsPerPoint: 250n,
    });
    expect(prepareActivity(row({ kind: 'POINTS_SPEED', rule: { speedMultiple: '1.5' } })).rule).toEqual({
      kind: 'POINTS_SPEED',
      multipleTenths: 15,
    });
    expect(
      prepareActivity(
        row({
          kind: 'POINTS_AS_CASH',
          rule: { cashPointsPerYuan: 100, cashMaxSharePercent: 50, cashMaxPointsPerOrder: null, cashMinOrderAmount: '20.00' },
        }),
      ).rule,
    ).toEqual({ kind: 'POINTS_AS_CASH', pointsPerYuan: 100, maxShareOfOrderPercent: 50, maxPointsPerOrder: null, minOrderCents: 2000n });
  });

  it('turns ladders into ascending tiers (cents for amounts, units for quantities) with the listed goods', () => {
    const amount = prepareActivity(
      row({
        kind: 'AMOUNT_EXTRA_POINTS',
        goods_scope: 'INCLUDE',
        goods_codes: ['G1'],
        category_codes: ['C1'],
        brand_codes: [],
        rule: {
          amountLadder: {
            tiers: [
              { threshold: '200.00', points: 30 },
              { threshold: 100, points: 10 },
            ],
          },
        },
      }),
    );
    expect(amount.rule).toEqual({
      kind: 'AMOUNT_EXTRA_POINTS',
      goods: { mode: 'INCLUDE', goodsCodes: ['G1'], categoryCodes: ['C1'], brandCodes: [] },
      tiers: [
        { threshold: 10000n, points: 10 },
        { threshold: 20000n, points: 30 },
      ],
    });
    const quantity = prepareActivity(
      row({ kind: 'QTY_EXTRA_POINTS', goods_scope: 'ALL', rule: { quantityLadder: { tiers: [{ threshold: 3, points: 5 }] } } }),
    );
    expect(quantity.rule).toMatchObject({ tiers: [{ threshold: 3n, points: 5 }] });
  });

  it('gives rewards: no template means no coupons; the invitation has two', () => {
    expect(prepareActivity(row({ kind: 'REGISTER_GIFT', rule: { rewardPoints: 100, rewardCouponCount: 1 } })).rule).toEqual({
      kind: 'REGISTER_GIFT',
      reward: { points: 100, couponTemplateId: null, couponCount: 0 },
    });
    expect(
      prepareActivity(
        row({ kind: 'INVITE_GIFT', rule: { rewardPoints: 50, inviteePoints: 0, inviteeCouponCount: 2, inviteeCouponTemplate: 12 } }),
      ).rule,
    ).toEqual({
      kind: 'INVITE_GIFT',
      inviter: { points: 50, couponTemplateId: null, couponCount: 0 },
      invitee: { points: 0, couponTemplateId: 12, couponCount: 2 },
    });
    expect(prepareActivity(row({ kind: 'UPGRADE_GIFT', rule: { upgradeToLevels: [2, 3], rewardPoints: 10 } })).rule).toMatchObject({
      toLevelIds: [2, 3],
    });
    expect(
      prepareActivity(
        row({
          kind: 'GOODS_AMOUNT_GIFT',
          goods_scope: 'ALL',
          rule: { giftThresholdAmount: '99.90', giftQuantity: 2 },
          gift_goods_code: 'GIFT1',
        }),
      ).rule,
    ).toMatchObject({ thresholdCents: 9990n, giftGoodsCode: 'GIFT1', giftQuantity: 2 });
  });
});
