import type { FastifyInstance } from 'fastify';
import { badInput } from './envelope';

/**
 * JSON bodies, parsed as Fastify does by default (the same `__proto__` / `constructor` refusals)
 * and then refused when one object names a key twice: `JSON.parse` keeps the last value, so
 * `{"amount":"1.00","amount":"60.00"}` would pay 60 while a proxy, a log or a signature that
 * read the first saw 1 (issue 24 §6). 400 naming the repeated key's path.
 */

/** One open object or array of the text being scanned. */
interface Frame {
  /** The keys seen so far; null for an array. */
  readonly keys: Set<string> | null;
  /** True between `{` or `,` and the next key. */
  expectKey: boolean;
  /** The key (object) or index (array) of the value being read. */
  at: string;
  index: number;
}

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The path (`lines.0.amount`) of the first key an object of `text` repeats, or null. `text` is
 * valid JSON (it parsed): one pass, jumping from quote to quote through strings; a key written
 * with escapes is compared as the text it stands for.
 */
export function repeatedKeyPath(text: string): string | null {
  const stack: Frame[] = [];
  const pathTo = (key: string) => [...stack.slice(0, -1).map((f) => f.at), key].join('.');
  // Native regex search jumps over numbers, literals and white space between the characters
  // that matter (twice as fast as reading every character).
  const structure = /["{}[\],]/g;
  for (let found = structure.exec(text); found !== null; found = structure.exec(text)) {
    const i = found.index;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = text.indexOf('"', i + 1);
      for (;;) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes += 1;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (top.keys.has(key)) return pathTo(key);
        top.keys.add(key);
        top.at = key;
        top.expectKey = false;
      }
      structure.lastIndex = end + 1;
    } else if (c === 123 /* { */) {
      stack.push({ keys: new Set(), expectKey: true, at: '', index: 0 });
    } else if (c === 91 /* [ */) {
      stack.push({ keys: null, expectKey: false, at: '0', index: 0 });
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
    } else if (c === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
      else if (top) {
        top.index += 1;
        top.at = String(top.index);
      }
    }
  }
  return null;
}

/** Replaces Fastify's JSON parser by the same one plus the repeated-key check. */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    // `parseAs: 'string'` hands a string; the type admits a Buffer for other settings.
    const body = typeof raw === 'string' ? raw : raw.toString('utf8');
    parse(request, body, (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const repeated = repeatedKeyPath(body);
      if (repeated !== null) {
        return done(badInput('error.fieldsInvalid', [{ field: repeated, key: 'validation.duplicateKey', values: { label: repeated } }]));
      }
      done(null, value);
    });
  });
}

/** Keywords that can refuse `{}`: a body schema with any of them needs a body. */
const REFUSES_EMPTY = ['required', 'minProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref'];

/**
 * True when a route's body schema accepts `{}`: an object schema that requires nothing (a query,
 * an export, an action whose options all have defaults). Such a body is optional: a call without
 * one is read as `{}` (`installEmptyBodyDefault`), and the OpenAPI document says
 * `requestBody.required: false` (openapi.plugin.ts), so a client or a validating proxy (Prism)
 * may leave it out.
 */
export function bodyAcceptsEmpty(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || 'content' in schema) return false;
  const body = schema as Record<string, unknown>;
  const types = Array.isArray(body.type) ? (body.type as unknown[]) : [body.type];
  if (!types.includes('object')) return false;
  return REFUSES_EMPTY.every((keyword) => {
    const value = body[keyword];
    return value === undefined || (keyword === 'required' && Array.isArray(value) && value.length === 0);
  });
}

/**
 * A call without a body to a route whose body is optional (`bodyAcceptsEmpty`) is validated and
 * handled as `{}`, the same for every route (before, a missing body was refused as "body is not
 * an object" by some routes and read as `{}` by others). A route whose body requires something
 * still answers 400 naming `body`.
 */
export function installEmptyBodyDefault(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined || request.method === 'GET' || request.method === 'HEAD') return;
    if (bodyAcceptsEmpty(request.routeOptions.schema?.body)) request.body = {};
  });
}
