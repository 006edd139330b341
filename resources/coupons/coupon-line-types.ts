import type { EnumOption } from '../define';
import type { Bilingual } from '../messages/bilingual';

/**
 * The ten coupon-line types of the specification (§4), in its order, with their family: cash
 * (all_cash, goods_cash), discount (all_discount, goods_discount, rfm_type), pick-up (goods),
 * freight, random cash, exchange goods, points and special price. Shared by the template
 * declaration, the discount functions (server/modules/coupons/discounts/) and the seed.
 */
export const COUPON_LINE_TYPES = [
  { value: 'all_cash', family: 'cash', label: ['整单代金券', 'Cash coupon (whole order)'] },
  { value: 'goods_cash', family: 'cash', label: ['商品代金券', 'Cash coupon (goods)'] },
  { value: 'all_discount', family: 'discount', label: ['整单折扣券', 'Discount coupon (whole order)'] },
  { value: 'goods_discount', family: 'discount', label: ['商品折扣券', 'Discount coupon (goods)'] },
  { value: 'rfm_type', family: 'discount', label: ['会员分群折扣券', 'Segment discount coupon'] },
  { value: 'goods', family: 'pickup', label: ['提货券', 'Pick-up coupon'] },
  { value: 'freight', family: 'freight', label: ['运费券', 'Freight coupon'] },
  { value: 'random_cash', family: 'cash', label: ['随机金额券', 'Random cash coupon'] },
  { value: 'exchange_goods', family: 'exchange', label: ['换购券', 'Exchange coupon'] },
  { value: 'points', family: 'points', label: ['积分券', 'Points coupon'] },
  { value: 'special_price', family: 'specialPrice', label: ['特价券', 'Special price coupon'] },
] as const satisfies readonly { value: string; family: string; label: Bilingual }[];

export type CouponLineType = (typeof COUPON_LINE_TYPES)[number]['value'];

/** A template's life cycle: DRAFT -> EFFECTIVE -> STOPPED. */
export const COUPON_TEMPLATE_STATES = {
  DRAFT: { label: ['草稿', 'Draft'], color: 'default' },
  EFFECTIVE: { label: ['已生效', 'Effective'], color: 'green' },
  STOPPED: { label: ['已停止', 'Stopped'], color: 'red' },
} as const satisfies Record<string, EnumOption>;
