import type { Action, PermissionRef } from '../../../resources/catalog/types';
import { badInput, type FieldError } from '../../http/envelope';
import { grantableActions } from './permission.catalog';
import type { PermissionInput } from '../../../resources/contract/authorization.types';

/** Permissions as the role screen sends them (the contract's shape). */
export type { PermissionInput };

/**
 * Turns the role screen's permission list into grant pairs. A resource the catalogue does not
 * know, or an action it does not offer on that resource, is refused with the offending field
 * named (`permissions.2.actions.0`), so stale or forged input never becomes a grant.
 */
export function toPermissionRefs(permissions: readonly PermissionInput[]): PermissionRef[] {
  const catalogue = grantableActions();
  const fields: FieldError[] = [];
  const refs: PermissionRef[] = [];
  permissions.forEach((entry, index) => {
    const offered = catalogue.get(entry.resourceId);
    if (!offered) {
      fields.push({
        field: `permissions.${index}.resourceId`,
        key: 'authorization.unknownResource',
        values: { resourceId: entry.resourceId },
      });
      return;
    }
    entry.actions.forEach((action, actionIndex) => {
      if (offered.has(action)) refs.push({ resourceId: entry.resourceId, action: action as Action });
      else
        fields.push({
          field: `permissions.${index}.actions.${actionIndex}`,
          key: 'authorization.unknownAction',
          values: { action, resourceId: entry.resourceId },
        });
    });
  });
  if (fields.length > 0) throw badInput('error.fieldsInvalid', fields);
  return refs;
}
