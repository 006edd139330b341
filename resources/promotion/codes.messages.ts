import { defineMessages } from '../messages/bilingual';

/** Messages of coupon code export (server/modules/activities/codes) and of its detail's tab. */
export const codesMessages = defineMessages({
  'codes.notFound': ['券码 {code} 不存在', 'The code {code} does not exist'],
  'codes.alreadyBound': ['券码 {code} 已绑定，不能再次绑定', 'The code {code} is bound already and cannot be bound again'],
  'codes.notRunning': ['导出券码发券活动“{name}”当前不在进行中', 'The coupon code export campaign "{name}" is not running now'],
  'codes.outOfScope': [
    '该会员不在导出券码发券活动“{name}”的适用范围内',
    'The member is outside the scope of the coupon code export campaign "{name}"',
  ],
  'codes.budgetSpent': ['导出券码发券活动“{name}”的预算已用完', 'The coupon code export campaign "{name}" has nothing left to give'],
  'codes.memberLimit': [
    '该会员在导出券码发券活动“{name}”的绑定次数已达上限',
    'The member has reached the limit of the coupon code export campaign "{name}"',
  ],
  'codes.dailyLimit': [
    '该会员今天在导出券码发券活动“{name}”的绑定次数已达上限',
    'The member has reached today\'s limit of the coupon code export campaign "{name}"',
  ],
  'codes.alreadyGiven': ['券码已兑换过', 'The code has been exchanged already'],
  'codes.exhausted': [
    '{length} 位的券码不够生成所需数量，请加长券码',
    'Codes of {length} characters cannot be drawn in the count asked for: make them longer',
  ],
  'codes.tab': ['券码', 'Codes'],
});
