import type { Award, BasketLine, GoodsScope, Reward, SaleEvaluation, Tier } from '../activity-engine';

/**
 * The small pieces every sale kind is made of: which lines a goods scope takes, their amount and
 * quantity, ladders, rewards as awards. Pure; money in integer cents.
 */

function listed(line: BasketLine, goods: GoodsScope): boolean {
  return (
    goods.goodsCodes.includes(line.goodsCode) ||
    (line.categoryCode !== null && goods.categoryCodes.includes(line.categoryCode)) ||
    (line.brandCode !== null && goods.brandCodes.includes(line.brandCode))
  );
}

/** True when the scope takes the line: every line, the listed ones, or every line but the listed. */
export function inGoodsScope(line: BasketLine, goods: GoodsScope): boolean {
  if (goods.mode === 'ALL') return true;
  return goods.mode === 'INCLUDE' ? listed(line, goods) : !listed(line, goods);
}

/** The lines a scope takes; `earningOnly` leaves out the lines that earn no points (points kinds). */
export function scopedLines(basket: readonly BasketLine[], goods: GoodsScope, earningOnly: boolean): BasketLine[] {
  return basket.filter((line) => (!earningOnly || line.earnsPoints) && inGoodsScope(line, goods));
}

export { sumCents } from '../../money/cents';

export function sumQuantity(lines: readonly BasketLine[]): number {
  return lines.reduce((total, line) => total + line.quantity, 0);
}

/** Points of an amount at one point per `centsPerPoint`, rounded down. */
export function pointsOf(cents: bigint, centsPerPoint: bigint): number {
  if (centsPerPoint <= 0n || cents <= 0n) return 0;
  return Number(cents / centsPerPoint);
}

/** The tier a ladder reaches: the highest threshold at or below the value (not cumulative); null below the first. */
export function reachedTier(tiers: readonly Tier[], value: bigint): Tier | null {
  let best: Tier | null = null;
  for (const tier of tiers) if (tier.threshold <= value && (best === null || tier.threshold > best.threshold)) best = tier;
  return best;
}

/** A reward given `times` times, as awards (points first, then coupons); nothing for zero parts. */
export function rewardAwards(reward: Reward, times: number): Award[] {
  const awards: Award[] = [];
  if (reward.points > 0 && times > 0) awards.push({ type: 'points', points: reward.points * times });
  if (reward.couponTemplateId !== null && reward.couponCount > 0 && times > 0)
    awards.push({ type: 'coupon', templateId: reward.couponTemplateId, count: reward.couponCount * times });
  return awards;
}

export const fired = (awards: readonly Award[]): SaleEvaluation => ({ fired: true, awards });

export const notMet = (key: string, values?: Record<string, string | number>): SaleEvaluation => ({
  fired: false,
  awards: [],
  reason: values ? { key, values } : { key },
});

/** Points awards only when there are points to give; a kind that computes 0 does not fire. */
export function pointsAward(points: number, zeroReason: string): SaleEvaluation {
  return points > 0 ? fired([{ type: 'points', points }]) : notMet(zeroReason);
}
