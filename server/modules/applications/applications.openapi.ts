import { applicationResource } from '../../../resources/setting/application.resource';
import { operationIdOf, resourceTags } from '../../crud/crud.openapi';
import {
  answers,
  arrayOf,
  nullable,
  objectOf,
  oneOf,
  wire,
  type ErrorAnswerName,
  type JsonSchema,
  type RouteDocs,
} from '../../http/openapi.schemas';
import { MAX_OVERLAP_HOURS } from './application-keys.store';

/**
 * The OpenAPI description of an application's keys (applications.routes.ts): operation ids
 * `application.<operation>`, the settings group's tag.
 */

const tags = resourceTags(applicationResource);

const doc = (name: string, summary: string, data: JsonSchema, ...errors: ErrorAnswerName[]): RouteDocs => ({
  operationId: operationIdOf(applicationResource, name),
  tags,
  summary,
  response: answers(data, 'badInput', 'forbidden', 'notFound', ...errors),
});

const prefix = { type: 'string', description: 'The key’s first characters (lk_ and 8 more): tells keys apart, cannot be used as one' };

const keyView = objectOf({
  prefix,
  createdAt: wire.dateTime,
  createdBy: nullable({ type: 'string', description: 'Who issued it' }),
  expiresAt: nullable({ ...wire.dateTime, description: 'Works until then (a rotated key’s overlap); null: no end' }),
  revokedAt: nullable(wire.dateTime),
  revokedBy: nullable({ type: 'string' }),
  state: oneOf(['ACTIVE', 'EXPIRING', 'EXPIRED', 'REVOKED'], 'ACTIVE: no end; EXPIRING: works until expiresAt'),
});

const issued = objectOf({
  key: { type: 'string', description: 'The key, shown this once: send it in the X-Api-Key header. Only its hash is kept.' },
  prefix,
  replaced: { type: 'integer', minimum: 0, description: 'Keys that now end after the overlap' },
});

export const idQuery = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: wire.id } } as const;

export const issueBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    overlapHours: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_OVERLAP_HOURS,
      default: 24,
      description: 'How long the application’s other keys keep working (0: they end now)',
    },
  },
} as const;

export const revokeBody = {
  type: 'object',
  required: ['prefix'],
  additionalProperties: false,
  properties: { prefix: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;

export const applicationDocs = {
  keys: doc('keys', 'The application’s keys, newest first (never the keys themselves)', arrayOf(keyView)),
  issueKey: doc('issueKey', 'Issue a key; answers it this once. The other keys keep working for the overlap', issued),
  revokeKey: doc('revokeKey', 'Revoke a key at once, in every server process', objectOf({ revoked: { type: 'boolean' } })),
};
