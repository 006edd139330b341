// @vitest-environment jsdom
/**
 * The HTTP client against the error catalogue (§8) and the headers of §7, with MSW standing in
 * for the server.
 */
import { cleanup, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, setHttpFeedback } from '../../providers/http';
import { initI18n } from '../../providers/i18n';
import { toMessageMap, isLocale } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { API, installDomShims } from '../helpers/screen-harness';

const seen: { headers: Headers; url: URL }[] = [];

const server = setupServer(
  mock.get(`${API}/v1/i18n/gets`, ({ request }) => {
    const locale = new URL(request.url).searchParams.get('locale');
    return HttpResponse.json({ code: 2000, msg: 'success', data: toMessageMap(MESSAGE_BOOKS, isLocale(locale) ? locale : 'zh_CN') });
  }),
  mock.get(`${API}/v1/echo`, ({ request }) => {
    seen.push({ headers: request.headers, url: new URL(request.url) });
    return HttpResponse.json({ code: 2000, msg: 'success', data: { answer: 42 } });
  }),
  mock.post(`${API}/v1/echo`, ({ request }) => {
    seen.push({ headers: request.headers, url: new URL(request.url) });
    return HttpResponse.json({ code: 2000, msg: 'success', data: { answer: 43 } });
  }),
  mock.get(`${API}/v1/status/:status`, ({ params }) => new HttpResponse('<html>proxy page</html>', { status: Number(params.status) })),
  mock.get(`${API}/v1/business`, () => HttpResponse.json({ code: 4090, msg: '数据已被他人修改', data: null }, { status: 409 })),
  mock.post(`${API}/v1/fields`, () =>
    HttpResponse.json({ code: 4000, msg: '请检查标红的字段', data: { fields: [{ field: 'name', msg: '名称不能为空' }] } }, { status: 400 }),
  ),
  mock.get(`${API}/v1/ok-but-failed`, () => HttpResponse.json({ code: 5000, msg: '服务内部异常（详情）', data: null })),
  mock.get(`${API}/v1/unauthenticated`, () =>
    HttpResponse.json({ code: 4010, msg: '长时间未登录，需要重新登录', data: null }, { status: 401 }),
  ),
  mock.get(`${API}/v1/licence`, () =>
    HttpResponse.json({ code: 4031, msg: '商户许可证无效', data: null, message: 'licenseInvalid' }, { status: 403 }),
  ),
  mock.get(`${API}/v1/offline`, () => HttpResponse.error()),
);

const shown: string[] = [];
let restore: () => void = () => undefined;

beforeAll(async () => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh_CN');
});
beforeEach(() => {
  shown.length = 0;
  seen.length = 0;
  restore = setHttpFeedback({ showError: (text) => shown.push(text) });
});
afterEach(() => {
  restore();
  cleanup();
  document.body.innerHTML = '';
});
afterAll(() => server.close());

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('headers and envelope', () => {
  it('sends trace_id, locale, marketingCenter and time_zone, a new trace id per call', async () => {
    sessionStorage.setItem('marketCenter', '7');
    await apiGet('/v1/echo');
    sessionStorage.removeItem('marketCenter');
    await apiGet('/v1/echo');
    const [first, second] = seen;
    expect(first.headers.get('trace_id')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second.headers.get('trace_id')).not.toBe(first.headers.get('trace_id'));
    expect(first.headers.get('locale')).toBe('zh_CN');
    expect(first.headers.get('marketingCenter')).toBe('7');
    expect(second.headers.get('marketingCenter')).toBe('');
    expect(first.headers.get('time_zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("sends the time zone an earlier page kept, and reads the browser's again once the page is hidden", async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const keptZone = browserZone === 'Pacific/Auckland' ? 'Asia/Tokyo' : 'Pacific/Auckland';
    localStorage.setItem('timeZone', keptZone);
    vi.resetModules();
    const fresh = await import('../../providers/http');
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    try {
      await fresh.apiGet('/v1/echo');
      visibility.mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      await fresh.apiGet('/v1/echo');
    } finally {
      visibility.mockRestore();
      localStorage.removeItem('timeZone');
    }
    expect(seen.map((call) => call.headers.get('time_zone'))).toEqual([keptZone, browserZone]);
  });

  it('sends the console header the server requires on state-changing calls, on every call', async () => {
    await apiGet('/v1/echo');
    await apiPost('/v1/echo', { data: { name: 'x' } });
    expect(seen.map((call) => call.headers.get('X-Requested-With'))).toEqual(['loyalty-console', 'loyalty-console']);
  });

  it('repeats the key of an array query parameter', async () => {
    await apiGet('/v1/echo', { params: { id: [1, 2], name: 'a' } });
    expect(seen[0].url.search).toBe('?id=1&id=2&name=a');
  });

  it('unwraps data on code 2000', async () => {
    await expect(apiGet('/v1/echo')).resolves.toEqual({ answer: 42 });
  });
});

describe('error catalogue', () => {
  it.each([
    [403, '禁止访问'],
    [503, '服务器升级中'],
    [500, '服务内部异常'],
    [502, '未知错误'],
    [404, '未知错误'],
  ])('status %i without a message shows %s', async (status, text) => {
    const error = await failure(apiGet(`/v1/status/${status}`));
    expect(error.message).toBe(text);
    expect(error.statusCode).toBe(status);
    expect(shown).toEqual([text]);
  });

  it('no response shows 请检查网络设置', async () => {
    const error = await failure(apiGet('/v1/offline'));
    expect(error.kind).toBe('network');
    expect(shown).toEqual(['请检查网络设置']);
  });

  it('a response with msg becomes an error carrying it', async () => {
    const error = await failure(apiGet('/v1/business'));
    expect(error.message).toBe('数据已被他人修改');
    expect(error.code).toBe(4090);
    expect(shown).toEqual(['数据已被他人修改']);
  });

  it('a 2xx envelope with a failure code is an error too', async () => {
    const error = await failure(apiGet('/v1/ok-but-failed'));
    expect(error.message).toBe('服务内部异常（详情）');
  });

  it('keeps the invalid fields of a 400 for forms', async () => {
    const error = await failure(apiPost('/v1/fields', { data: {} }));
    expect(error.fields).toEqual([{ field: 'name', msg: '名称不能为空' }]);
    expect(error.errors).toEqual({ name: '名称不能为空' });
  });

  it('silent calls leave the message to the caller', async () => {
    const error = await failure(apiGet('/v1/business', { silent: true }));
    expect(error.message).toBe('数据已被他人修改');
    expect(error.handled).toBe(false);
    expect(shown).toEqual([]);
  });

  it('403 licenseInvalid opens the no-licence page without a message', async () => {
    window.location.hash = '#/member/home';
    const error = await failure(apiGet('/v1/licence'));
    expect(error.kind).toBe('licenseInvalid');
    expect(window.location.hash).toBe('#/no-lisence');
    expect(shown).toEqual([]);
  });

  it('401: one confirm dialog however many calls fail, message suppressed, confirm logs out', async () => {
    window.location.hash = '#/member/home';
    const logout = vi.fn();
    const undo = setHttpFeedback({ logout });
    const errors = await Promise.all([1, 2, 3].map(() => failure(apiGet('/v1/unauthenticated'))));
    expect(errors.every((error) => error.kind === 'unauthenticated' && error.handled)).toBe(true);
    expect(shown).toEqual([]);
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1));
    const dialog = document.querySelector('.ant-modal-confirm') as HTMLElement;
    expect(dialog.textContent).toContain('提示');
    expect(dialog.textContent).toContain('长时间未登录，需要重新登录');
    const buttons = dialog.querySelectorAll('button');
    (buttons[buttons.length - 1] as HTMLButtonElement).click();
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    undo();
  });
});
