import { cardTemplateHooks } from '../../resources/deposit/card-template.server';
import { scoreAdjustHooks } from '../../resources/score/score-adjust.server';
import { levelHooks } from '../../resources/member/level.server';
import { dqshMemberHooks, marketcenterMemberHooks, memberHooks } from '../../resources/member/member.server';
import { upgradeIncentiveHooks } from '../../resources/member/upgrade-incentive.server';
import { batchOperateHooks } from '../../resources/member/batch-operate.server';
import { marketingCenterHooks } from '../../resources/datum/marketing-center.server';
import { batchOperateSettingHooks } from '../../resources/member/batch-operate-setting.server';
import type { ResourceHooks } from './server-hooks.define';

/**
 * The server hooks of every resource that has them. Adding hooks is writing
 * `resources/<group>/<name>.server.ts` (`export const xHooks = defineServerHooks('x', {...})`)
 * and adding one line here.
 */
export const SERVER_HOOKS: readonly ResourceHooks[] = [
  cardTemplateHooks,
  scoreAdjustHooks,
  levelHooks,
  upgradeIncentiveHooks,
  memberHooks,
  dqshMemberHooks,
  marketcenterMemberHooks,
  batchOperateHooks,
  marketingCenterHooks,
  batchOperateSettingHooks,
];
