import { cardTemplateHooks } from './cards/card-template.hooks';
import { CARD_HOOKS } from './cards/card-hooks';
import { scoreAdjustHooks } from './points/score-adjust.hooks';
import { storeValueAdjustHooks } from './stored-value-docs/store-value-adjust.hooks';
import { storeValueInitHooks } from './stored-value-docs/store-value-init.hooks';
import { levelHooks } from './levels/level.hooks';
import { dqshMemberHooks, marketcenterMemberHooks, memberHooks } from './members/member.hooks';
import { upgradeIncentiveHooks } from './levels/upgrade-incentive.hooks';
import { batchOperateHooks } from './batch/batch-operate.hooks';
import { marketingCenterHooks } from './auth/marketing-center.hooks';
import { batchOperateSettingHooks } from './batch/batch-operate-setting.hooks';
import { storeValueAccountHooks } from './stored-value/store-value-account.hooks';
import { couponInitHooks, couponTemplateHooks } from './coupons/coupon-template.hooks';
import { couponWriteOffHooks } from './coupons/coupon-write-off.hooks';
import { activityHooks } from './activities/activity.hooks';
import { scoreInitHooks } from './points/points-settings.hooks';
import type { ResourceHooks } from '../crud/server-hooks.define';

/**
 * The server hooks of every resource that has them, each registered by its resource's name.
 * Adding hooks is writing `server/modules/<domain>/<name>.hooks.ts`
 * (`export const xHooks = defineServerHooks('x', {...})`) and adding one line here. The list is
 * handed to the engine (`createCrudModule(SERVER_HOOKS)` in index.ts, `servedResources(SERVER_HOOKS)`),
 * which never imports it: the hooks use the engine, not the other way round.
 */
export const SERVER_HOOKS: readonly ResourceHooks[] = [
  cardTemplateHooks,
  scoreAdjustHooks,
  storeValueAdjustHooks,
  storeValueInitHooks,
  levelHooks,
  upgradeIncentiveHooks,
  memberHooks,
  dqshMemberHooks,
  marketcenterMemberHooks,
  batchOperateHooks,
  marketingCenterHooks,
  batchOperateSettingHooks,
  ...CARD_HOOKS,
  storeValueAccountHooks,
  couponInitHooks,
  couponTemplateHooks,
  couponWriteOffHooks,
  activityHooks,
  scoreInitHooks,
];
