import { defineMessages } from './bilingual';

/** Messages of the points ledger and the sales-transaction entry point. */
export const pointsMessages = defineMessages({
  'points.insufficient': [
    '积分不足：当前余额 {balance}，需要 {required}',
    'Not enough points: the balance is {balance}, {required} needed',
  ],
  'points.invalidDelta': ['积分必须是非零整数', 'Points must be a non-zero whole number'],
  'points.memberNotFound': ['会员不存在', 'The member does not exist'],
  'points.memberBlocked': ['会员状态为{state}，不能积分或用分', 'The member is {state} and cannot earn or spend points'],
  'points.orderNotFound': ['原交易 {orderNo} 不存在', 'The original transaction {orderNo} does not exist'],
  'points.returnExceeds': ['退货金额超过原交易剩余可退金额 {left}', 'The returned amount exceeds what is left to return ({left})'],
  'points.chooseCentre': ['请先选择营销中心', 'Please choose a marketing centre first'],
  'points.amountInvalid': ['金额格式不正确', 'The amount is not a valid amount'],
  'points.walkInPayment': ['非会员交易不能用积分或储值支付', 'A sale without a member cannot be paid with points or stored value'],
  'points.postingTooLarge': ['单笔积分变动不能超过 {max}（本次 {points}）', 'One posting may move at most {max} points ({points} asked)'],
  'points.saleEarnsTooMuch': [
    '这笔交易将获得 {points} 积分，单笔最多 {max}',
    'This sale would earn {points} points; one posting gives at most {max}',
  ],
  'points.balanceLimit': [
    '会员积分余额不能超过 {max}（当前 {balance}，本次 {points}）',
    'A member holds at most {max} points (balance {balance}, posting {points})',
  ],
  'points.kind.earn': ['获得', 'Earned'],
  'points.kind.spend': ['消费', 'Spent'],
  'points.kind.adjust': ['调整', 'Adjusted'],
  'points.kind.reverse': ['冲回', 'Reversed'],
  'points.kind.expire': ['过期', 'Expired'],
  'points.source.transaction': ['消费交易', 'Sales transaction'],
  'points.source.return': ['退货', 'Return'],
  'points.source.adjustment': ['积分调整单', 'Adjustment document'],
  'points.source.activity': ['营销活动', 'Campaign'],
  'points.source.exchange': ['积分兑换', 'Points exchange'],
  'points.source.expiry': ['积分过期', 'Expiry'],
  'points.source.batch': ['批量操作', 'Batch operation'],
  'points.source.coupon': ['积分券', 'Points coupon'],
});
