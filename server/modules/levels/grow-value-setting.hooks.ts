import { requireFields, valueAfterWrite } from '../../crud/required-when';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { growValueSettingResource } from '../../../resources/member/grow-value-setting.resource';

/** Server side of the growth value settings: "N months after earning" needs its N. */
export const growValueSettingHooks = defineServerHooks('grow-value-setting', {
  beforeSave({ request, values, current }) {
    if (valueAfterWrite({ values, current, name: 'validityMode' }) !== 'MONTHS') return;
    requireFields({ resource: growValueSettingResource, values, current, names: ['validityMonths'], locale: request.ctx.locale });
  },
});
