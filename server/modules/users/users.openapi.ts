import { answers, arrayOf, nullable, objectOf, pageOf, wire, type ErrorAnswerName, type JsonSchema } from '../../http/openapi.schemas';

/**
 * The OpenAPI description of the user screen's API (users.routes.ts): operation ids
 * `user.<operation>`, the settings menu group's tag, and the answers. Request schemas stay in
 * users.schemas.ts.
 */

const TAGS = ['setting'];

/** A user as users.store.ts answers it. */
const user = objectOf(
  {
    id: { type: 'integer' },
    login: { type: 'string' },
    name: { type: 'string' },
    mobile: nullable({ type: 'string' }),
    email: nullable({ type: 'string' }),
    enabled: { type: 'boolean' },
    roles: arrayOf(objectOf({ roleId: { type: 'integer' }, name: { type: 'string' } })),
    lockedUntil: nullable({ ...wire.dateTime, description: 'End of the current sign-in lock; null when not locked' }),
    marketingCenterIds: nullable({ ...arrayOf({ type: 'integer' }), description: 'Marketing centres the user may work in; null = all' }),
    version: { type: 'integer', description: 'Send it back with modify' },
  },
  { description: 'A user' },
);

const doc = (name: string, data: JsonSchema, ...errors: ErrorAnswerName[]) => ({
  operationId: `user.${name}`,
  tags: TAGS,
  response: answers(data, ...errors),
});

export const usersDocs = {
  query: doc('query', pageOf(user)),
  info: doc('info', user, 'notFound'),
  saveNew: doc('saveNew', user, 'notFound'),
  modify: doc('modify', user, 'notFound', 'conflict'),
  disable: doc('disable', user, 'notFound', 'conflict'),
  enable: doc('enable', user, 'notFound'),
  resetPassword: doc('resetPassword', user, 'notFound'),
} as const;
