import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, type ApiClient, type ApiResponse, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Malformed requests answer 400 naming the field, never 500 (the 392 of 15,874 of the review):
 * prototype keys as filter / sort / body keys, NUL characters and lone surrogates in any text,
 * numbers beyond 64 bits or not finite in ids and pages, a centre header beyond any id, and a
 * body or URL the server cannot read. Fixed in the validation and error-mapping layers
 * (server/http/input-guard.ts, error-handler.ts, server/crud), so every route gets it; the API
 * fuzz (fuzz.test.ts) proves it for all of them.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
});
afterAll(async () => t?.close());

/** Sends a JSON text as is (JSON.stringify cannot write 1e9999 or 2^70 as a number). */
const raw = (url: string, text: string, headers: Record<string, string> = {}) =>
  admin.post(url, { body: text, headers: { 'content-type': 'application/json', ...headers } });

function fieldsOf(res: ApiResponse): string[] {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe(4000);
  return (res.body.data?.fields ?? []).map((f: { field: string }) => f.field);
}

describe('prototype keys are not fields', () => {
  it('refuses constructor / toString / hasOwnProperty as filter keys, naming each', async () => {
    const res = await admin.post('/v1/brand/query', { body: { filters: { constructor: 'x', toString: 'y', hasOwnProperty: 1 } } });
    expect(fieldsOf(res)).toEqual(['filters.constructor', 'filters.toString', 'filters.hasOwnProperty']);
    expect(res.body.data.fields[0].msg).toBe('不支持按constructor筛选');
  });

  it('refuses toString / valueOf as sort fields, naming them', async () => {
    const res = await admin.post('/v1/brand/query', {
      body: {
        sorters: [
          { field: 'toString', order: 'asc' },
          { field: 'valueOf', order: 'desc' },
        ],
      },
    });
    expect(fieldsOf(res)).toEqual(['sorters.toString', 'sorters.valueOf']);
  });

  it('refuses constructor in a saved body as an unknown field instead of ignoring it', async () => {
    const res = await admin.post('/v1/brand/saveNew', { body: { code: 'B01', name: '品牌一', constructor: 'x' } });
    expect(fieldsOf(res)).toEqual(['constructor']);
    expect(res.body.data.fields[0].msg).toBe('不支持的字段 constructor');
  });

  it('refuses a __proto__ key in a body as a body the server will not read', async () => {
    const res = await raw('/v1/brand/saveNew', '{"code":"B02","name":"品牌二","__proto__":{"admin":true}}');
    expect(fieldsOf(res)).toEqual(['body']);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character in a saved text field, naming the field', async () => {
    const res = await admin.post('/v1/brand/saveNew', { body: { code: 'B03', name: 'a\u0000b' } });
    expect(fieldsOf(res)).toEqual(['name']);
    expect(res.body.data.fields[0].msg).toBe('name不能包含空字符 (U+0000)');
  });

  it('refuses a NUL character in a keyword and in a filter, naming each', async () => {
    expect(fieldsOf(await admin.post('/v1/brand/query', { body: { keyword: 'a\u0000' } }))).toEqual(['keyword']);
    expect(fieldsOf(await admin.post('/v1/brand/query', { body: { filters: { name: 'x\u0000' } } }))).toEqual(['filters.name']);
    expect(fieldsOf(await admin.get('/v1/brand/options', { query: { keyword: 'a\u0000' } }))).toEqual(['keyword']);
  });

  it('refuses a lone surrogate in an export keyword and in any text, naming the field', async () => {
    expect(fieldsOf(await admin.post('/v1/brand/export', { body: { keyword: '\uD800' } }))).toEqual(['keyword']);
    const res = await admin.post('/v1/brand/saveNew', { body: { code: 'B04', name: '品牌四', englishName: 'x\uDC00' } });
    expect(fieldsOf(res)).toEqual(['englishName']);
    expect(res.body.data.fields[0].msg).toContain('不成对的代理字符');
  });

  it('still takes real characters outside the BMP (a surrogate pair)', async () => {
    const res = await admin.post('/v1/brand/saveNew', { body: { code: 'B05', name: '品牌😀' } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data.name).toBe('品牌😀');
  });
});

describe('numbers beyond 64 bits or not finite', () => {
  it('refuses page 1e9999 and 2^70 in a query body, naming page', async () => {
    expect(fieldsOf(await raw('/v1/brand/query', '{"page":1e9999}'))).toEqual(['page']);
    expect(fieldsOf(await raw('/v1/brand/query', '{"page":1180591620717411303424}'))).toEqual(['page']);
    expect(fieldsOf(await raw('/v1/user/query', '{"page":1180591620717411303424,"pageSize":10}'))).toEqual(['page']);
  });

  it('refuses ids beyond any id in query strings and paths, naming id', async () => {
    expect(fieldsOf(await admin.get('/v1/points/account', { query: { memberId: '99999999999999999999999' } }))).toEqual(['memberId']);
    expect(fieldsOf(await admin.get('/v1/points/account', { query: { memberId: '1e9999' } }))).toEqual(['memberId']);
    expect(fieldsOf(await admin.get('/v1/brand/info/99999999999999999999999'))).toEqual(['id']);
    expect(fieldsOf(await admin.post('/v1/brand/delete', { query: { id: '9223372036854775808' } }))).toEqual(['id']);
  });

  it('refuses a version beyond its int4 column on modify, naming version', async () => {
    const saved = await admin.post('/v1/brand/saveNew', { body: { code: 'B06', name: '品牌六' } });
    expect(saved.body.code).toBe(2000);
    const res = await admin.post('/v1/brand/modify', { body: { id: saved.body.data.id, version: 2 ** 40, name: '改名' } });
    expect(fieldsOf(res)).toEqual(['version']);
  });

  it('treats a centre header beyond any id as no centre: 400 naming marketingCenter', async () => {
    const res = await admin.post('/v1/marketcenter-member/query', { body: {}, headers: { marketingCenter: '99999999999999999999999' } });
    expect(fieldsOf(res)).toEqual(['marketingCenter']);
    expect(res.body.msg).toBe('请先选择营销中心');
  });
});

describe('cursors are input too', () => {
  it('refuses a cursor whose values do not fit their columns, naming cursor', async () => {
    for (const code of ['C01', 'C02', 'C03'])
      expect((await admin.post('/v1/brand/saveNew', { body: { code, name: `品牌${code}` } })).body.code).toBe(2000);
    const page = await admin.post('/v1/brand/query', { body: { pageSize: 1, filters: { code: 'C0' } } });
    expect(page.body.code).toBe(2000);
    const decoded = JSON.parse(Buffer.from(page.body.data.nextCursor, 'base64url').toString('utf8')) as { s: string; v: unknown[] };
    const forged = (v: unknown[]) => Buffer.from(JSON.stringify({ s: decoded.s, v })).toString('base64url');
    // The genuine cursor pages on.
    expect(
      (await admin.post('/v1/brand/query', { body: { pageSize: 1, filters: { code: 'C0' }, cursor: forged(decoded.v) } })).body.data
        .records[0].code,
    ).toBe('C02');
    for (const v of [
      ['C\u0000', decoded.v[1]],
      ['C01', 'abc'],
      ['C01', 1e300],
      [['C01'], 1],
      [{ a: 1 }, 1],
    ]) {
      const res = await admin.post('/v1/brand/query', { body: { pageSize: 1, filters: { code: 'C0' }, cursor: forged(v) } });
      expect(fieldsOf(res), JSON.stringify(v)).toEqual(['cursor']);
    }
    const byTime = await admin.post('/v1/brand/query', { body: { pageSize: 1, sorters: [{ field: 'createdAt', order: 'desc' }] } });
    const timeCursor = JSON.parse(Buffer.from(byTime.body.data.nextCursor, 'base64url').toString('utf8')) as { s: string; v: unknown[] };
    const ancient = Buffer.from(JSON.stringify({ s: timeCursor.s, v: ['-005000-01-01T00:00:00.000Z', ...timeCursor.v.slice(1)] })).toString(
      'base64url',
    );
    const res = await admin.post('/v1/brand/query', {
      body: { pageSize: 1, sorters: [{ field: 'createdAt', order: 'desc' }], cursor: ancient },
    });
    expect(fieldsOf(res)).toEqual(['cursor']);
  });
});

describe('a request the server cannot read', () => {
  it('names body for a body that is not JSON, is empty, or is not an object', async () => {
    expect(fieldsOf(await raw('/v1/brand/query', '{"page":'))).toEqual(['body']);
    expect(fieldsOf(await raw('/v1/brand/query', ''))).toEqual(['body']);
    expect(fieldsOf(await raw('/v1/brand/saveNew', '[1,2]'))).toEqual(['body']);
    const res = await raw('/v1/brand/query', '{"page":', { locale: 'en_US' });
    expect(res.body.data.fields[0].msg).toBe('The request body is not valid JSON');
  });

  it('names content-type for a body sent as another type', async () => {
    const res = await admin.post('/v1/brand/query', { body: '<query/>', headers: { 'content-type': 'application/xml' } });
    expect(fieldsOf(res)).toEqual(['content-type']);
  });

  it('answers a URL that does not decode with the envelope, naming url', async () => {
    const res = await admin.get('/v1/brand/info/%FF');
    expect(fieldsOf(res)).toEqual(['url']);
    expect(res.body.msg).toBe('请求地址无法解析');
    expect((await admin.get('/v1/brand/info/%FF', { headers: { locale: 'en_US' } })).body.msg).toBe(
      'The request address cannot be decoded',
    );
  });
});
