import type { ResourceDef } from '../../../resources/define';
import { customerGroupResource } from '../../../resources/promotion/customer-group.resource';
import { memberTagResource } from '../../../resources/promotion/member-tag.resource';
import { operationIdOf, resourceTags } from '../../crud/crud.openapi';
import { answers, arrayOf, nullable, objectOf, type JsonSchema, type RouteDocs } from '../../http/openapi.schemas';

/** The OpenAPI description of the tag and group routes beyond CRUD (audience.routes.ts). */

const doc = (resource: ResourceDef, name: string, summary: string, data: JsonSchema): RouteDocs => ({
  operationId: operationIdOf(resource, name),
  tags: resourceTags(resource),
  summary,
  response: answers(data, 'badInput', 'forbidden', 'notFound'),
});

/** A computation run now (no queue) answers its result; queued, `queued: true` and no count yet. */
const computed = objectOf({ queued: { type: 'boolean' }, memberCount: nullable({ type: 'integer' }) });

export const audienceDocs = {
  import: doc(
    customerGroupResource,
    'import',
    'Import a static customer group from member numbers or mobiles, one per line: the group, and a report of the lines that added no member',
    objectOf({
      id: { type: 'integer' },
      lines: { type: 'integer' },
      added: { type: 'integer' },
      problemCount: { type: 'integer' },
      problems: arrayOf(
        objectOf({
          lineNo: { type: 'integer' },
          value: { type: 'string' },
          reason: { type: 'string', enum: ['notFound', 'duplicate', 'tooLong'] },
        }),
      ),
    }),
  ),
  sheetLines: doc(
    customerGroupResource,
    'sheetLines',
    "The member numbers or mobiles of a workbook's first column (.xlsx sent as {fileName, content} base64), one line each, for the import's list",
    objectOf({ lines: arrayOf({ type: 'string' }) }),
  ),
  recompute: doc(
    memberTagResource,
    'recompute',
    'Recompute a system tag in the background (its rule never removes a tag a person put on)',
    computed,
  ),
  count: doc(
    customerGroupResource,
    'count',
    "Count a group's members exactly in the background; the count and its time land on the group",
    computed,
  ),
  estimate: doc(
    customerGroupResource,
    'estimate',
    "The planner's estimate of the members a condition tree selects, at once (not exact)",
    objectOf({ estimate: { type: 'integer' } }),
  ),
  members: doc(
    customerGroupResource,
    'members',
    "One page of a group's members, newest first; total is the group's last exact count",
    objectOf({
      total: nullable({ type: 'integer' }),
      records: arrayOf(
        objectOf({ id: { type: 'integer' }, memberNumber: { type: 'string' }, name: { type: 'string' }, mobile: { type: 'string' } }),
      ),
    }),
  ),
};
