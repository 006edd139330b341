import { sql } from 'drizzle-orm';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { approvalMessages } from '../../../resources/messages/approval.messages';
import { formatUnits, valueKindLabel, valueThresholds } from '../../crud/value-approval';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { toCents } from '../../money/money';
import { couponValue, readTemplate, type TemplateRow } from './template-terms';

/**
 * What one coupon of a template is worth to the member, as the value approval rule counts it
 * (issue 24 item 1, "gifts count as value"; server/crud/README.md "Value approval"): the most
 * it can take off or give, which is what a dishonest clerk could hand out.
 *
 * - Cash coupons: the face value; a random one: its largest value.
 * - Discount and freight coupons: their cap (最高优惠 / 最高减免运费).
 * - A pick-up coupon: the goods' retail price × the quantity; an exchange coupon: the goods'
 *   retail price less the exchange price (never below 0).
 * - A points coupon: its points, counted as `points` (the points threshold), not as money.
 * - An uncapped discount or freight coupon, and a special-price coupon (its price applies to any
 *   applicable goods), have no bound the template states: they count as unbounded, the largest
 *   money amount ({@link UNBOUNDED_CENTS}) per coupon, so they are above any threshold but the
 *   largest one: a second person always audits their grant, and a till never issues them alone.
 */

/** A coupon's worth when its template states no bound: the largest money amount (99 999 999.99 yuan). */
export const UNBOUNDED_CENTS = 9_999_999_999n;

/** One coupon's worth: in cents of `couponValue`, or in `points`. */
export interface CouponWorth {
  readonly kind: 'couponValue' | 'points';
  /** Cents, or points. */
  readonly units: bigint;
  /** The template states no bound ({@link UNBOUNDED_CENTS} stands for it). */
  readonly unbounded: boolean;
}

const bounded = (cents: bigint): CouponWorth => ({ kind: 'couponValue', units: cents, unbounded: false });
const UNBOUNDED: CouponWorth = { kind: 'couponValue', units: UNBOUNDED_CENTS, unbounded: true };

/** The retail price of a product of the tenant, in cents (0 when it is gone). */
async function priceOf(db: DbOrTx, tenantId: number, productId: number): Promise<bigint> {
  const result = await db.execute<{ price: string | null }>(sql`select price::text as price from products
    where tenant_id = ${tenantId} and id = ${productId}`);
  const price = result.rows[0]?.price;
  return price === null || price === undefined ? 0n : (toCents(price) ?? 0n);
}

/** One coupon of the template's worth (see the file's comment). */
export async function couponWorth(args: { db: DbOrTx; tenantId: number; template: TemplateRow }): Promise<CouponWorth> {
  const { db, tenantId, template } = args;
  const value = couponValue(template, null);
  switch (value.type) {
    case 'all_cash':
    case 'goods_cash':
      return bounded(value.faceCents);
    case 'random_cash':
      return bounded(template.random?.max ?? 0n);
    case 'all_discount':
    case 'goods_discount':
    case 'rfm_type':
    case 'freight':
      return value.capCents === null ? UNBOUNDED : bounded(value.capCents);
    case 'goods':
      return bounded((await priceOf(db, tenantId, value.goodsId)) * value.quantity);
    case 'exchange_goods': {
      const gap = (await priceOf(db, tenantId, value.goodsId)) - value.priceCents;
      return bounded(gap > 0n ? gap : 0n);
    }
    case 'points':
      return { kind: 'points', units: BigInt(value.points), unbounded: false };
    case 'special_price':
      return UNBOUNDED;
  }
}

/**
 * Coupons issued directly (`POST /v1/coupons/issue`, console or till) have no second person:
 * `quantity` coupons worth more than the merchant's threshold of their kind are refused, 409
 * `approval.tillCoupon`, which sends the user to an audited batch document. An unknown template
 * passes here (the issue answers its 404).
 */
export async function checkDirectIssue(args: {
  db: DbOrTx;
  tenantId: number;
  templateId: number;
  quantity: number;
  locale: Locale;
}): Promise<void> {
  const template = await readTemplate(args.db, args.tenantId, args.templateId);
  if (!template) return;
  const worth = await couponWorth({ db: args.db, tenantId: args.tenantId, template });
  const amount = worth.units * BigInt(args.quantity);
  const threshold = (await valueThresholds(args.db, args.tenantId))[worth.kind];
  if (amount <= threshold) return;
  throw new AppError('conflict', 'approval.tillCoupon', {
    values: {
      quantity: args.quantity,
      kind: valueKindLabel(worth.kind, args.locale),
      amount: worth.unbounded ? pick(approvalMessages['approval.unbounded'], args.locale) : formatUnits(worth.kind, amount),
      threshold: formatUnits(worth.kind, threshold),
    },
  });
}
