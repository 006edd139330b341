import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';
import { API_HEADERS, saveSettings } from './pages/page-api';
import type { ShellPage } from './pages/shell.page';

/**
 * Meituan vouchers at the counter in the browser (issue 27 §4), in both languages: not connected
 * the screen says so and records nothing; connected to Meituan's stand-in on 127.0.0.1, a code is
 * checked (deal, price, how many, validity), consumed by a double click once, found on the
 * consumptions' list and cancelled there. Each screen passes axe-core's WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
let standIns: StandIns;

beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(async () => {
  await standIns?.close();
});

const saveMeituanSettings = (page: Page, fields: Record<string, unknown>) =>
  saveSettings(page, { baseUrl, resource: 'meituan-channel', fields });

interface Words {
  readonly language: 'zh' | 'en';
  readonly store: string;
  readonly code: string;
  readonly check: RegExp;
  readonly consume: RegExp;
  readonly count: string;
  readonly notConnected: string;
  readonly deal: string;
  readonly consumed: string;
  readonly stateConsumed: string;
  readonly cancel: string;
  readonly stateCancelled: string;
  readonly keyword: string;
}

const ZH: Words = {
  language: 'zh',
  store: '门店',
  code: '券码',
  check: /^查\s*询$/,
  consume: /^核\s*销$/,
  count: '核销张数',
  notConnected: '尚未接入美团：没有向美团发送任何内容，也没有记录核销。',
  deal: '双人套餐',
  consumed: '已核销 2 张',
  stateConsumed: '已核销',
  cancel: '撤销',
  stateCancelled: '已撤销',
  keyword: '券码或团购项目',
};
const EN: Words = {
  language: 'en',
  store: 'Store',
  code: 'Voucher code',
  check: /^Check$/,
  consume: /^Consume$/,
  count: 'Vouchers to consume',
  notConnected: 'Meituan is not connected: nothing was sent to Meituan and nothing was recorded as consumed.',
  deal: '双人套餐',
  consumed: 'Consumed 2',
  stateConsumed: 'Consumed',
  cancel: 'Cancel',
  stateCancelled: 'Cancelled',
  keyword: 'Code or deal',
};

/** A code nobody used on the demo merchant yet (its rows stay between runs). */
const newCode = () => `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);

async function checkCode(args: { page: Page; form: FormPage; w: Words; store: string; code: string }): Promise<void> {
  await args.form.fill(args.w.store, args.store);
  await args.form.fill(args.w.code, args.code);
  await args.page.getByRole('button', { name: args.w.check }).click();
}

/** Checks and consumes 2 vouchers of a new code by a double click, then cancels it on the list. */
async function consumeAndCancel(args: { page: Page; shell: ShellPage; w: Words; store: string }): Promise<void> {
  const { page, shell, w } = args;
  const code = newCode();
  await shell.goto(baseUrl, '/member/meituan-voucher/meituan-voucher');
  const form = new FormPage(page, page.locator('#meituan-voucher-form'));
  await form.field(w.code).waitFor();
  await checkCode({ page, form, w, store: args.store, code });
  const voucher = page.getByTestId('meituan-voucher');
  await expect.poll(() => voucher.innerText()).toContain(w.deal);
  expect(await voucher.innerText()).toContain('88.50');
  await form.fill(w.count, '2');
  await expectAccessible(page, `meituan-voucher-checked-${w.language}`);
  await screenshot(page, `meituan-voucher-checked-${w.language}`);
  await page.getByRole('button', { name: w.consume }).dblclick();
  await expect.poll(() => page.getByTestId('meituan-consumed').innerText()).toContain(w.consumed);
  expect(standIns.received.filter((r) => r.path.endsWith('/consume') && r.params.receipt_code === code)).toHaveLength(1);
  await expectAccessible(page, `meituan-voucher-consumed-${w.language}`);
  await screenshot(page, `meituan-voucher-consumed-${w.language}`);

  await shell.goto(baseUrl, '/member/meituan-voucher/meituan-voucher-list');
  const list = new ListPage(page);
  await list.waitLoaded();
  await list.search(code, w.keyword);
  await expect.poll(() => list.row(code).innerText()).toContain(w.stateConsumed);
  expect(await page.locator('.ant-table-row').filter({ hasText: code }).count()).toBe(1);
  await expectAccessible(page, `meituan-voucher-list-${w.language}`);
  await screenshot(page, `meituan-voucher-list-${w.language}`);
  await list.rowActionConfirmed(code, w.cancel);
  await expect.poll(() => list.row(code).innerText()).toContain(w.stateCancelled);
}

describe('Meituan vouchers in the browser', () => {
  it('says plainly when Meituan is not connected, and checks, consumes once and cancels a voucher, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const stores = (await (await page.request.get(`${baseUrl}/loyalty/v1/meituan-voucher/stores`, { headers: API_HEADERS })).json())
      .data as { name: string; code: string }[];
    const store = `${stores[0].name} (${stores[0].code})`;

    // Not connected (the demo merchant has no Meituan credentials): said, nothing sent or kept.
    await shell.goto(baseUrl, '/member/meituan-voucher/meituan-voucher');
    const form = new FormPage(page, page.locator('#meituan-voucher-form'));
    await form.field(ZH.code).waitFor();
    const before = standIns.received.length;
    await checkCode({ page, form, w: ZH, store, code: newCode() });
    await expect.poll(() => page.getByTestId('meituan-refusal').innerText()).toContain(ZH.notConnected);
    expect(standIns.received.length).toBe(before);
    await expectAccessible(page, 'meituan-voucher-not-connected-zh');
    await screenshot(page, 'meituan-voucher-not-connected-zh');

    await saveMeituanSettings(page, {
      appKey: 'mt-app-key',
      appSecret: standIns.meituan.appSecret,
      session: 'mt-session-0001',
      apiBaseUrl: `${standIns.baseUrl}/meituan`,
    });
    try {
      await consumeAndCancel({ page, shell, w: ZH, store });
      await shell.switchLanguage('en_US');
      await consumeAndCancel({ page, shell, w: EN, store });
    } finally {
      // The demo merchant's Meituan settings as they were: not connected, Meituan's own address.
      await saveMeituanSettings(page, { appKey: null, appSecret: null, session: null, apiBaseUrl: 'https://openapi.dianping.com' });
    }
  }, 300_000);
});
