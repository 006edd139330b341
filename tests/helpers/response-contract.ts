import { isDeepStrictEqual } from 'node:util';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRoute } from '../../server/http/openapi.plugin';
import { DECIMAL_PLACES_KEYWORD } from '../../server/http/openapi.schemas';

/**
 * Holds the OpenAPI document true (the issue "an API that tills, apps and other teams can build
 * on", item 3): every JSON answer an API test receives is checked against the response schema
 * of its operation for its status — the very schema the document publishes and Fastify
 * serialises with, not a second description.
 *
 * - The object a handler (or the error handler) answers is validated before serialisation, with
 *   Ajv and no coercion, so a wrong type, a missing property or a null where the schema allows
 *   none is caught (Fastify's serializer would silently write `0` or `""` instead).
 * - Objects are closed in this check (`additionalProperties: false` unless a schema says
 *   otherwise): a property the code answers but the document does not name is a violation,
 *   because the serializer drops it and the client never sees it.
 * - A status the operation does not declare is a violation.
 * - After serialisation, the bytes sent must parse back to exactly the object the handler
 *   answered: the serializer may not change a value.
 *
 * Violations are collected, not thrown inside the request (the test's own assertions still see
 * the real answer), and fail the test they occurred in (an `afterEach` installed by
 * tests/helpers/test-app.ts) or, at the latest, the file's `close()`.
 */

/** One answer that does not match its operation's schema. */
export interface ContractViolation {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly problem: string;
}

/** The check installed on one app. */
export interface ResponseContract {
  /** Answers checked so far (JSON answers of API routes). */
  readonly checked: number;
  /** Takes the violations collected so far, leaving none. */
  take(): ContractViolation[];
  /** Throws when violations were collected (and takes them). */
  assertClean(): void;
}

type Schema = Record<string, unknown>;

const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'];
const SCHEMA_VALUES = ['items', 'additionalProperties', 'not'];

/** A copy of a schema whose objects with named properties accept no others. */
export function closedSchema(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Schema = { ...(schema as Schema) };
  for (const key of SCHEMA_MAPS) {
    const map = out[key];
    if (map && typeof map === 'object') out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, closedSchema(v)]));
  }
  for (const key of SCHEMA_LISTS) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(closedSchema);
  for (const key of SCHEMA_VALUES) if (key in out) out[key] = closedSchema(out[key]);
  if (out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

function schemaForStatus(responses: Record<string, unknown> | undefined, status: number): unknown {
  if (!responses) return undefined;
  return responses[String(status)] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
}

const describeErrors = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 8)
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    )
    .join('; ');

/** The decimals of a number as JSON writes it (the shortest text that reads back the same). */
export function decimalsOf(value: number): number {
  const [digits, exponent = '0'] = String(value).toLowerCase().split('e');
  const fraction = digits.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/**
 * Teaches an Ajv the document's exact decimals (server/http/openapi.schemas.ts, `decimalNumber`):
 * `format: decimal` accepts any JSON number, and `x-decimal-places: n` refuses a number whose
 * JSON text has more than n decimals, checked on the text, exactly (a computed 0.30000000000000004
 * fails, 99999980.99 passes), where a float `multipleOf` would refuse exact amounts.
 */
export function addDecimalKeywords(ajv: Ajv): void {
  ajv.addFormat('decimal', { type: 'number', validate: (value: number) => Number.isFinite(value) });
  ajv.addKeyword({
    keyword: DECIMAL_PLACES_KEYWORD,
    type: 'number',
    schemaType: 'number',
    validate: (places: number, value: number) => decimalsOf(value) <= places,
  });
}

/** Installs the check on an app that is not ready yet. */
export function checkResponses(app: FastifyInstance): ResponseContract {
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
  addDecimalKeywords(ajv);
  const added = new Set<string>();
  const compiled = new WeakMap<object, ValidateFunction>();
  const violations: ContractViolation[] = [];
  // The object each request answered, to compare with what was sent.
  const answered = new WeakMap<FastifyRequest, unknown>();
  let checked = 0;

  const validatorFor = (request: FastifyRequest, schema: object): ValidateFunction => {
    // Shared schemas (BadInput, BrandRecord …) visible in the route's context.
    for (const [id, shared] of Object.entries(request.server.getSchemas() as Record<string, unknown>)) {
      if (added.has(id)) continue;
      added.add(id);
      ajv.addSchema(closedSchema(shared) as Schema, id);
    }
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(closedSchema(schema) as Schema);
      compiled.set(schema, validate);
    }
    return validate;
  };

  const isChecked = (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    return url !== undefined && isApiRoute(url, app.config.serviceBase);
  };

  const record = (request: FastifyRequest, reply: FastifyReply, problem: string) =>
    violations.push({ method: request.method, url: request.routeOptions.url ?? request.url, status: reply.statusCode, problem });

  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isChecked(request)) return payload;
    checked += 1;
    const responses = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response;
    const schema = schemaForStatus(responses, reply.statusCode);
    if (typeof schema !== 'object' || schema === null) {
      record(request, reply, `the operation declares no response for status ${reply.statusCode}`);
      return payload;
    }
    const validate = validatorFor(request, schema);
    if (!validate(payload)) record(request, reply, `answer does not match its schema: ${describeErrors(validate)}`);
    else answered.set(request, JSON.parse(JSON.stringify(payload)));
    return payload;
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!answered.has(request) || typeof payload !== 'string') return payload;
    const sent: unknown = JSON.parse(payload);
    if (!isDeepStrictEqual(sent, answered.get(request))) {
      record(request, reply, `the serializer changed the answer: sent ${payload.slice(0, 300)}`);
    }
    return payload;
  });

  const take = () => violations.splice(0, violations.length);
  return {
    get checked() {
      return checked;
    },
    take,
    assertClean() {
      const found = take();
      if (found.length === 0) return;
      const lines = found.slice(0, 20).map((v) => `${v.method} ${v.url} -> ${v.status}: ${v.problem}`);
      throw new Error(`${found.length} answer(s) do not match the OpenAPI document:\n${lines.join('\n')}`);
    },
  };
}
