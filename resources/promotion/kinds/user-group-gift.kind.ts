import { defineActivityKind } from '../activity-kind';
import { groupSendGroup } from './group-coupon.kind';
import { int, rewardOfRule } from './rule-reading';

/**
 * Customer group gifts (客群赠礼, issue 29 item 4, entry `precision-marketing`): points and / or a
 * coupon set (the shared reward part) given to every member of a customer group. Sent like a bulk
 * coupon issue (trigger `groupSend`): once audited, a person starts the send on the detail, which
 * freezes the group's members and gives each the reward once, the points through the points
 * ledger (server/modules/activities/group-send/README.md).
 */
export const userGroupGiftKind = defineActivityKind(
  {
    value: 'USER_GROUP_GIFT',
    family: 'PRECISION_MARKETING',
    trigger: 'groupSend',
    title: ['客群赠礼', 'Customer group gift'],
    screens: { add: 'user-group-gift', edit: 'user-group-gift', dtl: 'user-group-gift-dtl' },
    parts: ['reward'],
    rule: { groupSendGroup },
  },
  { read: (rule) => ({ groupId: int(rule.groupSendGroup), reward: rewardOfRule(rule) }) },
);
