import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { couponTemplateResource, type CouponTemplateRecord } from '../../../resources/coupons/coupon-template.resource';
import type { CouponLineType } from '../../../resources/coupons/coupon-line-types';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { toCents } from '../../money/money';
import type { GoodsScope } from './discounts/basket';
import type { ApportionSubject, CouponTerms } from './discounts/evaluate';
import type { CouponValue } from './discounts/line-types';

/**
 * A coupon template (resources/coupons/coupon-template.resource.ts) as the coupon services read
 * it: its stored record (`CouponTemplateRecord`, typed from the declaration, the line type's rule
 * typed from its `LINE_TYPE_RULES`), its money as cents, its scopes as id lists.
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
  /** The points a points coupon gives (0 for the other types). */
  readonly points: number;
  /** The stored record, for its line type's value part ({@link couponValue}). */
  readonly record: CouponTemplateRecord;
}

const cents = (value: string | null | undefined): bigint | null => (value === null || value === undefined ? null : toCents(value));
// The listed goods' preset (field-presets.ts) types a relation list loosely: read it as a list.
const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
const hhmm = (time: string | null | undefined): string | null => (time === null || time === undefined ? null : time.slice(0, 5));

/** The face value of a cash coupon's template (null for the other types). */
function faceOf(r: CouponTemplateRecord): bigint | null {
  if (r.lineType === 'all_cash') return cents(r.rule?.cashValue);
  if (r.lineType === 'goods_cash') return cents(r.rule?.goodsCashValue);
  return null;
}

function validityOf(v: CouponTemplateRecord['validity']): TemplateRow['validity'] {
  if (v.validityMode === 'FIXED') return { mode: 'FIXED', from: String(v.validDatesFrom), to: String(v.validDatesTo) };
  return { mode: 'RELATIVE', days: v.validDays ?? null, delayDays: v.delayDays ?? 0 };
}

function rowOf(r: CouponTemplateRecord): TemplateRow {
  const random = r.lineType === 'random_cash' ? r.rule : null;
  return {
    id: Number(r.id),
    name: r.name ?? '',
    state: r.state ?? 'DRAFT',
    lineType: r.lineType,
    totalQuantity: r.totalQuantity,
    perMemberLimit: r.perMemberLimit,
    issuedCount: r.issuedCount ?? 0,
    validity: validityOf(r.validity),
    weekdays: ids(r.usableTimes?.weekdays),
    dayStart: hhmm(r.usableTimes?.dayStart),
    dayEnd: hhmm(r.usableTimes?.dayEnd),
    storeScope: r.storeScope,
    stores: ids(r.stores),
    scope: { mode: r.goodsScope, goods: ids(r.goods), categories: ids(r.categories), brands: ids(r.brands) },
    thresholdCents: cents(r.threshold) ?? 0n,
    subject: r.apportionSubject,
    stackWithCoupons: r.stacking.stackWithCoupons,
    stackWithPoints: r.stacking.stackWithPoints,
    random: random
      ? { min: cents(random.randomMin) ?? 0n, max: cents(random.randomMax) ?? 0n, distribution: random.randomDistribution ?? 'UNIFORM' }
      : null,
    faceCents: faceOf(r),
    points: r.lineType === 'points' ? (r.rule?.pointsValue ?? 0) : 0,
    record: r,
  };
}

/** The stored templates of the tenant matching `where`, as the declaration types them. */
async function selectTemplates(db: DbOrTx, tenantId: number, where: SQL): Promise<CouponTemplateRecord[]> {
  const t = deriveTable(couponTemplateResource);
  // The derived table's rows are the declaration's records (RecordOf mirrors the derivation).
  return (await db
    .select()
    .from(t)
    .where(and(eq(t.tenantId, tenantId), where))) as unknown as CouponTemplateRecord[];
}

/** The template of the caller's tenant, or null. */
export async function readTemplate(db: DbOrTx, tenantId: number, id: number): Promise<TemplateRow | null> {
  const [record] = await selectTemplates(db, tenantId, eq(deriveTable(couponTemplateResource).id, id));
  return record ? rowOf(record) : null;
}

/** Templates by id (for a member's coupons), in one statement. */
export async function readTemplates(db: DbOrTx, tenantId: number, idList: readonly number[]): Promise<Map<number, TemplateRow>> {
  if (idList.length === 0) return new Map();
  const records = await selectTemplates(db, tenantId, inArray(deriveTable(couponTemplateResource).id, [...idList]));
  return new Map(records.map((r) => [Number(r.id), rowOf(r)]));
}

/** An exact one-decimal rate ("8.5") in tenths (85). */
const tenths = (value: string | null | undefined): bigint => (cents(value) ?? 0n) / 10n;

/** The value part of a template as its discount function reads it; `faceCents` is the coupon's own (a random one's draw). */
export function couponValue(t: TemplateRow, faceCents: bigint | null): CouponValue {
  const r = t.record;
  switch (r.lineType) {
    case 'all_cash':
    case 'goods_cash':
    case 'random_cash':
      return { type: r.lineType, faceCents: faceCents ?? t.faceCents ?? 0n };
    case 'all_discount':
      return { type: r.lineType, rateTenths: tenths(r.rule?.allDiscountRate), capCents: cents(r.rule?.allDiscountCap) };
    case 'goods_discount':
      return { type: r.lineType, rateTenths: tenths(r.rule?.goodsDiscountRate), capCents: cents(r.rule?.goodsDiscountCap) };
    case 'rfm_type':
      return { type: r.lineType, rateTenths: tenths(r.rule?.rfmDiscountRate), capCents: cents(r.rule?.rfmDiscountCap) };
    case 'goods':
      return { type: r.lineType, goodsId: Number(r.rule?.pickupGoods), quantity: BigInt(r.rule?.pickupQuantity ?? 1) };
    case 'freight':
      return { type: r.lineType, capCents: cents(r.rule?.freightCap) };
    case 'exchange_goods':
      return { type: r.lineType, goodsId: Number(r.rule?.exchangeGoods), priceCents: cents(r.rule?.exchangePrice) ?? 0n };
    case 'points':
      return { type: r.lineType, points: t.points };
    case 'special_price':
      return { type: r.lineType, priceCents: cents(r.rule?.specialPrice) ?? 0n, quantity: BigInt(r.rule?.specialQuantity ?? 1) };
  }
}

/** What a coupon of the template takes off a basket: its value, scope, threshold and apportion subject. */
export function termsOf(t: TemplateRow, faceCents: bigint | null): CouponTerms {
  return { value: couponValue(t, faceCents), scope: t.scope, thresholdCents: t.thresholdCents, subject: t.subject };
}
