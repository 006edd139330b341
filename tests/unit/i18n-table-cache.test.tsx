// @vitest-environment jsdom
/**
 * The browser keeps the translation table between visits (issue 30 §2): a first visit to the
 * login page draws with the login labels and keeps the whole table that follows; a later start
 * only asks whether the kept table changed (If-None-Match -> 304); a label changed on the server
 * reaches the next start; each language is kept on its own, so switching back and forth asks
 * only whether each is current.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useTranslation } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, keptLoginKey, keptTableKey, rememberShownTable, t, wholeTableReady } from '../../providers/i18n';
import { isLocale, toMessageMap, type Locale } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { SERVED_LOGIN_TEXTS_ID, shareResourceLabels } from '../../resources/messages/scopes';
import { SESSION_KEYS_CLEARED_ON_LOGOUT } from '../../providers/storage-keys';
import { forgetKeptText, readKeptText, writeKeptText } from '../../providers/kept-tables';
import { API, installDomShims } from '../helpers/screen-harness';

/** What the server serves: the real books, one label the test can change, a version per change. */
const served = { version: 1, title: { zh_CN: '会员后台', en_US: 'Member console' } as Record<Locale, string> };

interface Request {
  readonly locale: string | null;
  readonly scope: string | null;
  readonly ifNoneMatch: string | null;
  readonly status: number;
}
const requests: Request[] = [];

/** Labels two resources share and one they do not, as the server's derived books write them. */
const RESOURCE_LABELS = {
  'res.gadget-a.stock': '库存 {count} 件',
  'res.gadget-b.stock': '库存 {count} 件',
  'res.gadget-c.stock': '存量 {count}',
};

const etagOf = (locale: Locale, scope: string) => `"${locale}-${scope}-v${served.version}"`;

const server = setupServer(
  mock.get(`${API}/v1/i18n/gets`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const locale: Locale = isLocale(params.get('locale')) ? (params.get('locale') as Locale) : 'zh_CN';
    const scope = params.get('scope') ?? 'all';
    const etag = etagOf(locale, scope);
    const ifNoneMatch = request.headers.get('if-none-match');
    const status = ifNoneMatch === etag ? 304 : 200;
    requests.push({ locale, scope: params.get('scope'), ifNoneMatch, status });
    if (status === 304) return new HttpResponse(null, { status: 304, headers: { etag } });
    const all = { ...toMessageMap(MESSAGE_BOOKS, locale), ...RESOURCE_LABELS, 'shell.login.title': served.title[locale] };
    const data =
      scope === 'login'
        ? Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith('shell.')))
        : scope === 'shared'
          ? shareResourceLabels(all)
          : all;
    return HttpResponse.json({ code: 2000, msg: 'success', data }, { headers: { etag } });
  }),
);

function Title() {
  const { t: translate } = useTranslation();
  return <h1>{translate('shell.login.title')}</h1>;
}

beforeAll(() => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  requests.length = 0;
  window.location.hash = '#/login';
});
afterEach(() => cleanup());
afterAll(() => server.close());

/** index.html as the server sends it: with the login labels of one locale (server/modules/i18n/index-page.ts). */
function pageWithLabels(locale: Locale, messages: Record<string, string>): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SERVED_LOGIN_TEXTS_ID;
  block.textContent = JSON.stringify({ locale, messages });
  document.head.append(block);
}

/** The whole table this browser keeps of a locale, as kept (its text parsed). */
async function keptTableOf(locale: Locale): Promise<{ etag: string; messages: Record<string, string> } | undefined> {
  const text = await readKeptText(keptTableKey(locale));
  return text === undefined ? undefined : JSON.parse(text);
}

/** The version of the kept whole table, once it is kept (kept in the background after a download). */
async function keptVersion(locale: Locale, expected: string): Promise<void> {
  await vi.waitFor(async () => expect((await keptTableOf(locale))?.etag).toBe(expected));
}

/** Starts the page as a reload does, in the locale given, and shows the title. */
async function start(locale: Locale) {
  await initI18n(locale);
  render(<Title />);
}

describe('the kept translation table', () => {
  it('first visit: the login labels first, then the whole table, kept with its version', async () => {
    await start('zh_CN');
    expect(screen.getByRole('heading').textContent).toBe('会员后台');
    await wholeTableReady();
    expect(requests.map((r) => [r.scope, r.ifNoneMatch, r.status])).toEqual([
      ['login', null, 200],
      ['shared', null, 200],
    ]);
    const kept = (await keptTableOf('zh_CN'))!;
    expect(kept.etag).toBe(etagOf('zh_CN', 'shared'));
    expect(kept.messages['error.network']).toBe('请检查网络设置');
    // Not in localStorage, which every page's first read of it loads whole (providers/kept-tables.ts).
    expect(Object.keys(localStorage).filter((key) => key.startsWith('i18n.table'))).toEqual([]);
    // The rest of the table is there for the console.
    expect(t('error.network')).toBe('请检查网络设置');
  });

  it('next visit: only asks whether the table changed, and draws with the kept one', async () => {
    await start('zh_CN');
    expect(requests).toEqual([{ locale: 'zh_CN', scope: 'shared', ifNoneMatch: etagOf('zh_CN', 'shared'), status: 304 }]);
    expect(screen.getByRole('heading').textContent).toBe('会员后台');
    expect(t('error.network')).toBe('请检查网络设置');
  });

  it('the login page draws with the kept login part; the whole kept table is read when the console asks for it', async () => {
    localStorage.setItem(keptLoginKey('zh_CN'), localStorage.getItem(keptLoginKey('zh_CN'))!.replace('会员后台', '会员后台（登录部分）'));
    const reads = vi.spyOn(IDBObjectStore.prototype, 'get');
    try {
      await start('zh_CN');
      expect(screen.getByRole('heading').textContent).toBe('会员后台（登录部分）');
      expect(reads.mock.calls.map(([key]) => key)).not.toContain(keptTableKey('zh_CN'));
      await wholeTableReady();
      expect(reads.mock.calls.map(([key]) => key)).toContain(keptTableKey('zh_CN'));
      expect(t('screens.addTitle', { name: 'x' })).toBe('新增x');
      expect(requests.map((r) => r.status)).toEqual([304]);
    } finally {
      reads.mockRestore();
      localStorage.removeItem(keptLoginKey('zh_CN'));
    }
  });

  it('a label changed on the server shows on the next start, and the new table is kept', async () => {
    served.version = 2;
    served.title = { zh_CN: '会员后台（新）', en_US: 'Member console (new)' };
    await start('zh_CN');
    expect(requests.map((r) => r.status)).toEqual([200]);
    expect(screen.getByRole('heading').textContent).toBe('会员后台（新）');
    await keptVersion('zh_CN', etagOf('zh_CN', 'shared'));
    cleanup();
    requests.length = 0;
    await start('zh_CN');
    expect(requests.map((r) => r.status)).toEqual([304]);
    expect(screen.getByRole('heading').textContent).toBe('会员后台（新）');
  });

  it('switching languages keeps each table: the second switch to a language only asks', async () => {
    await start('zh_CN');
    await act(async () => {
      await changeLanguage('en_US');
    });
    expect(screen.getByRole('heading').textContent).toBe('Member console (new)');
    await act(async () => {
      await changeLanguage('zh_CN');
    });
    await act(async () => {
      await changeLanguage('en_US');
    });
    expect(screen.getByRole('heading').textContent).toBe('Member console (new)');
    expect(requests.map((r) => [r.locale, r.status])).toEqual([
      ['zh_CN', 304],
      ['en_US', 200],
      ['zh_CN', 304],
      ['en_US', 304],
    ]);
    expect(localStorage.getItem('locale')).toBe('en_US');
    expect(JSON.parse(sessionStorage.getItem('i18n')!).locale).toBe('en_US');
  });

  it('the session holds the shown table with its version, written again only when it lost it', async () => {
    await start('zh_CN');
    await wholeTableReady();
    const held = sessionStorage.getItem('i18n')!;
    expect(JSON.parse(held)).toMatchObject({ locale: 'zh_CN', etag: etagOf('zh_CN', 'shared') });
    expect(JSON.parse(held).messages['error.network']).toBe('请检查网络设置');
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    try {
      // A reload, and the shell's session check after it: the session already holds this table.
      cleanup();
      await start('zh_CN');
      rememberShownTable();
      expect(writes.mock.calls.filter(([key]) => key === 'i18n')).toEqual([]);
      // Logout clears the session; the next sign-in puts the table back.
      for (const key of SESSION_KEYS_CLEARED_ON_LOGOUT) sessionStorage.removeItem(key);
      rememberShownTable();
      expect(sessionStorage.getItem('i18n')).toBe(held);
    } finally {
      writes.mockRestore();
    }
  });

  it("a page's start takes the session's language from the entry beside its table, without reading the table", async () => {
    await start('en_US');
    await wholeTableReady();
    expect(JSON.parse(sessionStorage.getItem('i18n.version')!)).toEqual({ locale: 'en_US', etag: etagOf('en_US', 'shared') });
    // Another tab chose Chinese since; this tab's session stays English.
    localStorage.setItem('locale', 'zh_CN');
    window.location.hash = '#/member/list';
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    try {
      cleanup();
      await initI18n();
      render(<Title />);
      expect(screen.getByRole('heading').textContent).toBe(served.title.en_US);
      expect(reads.mock.calls.filter(([key]) => key === 'i18n')).toEqual([]);
    } finally {
      reads.mockRestore();
    }
  });

  it('a kept table that no longer reads as one is downloaded again, even when the server calls its version current', async () => {
    window.location.hash = '#/member/list';
    await writeKeptText(keptTableKey('zh_CN'), `{"etag":${JSON.stringify(etagOf('zh_CN', 'shared'))},"messages":{"error.net`);
    await start('zh_CN');
    expect(requests.map((r) => [r.ifNoneMatch, r.status])).toEqual([
      [etagOf('zh_CN', 'shared'), 304],
      [null, 200],
    ]);
    expect(t('error.network')).toBe('请检查网络设置');
    await keptVersion('zh_CN', etagOf('zh_CN', 'shared'));
    expect((await keptTableOf('zh_CN'))!.messages['error.network']).toBe('请检查网络设置');
  });

  it('reads a label the shared table writes once for every resource that shares it, its slots filled', async () => {
    window.location.hash = '#/member/list';
    await start('zh_CN');
    const kept = (await keptTableOf('zh_CN'))!.messages;
    expect(kept['res.gadget-a.stock']).toBeUndefined();
    expect(t('res.gadget-a.stock', { count: 3 })).toBe('库存 3 件');
    expect(t('res.gadget-b.stock', { count: 4 })).toBe('库存 4 件');
    expect(t('res.gadget-c.stock', { count: 5 })).toBe('存量 5');
    // A label nobody has still shows its key.
    expect(t('res.gadget-a.colour')).toBe('res.gadget-a.colour');
  });

  it('a console page opened first waits for the whole table, asking only whether it changed', async () => {
    window.location.hash = '#/member/list';
    await forgetKeptText(keptTableKey('en_US'));
    await start('en_US');
    expect(requests.map((r) => [r.scope, r.status])).toEqual([['shared', 200]]);
    expect(t('error.network')).toBe('Please check your network settings');
  });

  it('a login page that came with its labels draws with them at once; the whole table is only asked about', async () => {
    window.location.hash = '#/login';
    pageWithLabels('zh_CN', { 'shell.login.title': '会员后台（随页）' });
    await start('zh_CN');
    expect(screen.getByRole('heading').textContent).toBe('会员后台（随页）');
    expect(document.getElementById(SERVED_LOGIN_TEXTS_ID)).toBeNull();
    await wholeTableReady();
    expect(requests).toEqual([{ locale: 'zh_CN', scope: 'shared', ifNoneMatch: etagOf('zh_CN', 'shared'), status: 304 }]);
    expect(t('screens.addTitle', { name: 'x' })).toBe('新增x');
  });

  it('a first visit with the labels in the page asks no login part: only the whole table, kept for the next visit', async () => {
    await forgetKeptText(keptTableKey('zh_CN'));
    localStorage.removeItem(keptLoginKey('zh_CN'));
    pageWithLabels('zh_CN', { 'shell.login.title': '会员后台（随页）' });
    await start('zh_CN');
    expect(screen.getByRole('heading').textContent).toBe('会员后台（随页）');
    await wholeTableReady();
    expect(requests.map((r) => [r.scope, r.ifNoneMatch, r.status])).toEqual([['shared', null, 200]]);
    expect((await keptTableOf('zh_CN'))!.etag).toBe(etagOf('zh_CN', 'shared'));
    expect(t('error.network')).toBe('请检查网络设置');
  });

  it("labels of another language in the page are left unused: the page's language is asked for", async () => {
    localStorage.removeItem(keptLoginKey('en_US'));
    pageWithLabels('zh_CN', { 'shell.login.title': '会员后台（随页）' });
    await start('en_US');
    expect(screen.getByRole('heading').textContent).toBe(served.title.en_US);
    expect(requests.map((r) => r.locale)).toEqual(['en_US']);
  });

  it('a table an earlier build kept in localStorage is removed at the start; the kept one is asked about', async () => {
    const earlier = (await readKeptText(keptTableKey('zh_CN')))!;
    localStorage.setItem(keptTableKey('zh_CN'), earlier);
    localStorage.setItem(keptTableKey('en_US'), earlier);
    window.location.hash = '#/member/list';
    await start('zh_CN');
    expect(localStorage.getItem(keptTableKey('zh_CN'))).toBeNull();
    expect(localStorage.getItem(keptTableKey('en_US'))).toBeNull();
    expect(requests.map((r) => [r.locale, r.status])).toEqual([['zh_CN', 304]]);
    expect(t('error.network')).toBe('请检查网络设置');
  });
});
