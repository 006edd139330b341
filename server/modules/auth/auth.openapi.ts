import { SYS_CONFIG_FLAGS } from '../../../resources/catalog/types';
import { loginSchema } from './auth.schemas';
import { answers, arrayOf, nullable, objectOf, oneOf, type JsonSchema } from '../../http/openapi.schemas';

/**
 * The OpenAPI description of the sign-in routes (auth.routes.ts): operation ids, tags and the
 * answers. Request schemas stay in auth.schemas.ts.
 */

const TAGS = ['auth'];

/** The login info of the specification (§3), as login-info.ts builds it. */
export const loginInfoSchema = objectOf(
  {
    tenantId: { type: 'integer' },
    user: objectOf({ id: { type: 'integer' }, login: { type: 'string' }, name: { type: 'string' } }),
    customer: objectOf({ code: { type: 'string', description: 'Merchant code' }, name: { type: 'string' } }),
    useStrict: { type: 'boolean', description: 'The merchant enforces the strict password policy' },
    passwordValidityPeriod: { type: 'integer', description: 'Days a password stays valid (0 = forever)' },
    maxLoginValidityPeriod: { type: 'integer', description: 'Minutes a session lives at most' },
    state: oneOf(
      ['normal', 'passwordExpired', 'mustChangePassword'],
      'normal, or a session that may only change its password (POST /v1/auth/password)',
    ),
    resetToken: nullable({ type: 'string', description: 'One-time token for the password change of a reset-only session' }),
  },
  { description: 'Login info (§3)' },
);

/** One permission entry (§3): a resource, its granted actions, and the page they open. */
export const permissionEntrySchema: JsonSchema = objectOf({
  resourceId: { type: 'string', description: 'Slash-separated resource path (会员/标准会员)' },
  actions: arrayOf({ type: 'string' }),
  pageUrl: { type: 'string', description: 'Hash route of the entry the resource belongs to (#/member/standard-member); empty when none' },
});

const LOGIN_EXAMPLE = {
  code: 2000,
  msg: 'success',
  data: {
    tenantId: 1,
    user: { id: 7, login: 'till-01', name: 'Till 01' },
    customer: { code: 'demo', name: 'Demo merchant' },
    useStrict: true,
    passwordValidityPeriod: 90,
    maxLoginValidityPeriod: 720,
    state: 'normal',
    resetToken: null,
  },
};

export const authDocs = {
  login: {
    operationId: 'auth.login',
    tags: TAGS,
    description:
      'Answers the login info and sets the httpOnly `loyalty_session` cookie; send it back on every call. A wrong merchant, login or password is one 400 (auth.login.failed); a locked or disabled account is 403.',
    body: { ...loginSchema.body, examples: [{ tenant: 'demo', login: 'till-01', password: 'Till@2026' }] },
    response: { ...answers(loginInfoSchema, 'forbidden'), 200: { ...answers(loginInfoSchema)[200], examples: [LOGIN_EXAMPLE] } },
  },
  current: {
    operationId: 'auth.current',
    tags: TAGS,
    response: answers({
      ...loginInfoSchema,
      required: [...(loginInfoSchema.required as string[]), 'sysConfig', 'marketingCenters'],
      properties: {
        ...(loginInfoSchema.properties as Record<string, JsonSchema>),
        sysConfig: objectOf(Object.fromEntries(SYS_CONFIG_FLAGS.map((flag) => [flag, { type: 'boolean' }])), {
          description: 'System configuration flags (§3)',
        }),
        marketingCenters: arrayOf(
          objectOf({ id: { type: 'integer' }, name: { type: 'string' } }),
          'The marketing centres the user may choose',
        ),
      },
    }),
  },
  logout: { operationId: 'auth.logout', tags: TAGS, response: answers({ type: 'null' }) },
  password: { operationId: 'auth.password', tags: TAGS, response: answers(loginInfoSchema, 'forbidden') },
  permissions: { operationId: 'auth.permissions', tags: TAGS, response: answers(arrayOf(permissionEntrySchema)) },
} as const;
