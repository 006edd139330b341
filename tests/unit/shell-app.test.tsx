// @vitest-environment jsdom
/**
 * The whole app in jsdom: login page, the password step of an expired login, the shell with the
 * menu of the user's grants, a not-found path and the root redirect.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../helpers/antd-styles';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../providers/i18n';
import { toMessageMap, isLocale } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { catalogMessages } from '../../resources/catalog/index';
import { App } from '../../src/App';
import { earlySessionReading, signIn, startSessionRefresh } from '../../providers/auth';
import { API, installDomShims } from '../helpers/screen-harness';

// Whole-app renders in jsdom take seconds (antd's CSS-in-JS, the lazily imported screen).
const SLOW = { timeout: 30_000 };
const ok = (data: unknown) => HttpResponse.json({ code: 2000, msg: 'success', data });
const LOGIN = {
  tenantId: 1,
  user: { id: 5, login: 'alice', name: 'Alice' },
  customer: { code: 'acme', name: 'ACME 加油站' },
  useStrict: false,
  passwordValidityPeriod: 90,
  maxLoginValidityPeriod: 30,
  state: 'normal',
  resetToken: null,
};
let state = 'normal';
let sessionReadings = 0;
const passwordBodies: unknown[] = [];

const server = setupServer(
  mock.get(`${API}/v1/i18n/gets`, ({ request }) => {
    const locale = new URL(request.url).searchParams.get('locale');
    return ok(toMessageMap([...MESSAGE_BOOKS, catalogMessages()], isLocale(locale) ? locale : 'zh_CN'));
  }),
  mock.post(`${API}/v1/auth/login`, () => ok({ ...LOGIN, state, resetToken: state === 'normal' ? null : 'tok-9' })),
  mock.post(`${API}/v1/auth/password`, async ({ request }) => {
    passwordBodies.push(await request.json());
    return ok(null);
  }),
  mock.get(`${API}/v1/auth/current`, () => {
    sessionReadings += 1;
    return ok({ ...LOGIN, sysConfig: {}, marketingCenters: [{ id: 3, name: '华东营销中心' }] });
  }),
  mock.get(`${API}/v1/auth/permissions`, () => ok([{ resourceId: '设置/用户', actions: ['view'], pageUrl: '' }])),
  mock.post(`${API}/v1/auth/logout`, () => ok(null)),
  mock.post(`${API}/v1/user/query`, () => ok({ total: 0, records: [] })),
  mock.get(`${API}/v1/authorization/listRole`, () => ok([])),
);

beforeAll(async () => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'warn' });
  await initI18n('zh_CN');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  state = 'normal';
  passwordBodies.length = 0;
  sessionReadings = 0;
});
afterEach(() => cleanup());
afterAll(() => server.close());

async function fillLogin() {
  fireEvent.change(screen.getByLabelText('商户编码'), { target: { value: 'acme' } });
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'alice' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret1' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  });
}

describe('app', () => {
  it('/ goes to the login page; signing in opens the first menu entry in the shell', SLOW, async () => {
    window.location.hash = '#/';
    render(<App />);
    expect(await screen.findByText('账号登录')).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
    await fillLogin();
    await waitFor(() => expect(window.location.hash).toBe('#/setting/user/user'), { timeout: 5_000 });
    expect(await screen.findByText('ACME 加油站')).toBeTruthy();
    // The menu (a drawer at this width) lists only the granted, implemented entry (the user list
    // drawn beside it has a 角色 column of its own).
    fireEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    const entries = (await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim());
    expect(entries).toContain('用户');
    expect(entries).not.toContain('角色');
    expect(await screen.findByText('华东营销中心')).toBeTruthy();
    expect(sessionStorage.getItem('marketCenter')).toBe('3');
  });

  it(
    'a page opened inside the shell draws with the session read while it loaded: read once, its marketing centre shown',
    SLOW,
    async () => {
      // As main.tsx starts a page whose address is inside the shell, for a signed-in browser.
      await signIn({ tenant: 'acme', login: 'alice', password: 'secret1' });
      sessionReadings = 0;
      startSessionRefresh();
      await earlySessionReading()?.answer;
      window.location.hash = '#/setting/user/user';
      render(<App />);
      expect(await screen.findByText('华东营销中心')).toBeTruthy();
      expect(await screen.findByText('ACME 加油站')).toBeTruthy();
      // The shell took the reading started with the page instead of asking again.
      expect(sessionReadings).toBe(1);
      expect(earlySessionReading()).toBeUndefined();
    },
  );

  it('an expired password must be changed first, with the reset token', SLOW, async () => {
    state = 'passwordExpired';
    window.location.hash = '#/login';
    render(<App />);
    await screen.findByText('账号登录');
    await fillLogin();
    expect(await screen.findByText('密码已过期，请设置新密码后重新登录')).toBeTruthy();
    expect(localStorage.getItem('ucenterUser')).toBeNull();
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'newSecret9' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'newSecret9' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    });
    await waitFor(() => expect(passwordBodies).toEqual([{ newPassword: 'newSecret9', resetToken: 'tok-9', oldPassword: 'secret1' }]));
    expect(await screen.findByText('账号登录')).toBeTruthy();
  });

  it('a signed-out visit to a shell route goes to the login page; unknown paths show not-found', SLOW, async () => {
    window.location.hash = '#/setting/user/user';
    const { unmount } = render(<App />);
    await waitFor(() => expect(window.location.hash.startsWith('#/login')).toBe(true));
    unmount();
    window.location.hash = '#/nowhere/at-all';
    render(<App />);
    expect(await screen.findByText('页面不存在')).toBeTruthy();
  });
});
