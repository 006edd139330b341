import {
  EMPTY_CODE,
  MEASURE_DECIMALS,
  filterOptions,
  mayBeEmpty,
  sortableColumns,
  type QueryColumn,
  type QueryViewDef,
} from '../../resources/query-view';
import { answers, arrayOf, decimalNumber, nullable, objectOf, oneOf, wire, type JsonSchema, type RouteDocs } from '../http/openapi.schemas';

/**
 * The JSON schemas of a query view's routes, derived from its declaration: the filters, the
 * query and chart bodies, the row, the totals and groups, and the OpenAPI docs of each route
 * (operation ids `<view>.<operation>`, the view's menu group as tag).
 */

const DAYS = { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', format: 'date' } } as const;
/** Two days as answers carry them. */
const DAYS_ANSWER = { type: 'array', minItems: 2, maxItems: 2, items: wire.date } as const;

/** Ids and names a lookup answers (stores, areas). */
const NAMES = arrayOf(objectOf({ id: { type: 'integer' }, title: { type: 'string' } }));

/** The instant the figures were read, which the screen shows as "data as of". */
const AS_OF = { ...wire.dateTime, description: 'When the figures were read (the caller’s zone): the data is as of then' };

/** The JSON schema of the view's filters. */
export function filtersSchema(view: QueryViewDef): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, f] of Object.entries(view.filters)) {
    if (f.kind === 'dateRange') properties[name] = { ...DAYS, description: 'Two days yyyy-MM-dd, whole days of the caller’s zone' };
    else if (f.kind === 'enum') {
      const codes = Object.keys(filterOptions(view, name));
      properties[name] = oneOf(mayBeEmpty(view.columns[f.column ?? name]) ? [...codes, EMPTY_CODE] : codes);
    } else if (f.kind === 'keyword') properties[name] = { type: 'string', maxLength: 40, description: f.label[1] };
    else if (f.kind === 'numberRange') {
      properties[name] = {
        type: 'array',
        minItems: 2,
        maxItems: 2,
        items: { type: ['integer', 'null'] },
        description: '[min, max], null for open',
      };
    } else if (f.kind === 'store') {
      properties[name] = {
        anyOf: [
          { type: 'integer', minimum: 1 },
          { type: 'string', enum: [EMPTY_CODE] },
        ],
        description: `A store id, or ${EMPTY_CODE} for the entries at no store`,
      };
    } else properties[name] = { type: 'integer', minimum: 1 };
  }
  return { type: 'object', additionalProperties: false, properties };
}

/** The order a view's list may ask: one sortable column (none: the view sorts by its key only). */
function sortersSchema(view: QueryViewDef): Record<string, JsonSchema> {
  const fields = sortableColumns(view);
  if (fields.length === 0) return {};
  return {
    sorters: {
      type: 'array',
      maxItems: 1,
      items: {
        type: 'object',
        required: ['field', 'order'],
        additionalProperties: false,
        properties: { field: { type: 'string', enum: fields }, order: { type: 'string', enum: ['asc', 'desc'] } },
      },
    },
  };
}

/** The body of `POST /v1/<view>/query`. */
export function queryBodySchema(view: QueryViewDef): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
      cursor: { type: ['integer', 'null'], description: 'Keyset paging in the key order: the key of the last row of the previous page' },
      filters: filtersSchema(view),
      ...sortersSchema(view),
    },
  };
}

/** The body of `POST /v1/<view>/chart`: the filters alone. */
export function filtersBodySchema(view: QueryViewDef): JsonSchema {
  return { type: 'object', additionalProperties: false, properties: { filters: filtersSchema(view) } };
}

/** The body of `POST /v1/<view>/export`: the filters and the list's order. */
export function exportBodySchema(view: QueryViewDef): JsonSchema {
  return { type: 'object', additionalProperties: false, properties: { filters: filtersSchema(view), ...sortersSchema(view) } };
}

function columnSchema(c: QueryColumn): JsonSchema {
  const description = c.label[1];
  switch (c.kind) {
    case 'integer':
      return nullable({ type: 'integer', description });
    case 'money':
      return nullable({ ...wire.money, description });
    case 'quantity':
      return nullable(decimalNumber(MEASURE_DECIMALS.quantity, description));
    case 'datetime':
      return nullable({ ...wire.dateTime, description });
    case 'enum': {
      // A code column is null only where the declaration says a value may be missing.
      const codes = { type: 'string', enum: Object.keys(c.options ?? {}), description };
      return c.nullable || c.none ? nullable(codes) : codes;
    }
    default:
      return nullable({ type: 'string', description });
  }
}

const measureSchema = (view: QueryViewDef, names: readonly string[] = Object.keys(view.measures)) =>
  Object.fromEntries(
    names.map((m) => {
      const measure = view.measures[m];
      const description = measure.help?.[1] ?? measure.label[1];
      const base =
        measure.kind === 'integer' ? { type: 'integer', description } : decimalNumber(MEASURE_DECIMALS[measure.kind], description);
      return [m, base];
    }),
  );

function groupSchema(view: QueryViewDef): JsonSchema {
  return objectOf({
    key: nullable({ type: 'string', description: 'The code, store id or day; null for none' }),
    title: nullable({ type: 'string', description: 'The name of the key in the caller’s language' }),
    drill: nullable({
      type: 'object',
      additionalProperties: true,
      description: 'Filters to add to list the rows behind this total; null when they cannot be listed',
    }),
    ...measureSchema(view),
  });
}

const doc = (view: QueryViewDef, name: string, summary: string, data: JsonSchema): RouteDocs => ({
  operationId: `${view.name}.${name}`,
  tags: [view.route.group],
  summary,
  response: answers(data),
});

/** The OpenAPI docs of a view's routes. */
export function queryViewDocs(view: QueryViewDef) {
  const groups = view.groups ?? [];
  const totals = objectOf(measureSchema(view), { description: 'Over the whole filter' });
  return {
    query: doc(
      view,
      'query',
      `${view.title[1]}: rows of the filter, newest first, with its totals and grouped totals`,
      objectOf({
        asOf: AS_OF,
        total: { type: 'integer', minimum: 0, description: 'Rows of the filter' },
        totalIsEstimate: { type: 'boolean' },
        records: arrayOf(objectOf(Object.fromEntries(Object.entries(view.columns).map(([n, c]) => [n, columnSchema(c)])))),
        nextCursor: nullable({ type: 'integer', description: 'Send as cursor for the next page (the key order only)' }),
        totals,
        groups: objectOf(Object.fromEntries(groups.map((g) => [g, arrayOf(groupSchema(view))]))),
      }),
    ),
    chart: view.chart
      ? doc(
          view,
          'chart',
          `${view.title[1]}: trend over the range (bucket by its length), share, previous period and same period last year`,
          objectOf({
            asOf: AS_OF,
            range: DAYS_ANSWER,
            bucket: oneOf(['day', 'week', 'month']),
            trend: arrayOf(objectOf({ bucket: wire.date, ...measureSchema(view, view.chart.trend) })),
            share: arrayOf(groupSchema(view)),
            current: totals,
            previous: objectOf({ range: DAYS_ANSWER, totals }),
            lastYear: objectOf({ range: DAYS_ANSWER, totals }),
          }),
        )
      : null,
    stores: doc(view, 'stores', `Store names for the store filter of ${view.title[1]}`, NAMES),
    areas: doc(view, 'areas', `Area names for the area filter of ${view.title[1]}`, NAMES),
  };
}
