// @vitest-environment jsdom
/**
 * The route guard: a screen the user may not open is never rendered and 您未被授权访问此页面
 * shows instead; the card template detail opened by number looks the template's type up first.
 * Also the route table and the chunk failure behaviour behind the guard.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { render } from '../helpers/antd-styles';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { changeLanguage, initI18n } from '../../providers/i18n';
import type { ScreenRef } from '../../resources/catalog/index';
import { toMessageMap, isLocale } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { CHUNK_RELOAD_MARKER } from '../../providers/storage-keys';
import { isChunkLoadFailure, loadScreenModule, preloadScreen } from '../../src/shell/lazy-screen';
import { screenKey } from '../../src/screens/index';
import { GuardedScreen } from '../../src/shell/route-guard';
import { buildShellRoutes } from '../../src/shell/shell-routes';
import { API, grant, installDomShims } from '../helpers/screen-harness';

const lookups: string[] = [];
const server = setupServer(
  mock.get(`${API}/v1/i18n/gets`, ({ request }) => {
    const locale = new URL(request.url).searchParams.get('locale');
    return HttpResponse.json({ code: 2000, msg: 'success', data: toMessageMap(MESSAGE_BOOKS, isLocale(locale) ? locale : 'zh_CN') });
  }),
  mock.get(`${API}/v1/card-template/info-by-number`, ({ request }) => {
    const number = new URL(request.url).searchParams.get('number') ?? '';
    lookups.push(number);
    return HttpResponse.json({ code: 2000, msg: 'success', data: { number, cardTemplateType: 'OFFLINE_GIFT_CARD' } });
  }),
);

function Secret() {
  return <div>secret screen content</div>;
}
const loader = () => Promise.resolve({ default: Secret });

function renderGuarded(args: { screen: ScreenRef; url: string }) {
  return render(
    <MemoryRouter initialEntries={[args.url]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="*" element={<GuardedScreen screen={args.screen} loader={loader} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const USERS: ScreenRef = { group: 'setting', entry: 'user', screen: 'user' };
const TPL_DETAIL: ScreenRef = { group: 'deposit', entry: 'prepay-card-tpl', screen: 'prepay-card-tpl-dtl' };

beforeAll(async () => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh_CN');
});
beforeEach(() => {
  localStorage.clear();
  lookups.length = 0;
});
afterEach(() => cleanup());
afterAll(() => server.close());

describe('route guard', () => {
  it('denies without the permission and never renders the screen', async () => {
    grant([{ resourceId: '设置/角色', actions: ['view'] }]);
    renderGuarded({ screen: USERS, url: '/setting/user/user' });
    expect(await screen.findByText('您未被授权访问此页面')).toBeTruthy();
    expect(screen.queryByText('secret screen content')).toBeNull();
  });

  it('says it in English after switching the language', async () => {
    grant([]);
    await act(async () => {
      await changeLanguage('en_US');
    });
    renderGuarded({ screen: USERS, url: '/setting/user/user' });
    expect(await screen.findByText('You are not authorized to visit this page')).toBeTruthy();
    await act(async () => {
      await changeLanguage('zh_CN');
    });
  });

  it('renders the screen with the permission', async () => {
    grant([{ resourceId: '设置/用户', actions: ['view'] }]);
    renderGuarded({ screen: USERS, url: '/setting/user/user' });
    expect(await screen.findByText('secret screen content')).toBeTruthy();
    expect(document.title).toContain('会员营销平台');
  });

  it('a screen the stored grants open draws in the render that mounts it once its code is there: no spinner first', async () => {
    grant([{ resourceId: '设置/用户', actions: ['view'] }]);
    await preloadScreen({ key: screenKey(USERS), loader });
    renderGuarded({ screen: USERS, url: '/setting/user/user' });
    expect(screen.getByText('secret screen content')).toBeTruthy();
    expect(document.querySelector('.ant-spin')).toBeNull();
  });

  it('card template detail by number: fetches the type, then checks that type', async () => {
    grant([{ resourceId: '储值/卡模板/实体礼品卡', actions: ['卡模板查看'] }]);
    renderGuarded({ screen: TPL_DETAIL, url: '/deposit/prepay-card-tpl/prepay-card-tpl-dtl?number=GC001' });
    expect(await screen.findByText('secret screen content')).toBeTruthy();
    expect(lookups).toEqual(['GC001']);
  });

  it('card template detail by number of a type the user cannot view is denied', async () => {
    grant([{ resourceId: '储值/卡模板/充值卡', actions: ['卡模板查看'] }]);
    renderGuarded({ screen: TPL_DETAIL, url: '/deposit/prepay-card-tpl/prepay-card-tpl-dtl?number=GC002' });
    expect(await screen.findByText('您未被授权访问此页面')).toBeTruthy();
    expect(screen.queryByText('secret screen content')).toBeNull();
  });
});

describe('route table', () => {
  it('routes only implemented screens, with group and entry defaults', () => {
    const implemented = new Set(['member/home/home', 'datum/store/store', 'datum/store/store-dtl', 'score/score-adjust/score-adjust-add']);
    const routes = buildShellRoutes((ref) => (implemented.has(`${ref.group}/${ref.entry}/${ref.screen}`) ? loader : undefined));
    const byPath = new Map(routes.map((route) => [route.path, route]));
    expect(byPath.get('/member')).toEqual({ kind: 'redirect', path: '/member', to: '/member/home' });
    expect(byPath.get('/score')).toEqual({ kind: 'redirect', path: '/score', to: '/score/home' });
    expect(byPath.get('/member/home')?.kind).toBe('screen');
    expect(byPath.get('/member/home/home')?.kind).toBe('screen');
    expect(byPath.get('/score/score-adjust/score-adjust-add')?.kind).toBe('screen');
    // The entry's default screen (score-adjust) has no component, so /score/score-adjust is not routed.
    expect(byPath.has('/score/score-adjust')).toBe(false);
    expect(byPath.has('/member/standard-member/list')).toBe(false);
    expect(byPath.get('/analysis')?.kind).toBe('empty');
  });
});

describe('screen chunk failures', () => {
  it('recognises the chunk errors of §8', () => {
    expect(isChunkLoadFailure(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadFailure({ code: 'CSS_CHUNK_LOAD_FAILED' })).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('logs and reloads once, then not again while the marker is fresh', async () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.removeItem(CHUNK_RELOAD_MARKER);
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

    const first = loadScreenModule({ loader: failing });
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_MARKER)).not.toBeNull();
    void first;

    await expect(loadScreenModule({ loader: failing })).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledTimes(2);

    Object.defineProperty(window, 'location', { configurable: true, value: original });
    logged.mockRestore();
  });

  it('a load slower than the timeout is a chunk failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.setItem(CHUNK_RELOAD_MARKER, String(Date.now()));
    const never = () => new Promise<never>(() => undefined);
    await expect(loadScreenModule({ loader: never, timeoutMs: 20 })).rejects.toMatchObject({ name: 'ChunkLoadError' });
    logged.mockRestore();
  });
});
