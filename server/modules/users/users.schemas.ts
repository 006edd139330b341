import { USER_SORT_FIELDS } from './users.store';

/** JSON schemas of the user screen's API; they validate input and document it at /loyalty/docs. */

const TAGS = ['user'];
const id = { type: 'integer', minimum: 1 } as const;
const idQuery = { type: 'object', required: ['id'], properties: { id } } as const;
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

const editable = {
  name: { type: 'string', minLength: 1, maxLength: 50 },
  mobile: { type: ['string', 'null'], maxLength: 20, pattern: '^$|^[0-9+\\- ]{5,20}$' },
  email: { ...optionalText(100), pattern: '^$|^[^@\\s]+@[^@\\s]+$' },
  roleIds: { type: 'array', items: id, maxItems: 100 },
  marketingCenterIds: { type: ['array', 'null'], items: id, maxItems: 1000 },
} as const;

export const queryUsersSchema = {
  tags: TAGS,
  summary: 'One page of users: {total, records}',
  body: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
      filters: {
        type: 'object',
        properties: { keyword: { type: 'string', maxLength: 100 }, enabled: { type: 'boolean' } },
        default: {},
      },
      sorters: {
        type: 'array',
        maxItems: 5,
        items: {
          type: 'object',
          required: ['field', 'order'],
          properties: { field: { type: 'string', enum: USER_SORT_FIELDS }, order: { type: 'string', enum: ['asc', 'desc'] } },
        },
        default: [],
      },
    },
  },
} as const;

export const userInfoSchema = {
  tags: TAGS,
  summary: 'One user',
  params: { type: 'object', required: ['id'], properties: { id } },
} as const;

export const saveNewUserSchema = {
  tags: TAGS,
  summary: 'Create a user with an initial password and roles',
  body: {
    type: 'object',
    required: ['login', 'name', 'password'],
    properties: {
      login: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' },
      password: { type: 'string', minLength: 1, maxLength: 256 },
      ...editable,
    },
  },
} as const;

export const modifyUserSchema = {
  tags: TAGS,
  summary: 'Change a user (optimistic version; 409 when stale)',
  body: {
    type: 'object',
    required: ['id', 'name', 'version'],
    properties: { id, version: { type: 'integer', minimum: 1 }, ...editable },
  },
} as const;

export const userActionSchema = (summary: string) => ({ tags: TAGS, summary, querystring: idQuery }) as const;

export const resetPasswordSchema = {
  tags: TAGS,
  summary: 'Set a new password the user must change at next sign-in; ends their sessions',
  querystring: idQuery,
  body: { type: 'object', required: ['newPassword'], properties: { newPassword: { type: 'string', minLength: 1, maxLength: 256 } } },
} as const;
