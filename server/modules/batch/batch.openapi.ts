import { batchOperateResource, LINE_RESULTS } from '../../../resources/member/batch-operate.resource';
import type { EnumField, ResourceDef } from '../../../resources/define';
import { operationIdOf, resourceTags } from '../../crud/crud.openapi';
import { answers, arrayOf, nullable, objectOf, oneOf, type JsonSchema } from '../../http/openapi.schemas';
import { workbookAnswer, workbookUpload } from '../files/files.openapi';

/**
 * The OpenAPI description of the batch operation documents' extra routes (batch.routes.ts),
 * named like the resource's own operations (`batchOperate.results` …).
 */

const count = { type: 'integer', minimum: 0 } as const;

const progress = objectOf({
  state: oneOf(Object.keys((batchOperateResource.fields.state as EnumField).options), "The document's state"),
  memberCount: count,
  processedCount: count,
  succeededCount: count,
  failedCount: count,
});

const resultRow = objectOf({
  lineNo: { type: 'integer' },
  memberId: { type: 'integer' },
  memberNumber: nullable({ type: 'string' }),
  name: nullable({ type: 'string' }),
  mobile: nullable({ type: 'string' }),
  result: oneOf(LINE_RESULTS),
  message: nullable({ type: 'string', description: "In the reader's language; null for a plain success or a pending line" }),
});

const results = objectOf({
  progress,
  counts: objectOf(Object.fromEntries(LINE_RESULTS.map((r) => [r, count])), { description: 'Lines per result' }),
  total: count,
  records: arrayOf(resultRow),
});

const imported = objectOf({
  fileName: { type: 'string' },
  members: arrayOf(
    objectOf({ id: { type: 'integer' }, memberNumber: { type: 'string' }, name: { type: 'string' }, mobile: { type: 'string' } }),
    'File order, once each',
  ),
  unknown: arrayOf(objectOf({ row: { type: 'integer' }, value: { type: 'string' } }), 'Values no member has'),
});

/** The document part of each extra route of a batch resource. */
export function batchDocs(resource: ResourceDef): Record<
  'results' | 'exportResults' | 'importMembers',
  {
    operationId: string;
    tags: string[];
    response: Record<string, JsonSchema>;
    body?: JsonSchema;
  }
> {
  const tags = resourceTags(resource);
  return {
    results: { operationId: operationIdOf(resource, 'results'), tags, response: answers(results, 'notFound') },
    exportResults: {
      operationId: operationIdOf(resource, 'exportResults'),
      tags,
      response: { ...answers({}, 'notFound'), 200: workbookAnswer },
    },
    importMembers: { operationId: operationIdOf(resource, 'importMembers'), tags, body: workbookUpload, response: answers(imported) },
  };
}
