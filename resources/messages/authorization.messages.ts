import { defineMessages } from './bilingual';

/** Messages of the authorization API (roles, permissions, user/role links). */
export const authorizationMessages = defineMessages({
  'authorization.unknownResource': ['权限资源 {resourceId} 不存在', 'There is no permission resource {resourceId}'],
  'authorization.unknownAction': ['权限资源 {resourceId} 没有操作 {action}', 'The permission resource {resourceId} has no action {action}'],
  'authorization.roleNameTaken': ['角色名称已存在', 'A role with this name already exists'],
});
