/**
 * Settings: users (who gets which roles), roles (which permissions a role holds) and applications
 * (systems that call the API with keys of their own).
 */
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
    declareEntry({
      beyondSpecification:
        'Tills and other systems call the API with keys of their own (issue 31); the specification lists no screen for them',
      entry: 'application',
      title: ['应用与密钥', 'Applications and keys'],
      resourceId: '设置/应用',
      resourceTitleEn: 'Applications',
      actions: ['view', 'configure'],
      screens: [{ name: 'application', title: ['应用与密钥', 'Applications and keys'] }],
    }),
  ],
};
