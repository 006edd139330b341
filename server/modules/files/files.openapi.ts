import { answers, nullable, objectOf, oneOf, pageOf, wire, type JsonSchema } from '../../http/openapi.schemas';
import { FILE_DIRECTIONS, FILE_MODULES, FILE_TASK_STATES } from '../../../resources/contract/file-task.types';

/**
 * The OpenAPI description of the file centre's routes (file-task.routes.ts): operation ids
 * `fileTask.<operation>`, the `files` tag, the answers. The export and import routes of each
 * resource are described with the resource's own routes (crud.openapi.ts).
 */

const TAGS = ['files'];

/** MIME type of an .xlsx workbook. */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A 200 answer that is an .xlsx file rather than the JSON envelope. */
export const workbookAnswer: JsonSchema = {
  description: 'The .xlsx workbook (Content-Disposition: attachment with its name)',
  content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } },
};

/** A file task as file-task.types.ts `FileTaskView` describes it. */
const task = objectOf(
  {
    id: { type: 'integer' },
    module: oneOf(FILE_MODULES, 'File-centre module (§4 scheduled file modules)'),
    direction: oneOf(FILE_DIRECTIONS),
    resource: { type: 'string', description: 'API name of the declared resource' },
    state: oneOf(FILE_TASK_STATES, 'queued -> running -> succeeded | failed'),
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    total: { type: 'integer' },
    processed: { type: 'integer' },
    failed: { type: 'integer' },
    fileName: { type: 'string' },
    outputName: nullable({ type: 'string', description: 'Name of the downloadable file; null = nothing to download' }),
    error: nullable({ type: 'string', description: 'Localized failure; null unless failed' }),
    problems: nullable({
      type: 'array',
      description: "A refused import's first report lines (the downloadable report holds them all); null otherwise",
      items: objectOf({ row: { type: 'integer' }, field: { type: 'string' }, message: { type: 'string' } }),
    }),
    createdAt: wire.dateTime,
    finishedAt: nullable(wire.dateTime),
  },
  { description: 'A file task' },
);

/**
 * The body of an upload: a JSON `{ fileName, content }` with the workbook in base64, or the
 * workbook itself (with `?fileName=`). Only the JSON form is checked by Fastify; the raw forms
 * accept any bytes and are checked by the route (empty, too large, not an .xlsx -> 400).
 */
export const workbookUpload: JsonSchema = {
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          fileName: { type: 'string', maxLength: 200, description: 'Name of the uploaded file' },
          content: { type: 'string', description: 'The .xlsx workbook, base64' },
        },
      },
    },
    // contentEncoding, not `type: string`: Fastify checks this schema against the Buffer it parsed.
    [XLSX]: { schema: { contentEncoding: 'binary', description: 'The .xlsx workbook itself' } },
    'application/octet-stream': { schema: { contentEncoding: 'binary', description: 'The .xlsx workbook itself' } },
  },
};

export const filesDocs = {
  query: { operationId: 'fileTask.query', tags: TAGS, response: answers(pageOf(task)) },
  info: { operationId: 'fileTask.info', tags: TAGS, response: answers(task, 'notFound') },
  download: { operationId: 'fileTask.download', tags: TAGS, response: { ...answers({}, 'notFound'), 200: workbookAnswer } },
} as const;
