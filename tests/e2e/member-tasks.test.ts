import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { confirmOpenDialog } from './pages/antd';
import { useDemoSession } from './pages/demo-session';
import { DetailPage } from './pages/detail.page';
import { FormPage } from './pages/form.page';
import { postData } from './pages/page-api';

/**
 * Issue 25 item 2, tasks one click away, at 1280 px: the member detail keeps its tab in the url
 * and offers its tasks (issue coupons, adjust points, adjust stored value, sell a card); "Issue
 * coupons" opens the batch operation with the member already chosen, and once audited the coupon
 * shows on the member's coupons tab. The coupon template detail offers "Issue coupons" too.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const api = <T = Record<string, unknown>>(page: Page, url: string, data: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });
const HEADERS = { 'X-Requested-With': 'loyalty-console' };

describe('tasks one click away', () => {
  it('issues coupons from a member: the action bar opens the batch with the member chosen, the coupon lands on the member', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 720 });
    const suffix = String(Date.now() % 100_000);
    const name = `发券会员${suffix}`;
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', { name, mobile: `137${suffix.padStart(8, '0')}` });
    const templateName = `会员页发券${suffix}`;
    const template = await api<{ id: number }>(page, '/v1/coupon-template/saveNew', {
      name: templateName,
      lineType: 'all_cash',
      rule: { cashValue: '5.00' },
    });
    await page.request.post(`${baseUrl}/loyalty/v1/coupon-template/enable?id=${template.id}`, { headers: HEADERS });

    // The tab chosen is in the url: a reload opens it again.
    await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
    await page.getByRole('tab', { name: '积分' }).click();
    await page.waitForURL((url) => url.hash.includes('tab=points'));
    await page.reload();
    await expect.poll(async () => page.getByRole('tab', { name: '积分' }).getAttribute('aria-selected')).toBe('true');
    const bar = page.getByTestId('detail-actions');
    // antd spaces out a two-character Chinese button text (发 券): read the words without spaces.
    // Each action comes with its domain's screens, which load beside the detail: wait for all four.
    await expect
      .poll(async () =>
        (await bar.innerText())
          .split('\n')
          .map((text) => text.replace(/\s+/g, ''))
          .filter(Boolean),
      )
      .toEqual(['发券', '调整积分', '调整储值', '售卡']);
    await screenshot(page, 'member-actions-zh');

    await bar.getByRole('link', { name: /^发\s*券$/ }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/member/batch-operate/edit'));
    const form = new FormPage(page, page.locator('form#batch-operate-form'));
    await form.field('券模板').waitFor();
    expect(await form.valueOf('操作类型')).toBe('发放优惠券');
    await expect.poll(() => form.valueOf('选择会员')).toContain(name);
    await form.fill('券模板', templateName);
    await screenshot(page, 'member-issue-coupons-zh');
    await form.save();
    await page.waitForURL((url) => url.hash.includes('/member/batch-operate/dtl?id='));
    const detail = new DetailPage(page);
    expect(await detail.value('会员数')).toBe('1');
    await detail.clickButton('审核');
    await confirmOpenDialog(page);
    await expect
      .poll(
        async () =>
          page
            .getByTestId('batch-progress')
            .getAttribute('data-state', { timeout: 1_000 })
            .catch(() => null),
        {
          timeout: 30_000,
        },
      )
      .toBe('EFFECTED');

    await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
    await page.getByRole('tab', { name: '优惠券' }).click();
    await page.waitForURL((url) => url.hash.includes('tab='));
    const couponsTab = new URL(page.url().replace('#/', '')).searchParams.get('tab')!;
    const coupons = page.locator('.ant-tabs-tabpane-active .ant-table-row').filter({ hasText: templateName });
    await expect.poll(async () => coupons.count()).toBe(1);
    expect(await coupons.innerText()).toContain('未使用');
    await screenshot(page, 'member-coupons-issued-zh');

    // The coupon template's detail offers the same task, the template chosen.
    await shell.goto(baseUrl, `/coupons/coupon-template/dtl?id=${template.id}`);
    await page
      .getByTestId('detail-actions')
      .getByRole('link', { name: /^发\s*券$/ })
      .click();
    await page.waitForURL((url) => url.hash.startsWith('#/member/batch-operate/edit'));
    await expect.poll(() => new FormPage(page, page.locator('form#batch-operate-form')).valueOf('券模板')).toBe(templateName);

    // In English on a page of its own, opened on the coupons tab by its url.
    const en = await session.signedIn('admin');
    await en.page.setViewportSize({ width: 1280, height: 720 });
    await en.shell.switchLanguage('en_US');
    await en.shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}&tab=${encodeURIComponent(couponsTab)}`);
    const english = en.page.getByTestId('detail-actions');
    await english.waitFor();
    // The bar fills in as the signed-in user's grants arrive: wait for all four tasks.
    await expect
      .poll(async () =>
        (await english.innerText())
          .split('\n')
          .map((text) => text.trim())
          .filter(Boolean),
      )
      .toEqual(['Issue coupons', 'Adjust points', 'Adjust stored value', 'Sell a card']);
    await expect.poll(async () => en.page.getByRole('tab', { name: 'Coupons' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(en.page, 'member-actions-en');
  });
});
