import { describe, expect, it } from 'vitest';
import { cachingSerializerFactory } from '../../server/http/serializer.cache';

/**
 * The serializer factory of the app (server/http/serializer.cache.ts): Fastify asks for one
 * serializer per route and status, and most routes answer the same schemas; each distinct
 * schema over the same shared schemas is compiled once and writes exactly what
 * fast-json-stringify writes.
 */
describe('the caching serializer factory', () => {
  const shared = { Thing: { $id: 'Thing', type: 'object', properties: { n: { type: 'integer' } } } };
  const envelope = () => ({ type: 'object', properties: { code: { type: 'integer' }, data: { $ref: 'Thing#' } } });
  const route = (schema: object, url: string) => ({ method: 'GET', url, httpStatus: '200', schema });

  it('hands out one serializer for the same schema, across routes and compilers', () => {
    const factory = cachingSerializerFactory();
    const first = factory(shared, {})(route(envelope(), '/a'));
    // A context that added schemas gets a new compiler per route: the cache still holds.
    const second = factory({ ...shared }, {})(route(envelope(), '/b'));
    expect(second).toBe(first);
    expect(first({ code: 2000, data: { n: 7, secret: 'x' }, extra: 1 })).toBe('{"code":2000,"data":{"n":7}}');
  });

  it('compiles a different schema, or the same one over other shared schemas, anew', () => {
    const factory = cachingSerializerFactory();
    const base = factory(shared, {})(route(envelope(), '/a'));
    const other = factory(shared, {})(route({ type: 'object', properties: { code: { type: 'integer' } } }, '/c'));
    expect(other).not.toBe(base);
    const wider = { Thing: { $id: 'Thing', type: 'object', properties: { n: { type: 'integer' }, m: { type: 'string' } } } };
    const overWider = factory(wider, {})(route(envelope(), '/a'));
    expect(overWider).not.toBe(base);
    expect(overWider({ code: 1, data: { n: 1, m: 'x' } })).toBe('{"code":1,"data":{"n":1,"m":"x"}}');
  });
});
