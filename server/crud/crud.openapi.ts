import type { FastifyInstance } from 'fastify';
import type { EnumField, FieldDef, ResourceDef, ScalarField, TreeField } from '../../resources/define';
import { centreKey } from '../../resources/define';
import { isConditional, isConditionalLineField } from '../../resources/field-rules';
import {
  answers,
  arrayOf,
  decimalNumber,
  nullable,
  objectOf,
  pageOf,
  ref,
  wire,
  type ErrorAnswerName,
  type JsonSchema,
} from '../http/openapi.schemas';
import { decimalsOf } from './column.derive';
import { camelCase } from './naming';
import { querySchema } from './schema.derive';

/**
 * The answers of a declared resource's routes, derived from its declaration like the routes
 * themselves (DESIGN.md §1): the record as `serializeRecord` writes it (one shared schema per
 * resource, `<Name>Record`), the page of a query, the state history, the picker options, and the
 * operation ids and tags of the OpenAPI document.
 *
 * Operation ids are `<resource in camelCase>.<operation>` (`brand.query`, `cardTemplate.enable`,
 * `levelValuateRule.save`): stable as long as the resource and the route keep their names.
 * Tags are the resource's menu group (`datum`, `member` …).
 */

/** The operations of the engine's routes (a state action is its own name). */
export type CrudOperation =
  'query' | 'info' | 'saveNew' | 'modify' | 'delete' | 'history' | 'options' | 'get' | 'save' | 'export' | 'import';

/** `card-template`, `enable` -> `cardTemplate.enable`. */
export function operationIdOf(resource: ResourceDef, operation: string): string {
  return `${camelCase(resource.name)}.${operation}`;
}

/** The document's tags of a resource's routes: its menu group. */
export function resourceTags(resource: ResourceDef): string[] {
  return [resource.route.group];
}

/** Name of the shared schema of a resource's record: `card-template` -> `CardTemplateRecord`. */
export function recordSchemaId(resource: ResourceDef): string {
  const camel = camelCase(resource.name);
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Record`;
}

function enumDescription(label: string, f: EnumField): string {
  const values = Object.entries(f.options).map(([value, option]) => `${value} = ${option.label[1]}`);
  return `${label}: ${values.join(', ')}`;
}

/** One value as `serializeRecord` writes it (record.serialize.ts). */
function valueSchema(f: ScalarField | TreeField): JsonSchema {
  const label = f.label[1];
  switch (f.kind) {
    case 'text':
    case 'longText':
      return { type: 'string', description: label };
    case 'file':
      return { type: 'string', description: `${label} (stored file id)` };
    case 'time':
      return { ...wire.time, description: `${label} (HH:mm)` };
    case 'integer':
      return { type: 'integer', description: label };
    case 'money':
      return { ...wire.money, description: `${label}; yuan, exact, at most 2 decimals` };
    case 'decimal':
      return decimalNumber(decimalsOf(f), `${label}; exact, at most ${decimalsOf(f)} decimals`);
    case 'boolean':
      return { type: 'boolean', description: label };
    case 'enum': {
      const one = { type: 'string', enum: Object.keys(f.options) };
      const description = enumDescription(label, f);
      return f.multiple ? { type: 'array', items: one, description } : { ...one, description };
    }
    case 'date':
      return { ...wire.date, description: `${label} (yyyy-MM-dd)` };
    case 'datetime':
      return { ...wire.dateTime, description: `${label} (yyyy-MM-dd HH:mm:ss in the time_zone header's zone)` };
    case 'dateRange':
      return { type: 'array', items: wire.date, minItems: 2, maxItems: 2, description: `${label} ([from, to], yyyy-MM-dd)` };
    case 'weekdays':
      return { type: 'array', items: { type: 'integer', minimum: 1, maximum: 7 }, description: `${label} (1 = Monday … 7 = Sunday)` };
    case 'relation':
      return f.multiple
        ? { type: 'array', items: { type: 'integer' }, description: `${label} (ids of ${f.resource})` }
        : { type: 'integer', description: `${label} (id of ${f.resource})` };
    case 'tree':
      return { type: 'integer', description: `${label} (parent id)` };
  }
}

/**
 * Whether a field of a record may be null. A required field is NOT NULL in its table; a
 * settings object answers its declared defaults before the first save, so there a required
 * field without a default may still be empty.
 */
function mayBeNull(resource: ResourceDef, name: string, f: FieldDef): boolean {
  // A conditional field is stored as null while it does not apply (resources/field-rules.ts).
  if (!f.required || isConditional(resource, name)) return true;
  return resource.singleton !== undefined && (f.defaultValue === undefined || f.defaultValue === null);
}

function fieldSchema(resource: ResourceDef, name: string, f: FieldDef): JsonSchema {
  if (f.kind === 'lines') {
    const properties: Record<string, JsonSchema> = { lineNo: { type: 'integer', minimum: 1 } };
    for (const [inner, lf] of Object.entries(f.fields))
      properties[inner] = lf.required && !isConditionalLineField(lf) ? valueSchema(lf) : nullable(valueSchema(lf));
    return {
      ...arrayOf(objectOf(properties)),
      description: `${f.label[1]} (only when the record is read alone: info, saveNew, modify, actions)`,
    };
  }
  const schema = valueSchema(f);
  return mayBeNull(resource, name, f) ? nullable(schema) : schema;
}

/** The shared schema of a resource's record, exactly the properties `serializeRecord` writes. */
export function recordComponent(resource: ResourceDef): JsonSchema {
  const settings = resource.singleton !== undefined;
  const instant = settings ? nullable(wire.dateTime) : wire.dateTime;
  const properties: Record<string, JsonSchema> = {
    id: settings ? nullable({ type: 'integer', description: 'null until the settings are first saved' }) : { type: 'integer' },
  };
  if (centreKey(resource) !== null)
    properties.marketingCenterId = nullable({ type: 'integer', description: 'The marketing centre of the record' });
  const lines: string[] = [];
  for (const [name, f] of Object.entries(resource.fields)) {
    properties[name] = fieldSchema(resource, name, f);
    if (f.kind === 'lines') lines.push(name);
  }
  properties.version = { type: 'integer', minimum: 0, description: 'Optimistic version: send it back with modify / save' };
  properties.createdAt = instant;
  properties.updatedAt = instant;
  properties.createdBy = nullable({ type: 'integer', description: 'User id' });
  properties.updatedBy = nullable({ type: 'integer', description: 'User id' });
  return {
    $id: recordSchemaId(resource),
    ...objectOf(properties, { optional: lines }),
    description: `${resource.title[1]} (${resource.title[0]}), as the API answers it`,
  };
}

/** One row of a record's state history (state-history.ts). */
const STATE_CHANGE_ID = 'StateChange';
const stateChangeComponent: JsonSchema = {
  $id: STATE_CHANGE_ID,
  ...objectOf({
    id: { type: 'integer' },
    action: { type: 'string', description: 'The state action' },
    from: { type: 'string' },
    to: { type: 'string' },
    reason: nullable({ type: 'string' }),
    userId: nullable({ type: 'integer' }),
    userName: nullable({ type: 'string' }),
    at: nullable(wire.dateTime),
  }),
  description: 'One state change of a record',
};

/** One value a filter compares with (query.filters.ts): a multiple field by its single values. */
function filterValue(f: ScalarField | TreeField): JsonSchema {
  switch (f.kind) {
    case 'integer':
    case 'relation':
    case 'tree':
      return { type: 'integer' };
    case 'weekdays':
      return { type: 'integer', minimum: 1, maximum: 7 };
    case 'money':
    case 'decimal':
      return { type: ['number', 'string'], description: 'A number or a decimal string' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: Object.keys(f.options) };
    case 'date':
    case 'dateRange':
      return wire.date;
    case 'datetime':
      return { type: 'string', description: 'yyyy-MM-dd HH:mm:ss, or a date (as the end of a range: that whole day)' };
    default:
      return { type: 'string' };
  }
}

/** A filter's value in its declared mode; null or empty is no filter. */
function filterSchema(f: ScalarField | TreeField): JsonSchema {
  const value = filterValue(f);
  const description = `${f.label[1]}: ${f.filter}`;
  switch (f.filter) {
    case 'contains':
    case 'prefix':
      return nullable({ type: 'string', description });
    case 'range':
      return nullable({
        type: 'array',
        items: nullable(value),
        minItems: 2,
        maxItems: 2,
        description: `${description} [from, to], either may be null`,
      });
    case 'in':
      return nullable({ ...arrayOf(value), description });
    default:
      return nullable({ ...value, description });
  }
}

/** The query body (schema.derive.ts) with each filter's value typed by its mode. */
export function typedQuerySchema(resource: ResourceDef): JsonSchema {
  const body = querySchema(resource) as { properties: Record<string, JsonSchema> };
  const filters: Record<string, JsonSchema> = {};
  for (const [name, f] of Object.entries(resource.fields)) {
    if (f.kind !== 'lines' && f.filter) filters[name] = filterSchema(f);
  }
  return { ...body, properties: { ...body.properties, filters: { ...body.properties.filters, properties: filters } } };
}

/** Registers the shared schemas of a resource's answers in the routes' context. */
export function addRecordSchemas(app: FastifyInstance, resource: ResourceDef): void {
  if (!app.getSchema(STATE_CHANGE_ID)) app.addSchema(stateChangeComponent);
  app.addSchema(recordComponent(resource));
}

/** `totals` of a query answer, for a resource that declares `list.totals`. */
function totalsSchema(resource: ResourceDef): Record<string, JsonSchema> {
  const names = resource.list.totals ?? [];
  if (names.length === 0) return {};
  return {
    totals: objectOf(
      Object.fromEntries(names.map((name) => [name, { type: 'number', description: `Sum of ${name} over the whole filtered set` }])),
      { description: 'Sums of the declared totals over every matching record (the list shows them as its totals row)' },
    ),
  };
}

/** The `data` of each operation, and the errors beyond those its access implies. */
function answerOf(resource: ResourceDef, operation: string): { data: JsonSchema; errors: ErrorAnswerName[] } {
  const record = ref(recordSchemaId(resource));
  switch (operation) {
    case 'query':
      return {
        data: pageOf(record, {
          totalIsEstimate: { type: 'boolean', description: "total is the planner's estimate (more than 10 000 matches)" },
          nextCursor: nullable({ type: 'string', description: 'Send as cursor for the next page (keyset paging); null on the last page' }),
          ...totalsSchema(resource),
        }),
        errors: [],
      };
    case 'info':
      return { data: record, errors: ['notFound'] };
    case 'saveNew':
    case 'get':
      return { data: record, errors: [] };
    case 'modify':
      return { data: record, errors: ['notFound', 'conflict'] };
    case 'save':
      return { data: record, errors: ['conflict'] };
    case 'delete':
      return { data: { type: 'null' }, errors: ['notFound', 'conflict'] };
    case 'history':
      return { data: arrayOf(ref(STATE_CHANGE_ID), 'Newest first'), errors: ['notFound'] };
    case 'options':
      return { data: arrayOf(objectOf({ id: { type: 'integer' }, title: { type: 'string' } })), errors: [] };
    case 'export':
    case 'import':
      return { data: objectOf({ taskId: { type: 'integer', description: 'The file task (GET /v1/file-task/info/{id})' } }), errors: [] };
    default:
      // A state action answers the record in its new state.
      return { data: record, errors: ['notFound', 'conflict'] };
  }
}

/**
 * The document part of a route's schema: operation id and responses (tags: {@link resourceTags}). `operation` is a
 * {@link CrudOperation} or a state action's name.
 */
export function crudDocs(
  resource: ResourceDef,
  operation: CrudOperation | (string & {}),
): {
  operationId: string;
  response: Record<string, JsonSchema>;
} {
  const { data, errors } = answerOf(resource, operation);
  return { operationId: operationIdOf(resource, operation), response: answers(data, ...errors) };
}
