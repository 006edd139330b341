import { ERROR_CODES, SUCCESS_CODE, type ErrorKind } from './envelope';

/**
 * The building blocks of every route's response schemas (DESIGN.md §3): the success envelope,
 * the error answers, and the wire types of the contract (instants, dates, money, points). The
 * same schemas feed the OpenAPI document at `<base>/docs` and Fastify's serializer, which writes
 * only the properties they name; the API tests check every answer against them
 * (tests/helpers/response-contract.ts).
 *
 * Plain JSON Schema (draft-07, as Fastify compiles it); the document plugin converts what
 * OpenAPI 3.0 spells differently (openapi.plugin.ts).
 */

/** A JSON schema object. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** An instant as the API writes it. */
export const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
/** A calendar date. */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** A time of day. */
export const TIME_PATTERN = '^\\d{2}:\\d{2}$';

/**
 * The keyword that says how many decimals an exact decimal number has at most: an OpenAPI
 * extension, which standard validators ignore and the API tests enforce
 * (tests/helpers/response-contract.ts).
 */
export const DECIMAL_PLACES_KEYWORD = 'x-decimal-places';

/**
 * An exact decimal number with at most `decimals` decimals, as a JSON number: `format: decimal`
 * (the OpenAPI format registry's fixed-point decimal) and `x-decimal-places`. Never
 * `multipleOf: 0.01`: a validator checks it in binary floating point, where most exact amounts
 * (99999980.99, 0.07 …) are not multiples of 0.01 and fail (issue 31 §4). The number a client
 * reads is the shortest decimal that round-trips (what JSON.stringify writes), so "at most two
 * decimals" is a statement about that text; the wire contract (DESIGN.md §3: money a JSON number
 * with at most 2 decimals) is unchanged.
 */
export function decimalNumber(decimals: number, description: string): JsonSchema {
  return { type: 'number', format: 'decimal', [DECIMAL_PLACES_KEYWORD]: decimals, description };
}

/** The wire types of the contract (§3 numbers and dates, §9 formats). */
export const wire = {
  /** A record id. */
  id: { type: 'integer', minimum: 1 },
  /** An instant in the caller's zone. */
  dateTime: {
    type: 'string',
    pattern: DATE_TIME_PATTERN,
    description: "Instant, yyyy-MM-dd HH:mm:ss in the time_zone header's zone (default Asia/Shanghai)",
  },
  /** A calendar date. */
  date: { type: 'string', pattern: DATE_PATTERN, description: 'Date, yyyy-MM-dd' },
  /** A time of day. */
  time: { type: 'string', pattern: TIME_PATTERN, description: 'Time of day, HH:mm' },
  /** Points are whole numbers. */
  points: { type: 'integer', description: 'Points (a whole number)' },
  /** Money as a JSON number: exact, at most 2 decimals (see `decimalNumber`). */
  money: decimalNumber(2, 'Yuan, exact, at most 2 decimals'),
  /** Money as a decimal string with exactly 2 decimals (the ledger's answers). */
  moneyText: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description: 'Yuan as a decimal string with exactly 2 decimals' },
} as const satisfies Record<string, JsonSchema>;

/** `schema` or null. */
export function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (typeof type === 'string' || Array.isArray(type)) {
    const types = Array.isArray(type) ? type : [type];
    const withNull: JsonSchema = { ...schema, type: types.includes('null') ? types : [...types, 'null'] };
    // An enum lists the values it accepts: null must be one of them.
    return Array.isArray(schema.enum) && !schema.enum.includes(null) ? { ...withNull, enum: [...schema.enum, null] } : withNull;
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/** An object whose properties are all present (possibly null, as their schemas say). */
export function objectOf(
  properties: Record<string, JsonSchema>,
  options: { optional?: readonly string[]; description?: string } = {},
): JsonSchema {
  const optional = new Set(options.optional ?? []);
  const required = Object.keys(properties).filter((name) => !optional.has(name));
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    ...(required.length > 0 ? { required } : {}),
    properties,
  };
}

/** A list of `items`. */
export function arrayOf(items: JsonSchema, description?: string): JsonSchema {
  return { type: 'array', items, ...(description ? { description } : {}) };
}

/** One value of a fixed list (§4 value lists). */
export function oneOf(values: readonly string[], description?: string): JsonSchema {
  return { type: 'string', enum: [...values], ...(description ? { description } : {}) };
}

/** A reference to a shared schema registered with `app.addSchema({ $id })`. */
export function ref(id: string): JsonSchema {
  return { $ref: `${id}#` };
}

/** The success envelope around `data`: `{ code: 2000, msg, data }`. */
export function okEnvelope(data: JsonSchema, description = 'Success: code 2000, the answer in data'): JsonSchema {
  return {
    description,
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer', enum: [SUCCESS_CODE] }, msg: { type: 'string' }, data },
  };
}

/** `{ page of records }` as every list answers it. */
export function pageOf(record: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema {
  return objectOf({
    total: { type: 'integer', minimum: 0, description: 'Matching records; exact up to the cap, then an estimate (totalIsEstimate)' },
    records: arrayOf(record),
    ...extra,
  });
}

// ---------------------------------------------------------------------------------------------
// Error answers
// ---------------------------------------------------------------------------------------------

/** One shared error answer: its component name, HTTP status and possible codes. */
interface ErrorAnswer {
  readonly id: string;
  readonly status: number;
  readonly kinds: readonly ErrorKind[];
  readonly description: string;
}

/**
 * The error answers, one component each. A status with several shapes has one component per
 * set of codes that can occur, so each operation names exactly the codes it can answer.
 */
export const ERROR_ANSWERS = {
  badInput: {
    id: 'BadInput',
    status: 400,
    kinds: ['badInput'],
    description: 'Bad input (code 4000); data.fields names each invalid field with a localized message',
  },
  unauthenticated: {
    id: 'Unauthenticated',
    status: 401,
    kinds: ['unauthenticated', 'passwordExpired'],
    description: 'Not signed in or the session ended (4010); or the session may only change its password (4011)',
  },
  notSignedIn: { id: 'NotSignedIn', status: 401, kinds: ['unauthenticated'], description: 'Not signed in or the session ended (4010)' },
  forbidden: { id: 'Forbidden', status: 403, kinds: ['forbidden'], description: 'Forbidden (4030)' },
  forbiddenOrLicense: {
    id: 'ForbiddenOrLicenseInvalid',
    status: 403,
    kinds: ['forbidden', 'licenseInvalid'],
    description:
      'Forbidden: a permission, or the marketingCenter header, is not the caller\'s (4030); or the tenant\'s licence is invalid (4031, with message "licenseInvalid")',
  },
  notFound: {
    id: 'NotFound',
    status: 404,
    kinds: ['notFound'],
    description: "Not found (4040), also for another tenant's or centre's ids",
  },
  conflict: {
    id: 'Conflict',
    status: 409,
    kinds: ['conflict'],
    description: 'Conflict with the current state (4090): a stale version, a state that does not allow it, a duplicate',
  },
  tooManyRequests: {
    id: 'TooManyRequests',
    status: 429,
    kinds: ['tooManyRequests'],
    description: 'Too many requests (4290); try again later',
  },
  internal: { id: 'InternalError', status: 500, kinds: ['internal'], description: 'Internal error (5000), logged with the trace id' },
  maintenance: { id: 'Maintenance', status: 503, kinds: ['maintenance'], description: 'Maintenance (5030): the service is being upgraded' },
} as const satisfies Record<string, ErrorAnswer>;
export type ErrorAnswerName = keyof typeof ERROR_ANSWERS;

const FIELD_ERRORS = objectOf({
  fields: arrayOf(
    objectOf({
      field: { type: 'string', description: 'The field, as the request names it (lines: lines.0.amount)' },
      msg: { type: 'string', description: 'Localized message' },
    }),
  ),
});

function errorComponent(answer: ErrorAnswer): JsonSchema {
  const codes = answer.kinds.map((kind) => ERROR_CODES[kind].code);
  const licence = answer.kinds.includes('licenseInvalid');
  return {
    $id: answer.id,
    description: answer.description,
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'integer', enum: codes },
      msg: { type: 'string', description: 'Localized, human sentence' },
      data: answer.kinds.includes('badInput') ? nullable(FIELD_ERRORS) : { type: 'null' },
      ...(licence
        ? { message: { type: 'string', enum: ['licenseInvalid'], description: 'Present when the licence is invalid (4031)' } }
        : {}),
    },
  };
}

/** The shared schemas of the error answers, registered once on the root instance. */
export function errorComponents(): JsonSchema[] {
  return Object.values(ERROR_ANSWERS).map(errorComponent);
}

/** Responses of the named errors, keyed by status: `{ 404: {$ref: 'NotFound#'}, ... }`. */
export function errorResponses(...names: readonly ErrorAnswerName[]): Record<string, JsonSchema> {
  return Object.fromEntries(names.map((name) => [String(ERROR_ANSWERS[name].status), ref(ERROR_ANSWERS[name].id)]));
}

/**
 * The responses of a route: the envelope around `data` for 200, and the errors the route
 * itself can answer beyond those its access declaration implies (openapi.plugin.ts adds 400,
 * 401, 403, 429, 500 and 503 from the route's config).
 */
export function answers(data: JsonSchema, ...errors: readonly ErrorAnswerName[]): Record<string, JsonSchema> {
  return { 200: okEnvelope(data), ...errorResponses(...errors) };
}

/** The document part of a route's schema, kept apart from its request schemas. */
export interface RouteDocs {
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly response: Record<string, JsonSchema>;
  /** Example request bodies, added to the route's body schema (`examples`, draft-07). */
  readonly bodyExamples?: readonly unknown[];
}

/**
 * A route's schema with its document part: `schema: describeRoute(saleSchema, pointsDocs.transaction)`.
 * The request schemas are the route's own; the docs add operation id, tags, summary, answers and
 * body examples.
 */
export function describeRoute<S extends { body?: object; querystring?: object; params?: object }>(
  schema: S,
  docs: RouteDocs,
): S & Omit<RouteDocs, 'bodyExamples'> {
  const { bodyExamples, ...rest } = docs;
  const body = bodyExamples && schema.body ? { body: { ...schema.body, examples: [...bodyExamples] } } : {};
  return { ...schema, ...rest, ...body };
}
