import type { EnumField, ResourceDef } from '../../../resources/define';
import { levelResource } from '../../../resources/member/level.resource';
import { memberResource } from '../../../resources/member/member.resource';
import { operationIdOf, resourceTags } from '../../crud/crud.openapi';
import { answers, arrayOf, decimalNumber, nullable, objectOf, oneOf, wire } from '../../http/openapi.schemas';
import { eventActivitiesSchema } from '../activities/events/events.openapi';

/**
 * The OpenAPI description of the member module's routes beyond CRUD: the overview
 * (member-overview.routes.ts) and each member view's growth route (member.hooks.ts).
 */

const count = { type: 'integer', minimum: 0 } as const;

/** The member states, lower case (the overview counts a capitalised variant with its state). */
const memberStates = [...new Set(Object.keys((memberResource.fields.state as EnumField).options).map((s) => s.toLowerCase()))];

export const memberOverviewDocs = {
  operationId: 'member.overview',
  tags: ['member'],
  response: answers(
    objectOf({
      total: count,
      byState: arrayOf(objectOf({ state: oneOf(memberStates, 'Member state, lower case (capitalised variants counted with it)'), count })),
      byLevel: arrayOf(objectOf({ levelId: nullable({ type: 'integer' }), levelName: nullable({ type: 'string' }), count })),
      daily: arrayOf(objectOf({ date: wire.date, count }), 'New members per day, last 30 days'),
      newInPeriod: count,
      topStores: arrayOf(objectOf({ storeId: nullable({ type: 'integer' }), storeName: nullable({ type: 'string' }), count })),
    }),
  ),
} as const;

const level = objectOf({
  id: { type: 'integer' },
  name: { type: 'string' },
  levelType: oneOf(Object.keys((levelResource.fields.levelType as EnumField).options)),
  rankOrder: { type: 'integer' },
  growthThreshold: nullable({ type: 'integer' }),
  pointsMultiplier: nullable(decimalNumber(2, 'Points multiplier')),
  discount: nullable(decimalNumber(2, 'Member discount (0.95 = 5% off)')),
});

/** The document part of a member view's growth route. */
export function growthDocs(resource: ResourceDef) {
  return {
    operationId: operationIdOf(resource, 'growth'),
    tags: resourceTags(resource),
    response: answers(
      objectOf({
        growthValue: { type: 'integer' },
        level: nullable(level),
        nextLevel: nullable({ ...level, description: 'The lowest enabled free level above the growth value; null at the top' }),
        toNext: nullable({ type: 'integer', description: 'Growth value still needed to reach nextLevel' }),
      }),
      'notFound',
    ),
  };
}

/** `POST /v1/members/activation` (member-activation.routes.ts). */
export const activationDocs = {
  operationId: 'member.activation',
  tags: ['member'],
  summary: 'Activate a member who registered but has not activated the card; the activation gifts fire',
  response: answers(
    objectOf({
      memberId: { type: 'integer' },
      state: { type: 'string', description: 'The member state after activation (using)' },
      activities: eventActivitiesSchema,
    }),
    'badInput',
    'notFound',
    'conflict',
  ),
} as const;
