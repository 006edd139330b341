import { pick } from '../../../resources/messages/bilingual';
import { valueAfterWrite } from '../../crud/required-when';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { badInput } from '../../http/envelope';
import { upgradeIncentiveResource } from '../../../resources/member/upgrade-incentive.resource';

/** Server side of upgrade incentives: an incentive grants points, coupons, or both; never nothing. */
export const upgradeIncentiveHooks = defineServerHooks(upgradeIncentiveResource, {
  beforeSave({ actor, values, current }) {
    const points = valueAfterWrite({ values, current, name: 'points' }) ?? 0;
    const coupons = (valueAfterWrite({ values, current, name: 'couponText' }) ?? '').trim();
    if (points > 0 || coupons !== '') return;
    const label = pick(upgradeIncentiveResource.fields.points.label, actor.locale);
    throw badInput('error.fieldsInvalid', [{ field: 'points', key: 'upgradeIncentive.nothingGranted', values: { label } }]);
  },
});
