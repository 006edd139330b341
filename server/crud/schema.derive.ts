import type { FieldDef, ResourceDef } from '../../resources/define';
import { isConditional } from '../../resources/field-rules';
import { INT4_MAX } from './column.derive';
import { isFilterable, kindOf } from './field-kinds';
import { isClientWritable } from './record.validate';
import { MAX_PAGE_SIZE } from './query.builder';
import { MAX_EXACT, MAX_PAGE } from '../http/input-guard';

/**
 * JSON schemas of a resource's request bodies, for the OpenAPI document at /loyalty/docs.
 * They describe; the semantic validator (record.validate.ts) decides, because it gives
 * per-field messages with the field's localized label and keeps money exact (a schema-driven
 * coercion would turn "12.50" into a float). They state the same bounds the validator holds:
 * an integer's declared range (else its column's: int4, or ±(2^53 − 1) for a bigint), a
 * decimal's numeric(14, d) range, ids from 1; text never holds NUL or a lone surrogate.
 */

/** Ids are positive and exact. */
const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: MAX_EXACT } as const;

type Schema = Record<string, unknown>;

/** A field's value in a body: its kind's schema (field-kinds/*.kind.ts); top-level lines as rows of line fields. */
function fieldSchema(f: FieldDef): Schema {
  if (f.kind !== 'lines') return kindOf(f).bodySchema(f);
  const properties = Object.fromEntries(Object.entries(f.fields).map(([k, lf]) => [k, kindOf(lf).bodySchema(lf)]));
  return { type: 'array', maxItems: f.maxLines ?? 1000, items: { type: 'object', properties }, description: f.label[1] };
}

function writableProperties(resource: ResourceDef): Schema {
  return Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([name, f]) => isClientWritable(resource, name, f))
      .map(([name, f]) => [name, fieldSchema(f)]),
  );
}

/** The saveNew body. */
export function saveNewSchema(resource: ResourceDef): Schema {
  const required = Object.entries(resource.fields)
    .filter(
      ([name, f]) => f.required && f.defaultValue === undefined && isClientWritable(resource, name, f) && !isConditional(resource, name),
    )
    .map(([name]) => name);
  return { type: 'object', properties: writableProperties(resource), ...(required.length ? { required } : {}) };
}

/** The modify body: id and version, and the fields that change. */
export function modifySchema(resource: ResourceDef): Schema {
  return {
    type: 'object',
    required: ['id', 'version'],
    properties: {
      id: ID_SCHEMA,
      version: { type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'Version read with the record' },
      ...writableProperties(resource),
    },
  };
}

/** The query body. */
export function querySchema(resource: ResourceDef): Schema {
  const filters = Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([, f]) => f.filter && isFilterable(f))
      .map(([name, f]) => [name, { description: `${f.label[1]}: ${f.filter}` }]),
  );
  const sortable = Object.entries(resource.fields)
    .filter(([, f]) => f.sortable)
    .map(([name]) => name);
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: resource.list.pageSize ?? 20 },
      cursor: { type: 'string', description: 'nextCursor of the previous page (keyset paging); replaces page' },
      keyword: { type: 'string', maxLength: 100 },
      filters: { type: 'object', properties: filters, description: 'eq: value; contains/prefix: text; range: [from, to]; in: [values]' },
      sorters: {
        type: 'array',
        maxItems: 3,
        items: {
          type: 'object',
          properties: {
            field: { type: 'string', enum: [...new Set([...sortable, resource.list.defaultSort.field, 'id', 'createdAt', 'updatedAt'])] },
            order: { type: 'string', enum: ['asc', 'desc'] },
          },
        },
      },
    },
  };
}
