import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../resources/contract/client-header';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { XLSX_MIME } from '../../server/modules/files/file-task.routes';
import { createTenant, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { readSheet } from '../helpers/workbooks';

/**
 * Compressed answers (issue 30 §1): a JSON answer of 1 KiB or more goes out with brotli or gzip
 * as the client accepts, a smaller one and a client accepting neither get the plain bytes, a
 * downloaded workbook is sent byte for byte, and a file task's progress still reads. Every
 * answer here is also checked against the OpenAPI document before it is compressed (the test
 * app's response check).
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
const tag = `z${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const area = await admin.post('/v1/area/saveNew', { body: { code: `${tag}A`, name: `Area ${tag}` } });
  // Enough stores for a list page well above the threshold.
  for (let i = 0; i < 12; i += 1) {
    const code = `${tag}${String(i).padStart(2, '0')}`;
    const body = {
      code,
      name: `Store ${i}`,
      type: 'GAS_STATION',
      area: area.body.data.id,
      openingDate: '2024-05-01',
      phone: '021-5555 0000',
    };
    const response = await admin.post('/v1/store/saveNew', { body });
    expect(response.body.code, JSON.stringify(response.body)).toBe(2000);
  }
});

afterAll(async () => t?.close());

/** A call as a browser makes it, with the admin's session, answering the raw bytes. */
async function call(args: { method?: 'GET' | 'POST'; url: string; encoding?: string; body?: object }) {
  const response = await t.app.inject({
    method: args.method ?? 'GET',
    url: `${t.app.config.serviceBase}${args.url}`,
    headers: {
      cookie: `${SESSION_COOKIE}=${admin.sessionToken()}`,
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      locale: 'zh_CN',
      ...(args.encoding !== undefined ? { 'accept-encoding': args.encoding } : {}),
    },
    ...(args.body ? { payload: args.body } : {}),
  });
  return { status: response.statusCode, headers: response.headers, raw: response.rawPayload };
}

/** The bytes as the client reads them after undoing the content encoding. */
function decoded(answer: { headers: Record<string, unknown>; raw: Buffer }): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.raw);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.raw);
  expect(encoding).toBeUndefined();
  return answer.raw;
}

const storeList = { page: 1, pageSize: 50, filters: { code: tag } };

describe('a large JSON answer', () => {
  test.each([
    ['br', 'gzip, deflate, br'],
    ['br', 'br;q=1.0, gzip;q=0.5'],
    ['gzip', 'gzip'],
    ['gzip', 'deflate, gzip;q=0.8'],
  ])('is sent as %s when the client says "%s", and reads back as the same JSON', async (expected, accept) => {
    const plain = await call({ method: 'POST', url: '/v1/store/query', body: storeList });
    const compressed = await call({ method: 'POST', url: '/v1/store/query', body: storeList, encoding: accept });
    expect(plain.raw.length).toBeGreaterThan(1024);
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(expected);
    expect(String(compressed.headers.vary)).toMatch(/accept-encoding/i);
    expect(compressed.raw.length).toBeLessThan(plain.raw.length / 3);
    const answer = JSON.parse(decoded(compressed).toString('utf8'));
    expect(answer.data.records).toHaveLength(12);
    expect(answer).toEqual(JSON.parse(plain.raw.toString('utf8')));
    expect(compressed.headers['cache-control']).toBe('no-store');
  });

  test.each([[undefined], ['identity'], ['deflate'], ['gzip;q=0, br;q=0']])(
    'is sent plain when the client accepts no brotli or gzip (%s)',
    async (accept) => {
      const answer = await call({ method: 'POST', url: '/v1/store/query', body: storeList, encoding: accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.raw.toString('utf8')).data.records).toHaveLength(12);
    },
  );

  test('is checked against the OpenAPI document before it is compressed', async () => {
    const before = t.contract.checked;
    const answer = await call({ method: 'POST', url: '/v1/store/query', body: storeList, encoding: 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(t.contract.checked).toBe(before + 1);
    expect(t.contract.take()).toEqual([]);
  });
});

test('an answer under 1 KiB is sent plain even to a client that accepts brotli', async () => {
  const answer = await call({ url: '/v1/i18n/names', encoding: 'br, gzip' });
  expect(answer.status).toBe(200);
  expect(answer.raw.length).toBeLessThan(1024);
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(answer.raw.toString('utf8')).data).toHaveLength(2);
});

test('an error answer stays readable with compression accepted', async () => {
  const answer = await call({ method: 'POST', url: '/v1/store/saveNew', body: { code: '' }, encoding: 'br, gzip' });
  expect(answer.status).toBe(400);
  const body = JSON.parse(decoded(answer).toString('utf8'));
  expect(body.code).toBe(4000);
});

describe('files and file tasks', () => {
  test('an export runs, its progress reads, and its workbook downloads byte for byte', async () => {
    const started = await call({ method: 'POST', url: '/v1/store/export', body: { filters: { code: tag } }, encoding: 'br, gzip' });
    const { taskId } = JSON.parse(decoded(started).toString('utf8')).data as { taskId: number };
    const progress = await call({ url: `/v1/file-task/info/${taskId}`, encoding: 'br, gzip' });
    expect(progress.status).toBe(200);
    expect(JSON.parse(decoded(progress).toString('utf8')).data).toMatchObject({ state: 'succeeded', progress: 100, total: 12 });
    const tasks = await call({ method: 'POST', url: '/v1/file-task/query', body: { page: 1, pageSize: 20 }, encoding: 'gzip' });
    expect(JSON.parse(decoded(tasks).toString('utf8')).data.records[0]).toMatchObject({ id: taskId, progress: 100 });

    const plain = await call({ url: `/v1/file-task/download/${taskId}` });
    const accepting = await call({ url: `/v1/file-task/download/${taskId}`, encoding: 'br, gzip' });
    expect(accepting.status).toBe(200);
    expect(accepting.headers['content-type']).toBe(XLSX_MIME);
    expect(accepting.headers['content-encoding']).toBeUndefined();
    expect(accepting.raw.equals(plain.raw)).toBe(true);
    const rows = await readSheet(accepting.raw);
    expect(rows).toHaveLength(13);
  });

  test('an import template downloads as the workbook itself', async () => {
    const answer = await call({ url: '/v1/store/import-template', encoding: 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect((await readSheet(answer.raw))[0].length).toBeGreaterThan(1);
  });
});
