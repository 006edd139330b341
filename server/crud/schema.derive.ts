import type { FieldDef, ResourceDef, ScalarField, TreeField } from '../../resources/define';
import { isConditional } from '../../resources/field-rules';
import { INT4_MAX, INT4_MIN, NUMERIC_PRECISION, decimalsOf, needsBigint } from './column.derive';
import { DEFAULT_MAX_LENGTH } from './field.coerce';
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

/** The largest magnitude of a numeric(14, decimals) column, as a JSON number. */
function decimalBound(decimals: number): number {
  return Number(`${'9'.repeat(NUMERIC_PRECISION - decimals)}${decimals > 0 ? `.${'9'.repeat(decimals)}` : ''}`);
}

type Schema = Record<string, unknown>;

function scalarSchema(f: ScalarField | TreeField): Schema {
  const description = f.label[1];
  switch (f.kind) {
    case 'text':
    case 'longText':
      return {
        type: 'string',
        maxLength: f.maxLength ?? DEFAULT_MAX_LENGTH[f.kind],
        description: `${description} (no NUL, no lone surrogate)`,
      };
    case 'file':
      return { type: 'string', maxLength: DEFAULT_MAX_LENGTH.file, description: `${description} (stored file id)` };
    case 'integer': {
      const wide = needsBigint(f);
      return {
        type: 'integer',
        minimum: f.min ?? (wide ? -MAX_EXACT : INT4_MIN),
        maximum: f.max ?? (wide ? MAX_EXACT : INT4_MAX),
        description,
      };
    }
    case 'money':
    case 'decimal': {
      const bound = decimalBound(decimalsOf(f));
      return {
        type: 'number',
        description: `${description}; exact, at most ${decimalsOf(f)} decimals`,
        minimum: f.min ?? -bound,
        maximum: f.max !== undefined ? Math.min(f.max, bound) : bound,
      };
    }
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
      return f.multiple
        ? { type: 'array', items: ID_SCHEMA, description: `${description} (ids of ${f.resource})` }
        : { ...ID_SCHEMA, description: `${description} (id of ${f.resource})` };
    case 'tree':
      return { ...ID_SCHEMA, description: `${description} (parent id)` };
  }
}

function fieldSchema(f: FieldDef): Schema {
  if (f.kind !== 'lines') return scalarSchema(f);
  const properties = Object.fromEntries(Object.entries(f.fields).map(([k, lf]) => [k, scalarSchema(lf)]));
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
      .filter(([, f]) => f.kind !== 'lines' && f.filter)
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
