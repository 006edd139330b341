import { toCents } from '../../money/cents';
import type { Reward, RuleContext, Tier } from '../activity-engine';

/**
 * The small pieces each kind's `engine.read` is made of: a stored rule (jsonb, checked by the
 * engine when it was saved) normalised for the engine. Money becomes integer cents, ids numbers,
 * ladders sorted; a missing member takes its fallback.
 */

/** A comparator of tiers by a bigint key, lowest first (thresholds in cents or units). */
export const ascendingBy =
  <T>(key: (item: T) => bigint) =>
  (a: T, b: T): number => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };

/** Cents of a stored amount (text or number); blank counts as zero. */
export function cents(value: string | number | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const result = toCents(value);
  if (result === null) throw new Error(`not a money value in a stored rule: ${String(value)}`);
  return result;
}

/** A stored integer, or the fallback when it is missing. */
export const int = (value: number | null | undefined, fallback = 0): number =>
  value === null || value === undefined ? fallback : Number(value);

/** A multiple stored as a decimal with one place (1.5), in tenths (15). */
export const tenths = (value: string | number | null | undefined): number => Number(cents(value ?? '0') / 10n);

/** Stored ids (relations) as numbers. */
export const ids = (list: readonly (number | string)[] | null | undefined): readonly number[] => (list ?? []).map(Number);

/** A reward from its stored parts: points, a coupon template and how many of it (1 when a template is named). */
export function rewardOf(
  points: number | null | undefined,
  template: number | string | null | undefined,
  count: number | null | undefined,
): Reward {
  const templateId = template === null || template === undefined ? null : Number(template);
  return { points: int(points), couponTemplateId: templateId, couponCount: templateId === null ? 0 : int(count, 1) };
}

/** The stored members of the shared reward part. */
export interface StoredReward {
  readonly rewardPoints?: number | null;
  readonly rewardCouponTemplate?: number | string | null;
  readonly rewardCouponCount?: number | null;
}

/** The shared reward part of a stored rule. */
export const rewardOfRule = (rule: StoredReward): Reward => rewardOf(rule.rewardPoints, rule.rewardCouponTemplate, rule.rewardCouponCount);

/** A stored ladder's tiers, ascending: thresholds in cents for amount ladders, in units for quantity ladders. */
export function tiersOf(
  ladder: { readonly tiers: readonly { readonly threshold: string | number; readonly points: number }[] | null } | null | undefined,
  by: 'amount' | 'quantity',
): readonly Tier[] {
  return (ladder?.tiers ?? [])
    .map((t) => ({ threshold: by === 'amount' ? cents(t.threshold) : BigInt(Number(t.threshold)), points: Number(t.points) }))
    .sort(ascendingBy((t) => t.threshold));
}

/** The rule context of kinds that count no goods (reading their rule outside a sale: the approval rule, a code's bind). */
export const NO_GOODS: RuleContext = {
  goods: { mode: 'ALL', goodsCodes: [], categoryCodes: [], brandCodes: [] },
  giftGoodsCode: '',
  exchangeGoodsCode: '',
};
