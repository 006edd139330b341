import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from '../../server/http/schema-compilers';

/**
 * The app's schema compilers (server/http/schema-compilers.ts): a route's schemas compile on its
 * first call, each distinct answer schema over the same shared schemas once, and validate and
 * write exactly what Fastify's default ajv and fast-json-stringify do.
 */
describe('the lazy schema compilers', () => {
  const shared = { Thing: { $id: 'Thing', type: 'object', properties: { n: { type: 'integer' } } } };
  const envelope = () => ({ type: 'object', properties: { code: { type: 'integer' }, data: { $ref: 'Thing#' } } });
  const route = (schema: object, url: string) => ({ method: 'GET', url, httpStatus: '200', schema });

  it('compiles an answer schema on first use, once for the same schema across routes and compilers', () => {
    const compilers = lazySchemaCompilers();
    const first = compilers.buildSerializer(shared, {})(route(envelope(), '/a'));
    // A context that added schemas gets a new compiler per route, with a copy of the shared set.
    const second = compilers.buildSerializer({ ...shared }, {})(route(envelope(), '/b'));
    expect(compilers.serializersCompiled()).toBe(0);
    expect(first({ code: 2000, data: { n: 7, secret: 'x' }, extra: 1 })).toBe('{"code":2000,"data":{"n":7}}');
    expect(second({ code: 1, data: { n: 2 } })).toBe('{"code":1,"data":{"n":2}}');
    expect(compilers.serializersCompiled()).toBe(1);
  });

  it('compiles a different schema, or the same one over other shared schemas, anew', () => {
    const compilers = lazySchemaCompilers();
    compilers.buildSerializer(shared, {})(route(envelope(), '/a'))({ code: 1 });
    compilers.buildSerializer(shared, {})(route({ type: 'object', properties: { code: { type: 'integer' } } }, '/c'))({ code: 1 });
    const wider = { Thing: { $id: 'Thing', type: 'object', properties: { n: { type: 'integer' }, m: { type: 'string' } } } };
    const overWider = compilers.buildSerializer(wider, {})(route(envelope(), '/a'));
    expect(overWider({ code: 1, data: { n: 1, m: 'x' } })).toBe('{"code":1,"data":{"n":1,"m":"x"}}');
    expect(compilers.serializersCompiled()).toBe(3);
  });

  it('validates and coerces as the default compiler does, compiling on the first request', async () => {
    const compilers = lazySchemaCompilers();
    const app = Fastify({
      ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
      schemaController: { compilersFactory: { buildValidator: compilers.buildValidator, buildSerializer: compilers.buildSerializer } },
    });
    app.get(
      '/items/:id',
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
          querystring: { type: 'object', properties: { tag: { type: 'array', items: { type: 'string' } } } },
        },
      },
      async (request) => ({ params: request.params, query: request.query }),
    );
    app.post(
      '/items',
      {
        schema: {
          body: { type: 'object', properties: { name: { type: 'string', minLength: 2 }, size: { type: 'integer' } }, required: ['name'] },
        },
      },
      async (request) => request.body,
    );
    await app.ready();
    try {
      const read = await app.inject({ method: 'GET', url: '/items/12?tag=a' });
      expect(read.json()).toEqual({ params: { id: 12 }, query: { tag: ['a'] } });
      const badId = await app.inject({ method: 'GET', url: '/items/x' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toContain('params/id');
      const bad = await app.inject({ method: 'POST', url: '/items', payload: { name: 'x', size: 'big' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('body/name must NOT have fewer than 2 characters, body/size must be integer');
      const good = await app.inject({ method: 'POST', url: '/items', payload: { name: 'xy', size: '3' } });
      expect(good.json()).toEqual({ name: 'xy', size: 3 });
      // What these calls used is compiled; left: the params and query of the GET's HEAD twin.
      expect(compilers.compileAll()).toBe(2);
      expect(compilers.compileAll()).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('compiles what no request has used yet on demand, and refuses header names not in lower case', () => {
    const compilers = lazySchemaCompilers();
    compilers.buildValidator(
      {},
      { customOptions: {}, plugins: [] },
    )({ schema: { type: 'object' }, method: 'GET', url: '/a', httpPart: 'body' } as never);
    compilers.buildSerializer({}, {})(route({ type: 'object' }, '/a'));
    expect(compilers.compileAll()).toBe(2);
    expect(compilers.compileAll()).toBe(0);
    const headers = {
      schema: { type: 'object', properties: { 'X-Token': { type: 'string' } } },
      method: 'GET',
      url: '/h',
      httpPart: 'headers',
    };
    expect(() => compilers.buildValidator({}, { customOptions: {}, plugins: [] })(headers as never)).toThrow(
      'header "X-Token" must be declared in lower case',
    );
  });
});
