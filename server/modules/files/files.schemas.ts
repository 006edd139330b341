/** JSON schemas of the file-centre routes; they validate input and feed the OpenAPI document. */
import { FILE_DIRECTIONS, FILE_MODULES, FILE_TASK_STATES } from '../../../resources/contract/file-task.types';

const TAGS = ['files'];

const stringList = (values: readonly string[]) => ({
  type: 'array',
  items: { type: 'string', enum: [...values] },
  maxItems: values.length,
});

export const queryTasksSchema = {
  tags: TAGS,
  summary: "The caller's own file tasks, newest first",
  body: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      filters: {
        type: 'object',
        additionalProperties: false,
        properties: {
          module: stringList(FILE_MODULES),
          direction: stringList(FILE_DIRECTIONS),
          state: stringList(FILE_TASK_STATES),
        },
      },
    },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

export const taskInfoSchema = { tags: TAGS, summary: 'One own file task', params: idParams } as const;

export const downloadSchema = {
  tags: TAGS,
  summary: "The task's produced file: the export, or an import's error report (.xlsx)",
  params: idParams,
} as const;

/** The list's query: the same {filters, sorters, keyword} as POST /v1/<resource>/query. */
export const exportSchema = {
  tags: TAGS,
  summary: 'Start exporting the records that match the query to an .xlsx file; answers {taskId}',
  body: {
    type: 'object',
    properties: {
      filters: { type: 'object' },
      sorters: { type: 'array', maxItems: 10, items: { type: 'object' } },
      keyword: { type: 'string', maxLength: 200 },
    },
  },
} as const;

export const importTemplateSchema = {
  summary: 'The .xlsx to fill in for an import: a header row naming every importable field (required ones marked *)',
} as const;

export const importSchema = {
  tags: TAGS,
  summary: 'Start importing an .xlsx file; body {fileName, content (base64)} or the raw workbook with ?fileName=; answers {taskId}',
  querystring: {
    type: 'object',
    properties: { fileName: { type: 'string', maxLength: 200 } },
  },
} as const;
