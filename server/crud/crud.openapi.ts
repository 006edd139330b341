import type { FastifyInstance } from 'fastify';
import type { FieldDef, LinesField, ResourceDef } from '../../resources/define';
import { centreKey } from '../../resources/define';
import { isConditional, isConditionalLineField } from '../../resources/field-rules';
import { answers, arrayOf, nullable, objectOf, pageOf, ref, wire, type ErrorAnswerName, type JsonSchema } from '../http/openapi.schemas';
import { isFilterable, kindOf } from './field-kinds';
import { camelCase } from './naming';
import { querySchema } from './schema.derive';
import { approvalSchema } from './value-approval';

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
  'query' | 'counts' | 'info' | 'saveNew' | 'modify' | 'delete' | 'history' | 'lines' | 'options' | 'get' | 'save' | 'export' | 'import';

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

/** One value as `serializeRecord` writes it (record.serialize.ts): its kind's answer schema. */
function valueSchema(f: FieldDef): JsonSchema {
  return kindOf(f).answerSchema(f);
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

/** One line of a lines field, as `serializeLines` writes it. */
function lineSchema(f: LinesField): JsonSchema {
  const properties: Record<string, JsonSchema> = { lineNo: { type: 'integer', minimum: 1 } };
  for (const [inner, lf] of Object.entries(f.fields))
    properties[inner] = lf.required && !isConditionalLineField(lf) ? valueSchema(lf) : nullable(valueSchema(lf));
  return objectOf(properties);
}

function fieldSchema(resource: ResourceDef, name: string, f: FieldDef): JsonSchema {
  if (f.kind === 'lines') {
    return {
      ...arrayOf(lineSchema(f)),
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
  const approval = resource.creates !== undefined && !settings;
  if (approval) {
    properties.valueMakers = {
      type: 'array',
      items: { type: 'integer' },
      description: 'Users who created the record or changed an amount or a line of it (read-only; server/crud/value-approval.ts)',
    };
    properties.approval = approvalSchema as unknown as JsonSchema;
  }
  properties._titles = {
    type: 'object',
    description:
      'The display names of what the record points at, by field (`<lines>.<field>` inside lines) and id: ' +
      'relations, createdBy and updatedBy (user names), whatever the caller may see of the related screens',
    additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
  };
  return {
    $id: recordSchemaId(resource),
    ...objectOf(properties, { optional: [...lines, '_titles', ...(approval ? ['approval'] : [])] }),
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
function filterValue(f: FieldDef): JsonSchema {
  return kindOf(f).filterValue?.(f) ?? { type: 'string' };
}

/** A filter's value in its declared mode; null or empty is no filter. */
function filterSchema(f: FieldDef): JsonSchema {
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
    if (f.filter && isFilterable(f)) filters[name] = filterSchema(f);
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
    case 'counts': {
      const states = resource.list.stateCounts ?? [];
      return {
        data: objectOf(Object.fromEntries(states.map((state) => [state, { type: 'integer', minimum: 0 }])), {
          description: 'How many records the filters and keyword hold in each shown state (the state filter aside)',
        }),
        errors: [],
      };
    }
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
      return {
        data: arrayOf(
          objectOf(
            {
              id: { type: 'integer' },
              title: { type: 'string' },
              description: { type: 'string', description: 'What tells records of one title apart (a member: masked mobile · number)' },
              card: {
                type: 'object',
                additionalProperties: true,
                description: "The record's card (the picker's declared fields: state, balance, validity), as the record answers them",
              },
            },
            { optional: ['description', 'card'] },
          ),
        ),
        errors: [],
      };
    case 'lines': {
      const kinds = Object.values(resource.fields).flatMap((f) => (f.kind === 'lines' ? [lineSchema(f)] : []));
      return { data: pageOf(kinds.length === 1 ? kinds[0] : { anyOf: kinds }), errors: ['notFound'] };
    }
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
