import { SerializerSelector, type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's serializer factory (fast-json-stringify, as by default), compiling each distinct
 * response schema once instead of once per route and status. Every route declares its answers
 * (openapi.plugin.ts), and most are the same schema: the error answers of every route, a
 * resource's record in info, saveNew, modify and each state action, every GET's HEAD twin.
 * Compiled one by one, the ~1 700 serializers cost seconds at every start (every process, every
 * API test file); see bench/README.md.
 *
 * Fastify asks the factory for a compiler per schema context, and again for every route of a
 * context that added shared schemas, so the cache is the factory's: a serializer is reused for
 * the same schema text over the same shared schemas.
 */
export function cachingSerializerFactory(): SerializerFactory {
  const build = SerializerSelector();
  // Each distinct set of shared schemas gets a short number, so the keys stay small.
  const sharedSets = new Map<string, number>();
  const compiled = new Map<string, Serializer>();
  return (externalSchemas, options) => {
    const sharedText = JSON.stringify(externalSchemas ?? null);
    let shared = sharedSets.get(sharedText);
    if (shared === undefined) {
      shared = sharedSets.size;
      sharedSets.set(sharedText, shared);
    }
    let compile: ReturnType<SerializerFactory> | null = null;
    return (route) => {
      const key = `${shared} ${JSON.stringify(route.schema)}`;
      let serializer = compiled.get(key);
      if (!serializer) {
        compile ??= build(externalSchemas, options);
        serializer = compile(route);
        compiled.set(key, serializer);
      }
      return serializer;
    };
  };
}
