import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registerDerivedMessages } from '../../server/modules/i18n/translate';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { anonymousClient } from '../helpers/fixtures';
import { catalogMessages } from '../../resources/catalog/index';
import { toMessageMap } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';

/** The translation endpoints: public, complete in both locales. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

test('both locales are complete: the same keys, no empty text', async () => {
  const client = anonymousClient(t.app);
  const zh = await client.get('/v1/i18n/gets', { query: { locale: 'zh_CN' } });
  const en = await client.get('/v1/i18n/gets', { query: { locale: 'en_US' } });
  expect(zh.status).toBe(200);
  expect(zh.body.code).toBe(2000);
  expect(en.body.code).toBe(2000);
  const zhKeys = Object.keys(zh.body.data).sort();
  expect(zhKeys).toEqual(Object.keys(en.body.data).sort());
  // Every text of the message books and of the catalogue (menus, screens, permissions) is served.
  const declared = [...Object.keys(toMessageMap(MESSAGE_BOOKS, 'zh_CN')), ...Object.keys(catalogMessages())];
  expect(declared.filter((key) => !(key in zh.body.data))).toEqual([]);
  for (const map of [zh.body.data, en.body.data] as Record<string, string>[]) {
    const empty = Object.entries(map).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(empty).toEqual([]);
  }
});

test('the map holds the listed books and the catalogue-derived keys', async () => {
  const en = (await anonymousClient(t.app).get('/v1/i18n/gets', { query: { locale: 'en_US' } })).body.data;
  expect(en['error.unauthenticated']).toBe('You have been signed out for inactivity; please sign in again');
  expect(en['auth.login.failed']).toBe('The merchant code, user name or password is incorrect');
  expect(en['menu.setting']).toBe('Settings');
  expect(en['menu.setting.role']).toBe('Roles');
  expect(en['action.configure']).toBe('Configure');
  const zh = (await anonymousClient(t.app).get('/v1/i18n/gets', { query: { locale: 'zh_CN' } })).body.data;
  expect(zh['menu.setting']).toBe('设置');
  expect(zh['perm.设置/用户']).toBe('设置/用户');
});

test('the locale comes from the query, else the header, else zh_CN', async () => {
  const client = anonymousClient(t.app);
  const fromHeader = await client.get('/v1/i18n/gets', { headers: { locale: 'en_US' } });
  expect(fromHeader.body.data['error.forbidden']).toBe('Forbidden');
  const queryWins = await client.get('/v1/i18n/gets', { query: { locale: 'zh_CN' }, headers: { locale: 'en_US' } });
  expect(queryWins.body.data['error.forbidden']).toBe('禁止访问');
  const fallback = await client.get('/v1/i18n/gets', { query: { locale: 'fr_FR' }, headers: { locale: 'xx' } });
  expect(fallback.body.data['error.forbidden']).toBe('禁止访问');
});

test('names lists the two supported languages, each in its own language', async () => {
  const response = await anonymousClient(t.app).get('/v1/i18n/names');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({
    code: 2000,
    msg: 'success',
    data: [
      { locale: 'zh_CN', name: '简体中文' },
      { locale: 'en_US', name: 'English' },
    ],
  });
});

/** Every `.ts` / `.tsx` file under a folder of the repository. */
function sourceFiles(folder: string): string[] {
  const root = path.resolve(import.meta.dirname, '../..', folder);
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(root, file));
}

/** The message keys a folder's code names literally: `t('a.b')`, `translate('a.b')`, `translate(locale, 'a.b')`, AppError keys. */
function literalKeys(folders: readonly string[], patterns: readonly RegExp[]): Set<string> {
  const keys = new Set<string>();
  for (const file of folders.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) keys.add(match[1]);
  }
  return keys;
}

const KEY = "'([a-zA-Z][\\w-]*(?:\\.[\\w/-]+)+)'";

test('every key the browser and the server name in their code is served in both locales', async () => {
  const keys = new Set([
    // The browser: i18next's t and the providers' translate.
    ...literalKeys(['src', 'providers'], [new RegExp(`\\b(?:t|translate)\\(\\s*${KEY}`, 'g')]),
    // The server: translate(locale, key) and the keys of its AppErrors.
    ...literalKeys(
      ['server'],
      [
        new RegExp(`\\btranslate\\(\\s*[\\w.]+,\\s*${KEY}`, 'g'),
        new RegExp(`\\bnew AppError\\(\\s*'\\w+',\\s*${KEY}`, 'g'),
        new RegExp(`\\b(?:badInput|notFound|forbidden|conflict|unauthenticated)\\(\\s*${KEY}`, 'g'),
      ],
    ),
  ]);
  expect(keys.size).toBeGreaterThan(200);
  const client = anonymousClient(t.app);
  for (const locale of ['zh_CN', 'en_US']) {
    const served = (await client.get('/v1/i18n/gets', { query: { locale } })).body.data as Record<string, string>;
    const has = (key: string) => typeof served[key] === 'string' && served[key].trim() !== '';
    // A counted text is served as its plural forms (i18next: `key_one`, `key_other`; Chinese needs only `_other`).
    const missing = [...keys].filter((key) => !has(key) && !has(`${key}_other`)).sort();
    expect(missing, locale).toEqual([]);
  }
});

describe('versions (issue 30 §2)', () => {
  const gets = (args: { locale: string; scope?: string; ifNoneMatch?: string }) =>
    t.app.inject({
      method: 'GET',
      url: `${t.app.config.serviceBase}/v1/i18n/gets?locale=${args.locale}${args.scope ? `&scope=${args.scope}` : ''}`,
      headers: args.ifNoneMatch ? { 'if-none-match': args.ifNoneMatch } : {},
    });

  test('the table answers with an ETag from its content and may be kept, but is asked for again', async () => {
    const first = await gets({ locale: 'zh_CN' });
    const again = await gets({ locale: 'zh_CN' });
    const english = await gets({ locale: 'en_US' });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(english.headers.etag).not.toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
  });

  test.each(['zh_CN', 'en_US'])('%s: If-None-Match with the current tag answers 304 without the table', async (locale) => {
    const current = await gets({ locale });
    const etag = String(current.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"old", ${etag}`, '*']) {
      const unchanged = await gets({ locale, ifNoneMatch });
      expect(unchanged.statusCode, ifNoneMatch).toBe(304);
      expect(unchanged.rawPayload.length).toBe(0);
      expect(unchanged.headers.etag).toBe(etag);
    }
    const stale = await gets({ locale, ifNoneMatch: '"an-older-table"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toEqual(current.json().data);
  });

  test("the other language's tag does not match: switching languages fetches the other table", async () => {
    const zh = await gets({ locale: 'zh_CN' });
    const en = await gets({ locale: 'en_US', ifNoneMatch: String(zh.headers.etag) });
    expect(en.statusCode).toBe(200);
    expect(en.json().data['error.forbidden']).toBe('Forbidden');
  });

  test('a label changed on the server changes the tag, and the old tag gets the new table', async () => {
    const before = await gets({ locale: 'en_US' });
    const original = before.json().data['shell.login.title'] as string;
    const originalZh = (await gets({ locale: 'zh_CN' })).json().data['shell.login.title'] as string;
    registerDerivedMessages({ 'shell.login.title': ['新的标题', 'A new title'] });
    try {
      const after = await gets({ locale: 'en_US', ifNoneMatch: String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json().data['shell.login.title']).toBe('A new title');
    } finally {
      registerDerivedMessages({ 'shell.login.title': [originalZh, original] });
    }
    expect((await gets({ locale: 'en_US' })).headers.etag).toBe(before.headers.etag);
  });

  test('scope=login answers the labels of the login page only, with its own tag', async () => {
    const all = await gets({ locale: 'en_US' });
    const login = await gets({ locale: 'en_US', scope: 'login' });
    expect(login.statusCode).toBe(200);
    const messages = login.json().data as Record<string, string>;
    expect(login.rawPayload.length).toBeLessThan(all.rawPayload.length / 5);
    expect(login.headers.etag).not.toBe(all.headers.etag);
    expect((await gets({ locale: 'en_US', scope: 'login', ifNoneMatch: String(login.headers.etag) })).statusCode).toBe(304);
    // Every key the pages outside the shell name, with the texts of the whole table.
    const keys = literalKeysOf([
      'src/shell/login-page.tsx',
      'src/shell/change-password-form.tsx',
      'src/shell/status-results.tsx',
      'src/shell/language-switch.tsx',
    ]);
    expect(keys.size).toBeGreaterThan(15);
    const whole = all.json().data as Record<string, string>;
    for (const key of keys) expect(messages[key], key).toBe(whole[key]);
    expect(messages['menu.setting']).toBeUndefined();
    expect((await gets({ locale: 'en_US', scope: 'everything' })).statusCode).toBe(400);
  });

  test.each(['zh_CN', 'en_US'])(
    'scope=shared (%s) reads every label of the whole table the same, at a fraction of its size',
    async (locale) => {
      const all = await gets({ locale });
      const shared = await gets({ locale, scope: 'shared' });
      expect(shared.statusCode).toBe(200);
      expect(shared.headers.etag).not.toBe(all.headers.etag);
      expect((await gets({ locale, scope: 'shared', ifNoneMatch: String(shared.headers.etag) })).statusCode).toBe(304);
      expect(shared.rawPayload.length).toBeLessThan(all.rawPayload.length / 4);
      const whole = all.json().data as Record<string, string>;
      const written = shared.json().data as Record<string, string>;
      // What the browser reads for a key: the resource's own label, else the shared one.
      const read = (key: string) => written[key] ?? written[`res.*.${key.split('.').slice(2).join('.')}`];
      const differing = Object.keys(whole).filter((key) => read(key) !== whole[key]);
      expect(differing).toEqual([]);
      // Labels written once stand for many resources; a resource's own text stays its own.
      const sharedKeys = Object.keys(written).filter((key) => key.startsWith('res.*.'));
      expect(sharedKeys.length).toBeGreaterThan(100);
      const own = Object.keys(whole).find(
        (key) => key.startsWith('res.') && key.split('.').length > 2 && key in written && !key.startsWith('res.*.'),
      );
      expect(own && written[own]).toBe(own && whole[own]);
      expect(written['error.network']).toBe(whole['error.network']);
    },
  );
});

/** The keys `t('a.b')` names in the given files of the repository. */
function literalKeysOf(files: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(path.resolve(import.meta.dirname, '../..', file), 'utf8');
    for (const match of text.matchAll(new RegExp(`\\bt\\(\\s*${KEY}`, 'g'))) keys.add(match[1]);
  }
  return keys;
}
