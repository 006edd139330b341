import { createRequire } from 'node:module';
import type { AjvCompiler, ValidatorFactory } from '@fastify/ajv-compiler';
import { coercibleValues, coercionErrors } from './input-guard';
import type { SerializerSelector, Serializer, SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * The app's schema compilers (Fastify's `schemaController.compilersFactory`): the same ajv and
 * fast-json-stringify Fastify uses by default, each route's schema compiled on the first request
 * that needs it instead of all at start-up. The routes declare ~1 700 answers and hundreds of
 * request schemas (openapi.plugin.ts); compiled eagerly they were the largest part of a start
 * (bench/README.md, "Start"). What a route accepts, refuses (400 naming the field) and writes is
 * unchanged; a schema that does not compile would fail on that route's first call instead of at
 * start, which `tests/api/schema-compilers.test.ts` guards by compiling every route's schemas
 * (`compileAll`).
 *
 * Fastify asks a factory for a compiler per schema context, and again for every route of a
 * context that added shared schemas, each time with a fresh copy of the same shared schemas: the
 * set is recognised by its schema objects (`sharedSchemasKeys`), so it is not serialised per route.
 */

type Validate = ((this: unknown, data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
interface RouteDefinition {
  readonly schema?: unknown;
  readonly httpPart?: string;
  readonly method?: string;
  readonly url?: string;
}

/** What a factory compiled lazily and has not compiled yet. */
class Pending {
  private readonly items = new Set<() => unknown>();
  add(compile: () => unknown): void {
    this.items.add(compile);
  }
  done(compile: () => unknown): void {
    this.items.delete(compile);
  }
  /** Compiles every route schema not compiled yet (throwing as the start used to); returns how many. */
  compileAll(): number {
    const items = [...this.items];
    for (const compile of items) compile();
    return items.length;
  }
  /** The oldest schema not compiled yet (routes compile in the order they were added). */
  next(): (() => unknown) | undefined {
    return this.items.values().next().value;
  }
}

/**
 * Compiles the pending schemas one at a time, each in its own turn of the event loop, so
 * requests are served between them; stops when none is left or when the returned function is
 * called. A schema that does not compile is left to its route's first call, as before.
 */
function warmUp(pending: Pending): () => void {
  let stopped = false;
  const step = () => {
    const compile = stopped ? undefined : pending.next();
    if (!compile) return;
    try {
      compile();
    } catch {
      pending.done(compile);
    }
    setImmediate(step);
  };
  setImmediate(step);
  return () => {
    stopped = true;
  };
}

// ajv and fast-json-stringify load with the first schema compiled, not at start-up.
const requireLater = createRequire(import.meta.url);
const loadAjvCompiler = () => (requireLater('@fastify/ajv-compiler') as { AjvCompiler: typeof AjvCompiler }).AjvCompiler;
const loadSerializerSelector = () =>
  (requireLater('@fastify/fast-json-stringify-compiler') as { SerializerSelector: typeof SerializerSelector }).SerializerSelector;

/** A short number per distinct set of shared schemas: the same objects, or the same text. */
function sharedSchemasKeys(): (externalSchemas: unknown) => number {
  const byObjects: { values: readonly unknown[]; key: number }[] = [];
  const byText = new Map<string, number>();
  return (externalSchemas) => {
    const values = Object.values(externalSchemas ?? {});
    const same = byObjects.find((set) => set.values.length === values.length && set.values.every((v, i) => v === values[i]));
    if (same) return same.key;
    const text = JSON.stringify(externalSchemas ?? null);
    const key = byText.get(text) ?? byText.size;
    byText.set(text, key);
    byObjects.push({ values, key });
    return key;
  };
}

/**
 * One compiler per distinct set of shared schemas, made on first use. The compiler options are
 * the server's (the `ajv` / `serializerOpts` option), the same on every call.
 */
function compilerPerSharedSet<O, C>(make: (externalSchemas: unknown, options: O) => C): (externalSchemas: unknown, options: O) => C {
  const sharedKey = sharedSchemasKeys();
  const compilers = new Map<number, C>();
  return (externalSchemas, options) => {
    const key = sharedKey(externalSchemas);
    let compiler = compilers.get(key);
    if (compiler === undefined) {
      compiler = make(externalSchemas, options);
      compilers.set(key, compiler);
    }
    return compiler;
  };
}

/** `compile` run once, on the first call of the returned function, and registered as pending. */
function once<T>(pending: Pending, compile: () => T): () => T {
  let result: { value: T } | null = null;
  const run = (): T => {
    if (!result) {
      result = { value: compile() };
      pending.done(run);
    }
    return result.value;
  };
  pending.add(run);
  return run;
}

export interface LazyCompilers {
  readonly buildValidator: ValidatorFactory;
  readonly buildSerializer: SerializerFactory;
  /** Compiles every route schema not compiled yet; returns how many there were. */
  readonly compileAll: () => number;
  /**
   * Starts compiling the rest in the background, one schema per turn of the event loop (the
   * server calls it once it listens); returns the function that stops it.
   */
  readonly warmUp: () => () => void;
  /** Distinct response serializers compiled so far. */
  readonly serializersCompiled: () => number;
}

/** ajv options as Fastify passes them (the `ajv` server option). */
type AjvServerOptions = Parameters<ReturnType<typeof AjvCompiler>>[1];

export function lazySchemaCompilers(): LazyCompilers {
  const pending = new Pending();

  // Request validation (ajv, as by default). Fastify reads `errors` after a failed call and
  // `schemaEnv` (to let ajv coerce a root value), so the wrapper shows the compiled function's.
  let ajvPool: ReturnType<typeof AjvCompiler> | undefined;
  const ajvFor = compilerPerSharedSet((shared, options: AjvServerOptions) => {
    ajvPool ??= loadAjvCompiler()();
    return ajvPool(shared as Parameters<typeof ajvPool>[0], options) as unknown as (route: RouteDefinition) => Validate;
  });
  const buildValidator = ((externalSchemas: unknown, options: AjvServerOptions) => (route: RouteDefinition) => {
    refuseMixedCaseHeaders(route);
    const compiled = once(pending, () => ajvFor(externalSchemas, options)(route));
    const validate = function (this: unknown, data: unknown, context?: unknown) {
      const real = compiled();
      // Ajv coerces (`coerceTypes`), and a coerced value is not checked again: `true` passes as
      // the id 1, `"Infinity"` passes `maximum`. What was coercible is noted before, and refused
      // when it came out a number (input-guard.ts `coercionErrors`).
      const noted = coercibleValues(data);
      const result = real.call(this, data, context);
      const coerced = noted.length > 0 ? coercionErrors(data, noted) : [];
      if (coerced.length === 0) {
        validate.errors = real.errors;
        return result;
      }
      // A field the schema refused already is named once.
      const refused = (result === false && Array.isArray(real.errors) ? real.errors : []) as { instancePath?: string }[];
      const named = new Set(refused.map((e) => e.instancePath));
      validate.errors = [...refused, ...coerced.filter((e) => !named.has(e.instancePath))];
      return false;
    } as Validate;
    Object.defineProperty(validate, 'schemaEnv', { get: () => compiled().schemaEnv });
    return validate;
  }) as unknown as ValidatorFactory;

  // Response serialisation (fast-json-stringify, as by default), once per distinct schema over
  // the same shared schemas: most routes answer the same ones (the error answers of every route,
  // a resource's record in info, saveNew, modify and each state action, every GET's HEAD twin).
  let fastJsonStringify: SerializerFactory | undefined;
  const serializerFor = compilerPerSharedSet((shared, options: Parameters<SerializerFactory>[1]) => {
    fastJsonStringify ??= loadSerializerSelector()();
    return fastJsonStringify(shared, options);
  });
  const sharedKey = sharedSchemasKeys();
  const serializers = new Map<string, Serializer>();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => (route) => {
    const serializer = once(pending, () => {
      const key = `${sharedKey(externalSchemas)} ${JSON.stringify(route.schema)}`;
      let found = serializers.get(key);
      if (!found) {
        found = serializerFor(externalSchemas, options)(route);
        serializers.set(key, found);
      }
      return found;
    });
    return (data) => serializer()(data);
  };

  return {
    buildValidator,
    buildSerializer,
    compileAll: () => pending.compileAll(),
    warmUp: () => warmUp(pending),
    serializersCompiled: () => serializers.size,
  };
}

/**
 * With a compiler of its own, Fastify no longer lower-cases header schemas (Node gives header
 * names in lower case): a header schema must name them so itself. No route declares one today.
 */
function refuseMixedCaseHeaders(route: RouteDefinition): void {
  if (route.httpPart !== 'headers') return;
  const schema = (route.schema ?? {}) as { properties?: object; required?: unknown };
  const names = [...Object.keys(schema.properties ?? {}), ...(Array.isArray(schema.required) ? schema.required : [])] as string[];
  const mixed = names.find((name) => name !== name.toLowerCase());
  if (mixed) throw new Error(`${route.method} ${route.url}: header "${mixed}" must be declared in lower case`);
}
