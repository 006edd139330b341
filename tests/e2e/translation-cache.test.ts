import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eStack } from './pages/stack';
import { loadConfig } from '../../server/config';
import { connectDatabase, type Database } from '../../server/db/connection';
import { registerDerivedMessages } from '../../server/modules/i18n/translate';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser';
import { buildTestApp } from '../helpers/test-app';

/**
 * The translation table crosses the network once per change (issue 30 §2), in a real browser:
 * the first visit of the login page draws with the labels index.html carries and downloads the
 * whole table meanwhile; a reload
 * only asks whether the table changed (304) and draws with the kept one; a label changed on the
 * server shows on the next load; in Chinese and in English, switching between them.
 *
 * The server is the real app in this test's own process (on the run's database and a copy of
 * the build), so the test can change a label on it as a deployment would.
 */

let app: FastifyInstance;
let database: Database;
let browser: TestBrowser;
let baseUrl: string;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-e2e-i18n-'));
  fs.cpSync(path.resolve('dist/web'), webDir, { recursive: true });
  database = connectDatabase(e2eStack().databaseUrl, { max: 4 });
  ({ app } = await buildTestApp({ database, config: { ...loadConfig({ WEB_DIR: webDir }), seedDemo: false }, jobs: null }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The translation requests of a page: scope, status, bytes of the body. */
function watchTables(page: Page) {
  const seen: { locale: string; scope: string; status: number; bytes: number }[] = [];
  // Reading a finished request's response and sizes takes a round trip to the browser of its own:
  // a request counts once that is done, which `take` waits for.
  const reading = new Set<Promise<void>>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('/v1/i18n/gets')) return;
    const read = (async () => {
      const response = await request.response();
      const sizes = await request.sizes();
      seen.push({
        locale: url.searchParams.get('locale') ?? '',
        scope: url.searchParams.get('scope') ?? 'all',
        status: response?.status() ?? 0,
        bytes: sizes.responseBodySize,
      });
    })()
      // A request still being read when the page closes at the end of the test is not counted.
      .catch(() => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  return {
    /**
     * The requests since the last call (every step of this test makes at least one), once the
     * page has settled and each has been read. A language switch is no navigation, so the page's
     * `networkidle` may be the one it reached before: the first request is waited for itself.
     */
    async take() {
      await expect.poll(() => seen.length + reading.size).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      await Promise.all([...reading]);
      return seen.splice(0, seen.length);
    },
  };
}

const title = (page: Page) => page.locator('.console-login-card h3').first();

/**
 * The whole tables the browser keeps (providers/kept-tables.ts: IndexedDB), key -> the version
 * (ETag) each was kept with. None may be in localStorage, which every page's first read of it
 * loads whole. A table is kept in the background after its download: a test waits for it before
 * the reload that should find it.
 */
async function keptVersions(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    if (Object.keys(localStorage).some((key) => key.startsWith('i18n.table.'))) return { localStorage: 'holds a table' };
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('loyalty-console');
      opening.onupgradeneeded = () => opening.result.createObjectStore('translation-tables');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    try {
      if (!database.objectStoreNames.contains('translation-tables')) return {};
      const store = database.transaction('translation-tables').objectStore('translation-tables');
      const [keys, texts] = await Promise.all(
        [store.getAllKeys(), store.getAll()].map(
          (request) =>
            new Promise<unknown[]>((resolve, reject) => {
              request.onsuccess = () => resolve(request.result as unknown[]);
              request.onerror = () => reject(request.error);
            }),
        ),
      );
      return Object.fromEntries(keys.map((key, index) => [String(key), (JSON.parse(String(texts[index])) as { etag: string }).etag]));
    } finally {
      database.close();
    }
  });
}

async function keptLocales(page: Page): Promise<string[]> {
  return Object.keys(await keptVersions(page)).sort();
}

/** Chooses a language with the 中文 | English buttons of the login page. */
async function switchTo(page: Page, name: RegExp) {
  await page.locator('.console-login-lang').getByRole('button', { name }).click();
}

describe('the translation table on the login page', () => {
  it('is downloaded once, asked about on reloads, and a changed label shows on the next load, in both languages', async () => {
    const { page } = await browser.newPage();
    const tables = watchTables(page);

    // First visit: the page comes with the login labels (no request for them before it can
    // draw); the whole table follows in the background and is kept.
    const visit = await page.goto(`${baseUrl}/#/login`);
    const html = (await visit?.text()) ?? '';
    expect(html).toContain('id="login-texts"');
    expect(html.length).toBeLessThan(20_000);
    await expect.poll(() => title(page).textContent()).toBe('账号登录');
    await expect.poll(() => keptLocales(page)).toEqual(['i18n.table.zh_CN']);
    const first = await tables.take();
    expect(first.map(({ scope, status }) => [scope, status])).toEqual([['shared', 200]]);

    // Second load: one question, answered 304 with no body; the page draws with the kept table.
    await page.reload();
    await expect.poll(() => title(page).textContent()).toBe('账号登录');
    expect(await tables.take()).toEqual([{ locale: 'zh_CN', scope: 'shared', status: 304, bytes: 0 }]);

    // English: the switch downloads that table once and keeps it beside the Chinese one.
    await switchTo(page, /English/);
    await expect.poll(() => title(page).textContent()).toBe('Sign in');
    expect((await tables.take()).map((r) => [r.locale, r.status])).toEqual([['en_US', 200]]);
    await expect.poll(() => keptLocales(page)).toEqual(['i18n.table.en_US', 'i18n.table.zh_CN']);
    await page.reload();
    await expect.poll(() => title(page).textContent()).toBe('Sign in');
    expect((await tables.take()).map((r) => [r.locale, r.status])).toEqual([['en_US', 304]]);
    await switchTo(page, /中文/);
    await expect.poll(() => title(page).textContent()).toBe('账号登录');
    expect((await tables.take()).map((r) => [r.locale, r.status])).toEqual([['zh_CN', 304]]);

    // A label changed on the server reaches the next load, in each language.
    const before = await keptVersions(page);
    registerDerivedMessages({ 'shell.login.title': ['欢迎登录', 'Welcome, sign in'] });
    try {
      await page.reload();
      await expect.poll(() => title(page).textContent()).toBe('欢迎登录');
      expect((await tables.take()).map((r) => [r.locale, r.status])).toEqual([['zh_CN', 200]]);
      await switchTo(page, /English/);
      await expect.poll(() => title(page).textContent()).toBe('Welcome, sign in');
      expect((await tables.take()).map((r) => [r.locale, r.status])).toEqual([['en_US', 200]]);
      await expect.poll(async () => (await keptVersions(page))['i18n.table.en_US']).not.toBe(before['i18n.table.en_US']);
      await page.reload();
      await expect.poll(() => title(page).textContent()).toBe('Welcome, sign in');
      expect((await tables.take()).map((r) => [r.locale, r.status])).toEqual([['en_US', 304]]);
      await screenshot(page, 'translation-cache-changed-label-en');
    } finally {
      registerDerivedMessages({ 'shell.login.title': ['账号登录', 'Sign in'] });
    }
    expect(await keptLocales(page)).toEqual(['i18n.table.en_US', 'i18n.table.zh_CN']);
  });
});
