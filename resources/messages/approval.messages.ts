import { defineMessages } from './bilingual';

/**
 * Messages of the value approval rule (server/crud/value-approval.ts, issue 24 item 1): the
 * refusal of an auditor who made or changed a document's amounts, the till's refusal of a gift
 * or of coupons issued directly above the threshold, and the detail's approval panel and disabled action (src/screens/generic).
 */
export const approvalMessages = defineMessages({
  'approval.secondPerson': [
    '需要第二人审核：该单据创建{kind} {amount}，超过审批阈值 {threshold}，而您创建或修改过它的金额',
    'Needs a second person: this document creates {amount} of {kind}, above the approval threshold of {threshold}, and you created or changed its amounts',
  ],
  'approval.tillGift': [
    '{field}：赠送{kind} {amount} 超过审批阈值 {threshold}，收银台没有第二人审核，请改用调整单据',
    '{field}: a gift of {amount} of {kind} is above the approval threshold of {threshold}; a till has no second person, use an adjustment document instead',
  ],
  'approval.tillCoupon': [
    '直接发放的 {quantity} 张券共计{kind} {amount}，超过审批阈值 {threshold}；直接发券没有第二人审核，请改用批量操作单发放（由他人审核）',
    'Issuing these {quantity} coupons directly gives {amount} of {kind}, above the approval threshold of {threshold}; a direct issue has no second person, use a batch operation document (grant coupons), audited by someone else',
  ],
  'approval.unbounded': ['不封顶', 'no cap'],
  'approval.needsSecond': ['需要第二人审核：您创建或修改过它的金额', 'Needs a second person: you created or changed its amounts'],
  'approval.title': ['价值审批', 'Value approval'],
  'approval.value': ['{kind}：{amount}（审批阈值 {threshold}）', '{kind}: {amount} (approval threshold {threshold})'],
  'approval.required': [
    '超过阈值，须由制单和改过金额以外的人审核',
    'Above the threshold: someone who neither made nor changed its amounts must audit it',
  ],
  'approval.notRequired': ['未超过阈值，任何有权限的人均可审核', 'Within the threshold: anyone allowed may audit it'],
  'approval.kind.storedValue': ['储值', 'stored value'],
  'approval.kind.cardValue': ['预付卡余额', 'card value'],
  'approval.kind.points': ['积分', 'points'],
  'approval.kind.couponValue': ['券价值', 'coupon value'],
});
