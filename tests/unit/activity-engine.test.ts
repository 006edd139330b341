import { describe, expect, it } from 'vitest';
import type { ActivityRule, Award, PreparedActivity, SaleFacts, SaleLineFact } from '../../resources/promotion/activity-engine';
import { evaluateSale, givenAsEvaluated, type GiveGate } from '../../server/modules/activities/engine/evaluate-sale';
import { inDayTime, localCalendar, selectionExclusion } from '../../server/modules/activities/engine/select';
import { fitsBucket, bucketsOf } from '../../server/modules/activities/engine/budgets';
import { preparedActivity } from '../helpers/prepared-activity';

const ALL = { mode: 'ALL', goodsCodes: [], categoryCodes: [], brandCodes: [] } as const;
const START = new Date('2026-11-01T00:00:00+08:00');
const END = new Date('2026-12-01T00:00:00+08:00');

/** A prepared activity valid from START to END (the shared fixture, with this file's window). */
function activity(id: number, rule: ActivityRule, extra: Partial<PreparedActivity> = {}): PreparedActivity {
  return preparedActivity(rule, { id, start: START, end: END, ...extra });
}

const lines: SaleLineFact[] = [
  { goodsCode: 'T1', categoryCode: 'DRINK', brandCode: null, quantity: 2, amountCents: 5000n },
  { goodsCode: 'C1', categoryCode: 'FOOD', brandCode: null, quantity: 1, amountCents: 3000n },
];

// 2026-11-28 10:30 in Shanghai is a Saturday (ISO 6).
function facts(at = new Date('2026-11-28T10:30:00+08:00'), extra: Partial<SaleFacts> = {}): SaleFacts {
  return {
    orderNo: 'O1',
    memberId: 1,
    levelId: 2,
    storeId: 10,
    areaId: 20,
    marketingCenterId: 30,
    channelCode: 'POS',
    at,
    ...localCalendar(at, 'Asia/Shanghai'),
    lines,
    payments: [],
    defaultCentsPerPoint: 100n,
    ...extra,
  };
}

const open: GiveGate = (_a, awards) => Promise.resolve(givenAsEvaluated(awards));
const run = (active: PreparedActivity[], f = facts(), gate: GiveGate = open) => evaluateSale({ active, facts: f, peek: gate, give: gate });
const doubling = (id: number, extra: Partial<PreparedActivity> = {}) =>
  activity(id, { kind: 'SCORE_DOUBLING', goods: ALL, multipleTenths: 20 }, extra);

describe('selection in the merchant zone', () => {
  it('reads the local date, ISO weekday and time of day in the zone', () => {
    // 2026-11-29 23:30 UTC is Monday 07:30 in Shanghai, still Sunday in New York.
    const at = new Date('2026-11-29T23:30:00Z');
    expect(localCalendar(at, 'Asia/Shanghai')).toEqual({ localDate: '2026-11-30', weekday: 1, localTime: '07:30' });
    expect(localCalendar(at, 'America/New_York')).toEqual({ localDate: '2026-11-29', weekday: 7, localTime: '18:30' });
  });

  it('the window holds from its start second to the second before its end', () => {
    const a = doubling(1);
    expect(selectionExclusion(a, facts(new Date(START.getTime() - 1000)))).toBe('outsideWindow');
    expect(selectionExclusion(a, facts(START))).toBeNull();
    expect(selectionExclusion(a, facts(new Date(END.getTime() - 1000)))).toBeNull();
    expect(selectionExclusion(a, facts(END))).toBe('outsideWindow');
  });

  it('weekdays and time-of-day windows (end exclusive, over midnight) in the zone', () => {
    expect(selectionExclusion(doubling(1, { weekdays: [6, 7] }), facts())).toBeNull();
    expect(selectionExclusion(doubling(1, { weekdays: [1, 2, 3, 4, 5] }), facts())).toBe('weekday');
    expect(selectionExclusion(doubling(1, { dayTimes: [{ from: '10:30', to: '11:00' }] }), facts())).toBeNull();
    expect(selectionExclusion(doubling(1, { dayTimes: [{ from: '09:00', to: '10:30' }] }), facts())).toBe('timeOfDay');
    expect(inDayTime('23:30', { from: '22:00', to: '02:00' })).toBe(true);
    expect(inDayTime('01:59', { from: '22:00', to: '02:00' })).toBe(true);
    expect(inDayTime('02:00', { from: '22:00', to: '02:00' })).toBe(false);
  });

  it('scope: stores, areas, marketing centre, levels, channels; an empty list does not restrict', () => {
    expect(
      selectionExclusion(
        doubling(1, { storeIds: [10, 11], areaIds: [20], levelIds: [2], channelCodes: ['POS'], marketingCenterId: 30 }),
        facts(),
      ),
    ).toBeNull();
    expect(selectionExclusion(doubling(1, { storeIds: [11] }), facts())).toBe('store');
    expect(selectionExclusion(doubling(1, { storeIds: [10] }), facts(undefined, { storeId: null }))).toBe('store');
    expect(selectionExclusion(doubling(1, { areaIds: [21] }), facts())).toBe('area');
    expect(selectionExclusion(doubling(1, { marketingCenterId: 31 }), facts())).toBe('marketingCenter');
    expect(selectionExclusion(doubling(1, { levelIds: [3] }), facts())).toBe('level');
    expect(selectionExclusion(doubling(1, { channelCodes: ['APP'] }), facts())).toBe('channel');
  });
});

describe('the sale pipeline: phases, stacking, budgets', () => {
  it('basic points from the settings, doubling on top: 80.00 at 1.00 = 80, doubled = 160', async () => {
    const outcome = await run([doubling(1)]);
    expect(outcome.basicPoints).toBe(80);
    expect(outcome.totalPoints).toBe(160);
    expect(outcome.fired.map((f) => [f.activity.id, f.awards])).toEqual([[1, [{ type: 'points', points: 80 }]]]);
  });

  it('BASIC_POINTS replaces the settings, NON_POINTS_GOODS applies first, speed multiplies the basic points', async () => {
    const outcome = await run([
      activity(3, { kind: 'POINTS_SPEED', multipleTenths: 15 }),
      activity(1, { kind: 'BASIC_POINTS', centsPerPoint: 200n }),
      activity(2, { kind: 'NON_POINTS_GOODS', goods: { ...ALL, mode: 'INCLUDE', goodsCodes: ['C1'] } }),
      doubling(4),
    ]);
    // tea 50.00 only, at 2.00 per point = 25 basic; x1.5 = 37 (+12); doubling on tea at 2.00 = 25 more
    expect(outcome.basicPoints).toBe(25);
    expect(outcome.fired.map((f) => [f.activity.id, f.awards])).toEqual([
      [2, []],
      [1, [{ type: 'points', points: 25 }]],
      [3, [{ type: 'points', points: 12 }]],
      [4, [{ type: 'points', points: 25 }]],
    ]);
    expect(outcome.totalPoints).toBe(25 + 12 + 25);
  });

  it('an exclusive group gives one winner: the highest priority, then the lowest id', async () => {
    const outcome = await run([
      doubling(7, { exclusiveGroup: 'G', priority: 5 }),
      doubling(3, { exclusiveGroup: 'G', priority: 5 }),
      doubling(1, { exclusiveGroup: 'G', priority: 1 }),
      activity(9, { kind: 'AMOUNT_EXTRA_POINTS', goods: ALL, tiers: [{ threshold: 100n, points: 4 }] }),
    ]);
    expect(outcome.fired.map((f) => f.activity.id)).toEqual([3, 9]);
    expect(outcome.excluded.map((e) => [e.activity.id, e.reason, e.detail])).toEqual([
      [7, 'stackingLost', 'AC00000003'],
      [1, 'stackingLost', 'AC00000003'],
    ]);
    expect(outcome.totalPoints).toBe(80 + 80 + 4);
  });

  it('a group member whose rule is not met or whose budget is spent leaves the group to the next one', async () => {
    const spent: GiveGate = (a, awards) => Promise.resolve(a.id === 3 ? { refusal: 'budgetSpent' } : givenAsEvaluated(awards));
    const outcome = await run(
      [
        doubling(3, { exclusiveGroup: 'G', priority: 9 }),
        activity(
          4,
          { kind: 'AMOUNT_EXTRA_POINTS', goods: ALL, tiers: [{ threshold: 1_000_000n, points: 4 }] },
          { exclusiveGroup: 'G', priority: 8 },
        ),
        doubling(5, { exclusiveGroup: 'G', priority: 1 }),
      ],
      facts(),
      spent,
    );
    expect(outcome.fired.map((f) => f.activity.id)).toEqual([5]);
    expect(outcome.excluded.map((e) => [e.activity.id, e.reason])).toEqual([
      [3, 'budgetSpent'],
      [4, 'ruleNotMet'],
    ]);
  });

  it('of two BASIC_POINTS in scope only one applies', async () => {
    const outcome = await run([
      activity(1, { kind: 'BASIC_POINTS', centsPerPoint: 200n }),
      activity(2, { kind: 'BASIC_POINTS', centsPerPoint: 50n }, { priority: 3 }),
    ]);
    expect(outcome.basicPoints).toBe(160);
    expect(outcome.excluded.map((e) => [e.activity.id, e.reason])).toEqual([[1, 'stackingLost']]);
  });

  it('out of scope activities are excluded with their reason and give nothing', async () => {
    const outcome = await run([doubling(1, { storeIds: [99] }), doubling(2, { start: END, end: new Date(END.getTime() + 1000) })]);
    expect(outcome.fired).toEqual([]);
    expect(outcome.totalPoints).toBe(80);
    expect(outcome.excluded.map((e) => e.reason)).toEqual(['store', 'outsideWindow']);
  });

  it('a budget counted in memory is never exceeded over many sales', async () => {
    const limited = doubling(1, {
      budget: { totalPoints: 500, totalCoupons: null, totalTimes: null, perMemberTimes: 4, perMemberPerDayTimes: null },
    });
    const used = new Map<string, { times: number; points: number; coupons: number }>();
    const take: GiveGate = (a, awards: readonly Award[]) => {
      const points = awards.reduce((s, x) => s + (x.type === 'points' ? x.points : 0), 0);
      const buckets = bucketsOf({ activity: a, memberId: 1, localDate: '2026-11-28' });
      for (const b of buckets)
        if (!fitsBucket(b, used.get(b.key) ?? { times: 0, points: 0, coupons: 0 }, { points, coupons: 0 }))
          return Promise.resolve({ refusal: b.refusal });
      for (const b of buckets) {
        const u = used.get(b.key) ?? { times: 0, points: 0, coupons: 0 };
        used.set(b.key, { times: u.times + 1, points: u.points + points, coupons: 0 });
      }
      return Promise.resolve(givenAsEvaluated(awards));
    };
    const reasons: (string | null)[] = [];
    for (let i = 0; i < 8; i++) reasons.push((await run([limited], facts(), take)).excluded[0]?.reason ?? null);
    // 80 points a sale: 4 times for the member (320), then the member's limit
    expect(reasons).toEqual([null, null, null, null, 'memberLimit', 'memberLimit', 'memberLimit', 'memberLimit']);
    expect(used.get('total')).toEqual({ times: 4, points: 320, coupons: 0 });
  });

  it('paying with points needs a POINTS_AS_CASH in scope, and its rule', async () => {
    const paying = facts(undefined, { payments: [{ method: 'POINTS', amountCents: 1000n, points: 1000 }] });
    expect((await run([], paying)).pointsCashRefusal?.key).toBe('activities.pointsCash.notAllowed');
    const cash = activity(1, {
      kind: 'POINTS_AS_CASH',
      pointsPerYuan: 100,
      maxShareOfOrderPercent: 50,
      maxPointsPerOrder: null,
      minOrderCents: 0n,
    });
    const outcome = await run([cash], paying);
    expect(outcome.pointsCashRefusal).toBeNull();
    expect(outcome.pointsPaid).toBe(1000);
    const tooMuch = facts(undefined, { payments: [{ method: 'POINTS', amountCents: 5000n, points: 5000 }] });
    expect((await run([cash], tooMuch)).pointsCashRefusal?.key).toBe('activities.pointsCash.shareExceeded');
  });
});
