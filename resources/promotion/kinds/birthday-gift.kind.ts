import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { int, rewardOfRule } from './rule-reading';

/**
 * Birthday gift: a daily run in the merchant's zone gives the reward, once per member per year.
 * The catalogue has two pairs of screens (gift, points): one kind, two views told apart by `birthdayGives`.
 */
export const birthdayGiftKind = defineActivityKind(
  {
    value: 'BIRTHDAY_GIFT',
    family: 'BIRTHDAY',
    trigger: 'memberEvent',
    title: ['生日送礼', 'Birthday gift'],
    screens: { add: 'birthday-gift-add', edit: 'birthday-gift-add', dtl: 'birthday-gift-dtl' },
    parts: ['reward'],
    fields: {
      birthdayGives: field.enum({
        label: ['赠送内容', 'Gives'],
        required: true,
        options: { GIFT: { label: ['送礼', 'Gift'], color: 'magenta' }, POINTS: { label: ['送积分', 'Points'], color: 'gold' } },
        defaultValue: 'GIFT',
        filter: 'eq',
        width: 100,
      }),
    },
    // The list filters on what it gives (and a view fixes it): a column; the rest is the rule.
    rule: {
      birthdayDaysBefore: field.integer({
        label: ['提前天数', 'Days before'],
        help: ['0 表示生日当天发放', '0: on the birthday itself'],
        required: true,
        min: 0,
        max: 30,
        defaultValue: 0,
        width: 100,
      }),
    },
    views: [
      {
        name: 'activity-birthday-points',
        title: ['生日积分', 'Birthday points'],
        screens: { add: 'birthday-points-add', edit: 'birthday-points-add', dtl: 'birthday-points-dtl' },
        fixedFilter: { birthdayGives: 'POINTS' },
      },
    ],
  },
  {
    read: (rule) => ({ daysBefore: int(rule.birthdayDaysBefore), reward: rewardOfRule(rule) }),
  },
);
