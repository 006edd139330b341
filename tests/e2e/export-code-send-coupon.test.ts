import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { ListPage } from './pages/list.page';
import { postData } from './pages/page-api';
import { DetailTabs } from './pages/stored-value.page';

/**
 * Issue 28 item 1 in the browser: the merchant makes a coupon code export campaign in its add
 * form (export-code-send-coupon) from the entry's list (third-coupon): an effective template, the
 * count and length of its codes; audits it from the list, which generates the codes; a till binds
 * one code to a member through the API; the campaign's detail from the entry's list
 * (third-coupon-dtl) shows the codes on its 券码 tab with the totals generated / bound / redeemed,
 * and the kind's own detail (export-code-send-coupon-dtl) in English. The tab passes axe-core's
 * WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

const api = <T = Record<string, unknown>>(page: Page, url: string, data?: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

describe('coupon code export in the browser', () => {
  it('makes a campaign in its form, audits it, binds a code, and shows the codes’ counts on its detail, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
    const templateName = `券码券${stamp}`;
    const template = await api<{ id: number }>(page, '/v1/coupon-template/saveNew', {
      name: templateName,
      lineType: 'all_cash',
      rule: { cashValue: '5.00' },
    });
    await api(page, `/v1/coupon-template/enable?id=${template.id}`);
    const name = `端到端导出券码${stamp}`;

    await shell.goto(baseUrl, '/promotion/third-coupon/third-coupon');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新建活动');
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: '导出券码发券' }).click();
    await page.waitForURL((url) => url.hash.includes('/promotion/third-coupon/export-code-send-coupon'));
    const form = new FormPage(page);
    await form.fillAll({
      活动名称: name,
      开始时间: '2026-01-01 00:00:00',
      结束时间: '2035-12-31 23:59:59',
      券码兑换的券: templateName,
      券码数量: '20',
      券码长度: '10',
    });
    await page.keyboard.press('Escape');
    await screenshot(page, 'export-code-form-zh');
    await form.save('保存');
    await savedDetailThenList(page, {
      detail: '/promotion/third-coupon/export-code-send-coupon-dtl',
      list: '/promotion/third-coupon/third-coupon',
      leaveBy: 'back',
    });
    await list.waitLoaded();
    await list.rowActionConfirmed(name, '审核');
    await expect.poll(async () => list.row(name).innerText()).toContain('进行中');
    const activity = (await api<{ records: { id: number }[] }>(page, '/v1/activity/query', { filters: { name } })).records[0]!;

    // A till binds one of the generated codes to a member.
    const codes = await api<{ records: { code: string }[] }>(page, '/v1/coupon-codes/query', {
      page: 1,
      pageSize: 5,
      filters: { activityId: activity.id },
    });
    const code = codes.records[0]!.code;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', { name: `券码会员${stamp.slice(-4)}`, mobile: `137${stamp}` });
    await api(page, '/v1/coupon-codes/bind', { code, memberId: member.id });

    await list.rowAction(name, '详情');
    await page.waitForURL((url) => url.hash.includes('/promotion/third-coupon/third-coupon-dtl'));
    const tab = await new DetailTabs(page).open('券码');
    const rows = tab.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await expect.poll(() => tab.innerText()).toContain('已绑定');
    const text = await tab.innerText();
    expect(text).toContain('已生成');
    expect(text).toContain('20');
    expect(text).toContain(code);
    await screenshot(page, 'export-code-codes-zh');
    await expectAccessible(page, 'export-code-codes-zh');

    // The kind's own detail, in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, `/promotion/third-coupon/export-code-send-coupon-dtl?id=${activity.id}`);
    const tabEn = await new DetailTabs(page).open('Codes');
    await expect.poll(() => tabEn.innerText()).toContain('Generated');
    const textEn = await tabEn.innerText();
    expect(textEn).toContain('Bound');
    expect(textEn).toContain('Redeemed');
    expect(textEn).toContain(code);
    await screenshot(page, 'export-code-codes-en');
    await expectAccessible(page, 'export-code-codes-en');
  });
});
