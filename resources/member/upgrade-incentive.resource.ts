import { defineResource, field } from '../define';
import { preset } from '../field-presets';
import { enabledStates } from './enabled-state';

/**
 * An upgrade incentive: on reaching a level, a member is granted points and/or a coupon pack.
 * The grant is made by the level change itself (server/modules/levels/level-change.ts), once
 * per member and level, summing every enabled incentive of the level reached.
 */
export const upgradeIncentiveResource = defineResource({
  name: 'upgrade-incentive',
  table: 'upgrade_incentives',
  title: ['升级激励', 'Upgrade incentive'],
  route: { group: 'member', entry: 'upgrade-incentives', screens: { list: 'upgrade-incentives', dtl: 'upgrade-incentives-dtl' } },
  access: { read: ['活动查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: preset.name(['激励名称', 'Name'], { width: 200 }),
    level: field.relation({ label: ['达到等级', 'Level reached'], resource: 'level', required: true, filter: 'eq', width: 140 }),
    points: field.integer({ label: ['赠送积分', 'Points granted'], min: 0, max: 1000000, defaultValue: 0, sortable: true, width: 110 }),
    // A relation to coupon templates once they are declared; until then the coupons are described.
    couponText: field.text({
      label: ['赠送券', 'Coupons granted'],
      help: ['例如“洗车券×1”', 'e.g. "car wash ×1"'],
      maxLength: 200,
      width: 200,
    }),
    remark: preset.remark(),
    state: preset.enabledState(),
  },
  titleField: 'name',
  list: { columns: ['name', 'level', 'points', 'couponText', 'state'], defaultSort: { field: 'name', order: 'asc' } },
  states: enabledStates(['激励', 'incentive']),
});
