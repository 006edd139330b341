import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { FIXTURE_PASSWORD } from '../helpers/fixtures';
import { expectAccessible } from './pages/axe';
import { createDemoUser, useDemoSession } from './pages/demo-session';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';
import { postData } from './pages/page-api';
import { DetailTabs } from './pages/stored-value.page';

/**
 * Issue 28 item 6 in the browser, at 1280 px: the merchant creates a stored-value spend-and-save
 * offer (member-balance-promotion) from its list with one tier (pay from 100 yuan, 10 off) and no
 * cap per member, so what it can take off one member has no bound: its maker may not audit it
 * (maker-checker), a second person of the merchant audits it on the same list; then a member's
 * stored-value payment of 150 yuan, as a till sends it (`POST /v1/stored-value/pay`: the console
 * has no till screen), spends 140, and the member's stored-value tab shows the payment's entry with
 * its 10 yuan discount, in both languages, axe on the list, the form and the tab. The offer is
 * stopped at the end (other browser tests pay from the demo members).
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const CHECKER = 'payoffer-checker';
// A second person of the demo merchant who maintains stored-value spend-and-save offers and nothing else.
beforeAll(() => createDemoUser({ login: CHECKER, grants: [{ resourceId: '营销/储值支付优惠/满额立减', action: '配置维护' }] }));

const api = <T = Record<string, unknown>>(page: Page, url: string, data?: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

interface Payment {
  readonly amount: number;
  readonly discount: number;
  readonly paid: number;
  readonly activities: readonly { readonly activityId: number; readonly awards: readonly Record<string, unknown>[] }[];
}

describe('a stored-value payment offer in the browser', () => {
  it('sets a tier, needs a second person to audit it, and a stored-value payment shows its discount, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const suffix = String(Date.now() % 100_000_000).padStart(8, '0');
    const name = `储值满100减10·${suffix.slice(-4)}`;
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', {
      name: `储值支付会员${suffix.slice(-4)}`,
      mobile: `136${suffix}`,
    });
    const store = (await api<{ records: { id: number }[] }>(page, '/v1/store/query', { page: 1, pageSize: 1 })).records[0].id;
    await api(page, '/v1/stored-value/recharge', {
      requestNo: `E2E-PAYOFFER-R-${suffix}`,
      memberId: member.id,
      amount: 500,
      channel: 'store',
    });

    // The offer, from the entry's list: New activity -> the spend-and-save kind's form.
    await shell.goto(baseUrl, '/promotion/member-balance-promotion/list');
    const list = new ListPage(page);
    await list.waitLoaded();
    await expectAccessible(page, 'balance-pay-promotion-list-zh');
    await list.clickButton('新建活动');
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: '储值满额立减' }).click();
    await page.waitForURL((url) => url.hash.includes('/promotion/member-balance-promotion/edit'));
    const form = new FormPage(page);
    await form.fillAll({ 活动名称: name, 开始时间: '2026-01-01 00:00:00', 结束时间: '2035-12-31 23:59:59' });
    await page.keyboard.press('Escape');
    const tiers = LinesEditor.byLabel(page, '档位');
    if ((await tiers.rows.count()) === 0) await tiers.addLine();
    await tiers.fillLine(0, { '支付满(元)': '100', '立减(元)': '10' });
    // The rule's declared default: given with coupons too.
    expect(await form.valueOf('与优惠券')).toBe('可与优惠券同享');
    await screenshot(page, 'balance-pay-promotion-form-zh');
    await expectAccessible(page, 'balance-pay-promotion-form-zh');
    await form.save('保存');
    await savedDetailThenList(page, {
      detail: '/promotion/member-balance-promotion/dtl',
      list: '/promotion/member-balance-promotion/list',
      leaveBy: 'back',
    });
    await list.waitLoaded();
    await expect.poll(async () => list.row(name).innerText()).toContain('未审核');
    const activity = (await api<{ records: { id: number; name: string }[] }>(page, '/v1/activity/query', { filters: { name } })).records[0];
    expect(activity.name).toBe(name);

    try {
      // Its maker may not audit it: with no cap per member, what it takes off one member has no bound.
      await list.rowActionConfirmed(name, '审核');
      await page
        .getByText(/需要第二人审核：.*储值.*不封顶/)
        .first()
        .waitFor();
      await expect.poll(async () => list.row(name).innerText()).toContain('未审核');
      await screenshot(page, 'balance-pay-promotion-maker-refused-zh');

      // A second person audits it from the same list: in its window, in progress.
      const checker = await session.signedIn(CHECKER, FIXTURE_PASSWORD);
      await checker.page.setViewportSize({ width: 1280, height: 900 });
      await checker.shell.goto(baseUrl, '/promotion/member-balance-promotion/list');
      const theirs = new ListPage(checker.page);
      await theirs.waitLoaded();
      await theirs.rowActionConfirmed(name, '审核');
      await expect.poll(async () => theirs.row(name).innerText()).toContain('进行中');

      // The payment, as the till sends it: 150 yuan of goods, 10 off, 140 spent.
      const payment = await api<Payment>(page, '/v1/stored-value/pay', {
        requestNo: `E2E-PAYOFFER-P-${suffix}`,
        memberId: member.id,
        amount: 150,
        storeId: store,
      });
      expect(payment).toMatchObject({ amount: 150, discount: 10, paid: 140 });
      expect(payment.activities.map((a) => [a.activityId, a.awards])).toEqual([[activity.id, [{ type: 'discount', amount: '10.00' }]]]);

      // The member's stored value: 360 left, and the payment's entry with its discount.
      await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
      const tab = await new DetailTabs(page).open('储值');
      await expect.poll(async () => tab.locator('.ant-statistic').first().innerText()).toContain('360.00');
      const payRow = async () => (await tab.locator('.ant-table-row').allInnerTexts()).find((row) => row.includes('140.00')) ?? '';
      await expect.poll(payRow).toContain('10.00');
      await expect.poll(async () => tab.locator('.ant-table-thead').innerText()).toContain('支付优惠');
      await screenshot(page, 'balance-pay-promotion-member-zh');
      await expectAccessible(page, 'balance-pay-promotion-member-zh');

      // In English: the offer in the list, and the payment's discount on the member.
      await shell.switchLanguage('en_US');
      await shell.goto(baseUrl, '/promotion/member-balance-promotion/list');
      await list.waitLoaded();
      await expect.poll(async () => list.row(name).innerText()).toContain('In progress');
      await expect.poll(async () => list.row(name).innerText()).toContain('Stored-value spend-and-save');
      await screenshot(page, 'balance-pay-promotion-list-en');
      await expectAccessible(page, 'balance-pay-promotion-list-en');
      await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
      const tabEn = await new DetailTabs(page).open('Stored value');
      await expect.poll(async () => tabEn.locator('.ant-table-thead').innerText()).toContain('Payment discount');
      await expect
        .poll(async () => (await tabEn.locator('.ant-table-row').allInnerTexts()).find((row) => row.includes('140.00')) ?? '')
        .toContain('10.00');
      await screenshot(page, 'balance-pay-promotion-member-en');
      await expectAccessible(page, 'balance-pay-promotion-member-en');
    } finally {
      await api(page, `/v1/activity/stop?id=${activity.id}`, { reason: 'browser test over' });
    }
  });
});
