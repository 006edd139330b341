/** JSON schemas of the sign-in routes; they validate input and feed the OpenAPI document. */

const TAGS = ['auth'];

export const loginSchema = {
  tags: TAGS,
  summary: 'Sign in with merchant code, login and password; sets the session cookie',
  body: {
    type: 'object',
    required: ['tenant', 'login', 'password'],
    properties: {
      tenant: { type: 'string', minLength: 1, maxLength: 64, description: 'Merchant code' },
      login: { type: 'string', minLength: 1, maxLength: 64 },
      password: { type: 'string', minLength: 1, maxLength: 256 },
    },
  },
} as const;

export const changePasswordSchema = {
  tags: TAGS,
  summary: 'Change the own password (old password, or the reset token of a reset-only session)',
  body: {
    type: 'object',
    required: ['newPassword'],
    properties: {
      oldPassword: { type: 'string', maxLength: 256 },
      newPassword: { type: 'string', minLength: 1, maxLength: 256 },
      resetToken: { type: 'string', maxLength: 128 },
    },
  },
} as const;

export const currentSchema = { tags: TAGS, summary: 'Login info of the session, system config and usable marketing centres' } as const;
export const logoutSchema = { tags: TAGS, summary: 'End the session and clear the cookie' } as const;
export const permissionsSchema = { tags: TAGS, summary: "The caller's permissions: [{resourceId, actions, pageUrl}]" } as const;
