import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { DetailPage } from './pages/detail.page';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';
import { postData } from './pages/page-api';

/**
 * Issue 28 item 4 in the browser, at 1280 px: the merchant creates a gift card campaign
 * (gift-card-activity) from its list, counting one card template of its own (so no other test's
 * bills meet it), from 2 cards 10% off, and audits it there; a card sale bill of two of those
 * cards (drafted as a till sends it) shows the campaign and its discount on its line and in its
 * payment, in Chinese and in English, accessible; audited, it is the campaign's transaction on its
 * evaluation screen.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

const api = <T = Record<string, unknown>>(page: Page, url: string, data?: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

describe('a gift card campaign in the browser', () => {
  it('is created and audited on its screens, and its discount shows on a card sale bill, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const suffix = String(Date.now() % 100_000_000).padStart(8, '0');
    const templateName = `活动礼品卡${suffix.slice(-4)}`;
    const name = `买2张9折·${suffix.slice(-4)}`;

    // A gift card template of its own (face 100, price 95), enabled, and cards at a store.
    const template = await api<{ id: number }>(page, '/v1/card-template/saveNew', {
      name: templateName,
      cardTemplateType: 'ONLINE_GIFT_CARD',
      faceValue: 100,
      price: 95,
      rechargeable: false,
      validityType: 'MONTHS',
      validityMonths: 12,
      cardNumberPrefix: `G${suffix.slice(-4)}`,
      cardNumberLength: 12,
    });
    await api(page, `/v1/card-template/enable?id=${template.id}`);
    const stores = await page.request.get(`${baseUrl}/loyalty/v1/store/options`, { headers: { 'X-Requested-With': 'loyalty-console' } });
    const store = Number((await stores.json()).data[0].id);
    await api(page, '/v1/prepay-card/make', { templateId: template.id, storeId: store, quantity: 2 });

    // The campaign, from the entry's list: New activity -> the kind's form.
    await shell.goto(baseUrl, '/promotion/gift-card-activity/list');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新建活动');
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: '礼品卡活动' }).click();
    await page.waitForURL((url) => url.hash.includes('/promotion/gift-card-activity/edit'));
    const form = new FormPage(page);
    await form.fillAll({ 活动名称: name, 开始时间: '2026-01-01 00:00:00', 结束时间: '2035-12-31 23:59:59' });
    await page.keyboard.press('Escape');
    await form.fill('参与的卡模板', templateName);
    await page.keyboard.press('Escape');
    const tiers = LinesEditor.byLabel(page, '档位');
    if ((await tiers.rows.count()) === 0) await tiers.addLine();
    await tiers.fillLine(0, { 满张数: '2', '折扣比例(%)': '10' });
    await screenshot(page, 'gift-card-activity-form-zh');
    await form.save('保存');
    await savedDetailThenList(page, {
      detail: '/promotion/gift-card-activity/dtl',
      list: '/promotion/gift-card-activity/list',
      leaveBy: 'back',
    });
    await list.waitLoaded();
    await list.rowActionConfirmed(name, '审核');
    await expect.poll(async () => list.row(name).innerText()).toContain('进行中');
    await expectAccessible(page, 'gift-card-activity-list-zh');

    // A sale bill of two of those cards, saved as a till sends it: the campaign applies.
    const bill = await api<{ id: number; activityDiscount: number; paidAmount: number }>(page, '/v1/imprest-card-sale-bill/saveNew', {
      store,
      buyerType: 'COMPANY',
      companyName: '礼品卡采购单位',
      payMethod: 'CASH',
      lines: [{ mode: 'QUANTITY', template: template.id, quantity: 2 }],
    });
    expect(bill).toMatchObject({ activityDiscount: 19, paidAmount: 171 });

    await shell.goto(baseUrl, `/deposit/imprest-card-sale-bill/dtl?id=${bill.id}`);
    const detail = new DetailPage(page);
    await detail.settled();
    const body = page.locator('main, body').first();
    await expect.poll(async () => body.innerText()).toContain('活动优惠(元)');
    const zh = await body.innerText();
    expect(zh).toContain(name);
    expect(zh).toContain('19.00');
    expect(zh).toContain('171.00');
    await screenshot(page, 'gift-card-activity-bill-zh');
    await expectAccessible(page, 'gift-card-activity-bill-zh');

    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, `/deposit/imprest-card-sale-bill/dtl?id=${bill.id}`);
    await detail.settled();
    await expect.poll(async () => body.innerText()).toContain('Campaign discount (yuan)');
    const en = await body.innerText();
    expect(en).toContain('Gift card campaign');
    expect(en).toContain('19.00');
    await screenshot(page, 'gift-card-activity-bill-en');
    await expectAccessible(page, 'gift-card-activity-bill-en');

    // Audited, the bill is the campaign's one transaction on its evaluation screen.
    await api(page, `/v1/imprest-card-sale-bill/audit?id=${bill.id}`);
    const activity = (await api<{ records: { id: number }[] }>(page, '/v1/activity/query', { filters: { name } })).records[0];
    await shell.goto(baseUrl, `/promotion/gift-card-activity/evaluate?id=${activity.id}`);
    await expect.poll(async () => body.innerText()).toContain('Sales driven (yuan)');
    await expect.poll(async () => body.innerText()).toMatch(/171(\.00)?/);
    await screenshot(page, 'gift-card-activity-evaluate-en');
    await expectAccessible(page, 'gift-card-activity-evaluate-en');

    // Stopped, so no later bill of the demo meets it.
    await api(page, `/v1/activity/stop?id=${activity.id}`, { reason: 'e2e over' });
  });
});
