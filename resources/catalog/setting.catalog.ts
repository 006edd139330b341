/** Settings: users (who gets which roles) and roles (which permissions a role holds). */
import { declareEntry } from './declare';
import type { GroupDecl } from './types';

export const settingGroup: GroupDecl = {
  group: 'setting',
  title: ['设置', 'Settings'],
  resourceRoot: '设置',
  resourceRootEn: 'Settings',
  entries: [
    declareEntry({
      entry: 'user',
      title: ['用户', 'Users'],
      resourceId: '设置/用户',
      resourceTitleEn: 'Users',
      actions: ['view', 'configure'],
      screens: [{ name: 'user', title: ['用户', 'Users'] }],
    }),
    declareEntry({
      entry: 'role',
      title: ['角色', 'Roles'],
      resourceId: '设置/角色',
      resourceTitleEn: 'Roles',
      actions: ['view', 'configure'],
      screens: [{ name: 'role', title: ['角色', 'Roles'] }],
    }),
  ],
};
