import { LOCALES } from '../../../resources/messages/bilingual';
import { answers, arrayOf, objectOf, oneOf, type JsonSchema } from '../../http/openapi.schemas';

/** The OpenAPI description of the translation routes (i18n.routes.ts). */

const TAGS = ['i18n'];

export const i18nDocs = {
  gets: {
    operationId: 'i18n.gets',
    tags: TAGS,
    response: {
      ...answers({ type: 'object', additionalProperties: { type: 'string' }, description: 'Message key -> text in the locale' }),
      304: { description: 'Not modified: `If-None-Match` named the current ETag; no body, the client keeps its copy' },
    } as Record<string, JsonSchema>,
  },
  names: {
    operationId: 'i18n.names',
    tags: TAGS,
    response: answers(arrayOf(objectOf({ locale: oneOf(LOCALES), name: { type: 'string', description: 'The language named in itself' } }))),
  },
} as const;
