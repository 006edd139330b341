import type { FieldDef, ResourceDef, ScalarField, TreeField } from '../../resources/define';
import { isConditional } from '../../resources/field-rules';
import { decimalsOf } from './column.derive';
import { DEFAULT_MAX_LENGTH } from './field.coerce';
import { isClientWritable } from './record.validate';
import { MAX_PAGE_SIZE } from './query.builder';

/**
 * JSON schemas of a resource's request bodies, for the OpenAPI document at /loyalty/docs.
 * They describe; the semantic validator (record.validate.ts) decides, because it gives
 * per-field messages with the field's localized label and keeps money exact (a schema-driven
 * coercion would turn "12.50" into a float).
 */

type Schema = Record<string, unknown>;

function scalarSchema(f: ScalarField | TreeField): Schema {
  const description = f.label[1];
  switch (f.kind) {
    case 'text':
    case 'longText':
      return { type: 'string', maxLength: f.maxLength ?? DEFAULT_MAX_LENGTH[f.kind], description };
    case 'file':
      return { type: 'string', description: `${description} (stored file id)` };
    case 'integer':
      return { type: 'integer', ...(f.min !== undefined ? { minimum: f.min } : {}), ...(f.max !== undefined ? { maximum: f.max } : {}), description };
    case 'money':
    case 'decimal':
      return {
        type: 'number', description: `${description}; exact, at most ${decimalsOf(f)} decimals`,
        ...(f.min !== undefined ? { minimum: f.min } : {}), ...(f.max !== undefined ? { maximum: f.max } : {}),
      };
    case 'boolean':
      return { type: 'boolean', description };
    case 'enum': {
      const one = { type: 'string', enum: Object.keys(f.options) };
      return f.multiple ? { type: 'array', items: one, description } : { ...one, description };
    }
    case 'date':
      return { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${description} (yyyy-MM-dd)` };
    case 'datetime':
      return { type: 'string', description: `${description} (yyyy-MM-dd HH:mm:ss in the time_zone header's zone)` };
    case 'dateRange':
      return { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2, description: `${description} ([from, to], yyyy-MM-dd)` };
    case 'time':
      return { type: 'string', pattern: '^\\d{2}:\\d{2}$', description: `${description} (HH:mm)` };
    case 'weekdays':
      return { type: 'array', items: { type: 'integer', minimum: 1, maximum: 7 }, description: `${description} (1 = Monday … 7 = Sunday)` };
    case 'relation':
      return f.multiple ? { type: 'array', items: { type: 'integer' }, description: `${description} (ids of ${f.resource})` } : { type: 'integer', description: `${description} (id of ${f.resource})` };
    case 'tree':
      return { type: 'integer', description: `${description} (parent id)` };
  }
}

function fieldSchema(f: FieldDef): Schema {
  if (f.kind !== 'lines') return scalarSchema(f);
  const properties = Object.fromEntries(Object.entries(f.fields).map(([k, lf]) => [k, scalarSchema(lf)]));
  return { type: 'array', maxItems: f.maxLines ?? 1000, items: { type: 'object', properties }, description: f.label[1] };
}

function writableProperties(resource: ResourceDef): Schema {
  return Object.fromEntries(Object.entries(resource.fields)
    .filter(([name, f]) => isClientWritable(resource, name, f))
    .map(([name, f]) => [name, fieldSchema(f)]));
}

/** The saveNew body. */
export function saveNewSchema(resource: ResourceDef): Schema {
  const required = Object.entries(resource.fields)
    .filter(([name, f]) => f.required && f.defaultValue === undefined && isClientWritable(resource, name, f) && !isConditional(resource, name))
    .map(([name]) => name);
  return { type: 'object', properties: writableProperties(resource), ...(required.length ? { required } : {}) };
}

/** The modify body: id and version, and the fields that change. */
export function modifySchema(resource: ResourceDef): Schema {
  return {
    type: 'object',
    required: ['id', 'version'],
    properties: { id: { type: 'integer' }, version: { type: 'integer', description: 'Version read with the record' }, ...writableProperties(resource) },
  };
}

/** The query body. */
export function querySchema(resource: ResourceDef): Schema {
  const filters = Object.fromEntries(Object.entries(resource.fields)
    .filter(([, f]) => f.kind !== 'lines' && f.filter)
    .map(([name, f]) => [name, { description: `${f.label[1]}: ${f.filter}` }]));
  const sortable = Object.entries(resource.fields).filter(([, f]) => f.sortable).map(([name]) => name);
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: resource.list.pageSize ?? 20 },
      cursor: { type: 'string', description: 'nextCursor of the previous page (keyset paging); replaces page' },
      keyword: { type: 'string', maxLength: 100 },
      filters: { type: 'object', properties: filters, description: 'eq: value; contains/prefix: text; range: [from, to]; in: [values]' },
      sorters: {
        type: 'array', maxItems: 3,
        items: { type: 'object', properties: { field: { type: 'string', enum: [...new Set([...sortable, resource.list.defaultSort.field, 'id', 'createdAt', 'updatedAt'])] }, order: { type: 'string', enum: ['asc', 'desc'] } } },
      },
    },
  };
}
