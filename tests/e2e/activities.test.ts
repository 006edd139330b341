import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { fillFormItem } from './pages/antd';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { ListPage } from './pages/list.page';

/**
 * Issue 13 in the browser: a points doubling activity is created from the purchase-reward list,
 * audited, tried in the simulator with a basket, the same basket is posted through the API as a
 * till would, the member's points show what the simulator said, and the activity's evaluation
 * shows the sale; a copy starts a new activity from it; the list and the simulator in English.
 * The simulator drawer and the evaluation tab pass axe-core's WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const HEADERS = { locale: 'zh_CN', time_zone: 'Asia/Shanghai', 'X-Requested-With': 'loyalty-console' };

async function api<T>(page: Page, path: string, data?: unknown): Promise<T> {
  const response =
    data === undefined
      ? await page.request.get(`${baseUrl}/loyalty${path}`, { headers: HEADERS })
      : await page.request.post(`${baseUrl}/loyalty${path}`, { data, headers: HEADERS });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return body.data as T;
}

describe('activities in the browser', () => {
  it('creates a doubling activity, audits it, simulates a basket, posts it and shows the points and the evaluation', async () => {
    const { page, shell } = await session.signedIn('admin');
    const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
    // A member of the demo merchant as the picker first lists them (title, masked mobile and number).
    const member = (await api<{ id: number; title: string; description: string }[]>(page, '/v1/member/options'))[0];
    const product = (await api<{ records: { code: string; name: string }[] }>(page, '/v1/product/query', { pageSize: 1 })).records[0];
    const name = `端到端翻倍${stamp.slice(-4)}`;

    // Created from the purchase-reward list: New activity -> the doubling kind's own form.
    await shell.goto(baseUrl, '/promotion/coupon-active/coupon-active-manage');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新建活动');
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: '积分翻倍规则' }).click();
    await page.waitForURL((url) => url.hash.includes('/score-doubling-add'));
    const form = new FormPage(page);
    await form.fillAll({ 活动名称: name, 开始时间: '2026-01-01 00:00:00', 结束时间: '2035-12-31 23:59:59', 翻倍倍数: '2' });
    // The time picker's own OK button is not the form's.
    await page.keyboard.press('Escape');
    await form.save('保存');
    await savedDetailThenList(page, {
      detail: '/promotion/coupon-active/score-doubling-dtl',
      list: '/promotion/coupon-active/coupon-active-manage',
      leaveBy: 'back',
    });
    await list.waitLoaded();
    await expect.poll(async () => list.row(name).innerText()).toContain('未审核');

    // Audited from the list: in its window, so in progress.
    await list.rowActionConfirmed(name, '审核');
    await expect.poll(async () => list.row(name).innerText()).toContain('进行中');
    await screenshot(page, 'activities-list-zh');

    // The simulator, from the list's toolbar: the member and a basket of one product.
    await list.clickButton('活动模拟');
    const drawer = page.locator('.ant-drawer:visible');
    const item = (label: string) =>
      drawer
        .locator('.ant-form-item')
        .filter({ has: page.getByText(label, { exact: true }) })
        .first();
    await item('会员').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: member.description }).first().click();
    await fillFormItem(
      page,
      drawer
        .locator('.ant-form-item')
        .filter({ has: page.getByLabel('商品 1') })
        .first(),
      product.name,
    );
    await drawer.getByLabel('数量').first().fill('2');
    await drawer.getByLabel('金额(元)').first().fill('150');
    await drawer
      .getByRole('button', { name: /模\s*拟/ })
      .last()
      .click();
    const result = drawer.getByTestId('simulation-result');
    await result.waitFor().catch(async (error) => {
      await screenshot(page, 'activities-simulator-failed');
      throw error;
    });
    const basket = { memberId: member.id, lines: [{ goodsCode: product.code, quantity: 2, amount: '150.00' }] };
    const expected = await api<{ totalPoints: number; fired: { activityId: number; name: string; awards: { points?: number }[] }[] }>(
      page,
      '/v1/activities/simulate',
      basket,
    );
    const ours = expected.fired.find((f) => f.name === name);
    expect(ours, JSON.stringify(expected)).toBeDefined();
    await expect.poll(async () => result.innerText()).toContain(name);
    expect(await result.innerText()).toContain(`积分 +${ours!.awards[0].points}`);
    expect(await result.locator('.ant-statistic').nth(1).innerText()).toContain(String(expected.totalPoints));
    await screenshot(page, 'activities-simulator-zh');
    await expectAccessible(page, 'activities-simulator');
    await drawer.locator('.ant-drawer-close').click();

    // The same basket posted as a till does gives exactly what the simulator said.
    const sale = await api<{ points: number; activities: { activityId: number; awards: unknown[] }[] }>(page, '/v1/points/transaction', {
      orderNo: `E2E-ACT-${stamp}`,
      ...basket,
    });
    expect(sale.points).toBe(expected.totalPoints);
    expect(sale.activities.find((a) => a.activityId === ours!.activityId)?.awards).toEqual(ours!.awards);

    // The member's points.
    await shell.goto(baseUrl, `/score/score-query/score-query-dtl?memberId=${member.id}`);
    await expect.poll(async () => page.locator('.ant-statistic').first().innerText()).toContain(String(expected.totalPoints));
    await screenshot(page, 'activities-member-points-zh');

    // The activity's evaluation, a tab of its detail: one transaction, the points given.
    await shell.goto(baseUrl, '/promotion/coupon-active/coupon-active-manage');
    await list.waitLoaded();
    await list.rowAction(name, '详情');
    await page.getByRole('tab', { name: '效果评估' }).click();
    const evaluation = page.getByTestId('activity-evaluation');
    await evaluation.getByTestId('activity-eval-chart').waitFor();
    const cards = evaluation.locator('.ant-statistic');
    await expect.poll(async () => cards.nth(1).innerText()).toContain('1');
    expect(await cards.nth(2).innerText()).toContain(String(ours!.awards[0].points));
    await screenshot(page, 'activities-evaluation-zh');
    await expectAccessible(page, 'activities-evaluation');

    // Copy: a new activity, not audited, filled from this one.
    await shell.goto(baseUrl, '/promotion/coupon-active/coupon-active-manage');
    await list.waitLoaded();
    await list.rowAction(name, '复制');
    await page.waitForURL((url) => url.hash.includes('copy='));
    // The entry's list adds in a drawer over it.
    const copy = FormPage.inDialog(page);
    await expect.poll(async () => copy.valueOf('活动名称')).toBe(`${name}(复制)`);
    expect(await copy.valueOf('翻倍倍数')).toBe('2');
    await copy.save('保存');
    await list.waitLoaded();
    await expect.poll(async () => list.row(`${name}(复制)`).innerText()).toContain('未审核');

    // The list and the simulator in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/promotion/coupon-active/coupon-active-manage');
    await list.waitLoaded();
    expect(await list.headers()).toEqual(expect.arrayContaining(['Activity number', 'Activity name', 'Kind', 'Status']));
    await expect.poll(async () => list.row(new RegExp(`^.*${name}(?!\\()`)).innerText()).toContain('In progress');
    await list.clickButton('Simulate');
    await page.locator('.ant-drawer:visible').getByText('Basket lines').waitFor();
    await screenshot(page, 'activities-simulator-en');
  });

  it('takes Enter in a date field as confirming the date, never as saving the half-filled form', async () => {
    const { page, shell } = await session.signedIn('admin');
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/saveNew')) saves.push(request.url());
    });
    await shell.goto(baseUrl, '/promotion/coupon-active/score-doubling-add');
    const form = new FormPage(page);
    const name = `回车日期${String(Date.now() % 10_000)}`;
    await form.fill('活动名称', name);
    const start = form.field('开始时间').locator('input').first();
    await start.click();
    await start.fill('2026-01-01 00:00:00');
    await page.keyboard.press('Enter');
    await expect.poll(() => start.inputValue()).toBe('2026-01-01 00:00:00');
    expect(shell.currentPath()).toBe('/promotion/coupon-active/score-doubling-add');
    // Filled and saved on purpose: exactly one save is sent, so Enter sent none.
    await form.fillAll({ 结束时间: '2035-12-31 23:59:59', 翻倍倍数: '2' });
    await page.keyboard.press('Escape');
    await form.save('保存');
    await page.waitForURL((url) => url.hash.includes('/score-doubling-dtl'));
    expect(saves).toHaveLength(1);
  });

  it('shows the points settings with the speed rules under them, edits them on score-setting, and opens a speed rule form', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(baseUrl, '/promotion/score-init');
    await page.getByText('每积1分所需金额(元)').first().waitFor();
    await page.locator('.ant-card-head-title').filter({ hasText: '积分加速' }).waitFor();
    await shell.waitForScreen();
    await screenshot(page, 'activities-score-init-zh');
    await expectAccessible(page, 'activities-score-init');

    // Edit leads to score-setting; the same rule saved back (the demo's other tests rely on 1 yuan a point).
    await page
      .getByRole('button', { name: /编\s*辑/ })
      .first()
      .click();
    await page.waitForURL((url) => url.hash.includes('/score-setting'));
    const form = new FormPage(page);
    await form.fill('每积1分所需金额(元)', '1');
    await form.save('保存');
    await page
      .waitForURL((url) => url.hash.includes('/promotion/score-init') && !url.hash.includes('score-setting'))
      .catch(async (error) => {
        await screenshot(page, 'activities-score-setting-failed');
        throw error;
      });
    await page.getByText('1.00').first().waitFor();

    // The speed rules' New opens their own form (points-charge-speed-setting).
    const speed = new ListPage(page, page.locator('.ant-card').filter({ hasText: '积分加速' }).last());
    await speed.waitLoaded();
    await speed.clickButton('新增');
    await page.waitForURL((url) => url.hash.includes('/points-charge-speed-setting'));
    const speedForm = new FormPage(page);
    await page.locator('.ant-form-item-label').filter({ hasText: '加速倍数' }).first().waitFor();
    expect(await speedForm.labels()).toEqual(expect.arrayContaining(['活动名称', '加速倍数']));
    await screenshot(page, 'activities-speed-add-zh');
  });
});
