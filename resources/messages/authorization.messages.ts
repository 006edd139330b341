import { defineMessages } from './bilingual';

/** Messages of the authorization API (roles, permissions, user/role links). */
export const authorizationMessages = defineMessages({
  'authorization.unknownResource': ['权限资源 {resourceId} 不存在', 'There is no permission resource {resourceId}'],
  'authorization.unknownAction': ['权限资源 {resourceId} 没有操作 {action}', 'The permission resource {resourceId} has no action {action}'],
  'authorization.roleNameTaken': ['角色名称已存在', 'A role with this name already exists'],
  'authorization.grantBeyondOwn': [
    '不能授予您自己没有的权限：{permission}',
    'You cannot grant a permission you do not hold yourself: {permission}',
  ],
  'authorization.ownRoles': ['不能修改自己的角色，请联系其他管理员', 'You cannot change your own roles; ask another administrator'],
  'authorization.userAboveCaller': [
    '该用户拥有您没有的权限，您不能操作其账号',
    'This user holds permissions you do not have; you cannot act on their account',
  ],
  'authorization.ownRoleDelete': ['不能删除您自己拥有的角色', 'You cannot delete a role you hold yourself'],
  'authorization.roleInUse': [
    '该角色已分配给 {count} 个用户，请先移除这些用户再删除',
    'This role is held by {count} user(s); remove them from it before deleting it',
  ],
  'authorization.lastRoleManagerRole': [
    '这是最后一个可以管理角色的角色，不能删除或去掉该权限',
    'This is the last role that can manage roles; it cannot be deleted or lose that permission',
  ],
  'authorization.lastRoleManagerUser': [
    '操作后将没有启用的用户可以管理角色，已拒绝',
    'Refused: afterwards no enabled user could manage roles',
  ],
});
