// @vitest-environment jsdom
/**
 * The auth provider and the session's storage keys (§3, §4): sign-in writes them, sign-out moves
 * to /login first and then removes exactly those keys.
 */
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authProvider, setAuthNavigator, signIn, signOut } from '../../providers/auth';
import { initI18n } from '../../providers/i18n';
import { toMessageMap } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { API, installDomShims } from '../helpers/screen-harness';

const LOGIN = {
  tenantId: 1,
  user: { id: 5, login: 'alice', name: 'Alice' },
  customer: { code: 'acme', name: 'ACME 加油站' },
  useStrict: true,
  passwordValidityPeriod: 90,
  maxLoginValidityPeriod: 30,
  state: 'normal',
  resetToken: null,
};
const PERMISSIONS = [{ resourceId: '设置/用户', actions: ['view'], pageUrl: '/setting/user' }];
const ok = (data: unknown) => HttpResponse.json({ code: 2000, msg: 'success', data });

let loginState = 'normal';
let logoutCalls = 0;

const server = setupServer(
  mock.get(`${API}/v1/i18n/gets`, () => ok(toMessageMap(MESSAGE_BOOKS, 'zh_CN'))),
  mock.post(`${API}/v1/auth/login`, async ({ request }) => {
    const body = (await request.json()) as { password: string };
    if (body.password !== 'right') return HttpResponse.json({ code: 4000, msg: '用户名或密码错误', data: null }, { status: 400 });
    return ok({ ...LOGIN, state: loginState, resetToken: loginState === 'normal' ? null : 'reset-1' });
  }),
  mock.get(`${API}/v1/auth/current`, () =>
    ok({
      ...LOGIN,
      sysConfig: { enableGainPointsByQty: true },
      marketingCenters: [
        { id: 3, name: '华东' },
        { id: 4, name: '华南' },
      ],
    }),
  ),
  mock.get(`${API}/v1/auth/permissions`, () => ok(PERMISSIONS)),
  mock.post(`${API}/v1/auth/logout`, () => {
    logoutCalls += 1;
    return ok(null);
  }),
);

const LOCAL = ['ucenterUser', 'permission', 'sysConfig', 'menus', 'fileBaseUrl', 'customer', 'subNavVisiable', 'locale'];
const SESSION = ['i18n', 'marketCenter', 'marketCenterName'];

beforeAll(async () => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh_CN');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  loginState = 'normal';
  logoutCalls = 0;
  window.location.hash = '#/login';
});
afterEach(() => setAuthNavigator((path) => (window.location.hash = `#${path}`)));
afterAll(() => server.close());

describe('sign-in', () => {
  it('stores exactly the keys of §3', async () => {
    const result = await authProvider.login({ tenant: 'acme', login: 'alice', password: 'right' });
    expect(result.success).toBe(true);
    for (const key of LOCAL) expect(localStorage.getItem(key), key).not.toBeNull();
    for (const key of SESSION) expect(sessionStorage.getItem(key), key).not.toBeNull();
    expect(JSON.parse(localStorage.getItem('ucenterUser')!)).toMatchObject({ user: { login: 'alice' }, state: 'normal' });
    expect(JSON.parse(localStorage.getItem('ucenterUser')!)).not.toHaveProperty('resetToken');
    expect(JSON.parse(localStorage.getItem('permission')!)).toEqual(PERMISSIONS);
    expect(JSON.parse(localStorage.getItem('menus')!)).toEqual({ '设置/用户': '/setting/user' });
    expect(JSON.parse(localStorage.getItem('sysConfig')!)).toEqual({ enableGainPointsByQty: true });
    expect(JSON.parse(localStorage.getItem('customer')!)).toEqual({ code: 'acme', name: 'ACME 加油站' });
    expect(localStorage.getItem('locale')).toBe('zh_CN');
    expect(sessionStorage.getItem('marketCenter')).toBe('3');
    expect(sessionStorage.getItem('marketCenterName')).toBe('华东');
    expect(JSON.parse(sessionStorage.getItem('i18n')!).messages['error.network']).toBe('请检查网络设置');
    await expect(authProvider.check({})).resolves.toEqual({ authenticated: true });
  });

  it('a password state stores nothing and hands back the reset token', async () => {
    loginState = 'passwordExpired';
    const info = await signIn({ tenant: 'acme', login: 'alice', password: 'right' });
    expect(info.state).toBe('passwordExpired');
    expect(info.resetToken).toBe('reset-1');
    expect(localStorage.length).toBe(0);
    await expect(authProvider.check({})).resolves.toMatchObject({ authenticated: false, redirectTo: '/login' });
  });

  it('a refused login rejects with the server message and stores nothing', async () => {
    const result = await authProvider.login({ tenant: 'acme', login: 'alice', password: 'wrong' });
    expect(result.success).toBe(false);
    expect(result.error?.message).toBe('用户名或密码错误');
    expect(localStorage.length).toBe(0);
  });
});

describe('sign-out', () => {
  it('navigates to /login first, then clears exactly the keys of §3', async () => {
    await signIn({ tenant: 'acme', login: 'alice', password: 'right' });
    localStorage.setItem('unrelated', 'stays');
    sessionStorage.setItem('chunkReloadAt', '1');
    window.location.hash = '#/setting/user';
    let userAtNavigation: string | null = null;
    setAuthNavigator((path) => {
      userAtNavigation = localStorage.getItem('ucenterUser');
      window.location.hash = `#${path}`;
    });
    await authProvider.logout({});
    expect(logoutCalls).toBe(1);
    expect(userAtNavigation).not.toBeNull();
    expect(window.location.hash).toBe('#/login');
    for (const key of LOCAL) expect(localStorage.getItem(key), key).toBeNull();
    for (const key of SESSION) expect(sessionStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('stays');
    expect(sessionStorage.getItem('chunkReloadAt')).toBe('1');
  });

  it('still clears the keys when the server call fails', async () => {
    server.use(mock.post(`${API}/v1/auth/logout`, () => HttpResponse.json({ code: 4010, msg: 'x', data: null }, { status: 401 })));
    await signIn({ tenant: 'acme', login: 'alice', password: 'right' });
    await signOut();
    expect(localStorage.getItem('ucenterUser')).toBeNull();
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(0);
  });
});
