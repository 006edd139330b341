import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { ids, rewardOfRule } from './rule-reading';

/** Upgrade gift: fired by a level change upwards to one of the listed levels. */
export const upgradeGiftKind = defineActivityKind(
  {
    value: 'UPGRADE_GIFT',
    family: 'UPGRADE_GIFT',
    trigger: 'memberEvent',
    title: ['升级礼', 'Upgrade gift'],
    screens: { list: 'list', add: 'edit', edit: 'edit', dtl: 'dtl' },
    parts: ['reward'],
    rule: {
      upgradeToLevels: field.relation({
        label: ['升至等级', 'Levels reached'],
        resource: 'level',
        multiple: true,
        required: true,
        width: 180,
      }),
    },
  },
  {
    read: (rule) => ({ toLevelIds: ids(rule.upgradeToLevels), reward: rewardOfRule(rule) }),
  },
);
