// @vitest-environment jsdom
/**
 * Translations come from the server only, before the first render; switching the language
 * reloads the map and switches antd's and dayjs's locale with it.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { render } from '../helpers/antd-styles';
import { ConfigProvider, Pagination } from 'antd';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useTranslation } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18nProvider, initI18n, startupLocale, t, useAntdLocale, wholeTableReady } from '../../providers/i18n';
import { isLocale, toMessageMap } from '../../resources/messages/bilingual';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { WIDGET_TEXTS } from '../../resources/messages/widget.messages';
import { setHttpFeedback } from '../../providers/http';
import { API, installDomShims } from '../helpers/screen-harness';

const requests: { query: string | null; header: string | null }[] = [];

const server = setupServer(
  mock.get(`${API}/v1/i18n/gets`, ({ request }) => {
    const query = new URL(request.url).searchParams.get('locale');
    requests.push({ query, header: request.headers.get('locale') });
    const locale = isLocale(query) ? query : 'zh_CN';
    const map = {
      ...toMessageMap([...MESSAGE_BOOKS, WIDGET_TEXTS], locale),
      'test.slot': locale === 'en_US' ? 'Total {total}' : '共 {total} 条',
    };
    return HttpResponse.json({ code: 2000, msg: 'success', data: map });
  }),
);

function Probe() {
  const { t: translate } = useTranslation();
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale}>
      <p>{translate('error.network')}</p>
      <Pagination total={100} showSizeChanger />
    </ConfigProvider>
  );
}

beforeAll(() => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => cleanup());
afterAll(() => server.close());

describe('i18n', () => {
  it('starts in zh_CN by default and loads the map from the server', async () => {
    expect(startupLocale()).toBe('zh_CN');
    await expect(initI18n()).resolves.toBe('zh_CN');
    expect(requests.at(-1)).toEqual({ query: 'zh_CN', header: 'zh_CN' });
    expect(t('error.network')).toBe('请检查网络设置');
    expect(t('test.slot', { total: 7 })).toBe('共 7 条');
    await wholeTableReady();
    expect(JSON.parse(sessionStorage.getItem('i18n')!).locale).toBe('zh_CN');
  });

  it('a locale query parameter chooses the starting language', () => {
    window.location.hash = '#/login?locale=en_US';
    expect(startupLocale()).toBe('en_US');
    window.location.hash = '#/login';
  });

  it('switching reloads from the server and changes text, antd widgets and dayjs', async () => {
    await initI18n('zh_CN');
    render(<Probe />);
    expect(screen.getByText('请检查网络设置')).toBeTruthy();
    expect(screen.getByText('10 条/页')).toBeTruthy();
    expect(dayjs.locale()).toBe('zh-cn');

    await act(async () => {
      await changeLanguage('en_US');
    });
    expect(requests.at(-1)).toEqual({ query: 'en_US', header: 'en_US' });
    await waitFor(() => expect(screen.getByText('Please check your network settings')).toBeTruthy());
    expect(screen.getByText('10 /page')).toBeTruthy();
    expect(dayjs.locale()).toBe('en');
    expect(i18next.language).toBe('en_US');
    expect(localStorage.getItem('locale')).toBe('en_US');
    expect(i18nProvider.getLocale()).toBe('en_US');
    expect(i18nProvider.translate('missing.key', 'Fallback text')).toBe('Fallback text');
  });

  it('keeps the current language when the new map cannot be loaded, and says why', async () => {
    await initI18n('zh_CN');
    // What the user is told, taken where the shell shows it (antd's static message would draw
    // in a root of its own, after this file's page is gone).
    const told: string[] = [];
    const restore = setHttpFeedback({ showError: (text) => told.push(text) });
    server.use(
      mock.get(`${API}/v1/i18n/gets`, () =>
        HttpResponse.json({ code: 5000, msg: 'Translations unavailable', data: null }, { status: 500 }),
      ),
    );
    try {
      await expect(changeLanguage('en_US')).rejects.toThrow();
    } finally {
      restore();
    }
    expect(i18next.language).toBe('zh_CN');
    expect(told).toEqual(['Translations unavailable']);
  });
});
