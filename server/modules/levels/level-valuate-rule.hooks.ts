import { requireFields, valueAfterWrite } from '../../crud/required-when';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { levelValuateRuleResource } from '../../../resources/member/level-valuate-rule.resource';

/** Server side of the level evaluation rule: a monthly evaluation needs its day of the month. */
export const levelValuateRuleHooks = defineServerHooks('level-valuate-rule', {
  beforeSave({ request, values, current }) {
    if (valueAfterWrite({ values, current, name: 'mode' }) !== 'MONTHLY') return;
    requireFields({ resource: levelValuateRuleResource, values, current, names: ['monthlyDay'], locale: request.ctx.locale });
  },
});
