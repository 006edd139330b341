import { defineMessages } from './bilingual';

/** Messages of the money ledger (stored value, card balances) and its till entry points. */
export const ledgerMessages = defineMessages({
  'ledger.insufficient': [
    '余额不足：当前余额 {balance}，需要 {required}',
    'Insufficient balance: the balance is {balance}, {required} needed',
  ],
  'ledger.insufficientPrincipal': [
    '本金不足：当前本金 {balance}，需要 {required}',
    'Insufficient principal: the principal is {balance}, {required} needed',
  ],
  'ledger.insufficientGift': [
    '赠送金不足：当前赠送金 {balance}，需要 {required}',
    'Insufficient gift: the gift portion is {balance}, {required} needed',
  ],
  'ledger.accountFrozen': ['该储值账户已冻结，不能使用', 'This stored-value account is frozen and cannot be used'],
  'ledger.memberNotFound': ['会员不存在', 'The member does not exist'],
  'ledger.memberBlocked': ['会员状态为{state}，不能储值或消费', 'The member is {state} and can neither recharge nor pay'],
  'ledger.amountInvalid': ['金额格式不正确（最多两位小数）', 'The amount is not a valid amount (at most 2 decimals)'],
  'ledger.amountNotPositive': ['金额必须大于 0', 'The amount must be above 0'],
  'ledger.noChange': ['本金和赠送金不能都为 0', 'The principal and the gift change may not both be 0'],
  'ledger.balanceLimit': [
    '余额不能超过 {max}（当前 {balance}，本次 {amount}）',
    'A balance holds at most {max} (balance {balance}, posting {amount})',
  ],
  'ledger.paymentNoReused': [
    '支付单号 {requestNo} 已用于另一笔支付',
    'The payment number {requestNo} was already used for another payment',
  ],
  'ledger.paymentNotFound': ['原支付 {requestNo} 不存在', 'The original payment {requestNo} does not exist'],
  'ledger.refundExceedsPayment': [
    '退款金额 {amount} 超过可退金额 {left}（已支付 {paid}，已退 {refunded}）',
    'The refund of {amount} exceeds what is left to refund, {left} (paid {paid}, refunded {refunded})',
  ],
  'ledger.topUpRefundExceeds': [
    '退款金额 {amount} 超过可退本金 {left}（充值 {toppedUp}，已退 {refunded}）',
    'The refund of {amount} exceeds the principal left to refund, {left} (topped up {toppedUp}, refunded {refunded})',
  ],
  'ledger.refundNoReused': ['退款单号 {refundNo} 已用于另一笔退款', 'The refund number {refundNo} was already used for another refund'],
  'ledger.kind.init': ['期初', 'Initial balance'],
  'ledger.kind.recharge': ['充值', 'Recharge'],
  'ledger.kind.pay': ['消费', 'Payment'],
  'ledger.kind.refund': ['退款', 'Refund'],
  'ledger.kind.adjust': ['调整', 'Adjustment'],
  'ledger.kind.sale': ['售卡', 'Card sale'],
  'ledger.kind.topup': ['卡充值', 'Card top-up'],
  'ledger.kind.expire': ['过期', 'Expired'],
  'ledger.kind.void': ['作废', 'Voided'],
  'ledger.channel.store': ['门店', 'Store'],
  'ledger.channel.weixin': ['微信', 'WeChat'],
  'ledger.channel.alipay': ['支付宝', 'Alipay'],
  'ledger.channel.third': ['第三方', 'Third party'],
  'ledger.channel.weixinApp': ['微信小程序', 'WeChat mini program'],
  'storedValue.disabled': ['储值未启用，不能充值', 'Stored value is off: recharges are not accepted'],
  'storedValue.channelNotAllowed': [
    '储值设置不允许渠道 {channel} 充值',
    'The stored-value settings do not allow recharges through {channel}',
  ],
  'storedValue.belowMinimum': ['单笔充值不能低于 {limit}（本次 {amount}）', 'A recharge is at least {limit} ({amount} asked)'],
  'storedValue.aboveMaximum': [
    '单笔充值（本金与赠送金合计）不能超过 {limit}（本次 {amount}）',
    'A recharge (principal and gift together) is at most {limit} ({amount} asked)',
  ],
  'storedValue.dailyLimit': [
    '超过每人每日充值上限 {limit}（本金与赠送金合计）：今日已充 {today}，本次 {amount}',
    'Above the daily recharge limit of {limit} per member (principal and gift together): {today} recharged today, {amount} asked',
  ],
  'storedValue.rechargeNotFound': ['充值单 {requestNo} 不存在', 'There is no recharge {requestNo}'],
  'storedValue.giftNegative': ['赠送金额不能为负数', 'The gift amount may not be negative'],
  'storedValue.aboveBasket': ['支付金额 {amount} 超过商品合计 {basket}', 'The amount {amount} is above the basket total {basket}'],
  'storedValue.storeUnknown': ['门店 {storeId} 不存在', 'There is no store {storeId}'],
  'storedValue.goodsUnknown': ['商品 {goodsId} 不存在', 'There is no goods item {goodsId}'],
  'storedValue.storeNotApplicable': ['该门店不能使用储值支付', 'Stored value cannot be used in this store'],
  'storedValue.goodsNotApplicable': [
    '第 {line} 行商品「{goods}」不能使用储值支付',
    'Goods not applicable: line {line} ({goods}) cannot be paid with stored value',
  ],
});
