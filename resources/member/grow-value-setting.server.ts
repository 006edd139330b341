import { requireFields, valueAfterWrite } from '../../server/crud/required-when';
import { defineServerHooks } from '../../server/crud/server-hooks.define';
import { growValueSettingResource } from './grow-value-setting.resource';

/** Server side of the growth value settings: "N months after earning" needs its N. */
export const growValueSettingHooks = defineServerHooks('grow-value-setting', {
  beforeSave({ request, values, current }) {
    if (valueAfterWrite({ values, current, name: 'validityMode' }) !== 'MONTHS') return;
    requireFields({ resource: growValueSettingResource, values, current, names: ['validityMonths'], locale: request.ctx.locale });
  },
});
