import { defineActivityKind } from '../activity-kind';
import { rewardOfRule } from './rule-reading';

/** WeChat activation gift: fired where a member card is activated. */
export const activateGiftKind = defineActivityKind(
  {
    value: 'ACTIVATE_GIFT',
    family: 'OPEN_CARD',
    trigger: 'memberEvent',
    title: ['微信激活送礼', 'WeChat activation gift'],
    screens: { add: 'wx-active-send-gift', edit: 'wx-active-send-gift', dtl: 'wx-active-send-gift-dtl' },
    parts: ['reward'],
  },
  {
    read: (rule) => ({ reward: rewardOfRule(rule) }),
  },
);
