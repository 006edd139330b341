import { familyAccess } from '../../../../resources/promotion/activity.resource';
import { defineServerHooks } from '../../../crud/server-hooks.define';
import { familyRefs } from '../activity.hooks';

/**
 * Members' message consent (resources/promotion/push-consent.resource.ts) is read and kept by
 * whoever reads or maintains push plans: the folder 营销/推送计划 grants through its channels'
 * sub-resources, which a declaration's own access cannot name, so the hooks name them.
 */
export const pushConsentHooks = defineServerHooks('push-consent', {
  requires: { read: familyRefs('PUSH_PLAN', familyAccess('PUSH_PLAN').read), write: familyRefs('PUSH_PLAN', ['配置维护']) },
});
