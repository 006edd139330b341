import { describe, expect, it } from 'vitest';
import type { ActivityRule } from '../../resources/promotion/activity-engine';
import {
  evaluateExchange,
  eventExclusion,
  memberEventAwards,
  rewardAwards,
  type EventFacts,
} from '../../server/modules/activities/events/evaluate';
import { preparedActivity } from '../helpers/prepared-activity';

/** Member events and exchanges (issue 13): what applies and what it gives, worked by hand. */
const reward = { points: 50, couponTemplateId: 7, couponCount: 2 };

const facts: EventFacts = {
  memberId: 3,
  levelId: 2,
  storeId: 10,
  areaId: 4,
  marketingCenterId: 1,
  channelCode: 'weixin',
  at: new Date('2026-06-10T09:30:00+08:00'), // a Wednesday
  localDate: '2026-06-10',
  weekday: 3,
  localTime: '09:30',
};

describe('rewardAwards', () => {
  it('gives the points and the coupons, times over', () => {
    expect(rewardAwards(reward)).toEqual([
      { type: 'points', points: 50 },
      { type: 'coupon', templateId: 7, count: 2 },
    ]);
    expect(rewardAwards(reward, 3)).toEqual([
      { type: 'points', points: 150 },
      { type: 'coupon', templateId: 7, count: 6 },
    ]);
    expect(rewardAwards({ points: 0, couponTemplateId: null, couponCount: 0 })).toEqual([]);
  });
});

describe('eventExclusion', () => {
  const register = preparedActivity({ kind: 'REGISTER_GIFT', reward });

  it('applies inside the window and scope', () => {
    expect(eventExclusion(register, facts)).toBeNull();
  });

  it('starts at its start second and ends before its end second', () => {
    expect(eventExclusion(register, { ...facts, at: register.start })).toBeNull();
    expect(eventExclusion(register, { ...facts, at: new Date(register.start.getTime() - 1000) })).toBe('outsideWindow');
    expect(eventExclusion(register, { ...facts, at: register.end })).toBe('outsideWindow');
  });

  it('names the first part of the scope that excludes', () => {
    expect(eventExclusion(preparedActivity(register.rule, { weekdays: [6, 7] }), facts)).toBe('weekday');
    expect(eventExclusion(preparedActivity(register.rule, { dayTimes: [{ from: '10:00', to: '12:00' }] }), facts)).toBe('timeOfDay');
    expect(eventExclusion(preparedActivity(register.rule, { dayTimes: [{ from: '09:30', to: '12:00' }] }), facts)).toBeNull();
    expect(eventExclusion(preparedActivity(register.rule, { storeIds: [11] }), facts)).toBe('store');
    expect(eventExclusion(preparedActivity(register.rule, { storeIds: [11] }), { ...facts, storeId: null })).toBe('store');
    expect(eventExclusion(preparedActivity(register.rule, { areaIds: [5] }), facts)).toBe('area');
    expect(eventExclusion(preparedActivity(register.rule, { marketingCenterId: 2 }), facts)).toBe('marketingCenter');
    expect(eventExclusion(preparedActivity(register.rule, { levelIds: [1] }), facts)).toBe('level');
    expect(eventExclusion(preparedActivity(register.rule, { channelCodes: ['store'] }), facts)).toBe('channel');
  });
});

describe('memberEventAwards', () => {
  it('register, activation and birthday gifts give their reward', () => {
    for (const kind of ['REGISTER_GIFT', 'ACTIVATE_GIFT'] as const) {
      expect(memberEventAwards({ kind, reward }, { kind })).toEqual(rewardAwards(reward));
    }
    expect(memberEventAwards({ kind: 'BIRTHDAY_GIFT', daysBefore: 3, reward }, { kind: 'BIRTHDAY_GIFT' })).toEqual(rewardAwards(reward));
    // Another kind's event gives nothing.
    expect(memberEventAwards({ kind: 'REGISTER_GIFT', reward }, { kind: 'ACTIVATE_GIFT' })).toEqual([]);
  });

  it('the invite gift gives the inviter and the invitee each their part', () => {
    const rule: ActivityRule = { kind: 'INVITE_GIFT', inviter: { points: 100, couponTemplateId: null, couponCount: 0 }, invitee: reward };
    expect(memberEventAwards(rule, { kind: 'INVITE_GIFT', role: 'inviter' })).toEqual([{ type: 'points', points: 100 }]);
    expect(memberEventAwards(rule, { kind: 'INVITE_GIFT', role: 'invitee' })).toEqual(rewardAwards(reward));
  });

  it('the upgrade gift gives on an upward change to a listed level only', () => {
    const rule: ActivityRule = { kind: 'UPGRADE_GIFT', toLevelIds: [5], reward };
    expect(memberEventAwards(rule, { kind: 'UPGRADE_GIFT', toLevelId: 5, direction: 'up' })).toEqual(rewardAwards(reward));
    expect(memberEventAwards(rule, { kind: 'UPGRADE_GIFT', toLevelId: 5, direction: 'down' })).toEqual([]);
    expect(memberEventAwards(rule, { kind: 'UPGRADE_GIFT', toLevelId: 5, direction: 'same' })).toEqual([]);
    expect(memberEventAwards(rule, { kind: 'UPGRADE_GIFT', toLevelId: 6, direction: 'up' })).toEqual([]);
    // No level listed: any level reached upwards.
    expect(memberEventAwards({ ...rule, toLevelIds: [] }, { kind: 'UPGRADE_GIFT', toLevelId: 6, direction: 'up' })).toEqual(
      rewardAwards(reward),
    );
  });
});

describe('evaluateExchange', () => {
  it('points for coupons: the cost and the coupons times the quantity', () => {
    const rule: ActivityRule = { kind: 'SCORE_GAIN_COUPON', pointsCost: 300, reward: { points: 0, couponTemplateId: 9, couponCount: 1 } };
    expect(evaluateExchange(rule, 2)).toEqual({ pointsCost: 600, awards: [{ type: 'coupon', templateId: 9, count: 2 }] });
  });

  it('points for goods: the cost and the goods times the quantity', () => {
    const rule: ActivityRule = { kind: 'SCORE_EXCHANGE_GOODS', pointsCost: 1200, goodsCode: 'G-WATER', quantity: 2 };
    expect(evaluateExchange(rule, 3)).toEqual({ pointsCost: 3600, awards: [{ type: 'gift', goodsCode: 'G-WATER', quantity: 6 }] });
  });

  it('is null for a kind that is not an exchange', () => {
    expect(evaluateExchange({ kind: 'REGISTER_GIFT', reward }, 1)).toBeNull();
  });
});
