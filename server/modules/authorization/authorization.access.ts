import type { PermissionRef } from '../../../resources/catalog/types';
import { settingResource } from './permission.catalog';

/**
 * Who may call the settings APIs. Reading roles and users is allowed to anyone who can open
 * either settings screen (the user screen lists roles to pick from); changing roles needs the
 * role screen's configure action, changing a user's roles the user screen's.
 */
export function settingsAccess(): { read: PermissionRef[]; writeRoles: PermissionRef[]; writeUsers: PermissionRef[] } {
  const role = settingResource('role');
  const user = settingResource('user');
  return {
    read: [
      { resourceId: role, action: 'view' },
      { resourceId: role, action: 'configure' },
      { resourceId: user, action: 'view' },
      { resourceId: user, action: 'configure' },
    ],
    writeRoles: [{ resourceId: role, action: 'configure' }],
    writeUsers: [{ resourceId: user, action: 'configure' }],
  };
}
