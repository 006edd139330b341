/**
 * JSON schemas of the authorization API (§7 paths). They validate every input before a handler
 * runs (400 with data.fields) and document the API at /loyalty/docs.
 */

const TAGS = ['authorization'];
const id = { type: 'integer', minimum: 1 } as const;
const idList = { type: 'array', items: id, maxItems: 1000 } as const;

const idQuery = (...names: string[]) =>
  ({
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, id])),
  }) as const;

const permissionList = {
  type: 'array',
  maxItems: 2000,
  items: {
    type: 'object',
    required: ['resourceId', 'actions'],
    properties: {
      resourceId: { type: 'string', minLength: 1, maxLength: 200 },
      actions: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 50 }, maxItems: 50 },
    },
  },
} as const;

const roleFields = {
  name: { type: 'string', minLength: 1, maxLength: 50 },
  remark: { type: ['string', 'null'], maxLength: 200 },
} as const;

export const copyUserRoleSchema = {
  tags: TAGS,
  summary: "Give the target user exactly the source user's roles",
  querystring: idQuery('fromUserId', 'toUserId'),
};
export const appendUserRolesSchema = {
  tags: TAGS,
  summary: 'Add every listed role to every listed user',
  body: {
    type: 'object',
    required: ['userIds', 'roleIds'],
    properties: { userIds: { ...idList, minItems: 1 }, roleIds: { ...idList, minItems: 1 } },
  },
};
export const saveRolePermissionsSchema = {
  tags: TAGS,
  summary: "Replace a role's permissions",
  body: { type: 'object', required: ['roleId', 'permissions'], properties: { roleId: id, permissions: permissionList } },
};
export const listRoleUserSchema = { tags: TAGS, summary: 'Users holding a role', querystring: idQuery('roleId') };
export const copyRolePermissionsSchema = {
  tags: TAGS,
  summary: "Give the target role exactly the source role's permissions",
  querystring: idQuery('fromRoleId', 'toRoleId'),
};
export const deleteRoleSchema = {
  tags: TAGS,
  summary: 'Delete a role with its permissions and user links',
  querystring: idQuery('roleId'),
};
export const deleteUserRoleSchema = { tags: TAGS, summary: 'Take a role away from a user', querystring: idQuery('roleId', 'userId') };
export const getRolePermissionSchema = {
  tags: TAGS,
  summary: "A role's permissions: [{resourceId, actions, pageUrl}]",
  querystring: idQuery('roleId'),
};
export const getTreeSchema = { tags: TAGS, summary: 'The permission tree, names in the request locale' };
export const getUserPermissionSchema = {
  tags: TAGS,
  summary: "A user's permissions: [{resourceId, actions, pageUrl}]",
  querystring: idQuery('userId'),
};
export const getUserPermission2Schema = {
  tags: TAGS,
  summary: "A user's permissions, one action per row: [{resourceId, action, pageUrl}]",
  querystring: idQuery('userId'),
};
export const getUserRoleSchema = { tags: TAGS, summary: "A user's roles", querystring: idQuery('userId') };
export const listRoleSchema = {
  tags: TAGS,
  summary: 'Roles whose name or remark contains keyWord',
  querystring: { type: 'object', properties: { keyWord: { type: 'string', maxLength: 100 } } },
};
export const modifyRoleSchema = {
  tags: TAGS,
  summary: 'Rename a role or change its remark (optimistic version)',
  body: {
    type: 'object',
    required: ['roleId', 'name', 'version'],
    properties: { roleId: id, ...roleFields, version: { type: 'integer', minimum: 1 } },
  },
};
export const saveRoleSchema = {
  tags: TAGS,
  summary: 'Create a role, optionally with its permissions',
  body: { type: 'object', required: ['name'], properties: { ...roleFields, permissions: permissionList } },
};
export const saveUserRoleSchema = {
  tags: TAGS,
  summary: "Replace a user's roles",
  body: { type: 'object', required: ['userId', 'roleIds'], properties: { userId: id, roleIds: idList } },
};
