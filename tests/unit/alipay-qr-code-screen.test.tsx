// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import AlipayInitCompletedScreen from '../../src/views/member/alipay/alipay-init-completed-screen';
import AlipayQrCodeScreen from '../../src/views/member/alipay/alipay-qr-code-screen';
import { API, createTestI18n, grant, installDomShims, renderScreen } from '../helpers/screen-harness';

/**
 * Issue 27 §3: the Alipay member QR code screen shows the code the server drew from Alipay's card
 * link with its PNG and SVG downloads, or, before Alipay gave a link, the step still missing; the
 * setup's last page leads to the card design and the QR code. Both languages.
 */
const LINK = 'https://memberprod.alipay.com/account/openform/activecard.htm?app_id=2021000100000001&template_id=20170001';
let state: object = {};

const server = setupServer(
  http.get(`${API}/v1/alipay-member-qr-code/get`, () => HttpResponse.json({ code: 2000, msg: 'success', data: state })),
);

beforeAll(() => {
  installDomShims();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => grant([{ resourceId: '会员/支付宝接入', actions: ['配置查看'] }]));
afterEach(() => {
  cleanup();
  localStorage.clear();
});
afterAll(() => server.close());

describe('Alipay member QR code screen', { timeout: 30_000 }, () => {
  it('shows the QR code of Alipay’s card link with both downloads (English)', async () => {
    state = { connected: true, designed: true, templateId: '20170001', url: LINK };
    renderScreen(<AlipayQrCodeScreen />, await createTestI18n('en_US'));
    const image = await screen.findByRole('img', { name: 'QR code that opens the Alipay membership card' });
    expect(image.getAttribute('src')).toMatch(/\/v1\/alipay-member-qr-code\/svg$/);
    expect(screen.getByTestId('alipay-card-url').textContent).toContain(LINK);
    const png = screen.getByRole('link', { name: 'Download PNG' });
    expect(png.getAttribute('href')).toMatch(/\/v1\/alipay-member-qr-code\/png$/);
    expect(png.getAttribute('download')).toBe('alipay-member-qr-code.png');
    expect(screen.getByRole('link', { name: 'Download SVG' }).getAttribute('download')).toBe('alipay-member-qr-code.svg');
  });

  it('names the missing step before Alipay gave a link (Chinese)', async () => {
    state = { connected: false, designed: true, templateId: null, url: null };
    renderScreen(<AlipayQrCodeScreen />, await createTestI18n('zh_CN'));
    expect(await screen.findByText(/^支付宝未接入/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '接入支付宝' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: '打开支付宝会员卡的二维码' })).toBeNull();
    cleanup();

    state = { connected: true, designed: false, templateId: null, url: null };
    renderScreen(<AlipayQrCodeScreen />, await createTestI18n('zh_CN'));
    expect(await screen.findByText(/^尚未设计会员卡/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '设计会员卡' })).toBeTruthy();
  });

  it('ends the setup with the next steps, in both languages', async () => {
    renderScreen(<AlipayInitCompletedScreen />, await createTestI18n('en_US'));
    expect(await screen.findByText('Alipay membership is set up')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Member QR code' })).toBeTruthy();
    cleanup();
    renderScreen(<AlipayInitCompletedScreen />, await createTestI18n('zh_CN'));
    expect(await screen.findByText('支付宝会员接入完成')).toBeTruthy();
    expect(screen.getByRole('button', { name: '会员卡设计' })).toBeTruthy();
  });
});
