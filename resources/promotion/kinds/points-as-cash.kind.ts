import { field } from '../../define';
import { defineSaleKind } from '../activity-kind';
import { centsToString } from '../../money/cents';
import type { SaleFacts } from '../activity-engine';
import { fired, notMet } from './goods-scope';
import { cents, int } from './rule-reading';

/** The rule of paying with points, as the engine reads it. */
export interface PointsAsCashRule {
  readonly pointsPerYuan: number;
  readonly maxShareOfOrderPercent: number;
  readonly maxPointsPerOrder: number | null;
  readonly minOrderCents: bigint;
}

export type PointsCashCheck =
  | { readonly ok: true; readonly points: number; readonly cents: bigint }
  | { readonly ok: false; readonly key: string; readonly values: Readonly<Record<string, string | number>> };

/**
 * The points-as-cash payments of a sale against the rule: the order reaches the minimum, the points
 * pay exactly `pointsPerYuan` per yuan (no rounding: 100 points per yuan pays 2.35 with 235 points),
 * at most `maxPointsPerOrder` points and at most `maxShareOfOrderPercent` of the order.
 * `points: 0` when the sale pays no points.
 */
export function checkPointsAsCash(rule: PointsAsCashRule, facts: SaleFacts): PointsCashCheck {
  const paying = facts.payments.filter((payment) => payment.method === 'POINTS');
  const points = paying.reduce((sum, payment) => sum + (payment.points ?? 0), 0);
  const paid = paying.reduce((sum, payment) => sum + payment.amountCents, 0n);
  if (paying.length === 0) return { ok: true, points: 0, cents: 0n };
  const order = facts.lines.reduce((sum, line) => sum + line.amountCents, 0n);
  if (order < rule.minOrderCents)
    return { ok: false, key: 'activities.pointsCash.orderBelow', values: { min: centsToString(rule.minOrderCents) } };
  if (rule.pointsPerYuan <= 0 || BigInt(points) * 100n !== paid * BigInt(rule.pointsPerYuan))
    return { ok: false, key: 'activities.pointsCash.ratio', values: { ratio: rule.pointsPerYuan } };
  if (rule.maxPointsPerOrder !== null && points > rule.maxPointsPerOrder)
    return { ok: false, key: 'activities.pointsCash.tooManyPoints', values: { max: rule.maxPointsPerOrder } };
  if (paid * 100n > order * BigInt(rule.maxShareOfOrderPercent))
    return { ok: false, key: 'activities.pointsCash.shareExceeded', values: { percent: rule.maxShareOfOrderPercent } };
  return { ok: true, points, cents: paid };
}

/** Points as cash (points-charge-setting): the ratio and the per-order limits of paying with points. */
export const pointsAsCashKind = defineSaleKind(
  {
    value: 'POINTS_AS_CASH',
    family: 'SCORE_ACTIVITY',
    trigger: 'sale',
    title: ['积分抵现', 'Points as cash'],
    screens: { add: 'points-charge-setting', edit: 'points-charge-setting', dtl: 'points-charge-setting-dtl' },
    parts: ['schedule'],
    rule: {
      cashPointsPerYuan: field.integer({ label: ['每抵1元所需积分', 'Points per yuan'], required: true, min: 1, max: 100000, width: 120 }),
      cashMaxSharePercent: field.integer({
        label: ['最多抵订单金额(%)', 'Most of the order (%)'],
        required: true,
        min: 1,
        max: 100,
        defaultValue: 100,
        width: 120,
      }),
      cashMaxPointsPerOrder: field.integer({
        label: ['每单最多使用积分', 'Most points per order'],
        help: ['不填则不限', 'Empty: unlimited'],
        emptyMeans: ['不限', 'Unlimited'],
        min: 1,
        max: 100_000_000,
        inList: false,
      }),
      cashMinOrderAmount: field.money({
        label: ['订单满金额可用(元)', 'Usable from order amount (yuan)'],
        required: true,
        min: 0,
        max: 99999999,
        defaultValue: 0,
        inList: false,
      }),
    },
  },
  {
    read: (rule): PointsAsCashRule => ({
      pointsPerYuan: int(rule.cashPointsPerYuan, 1),
      maxShareOfOrderPercent: int(rule.cashMaxSharePercent, 100),
      maxPointsPerOrder: rule.cashMaxPointsPerOrder ?? null,
      minOrderCents: cents(rule.cashMinOrderAmount),
    }),
    // Fires when the sale pays with points within the rule; it gives nothing (the engine spends the points).
    evaluate: (rule, { facts }) => {
      const check = checkPointsAsCash(rule, facts);
      if (!check.ok) return notMet(check.key, check.values);
      return check.points > 0 ? fired([]) : notMet('activities.reason.noPointsPayment');
    },
  },
);
