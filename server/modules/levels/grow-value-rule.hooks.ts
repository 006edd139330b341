import { requireFields, valueAfterWrite } from '../../crud/required-when';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { PER_YUAN_SOURCES, growValueRuleResource } from '../../../resources/member/grow-value-rule.resource';

/** Server side of growth rules: a per-yuan source needs its yuan per point, sign-in its amount. */
export const growValueRuleHooks = defineServerHooks('grow-value-rule', {
  beforeSave({ request, values, current }) {
    const source = String(valueAfterWrite({ values, current, name: 'source' }));
    const names = PER_YUAN_SOURCES.includes(source) ? ['yuanPerPoint'] : ['pointsPerEvent'];
    requireFields({ resource: growValueRuleResource, values, current, names, locale: request.ctx.locale });
  },
});
