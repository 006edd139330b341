import { findEntry } from '../../../resources/catalog/index';
import type { PermissionRef } from '../../../resources/catalog/types';
import { RESOURCES } from '../../../resources/index';
import { valueApprovalSettingResource } from '../../../resources/setting/value-approval-setting.resource';
import { defineServerHooks } from '../../crud/server-hooks.define';

/** The view grants of every value-creating document: their makers may read the rule they work under. */
function documentReadRefs(): PermissionRef[] {
  return RESOURCES.filter((r) => r.creates !== undefined).flatMap((r) => {
    const entry = findEntry(r.route.group, r.route.entry);
    return entry ? r.access.read.map((action) => ({ resourceId: entry.resourceId, action })) : [];
  });
}

/** The roles entry's grants (the declaration's own access). */
const roles = (action: PermissionRef['action']): PermissionRef => {
  const entry = findEntry(valueApprovalSettingResource.route.group, valueApprovalSettingResource.route.entry);
  if (!entry) throw new Error('value-approval-setting: no catalogue entry');
  return { resourceId: entry.resourceId, action };
};

/**
 * Server side of the value approval rule (resources/setting/value-approval-setting.resource.ts):
 * read with the view grant of any value-creating document or of roles; saved only by who may
 * configure roles. A maker who could raise a threshold could audit their own large documents;
 * whoever configures roles can already give themselves any permission, so only they may change it.
 */
export const valueApprovalSettingHooks = defineServerHooks(valueApprovalSettingResource, {
  requires: {
    read: [...documentReadRefs(), roles('view')],
    write: [roles('configure')],
  },
});
