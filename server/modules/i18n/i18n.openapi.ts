import { LOCALES } from '../../../resources/messages/bilingual';
import { answers, arrayOf, objectOf, oneOf } from '../../http/openapi.schemas';

/** The OpenAPI description of the translation routes (i18n.routes.ts). */

const TAGS = ['i18n'];

export const i18nDocs = {
  gets: {
    operationId: 'i18n.gets',
    tags: TAGS,
    response: answers({ type: 'object', additionalProperties: { type: 'string' }, description: 'Message key -> text in the locale' }),
  },
  names: {
    operationId: 'i18n.names',
    tags: TAGS,
    response: answers(arrayOf(objectOf({ locale: oneOf(LOCALES), name: { type: 'string', description: 'The language named in itself' } }))),
  },
} as const;
