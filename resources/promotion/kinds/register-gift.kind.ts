import { defineActivityKind } from '../activity-kind';
import { rewardOfRule } from './rule-reading';

/** Registration gift: fired where a member registers. */
export const registerGiftKind = defineActivityKind(
  {
    value: 'REGISTER_GIFT',
    family: 'OPEN_CARD',
    trigger: 'memberEvent',
    title: ['注册送礼', 'Registration gift'],
    screens: { add: 'register-send-gift', edit: 'register-send-gift', dtl: 'register-send-gift-dtl' },
    parts: ['reward'],
  },
  {
    read: (rule) => ({ reward: rewardOfRule(rule) }),
  },
);
