import type { SaleFacts } from '../activity.contract';
import { centsToString } from '../../../money/money';
import { defineSaleKind, type RuleOf } from './define-kind';
import { fired, notMet } from './goods-scope';

export type PointsCashCheck =
  | { readonly ok: true; readonly points: number; readonly cents: bigint }
  | { readonly ok: false; readonly key: string; readonly values: Readonly<Record<string, string | number>> };

/**
 * The points-as-cash payments of a sale against a POINTS_AS_CASH rule: the order reaches the
 * minimum, the points pay exactly `pointsPerYuan` per yuan (no rounding: 100 points per yuan pays
 * 2.35 with 235 points), at most `maxPointsPerOrder` points and at most `maxShareOfOrderPercent`
 * of the order. `points: 0` when the sale pays no points.
 */
export function checkPointsAsCash(rule: RuleOf<'POINTS_AS_CASH'>, facts: SaleFacts): PointsCashCheck {
  const paying = facts.payments.filter((payment) => payment.method === 'POINTS');
  const points = paying.reduce((sum, payment) => sum + (payment.points ?? 0), 0);
  const cents = paying.reduce((sum, payment) => sum + payment.amountCents, 0n);
  if (paying.length === 0) return { ok: true, points: 0, cents: 0n };
  const order = facts.lines.reduce((sum, line) => sum + line.amountCents, 0n);
  if (order < rule.minOrderCents)
    return { ok: false, key: 'activities.pointsCash.orderBelow', values: { min: centsToString(rule.minOrderCents) } };
  if (rule.pointsPerYuan <= 0 || BigInt(points) * 100n !== cents * BigInt(rule.pointsPerYuan))
    return { ok: false, key: 'activities.pointsCash.ratio', values: { ratio: rule.pointsPerYuan } };
  if (rule.maxPointsPerOrder !== null && points > rule.maxPointsPerOrder)
    return { ok: false, key: 'activities.pointsCash.tooManyPoints', values: { max: rule.maxPointsPerOrder } };
  if (cents * 100n > order * BigInt(rule.maxShareOfOrderPercent))
    return { ok: false, key: 'activities.pointsCash.shareExceeded', values: { percent: rule.maxShareOfOrderPercent } };
  return { ok: true, points, cents };
}

/** POINTS_AS_CASH: fires when the sale pays with points within the rule; it gives nothing (the engine spends the points). */
export const pointsAsCash = defineSaleKind('POINTS_AS_CASH', (rule, { facts }) => {
  const check = checkPointsAsCash(rule, facts);
  if (!check.ok) return notMet(check.key, check.values);
  return check.points > 0 ? fired([]) : notMet('activities.reason.noPointsPayment');
});
