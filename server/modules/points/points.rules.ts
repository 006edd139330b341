import { formatInstant, parseZoned } from '../../crud/zoned-time';
import { toCents } from '../../money/money';

/**
 * The basic points rule and the expiry policy, as pure functions over exact decimals: money
 * arrives as a decimal string and is handled in cents with BigInt, never as a float.
 */

/** Points earned by an amount: one point per `yuanPerPoint` yuan, rounded down. */
export function basicPoints(input: { amount: string; yuanPerPoint: string }): number {
  const amount = toCents(input.amount);
  const rate = toCents(input.yuanPerPoint);
  if (amount === null || rate === null || rate <= 0n || amount <= 0n) return 0;
  return Number(amount / rate);
}

/**
 * The points to reverse for a returned share of a transaction: the share of the original
 * points in proportion to the returned amount, so that returning everything reverses exactly
 * what was earned, however the returns are split.
 */
export function pointsToReverse(input: {
  transactionPoints: number;
  transactionAmountCents: bigint;
  returnedBeforeCents: bigint;
  returningCents: bigint;
}): number {
  const total = input.transactionAmountCents;
  if (total <= 0n) return 0;
  const points = BigInt(input.transactionPoints);
  // Reverse cumulative-floor differences: floor(P * after / total) - floor(P * before / total).
  const before = (points * input.returnedBeforeCents) / total;
  const after = (points * (input.returnedBeforeCents + input.returningCents)) / total;
  return Number(after - before);
}

export type ExpiryMode = 'never' | 'months' | 'yearEnd';

/** When points granted at `at` expire under the tenant's policy (null = never). */
export function expiryFor(input: { at: Date; mode: ExpiryMode; months: number; timeZone?: string }): Date | null {
  if (input.mode === 'never') return null;
  if (input.mode === 'months') {
    const end = new Date(input.at);
    end.setUTCMonth(end.getUTCMonth() + input.months);
    return end;
  }
  // Year end in the merchant's zone: the first instant of next year there.
  const zone = input.timeZone ?? 'Asia/Shanghai';
  const year = Number(formatInstant(input.at, zone).slice(0, 4));
  return parseZoned(`${year + 1}-01-01`, zone);
}
