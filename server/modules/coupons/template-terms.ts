import { sql } from 'drizzle-orm';
import type { CouponLineType } from '../../../resources/coupons/coupon-line-types';
import type { DbOrTx } from '../../db/connection';
import { toCents } from '../../money/money';
import type { GoodsScope } from './discounts/basket';
import type { ApportionSubject, CouponTerms } from './discounts/evaluate';
import type { CouponValue } from './discounts/line-types';

/**
 * A coupon template (resources/coupons/coupon-template.resource.ts) as the coupon services read
 * it: one row of `coupon_templates`, its money as cents, its scopes as id lists.
 */
export interface TemplateRow {
  readonly id: number;
  readonly name: string;
  readonly state: 'DRAFT' | 'EFFECTIVE' | 'STOPPED';
  readonly lineType: CouponLineType;
  readonly totalQuantity: number | null;
  readonly perMemberLimit: number | null;
  readonly issuedCount: number;
  readonly validity:
    | { readonly mode: 'FIXED'; readonly from: string; readonly to: string }
    | { readonly mode: 'RELATIVE'; readonly days: number | null; readonly delayDays: number };
  /** 1 = Monday … 7 = Sunday; empty: every day. */
  readonly weekdays: readonly number[];
  readonly dayStart: string | null;
  readonly dayEnd: string | null;
  readonly storeScope: GoodsScope['mode'];
  readonly stores: readonly number[];
  readonly scope: GoodsScope;
  readonly thresholdCents: bigint;
  readonly subject: ApportionSubject;
  readonly stackWithCoupons: boolean;
  readonly stackWithPoints: boolean;
  readonly random: { readonly min: bigint; readonly max: bigint; readonly distribution: 'UNIFORM' | 'LOW_BIASED' } | null;
  /** The face value of a cash coupon (null for the other types; a random one is drawn per coupon). */
  readonly faceCents: bigint | null;
  readonly raw: Readonly<Record<string, unknown>>;
}

const cents = (value: unknown): bigint | null => (value === null || value === undefined ? null : toCents(String(value)));
const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function rowOf(r: Record<string, unknown>): TemplateRow {
  const lineType = r.line_type as CouponLineType;
  const face = lineType === 'all_cash' ? r.cash_value : lineType === 'goods_cash' ? r.goods_cash_value : null;
  return {
    id: Number(r.id),
    name: String(r.name),
    state: r.state as TemplateRow['state'],
    lineType,
    totalQuantity: num(r.total_quantity),
    perMemberLimit: num(r.per_member_limit),
    issuedCount: Number(r.issued_count),
    validity:
      r.validity_mode === 'FIXED'
        ? { mode: 'FIXED', from: String(r.valid_dates_from), to: String(r.valid_dates_to) }
        : { mode: 'RELATIVE', days: num(r.valid_days), delayDays: num(r.delay_days) ?? 0 },
    weekdays: ids(r.weekdays),
    dayStart: (r.day_start as string | null) ?? null,
    dayEnd: (r.day_end as string | null) ?? null,
    storeScope: r.store_scope as GoodsScope['mode'],
    stores: ids(r.stores),
    scope: { mode: r.goods_scope as GoodsScope['mode'], goods: ids(r.goods), categories: ids(r.categories), brands: ids(r.brands) },
    thresholdCents: cents(r.threshold) ?? 0n,
    subject: r.apportion_subject as ApportionSubject,
    stackWithCoupons: r.stack_with_coupons === true,
    stackWithPoints: r.stack_with_points !== false,
    random:
      lineType === 'random_cash'
        ? { min: cents(r.random_min)!, max: cents(r.random_max)!, distribution: r.random_distribution as 'UNIFORM' | 'LOW_BIASED' }
        : null,
    faceCents: cents(face),
    raw: r,
  };
}

/** The template of the caller's tenant, or null. Dates come as `yyyy-MM-dd` text. */
export async function readTemplate(db: DbOrTx, tenantId: number, id: number): Promise<TemplateRow | null> {
  const result = await db.execute(sql`select *, valid_dates_from::text as valid_dates_from, valid_dates_to::text as valid_dates_to
    from coupon_templates where tenant_id = ${tenantId} and id = ${id}`);
  return result.rows[0] ? rowOf(result.rows[0]) : null;
}

/** Templates by id (for a member's coupons), in one statement. */
export async function readTemplates(db: DbOrTx, tenantId: number, idList: readonly number[]): Promise<Map<number, TemplateRow>> {
  if (idList.length === 0) return new Map();
  const result = await db.execute(sql`select *, valid_dates_from::text as valid_dates_from, valid_dates_to::text as valid_dates_to
    from coupon_templates where tenant_id = ${tenantId} and id = any(${`{${idList.join(',')}}`}::bigint[])`);
  return new Map(result.rows.map((r) => [Number(r.id), rowOf(r)]));
}

const tenths = (value: unknown): bigint => (cents(value) ?? 0n) / 10n;

/** The value part of a template as its discount function reads it; `faceCents` is the coupon's own (a random one's draw). */
export function couponValue(t: TemplateRow, faceCents: bigint | null): CouponValue {
  const r = t.raw;
  switch (t.lineType) {
    case 'all_cash':
    case 'goods_cash':
    case 'random_cash':
      return { type: t.lineType, faceCents: faceCents ?? t.faceCents ?? 0n };
    case 'all_discount':
      return { type: t.lineType, rateTenths: tenths(r.all_discount_rate), capCents: cents(r.all_discount_cap) };
    case 'goods_discount':
      return { type: t.lineType, rateTenths: tenths(r.goods_discount_rate), capCents: cents(r.goods_discount_cap) };
    case 'rfm_type':
      return { type: t.lineType, rateTenths: tenths(r.rfm_discount_rate), capCents: cents(r.rfm_discount_cap) };
    case 'goods':
      return { type: t.lineType, goodsId: Number(r.pickup_goods), quantity: BigInt(Number(r.pickup_quantity ?? 1)) };
    case 'freight':
      return { type: t.lineType, capCents: cents(r.freight_cap) };
    case 'exchange_goods':
      return { type: t.lineType, goodsId: Number(r.exchange_goods), priceCents: cents(r.exchange_price) ?? 0n };
    case 'points':
      return { type: t.lineType, points: Number(r.points_value ?? 0) };
    case 'special_price':
      return { type: t.lineType, priceCents: cents(r.special_price) ?? 0n, quantity: BigInt(Number(r.special_quantity ?? 1)) };
  }
}

/** What a coupon of the template takes off a basket: its value, scope, threshold and apportion subject. */
export function termsOf(t: TemplateRow, faceCents: bigint | null): CouponTerms {
  return { value: couponValue(t, faceCents), scope: t.scope, thresholdCents: t.thresholdCents, subject: t.subject };
}
