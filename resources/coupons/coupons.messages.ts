import { defineMessages } from '../messages/bilingual';

/** Messages of the coupon entry points (server/modules/coupons) and the write-off audit. */
export const couponsMessages = defineMessages({
  'coupons.memberNotFound': ['会员不存在', 'The member does not exist'],
  'coupons.memberBlocked': ['会员状态为{state}，不能领券或用券', 'The member is {state} and can neither receive nor use coupons'],
  'coupons.templateNotFound': ['券模板不存在', 'The coupon template does not exist'],
  'coupons.templateNotEffective': [
    '券模板“{name}”未生效或已停止，不能发券',
    'The coupon template "{name}" is not effective and issues no coupons',
  ],
  'coupons.templateExpired': [
    '券模板“{name}”的有效期已过，不能发券',
    'The validity of the coupon template "{name}" has ended; it issues no coupons',
  ],
  'coupons.soldOut': [
    '券模板“{name}”剩余 {left} 张，不够发放 {quantity} 张',
    'The coupon template "{name}" has {left} left, not enough for {quantity}',
  ],
  'coupons.memberLimit': [
    '券模板“{name}”每人限领 {limit} 张，该会员已达上限',
    'The coupon template "{name}" allows {limit} per member; this member has reached it',
  ],
  'coupons.codesExhausted': [
    '券码空间不足，请在券设置中增加券码长度',
    'The codes are running out; make codes longer in the coupon settings',
  ],
  'coupons.codeNotFound': ['券码 {code} 不存在', 'The coupon code {code} does not exist'],
  'coupons.notMembers': ['券 {code} 不属于该会员', "The coupon {code} is not this member's"],
  'coupons.alreadyUsed': ['券 {code} 已使用', 'The coupon {code} has already been used'],
  'coupons.voided': ['券 {code} 已作废', 'The coupon {code} has been voided'],
  'coupons.expired': ['券 {code} 已过期', 'The coupon {code} has expired'],
  'coupons.notStarted': ['券 {code} 尚未生效', 'The coupon {code} is not valid yet'],
  'coupons.noStacking': [
    '券 {code} 不能与订单 {orderNo} 已用的券叠加使用',
    'The coupon {code} cannot be used beside the coupons already used on order {orderNo}',
  ],
  'coupons.notUsable.store': ['券 {code} 不能在该门店使用', 'The coupon {code} cannot be used at this store'],
  'coupons.notUsable.time': ['券 {code} 不在可用的星期或时段内', 'The coupon {code} cannot be used on this day or at this time'],
  'coupons.notUsable.points': ['券 {code} 不能与积分抵现同时使用', 'The coupon {code} cannot be used with points as cash'],
  'coupons.notUsable.threshold': ['券 {code} 未达到使用门槛', 'The order does not reach the threshold of coupon {code}'],
  'coupons.notUsable.nothingToTake': ['券 {code} 在该订单中没有可优惠的商品', 'The coupon {code} takes nothing off this order'],
  'coupons.orderNotFound': ['订单 {orderNo} 没有使用过券', 'The order {orderNo} used no coupon'],
  'coupons.storeUnknown': ['门店 {storeId} 不存在', 'The store {storeId} does not exist'],
  'coupons.goodsUnknown': ['商品 {goodsId} 不存在', 'The goods {goodsId} do not exist'],
  'coupons.quantityInvalid': ['数量必须大于 0，最多三位小数', 'The quantity must be above 0 with at most 3 decimals'],
  'coupons.amountInvalid': ['金额不能为负，最多两位小数', 'The amount must be 0 or more with at most 2 decimals'],
  'coupons.digitsTooShort': ['纯数字券码至少 12 位', 'Digit-only codes need at least 12 digits'],
  'coupons.randomOrder': ['最大面额不能小于最小面额', 'The largest value cannot be below the smallest'],
  'coupons.scopeEmpty': ['请至少指定一个商品、品类或品牌', 'List at least one product, category or brand'],
  'coupons.goodsScopeRequired': ['商品券须指定适用商品', 'A goods coupon needs its goods listed'],
  'coupons.totalBelowIssued': ['发行总量不能少于已发放的 {issued} 张', 'The total cannot be below the {issued} already issued'],
  'coupons.writeOffRefused': ['第 {line} 行券码 {code}：{reason}', 'Line {line}, coupon {code}: {reason}'],
  'coupons.writeOffSameLine': ['券码 {code} 在第 {first} 行已填写', 'The coupon code {code} is already on line {first}'],
  // The points history's name of postings made by points coupons (server/modules/coupons/redeem.service.ts).
  'points.source.coupon': ['积分券', 'Points coupon'],
  'coupons.writeOffSecondPerson': ['核销单须由制单人以外的人审核', 'A write-off must be audited by someone other than its writer'],
});
