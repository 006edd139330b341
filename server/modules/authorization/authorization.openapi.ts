import type { FastifyInstance } from 'fastify';
import { answers, arrayOf, nullable, objectOf, ref, type ErrorAnswerName, type JsonSchema } from '../../http/openapi.schemas';
import { permissionEntrySchema } from '../auth/auth.openapi';

/**
 * The OpenAPI description of the authorization API (§7 paths, authorization.routes.ts):
 * operation ids `authorization.<path>`, the settings menu group's tag, and the answers.
 * Request schemas stay in authorization.schemas.ts.
 */

const TAGS = ['setting'];

const role = objectOf(
  {
    roleId: { type: 'integer' },
    name: { type: 'string' },
    remark: nullable({ type: 'string' }),
    userCount: { type: 'integer', minimum: 0, description: 'Users holding the role' },
    version: { type: 'integer', description: 'Send it back with modifyRole' },
  },
  { description: 'A role' },
);

const PERMISSION_NODE = 'PermissionNode';

/** A node of the permission tree (getTree), in the request's language; registered as a shared schema. */
const permissionNode: JsonSchema = {
  $id: PERMISSION_NODE,
  description: 'A node of the permission tree: a resource, the actions it offers, and the resources below it',
  ...objectOf({
    resourceId: { type: 'string' },
    name: { type: 'string' },
    actions: arrayOf(objectOf({ action: { type: 'string' }, name: { type: 'string' } })),
    children: arrayOf(ref(PERMISSION_NODE)),
  }),
};

/** Registers the shared schemas of the authorization answers. */
export function addAuthorizationSchemas(app: FastifyInstance): void {
  app.addSchema(permissionNode);
}

const entries = arrayOf(permissionEntrySchema);
const doc = (name: string, data: JsonSchema, ...errors: ErrorAnswerName[]) => ({
  operationId: `authorization.${name}`,
  tags: TAGS,
  response: answers(data, ...errors),
});
const none = { type: 'null' } as const;

export const authorizationDocs = {
  listRole: doc('listRole', arrayOf(role)),
  listRoleUser: doc(
    'listRoleUser',
    arrayOf(
      objectOf({
        userId: { type: 'integer' },
        login: { type: 'string' },
        name: { type: 'string' },
        enabled: { type: 'boolean' },
      }),
    ),
    'notFound',
  ),
  getRolePermission: doc('getRolePermission', entries, 'notFound'),
  getTree: doc('getTree', arrayOf(ref(PERMISSION_NODE))),
  getUserPermission: doc('getUserPermission', entries, 'notFound'),
  getUserPermission2: doc(
    'getUserPermission2',
    arrayOf(
      objectOf({
        resourceId: { type: 'string' },
        action: { type: 'string' },
        pageUrl: { type: 'string' },
      }),
    ),
    'notFound',
  ),
  getUserRole: doc(
    'getUserRole',
    arrayOf(objectOf({ roleId: { type: 'integer' }, name: { type: 'string' }, remark: nullable({ type: 'string' }) })),
    'notFound',
  ),
  saveRole: doc('saveRole', role),
  modifyRole: doc('modifyRole', role, 'notFound', 'conflict'),
  deleteRole: doc('deleteRole', none, 'notFound', 'conflict'),
  saveRolePermissions: doc('saveRolePermissions', entries, 'notFound', 'conflict'),
  copyRolePermissions: doc('copyRolePermissions', entries, 'notFound', 'conflict'),
  saveUserRole: doc('saveUserRole', none, 'notFound', 'conflict'),
  appendUserRoles: doc('appendUserRoles', none, 'notFound', 'conflict'),
  copyUserRole: doc('copyUserRole', none, 'notFound', 'conflict'),
  deleteUserRole: doc('deleteUserRole', none, 'notFound', 'conflict'),
} as const;
