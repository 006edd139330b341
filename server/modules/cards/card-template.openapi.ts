import { crudDocs, operationIdOf, resourceTags } from '../../crud/crud.openapi';
import { answers } from '../../http/openapi.schemas';
import { cardTemplateResource } from '../../../resources/deposit/card-template.resource';

/** The OpenAPI description of the card template's extra routes (card-template.hooks.ts). */

const tags = resourceTags(cardTemplateResource);

export const cardTemplateDocs = {
  allocateTemplateNumber: {
    operationId: operationIdOf(cardTemplateResource, 'allocateTemplateNumber'),
    tags,
    summary: 'Hand out the next card template number (CT + 8 digits)',
    response: answers({ type: 'string', pattern: '^CT\\d{8}$', description: 'The number' }),
  },
  infoByNumber: {
    ...crudDocs(cardTemplateResource, 'info'),
    operationId: operationIdOf(cardTemplateResource, 'infoByNumber'),
    tags,
    summary: 'One card template by its number',
  },
} as const;
