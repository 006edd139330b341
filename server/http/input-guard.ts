import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badInput, type FieldError } from './envelope';

/**
 * What no route of this API accepts, refused once for all of them before any handler (or the
 * database) sees it, with a 400 that names the field:
 *
 * - text with a NUL character (PostgreSQL cannot store U+0000 in text) or a lone surrogate
 *   (half of a UTF-16 pair: not a character, it cannot be written as UTF-8), in a value or in a
 *   key, anywhere in the body, the query string or the path;
 * - a JSON number that is not finite (`1e9999` parses to Infinity) or beyond ±(2^53 − 1): no
 *   id, amount or count of this API is that large, and past it a JS number is no longer exact.
 *
 * And every route schema is bounded: an integer without a declared `maximum` / `minimum` gets
 * ±(2^53 − 1) (`boundRouteSchemas`), so a query-string id like 99999999999999999999999, which
 * the schema coerces to a number, is refused by the schema (naming the field) rather than by
 * PostgreSQL. Ranges narrower than that (int4 columns, points per posting) are declared on
 * the route or the resource field.
 */

/** The largest magnitude a number of this API may have: beyond it a JS number is inexact. */
export const MAX_EXACT = Number.MAX_SAFE_INTEGER;

// eslint-disable-next-line no-control-regex -- NUL is exactly what this guard looks for
const NUL = /\u0000/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_G = new RegExp(LONE_SURROGATE.source, 'g');

/** Why a text cannot be stored, or null when it can. */
export function textProblem(text: string): string | null {
  if (NUL.test(text)) return 'validation.nulCharacter';
  if (LONE_SURROGATE.test(text)) return 'validation.invalidCharacter';
  return null;
}

/** Why a number cannot be taken, or null when it can. */
export function numberProblem(n: number): string | null {
  return Number.isFinite(n) && Math.abs(n) <= MAX_EXACT ? null : 'validation.numberRange';
}

const MAX_ISSUES = 20;
const MAX_DEPTH = 32;

/** The problems of a parsed body, query or params, by field path (`lines.0.amount`). */
export function inputProblems(value: unknown, path = ''): FieldError[] {
  const issues: FieldError[] = [];
  const label = (p: string) => p || 'body';
  const walk = (node: unknown, at: string, depth: number) => {
    if (issues.length >= MAX_ISSUES) return;
    if (typeof node === 'string') {
      const key = textProblem(node);
      if (key) issues.push({ field: label(at), key, values: { label: label(at) } });
      return;
    }
    if (typeof node === 'number') {
      const key = numberProblem(node);
      if (key) issues.push({ field: label(at), key, values: { label: label(at), max: MAX_EXACT } });
      return;
    }
    if (node === null || typeof node !== 'object' || depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, at ? `${at}.${i}` : String(i), depth + 1));
      return;
    }
    // An uploaded file arrives as a Buffer or a stream: bytes, not text fields.
    if (Buffer.isBuffer(node) || ArrayBuffer.isView(node) || typeof (node as { pipe?: unknown }).pipe === 'function') return;
    for (const [key, item] of Object.entries(node as Record<string, unknown>)) {
      // The field is named by a printable form of its key, so the message itself stays storable.
      const keyProblem = textProblem(key);
      // eslint-disable-next-line no-control-regex -- NUL is exactly what this guard names
      const shown = keyProblem ? key.replace(/\u0000/g, '\\u0000').replace(LONE_SURROGATE_G, '\\uFFFD') : key;
      const child = at ? `${at}.${shown}` : shown;
      if (keyProblem) {
        issues.push({ field: child, key: keyProblem, values: { label: child } });
        continue;
      }
      walk(item, child, depth + 1);
    }
  };
  walk(value, path, 0);
  return issues;
}

/** Refuses a request carrying unstorable text or inexact numbers (see the file comment). */
export function assertStorableInput(request: Pick<FastifyRequest, 'body' | 'query' | 'params'>): void {
  const issues = [...inputProblems(request.params), ...inputProblems(request.query), ...inputProblems(request.body)].slice(0, MAX_ISSUES);
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
}

/**
 * A value the schema validator may turn into a number (Ajv's `coerceTypes`): a boolean
 * (`true` becomes 1, so `"memberId": true` would name member 1) or a text that reads as a
 * number no route can take (`"Infinity"`, `"-Infinity"`, `"1e400"`: Ajv skips `minimum` and
 * `maximum` for a value that is not finite). `path` is the value's place (keys and indexes).
 */
export interface CoercibleValue {
  readonly path: readonly string[];
  readonly original: boolean | string;
}

/** A text Ajv would coerce to a number this API refuses (not finite, or beyond ±MAX_EXACT). */
const isInexactNumberText = (text: string): boolean => {
  if (text.trim() === '') return false;
  const n = Number(text);
  return !Number.isNaN(n) && numberProblem(n) !== null;
};

/**
 * Notes, before validation, every boolean and every text reading as an inexact number in
 * `value` (one walk, nothing allocated for input without them: the common case).
 */
export function coercibleValues(value: unknown): CoercibleValue[] {
  const found: CoercibleValue[] = [];
  const walk = (node: unknown, path: string[], depth: number) => {
    if (found.length >= MAX_ISSUES) return;
    if (typeof node === 'boolean' || (typeof node === 'string' && node.length < 400 && isInexactNumberText(node))) {
      found.push({ path: [...path], original: node });
      return;
    }
    if (node === null || typeof node !== 'object' || depth > MAX_DEPTH) return;
    if (Buffer.isBuffer(node) || ArrayBuffer.isView(node) || typeof (node as { pipe?: unknown }).pipe === 'function') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, String(i)], depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(node as Record<string, unknown>)) walk(item, [...path, key], depth + 1);
  };
  walk(value, [], 0);
  return found;
}

/** An Ajv-shaped error, so the error handler names the field as for any schema error. */
export interface CoercionError {
  readonly instancePath: string;
  readonly keyword: 'type' | 'numberRange';
  readonly params: { readonly type?: string; readonly limit?: number };
  readonly message: string;
}

const lookUp = (root: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    root,
  );

/**
 * After validation: which of the noted values did the validator turn into a number? Ajv also
 * wraps a scalar into an array (`[1]`) or unwraps a one-item array, so both places are read.
 * A boolean is never a number of this API; a text coerced to an inexact number is refused as
 * the guard refuses that number sent as a number (`validation.numberRange`).
 */
export function coercionErrors(data: unknown, noted: readonly CoercibleValue[]): CoercionError[] {
  const errors: CoercionError[] = [];
  for (const { path, original } of noted) {
    if (path.length === 0) continue;
    const now = lookUp(data, path);
    const parentNow = path[path.length - 1] === '0' ? lookUp(data, path.slice(0, -1)) : undefined;
    const becameNumber =
      typeof now === 'number' || (Array.isArray(now) && now.length === 1 && typeof now[0] === 'number') || typeof parentNow === 'number';
    if (!becameNumber) continue;
    const at = typeof parentNow === 'number' ? path.slice(0, -1) : path;
    const instancePath = at.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
    errors.push(
      typeof original === 'boolean'
        ? { instancePath, keyword: 'type', params: { type: 'number' }, message: 'must be a number, not a boolean' }
        : { instancePath, keyword: 'numberRange', params: { limit: MAX_EXACT }, message: 'must be a finite, exact number' },
    );
  }
  return errors;
}

type Schema = Record<string, unknown>;

/** The pattern of a text that must hold more than white space (the error handler names it blank). */
export const NOT_BLANK = '\\S';

/** Deeper than this, a list is paged by its cursor (keyset paging stays fast at any depth). */
export const MAX_PAGE = 1_000_000;
/** Every `version` column (optimistic concurrency) is an int4. */
const INT4_MAX = 2_147_483_647;

/**
 * The bounds an integer named `name` gets when its route declares none: the conventions every
 * route of this API follows. Ids (`id`, `…Id`, `…Ids`) are positive and exact; pages are
 * 1-based and at most MAX_PAGE; a page size is at least 1 (each route caps it); a version is an
 * int4 counter from 0 (0 = the defaults, before the first save); anything else is exact.
 */
export function conventionalBounds(name: string): { minimum: number; maximum: number } {
  if (name === 'id' || /[a-z]Ids?$/.test(name)) return { minimum: 1, maximum: MAX_EXACT };
  if (name === 'page') return { minimum: 1, maximum: MAX_PAGE };
  if (name === 'pageSize') return { minimum: 1, maximum: MAX_EXACT };
  if (name === 'version') return { minimum: 0, maximum: INT4_MAX };
  return { minimum: -MAX_EXACT, maximum: MAX_EXACT };
}

/**
 * A copy of a JSON schema whose integers and numbers all carry a minimum and a maximum: the
 * route's own, else the conventional bounds of the property's name (array items take the
 * array's name: `roleIds: [1, 2]`).
 */
export function boundSchema(schema: unknown, name = ''): unknown {
  if (Array.isArray(schema)) return schema.map((s) => boundSchema(s, name));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    // `properties` maps names to schemas; `enum` / `const` / `default` / `examples` hold data.
    if (key === 'properties' || key === 'patternProperties') {
      out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, boundSchema(v, k)]));
    } else if (['enum', 'const', 'default', 'examples', 'required'].includes(key)) {
      out[key] = value;
    } else {
      out[key] = boundSchema(value, name);
    }
  }
  const types = Array.isArray(out.type) ? out.type : [out.type];
  // A document or request number (`requestNo`, `orderNo`, `refundNo`) keys idempotency and
  // look-ups: one of white space only names nothing (issue 24 §6).
  if (types.includes('string') && /[a-z]No$/.test(name) && out.pattern === undefined && out.enum === undefined) out.pattern = NOT_BLANK;
  if (types.includes('integer') || types.includes('number')) {
    const bounds = types.includes('integer') ? conventionalBounds(name) : { minimum: -MAX_EXACT, maximum: MAX_EXACT };
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = bounds.maximum;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = bounds.minimum;
  }
  return out;
}

/**
 * Installs the guard on every route: bounds each route's schemas as it is added (`onRoute`)
 * and checks the parsed input before validation (`preValidation`, after the access hook, so an
 * anonymous caller still gets 401 first).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    const schema = { ...route.schema } as Record<string, unknown>;
    for (const part of ['body', 'querystring', 'params', 'headers']) {
      if (schema[part]) schema[part] = boundSchema(schema[part]);
    }
    route.schema = schema as typeof route.schema;
  });
  app.addHook('preValidation', async (request) => {
    assertStorableInput(request);
  });
}
