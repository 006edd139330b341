/**
 * The claim kinds' rules the declaration cannot state (issue 28 item 2,
 * resources/promotion/kinds/claim.ts), called from `activity.hooks.ts` and `gift-approval.ts`:
 *
 * - on save: a claim campaign has a stock (the coupon budget, `budget.totalCoupons`) holding at
 *   least one claim's set;
 * - on audit, what it gives at most (`claimGiving`): the whole stock at the template's worth
 *   (coupons/coupon-worth.ts), as a batch grant of those coupons counts it, compared with the
 *   merchant's thresholds by `gift-approval.ts`.
 */
import { CLAIM_KINDS } from '../../../../resources/promotion/activity-engine';
import { readClaimRule } from '../../../../resources/promotion/kinds/claim';
import type { DbOrTx } from '../../../db/connection';
import type { FieldError } from '../../../http/envelope';
import { couponWorth } from '../../coupons/coupon-worth';
import { readTemplate } from '../../coupons/template-terms';
import type { Giving } from '../gift-approval';

export const isClaimKind = (kind: string): boolean => (CLAIM_KINDS as readonly string[]).includes(kind);

const stockOf = (budget: unknown): number | null => {
  const stock = (budget as { totalCoupons?: unknown } | null | undefined)?.totalCoupons;
  return typeof stock === 'number' ? stock : null;
};

/** The save's problems of a claim campaign (none for another kind). */
export function claimRuleIssues(kind: string, rule: unknown, budget: unknown): FieldError[] {
  if (!isClaimKind(kind)) return [];
  const stock = stockOf(budget);
  if (stock === null || stock <= 0) return [{ field: 'budget.totalCoupons', key: 'activity.claimStockRequired' }];
  const count = readClaimRule((rule ?? {}) as Parameters<typeof readClaimRule>[0]).couponCount;
  return stock < count ? [{ field: 'budget.totalCoupons', key: 'activity.claimStockBelowSet', values: { count } }] : [];
}

/** The whole stock of a claim campaign at its template's worth. */
export async function claimGiving(args: { db: DbOrTx; tenantId: number; rule: unknown; budget: unknown }): Promise<Giving> {
  const rule = readClaimRule((args.rule ?? {}) as Parameters<typeof readClaimRule>[0]);
  const out: Giving = new Map();
  const template = await readTemplate(args.db, args.tenantId, rule.couponTemplateId);
  if (!template) return out;
  const worth = await couponWorth({ db: args.db, tenantId: args.tenantId, template });
  out.set(worth.kind, { units: worth.units * BigInt(stockOf(args.budget) ?? 0), unbounded: worth.unbounded });
  return out;
}
