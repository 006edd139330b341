import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
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
