// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toMessageMap, type Locale } from '../../resources/messages/bilingual';
import { queryViewMessageBook } from '../../resources/query-view';
import { channelCallsView } from '../../resources/setting/channel-calls.query-view';
import ChannelHealthScreen from '../../src/views/setting/channel/channel-health-screen';
import { API, createTestI18n, grant, installDomShims, renderScreen } from '../helpers/screen-harness';

/** The harness's texts plus the call log's labels, which the server's translation table carries like every view's. */
async function i18nFor(locale: Locale) {
  const i18n = await createTestI18n(locale);
  i18n.addResources(locale, 'translation', toMessageMap([queryViewMessageBook(channelCallsView)], locale));
  return i18n;
}

const days = (failed: number[]) => failed.map((n, i) => ({ day: `2026-11-${String(23 + i).padStart(2, '0')}`, failed: n }));

const HEALTH = [
  {
    channel: 'wechat',
    state: 'CONNECTED',
    lastCallAt: '2026-11-29 10:00:00',
    lastOutcome: 'OK',
    lastErrorCode: null,
    lastCallback: { at: '2026-11-29 10:05:00', event: 'component_verify_ticket', outcome: 'REFUSED', reason: 'signature' },
    calls: 17,
    failedByDay: days([0, 0, 0, 0, 0, 0, 0]),
  },
  {
    channel: 'alipay',
    state: 'FAILING',
    lastCallAt: '2026-11-29 11:00:00',
    lastOutcome: 'FAILED',
    lastErrorCode: 'isv.invalid-signature',
    lastCallback: null,
    calls: 3,
    failedByDay: days([0, 0, 0, 0, 0, 1, 2]),
  },
  {
    channel: 'meituan',
    state: 'NOT_CONNECTED',
    lastCallAt: null,
    lastOutcome: null,
    lastErrorCode: null,
    lastCallback: null,
    calls: 0,
    failedByDay: days([0, 0, 0, 0, 0, 0, 0]),
  },
  {
    channel: 'sms',
    state: 'NOT_CONNECTED',
    lastCallAt: '2026-11-29 09:00:00',
    lastOutcome: 'NOT_CONNECTED',
    lastErrorCode: null,
    lastCallback: null,
    calls: 1,
    failedByDay: days([0, 0, 0, 0, 0, 0, 0]),
  },
  {
    channel: 'push',
    state: 'NOT_CONNECTED',
    lastCallAt: null,
    lastOutcome: null,
    lastErrorCode: null,
    lastCallback: null,
    calls: 0,
    failedByDay: days([0, 0, 0, 0, 0, 0, 0]),
  },
];

const server = setupServer(http.get(`${API}/v1/channels/health`, () => HttpResponse.json({ code: 2000, msg: 'success', data: HEALTH })));

beforeAll(() => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => grant([{ resourceId: '设置/渠道接入', actions: ['view'] }]));
afterEach(() => {
  cleanup();
  localStorage.clear();
});
afterAll(() => server.close());

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('channel health screen', { timeout: 30_000 }, () => {
  it('shows each channel’s state, last call with the platform’s code, and failed calls per day (English)', async () => {
    renderScreen(<ChannelHealthScreen />, await i18nFor('en_US'));
    await screen.findByText('Alipay');
    const alipay = rowOf('Alipay');
    expect(within(alipay).getByText('Failing')).toBeTruthy();
    expect(within(alipay).getByText('isv.invalid-signature')).toBeTruthy();
    expect(within(alipay).getByLabelText('2026-11-29: 2')).toBeTruthy();
    expect(within(rowOf('Meituan')).getByText('No calls yet')).toBeTruthy();
    expect(within(rowOf('SMS')).getByText('Not connected (not sent)')).toBeTruthy();
    expect(within(rowOf('WeChat')).getByText('Connected')).toBeTruthy();
    // WeChat's last push: when, which event, refused and why.
    const wechat = rowOf('WeChat');
    expect(within(wechat).getByText('2026-11-29 10:05:00')).toBeTruthy();
    expect(within(wechat).getByText('component_verify_ticket')).toBeTruthy();
    expect(within(wechat).getByText('Refused')).toBeTruthy();
    expect(within(wechat).getByText('Signature does not match')).toBeTruthy();
    expect(within(alipay).getByText('No push received yet')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    renderScreen(<ChannelHealthScreen />, await i18nFor('zh_CN'));
    await screen.findByText('支付宝');
    expect(within(rowOf('支付宝')).getByText('调用失败')).toBeTruthy();
    expect(within(rowOf('美团')).getByText('尚无调用')).toBeTruthy();
    expect(within(rowOf('应用推送')).getByText('未接入')).toBeTruthy();
    expect(within(rowOf('微信')).getByText('已拒绝')).toBeTruthy();
    expect(within(rowOf('微信')).getByText('签名不符')).toBeTruthy();
    expect(within(rowOf('支付宝')).getByText('尚未收到平台推送')).toBeTruthy();
  });
});
