import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The browser app as the server sends it: the build's precompressed copies (vite.config.ts)
 * when the browser accepts them, hashed assets cached for a year, index.html revalidated on
 * every load. A build of three files stands in for `dist/web`.
 */

let t: TestApp;
let webDir: string;
const script = `console.log(${JSON.stringify('登录'.repeat(2000))});`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  const html = '<!doctype html><script type="module" src="/assets/index-Ab12Cd34.js"></script>';
  fs.writeFileSync(path.join(webDir, 'index.html'), html);
  fs.writeFileSync(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(webDir, 'index.html.gz'), zlib.gzipSync(html));
  fs.writeFileSync(path.join(webDir, 'assets', 'logo-Ef56Gh78.png'), Buffer.from([137, 80, 78, 71]));
  const asset = path.join(webDir, 'assets', 'index-Ab12Cd34.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  t = await startTestApp({ env: { WEB_DIR: webDir } });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

test('a hashed asset comes brotli-compressed when the browser accepts it, cached for a year', async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/assets/index-Ab12Cd34.js',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe('br');
  expect(response.headers['content-type']).toMatch(/javascript/);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers.vary).toMatch(/accept-encoding/i);
  expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);
});

test('gzip for a browser without brotli, the plain file for a client accepting neither', async () => {
  const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
  const plain = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

test('index.html is revalidated on every load', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('/assets/index-Ab12Cd34.js');
});

test('index.html carries the login labels of its language, revalidated by its ETag', async () => {
  const served = (html: string) => {
    const block = /<script type="application\/json" id="login-texts">(.*?)<\/script>/s.exec(html)?.[1];
    return block === undefined ? undefined : (JSON.parse(block) as { locale: string; messages: Record<string, string> });
  };
  const zh = await t.app.inject({ method: 'GET', url: '/' });
  expect(zh.body.startsWith('<!doctype html>')).toBe(true);
  expect(zh.body).toContain('/assets/index-Ab12Cd34.js');
  expect(served(zh.body)).toMatchObject({ locale: 'zh_CN', messages: { 'shell.login.submit': '登录' } });
  // Only the login part: no screen titles, no field labels.
  expect(Object.keys(served(zh.body)!.messages).every((key) => /^(shell|error|validation|widget)\./.test(key))).toBe(true);
  const en = await t.app.inject({ method: 'GET', url: '/index.html?locale=en_US' });
  expect(served(en.body)).toMatchObject({ locale: 'en_US', messages: { 'shell.login.submit': 'Sign in' } });
  const unknown = await t.app.inject({ method: 'GET', url: '/?locale=xx' });
  expect(served(unknown.body)?.locale).toBe('zh_CN');
  // The labels could never end the block: no `<` is written as it is.
  expect(/<script type="application\/json" id="login-texts">([^<]*)<\/script>/.test(zh.body)).toBe(true);

  expect(zh.headers['cache-control']).toBe('no-cache');
  expect(zh.headers.etag).toMatch(/^"[\w-]+"$/);
  expect(en.headers.etag).not.toBe(zh.headers.etag);
  const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(zh.headers.etag) } });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
});

test('a build that replaces index.html while the server runs is served from the next load', async () => {
  const file = path.join(webDir, 'index.html');
  const before = fs.readFileSync(file, 'utf8');
  try {
    fs.writeFileSync(file, before.replace('index-Ab12Cd34.js', 'index-Zz98Yx76.js'));
    // A later modification time, whatever the file system's clock resolution.
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.body).toContain('/assets/index-Zz98Yx76.js');
    expect(response.body).toContain('id="login-texts"');
  } finally {
    fs.writeFileSync(file, before);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 10_000));
  }
  expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('/assets/index-Ab12Cd34.js');
});

test('a file the build did not compress (an image) is sent as it is', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/assets/logo-Ef56Gh78.png', headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBeUndefined();
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});
