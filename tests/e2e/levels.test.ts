import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { DetailPage } from './pages/detail.page';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';

/**
 * Issue 4, levels as a person meets them: the level management screen with its three ladders,
 * a free level added with the type fixed, its benefits edited on the rights form, and the level
 * evaluation rule (a settings object) edited in place and saved, in Chinese and in English.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const signedInAdmin = () => session.signedIn('admin');

/** The ladder table of the open tab of level management. */
const ladder = (page: Page) => new ListPage(page, page.locator('.ant-tabs-tabpane-active'));

describe('levels in the browser', () => {
  it('adds a free level, edits its benefits and saves the evaluation rule, in both languages', async () => {
    const { page, shell } = await signedInAdmin();

    // Level management: the free ladder of the demo merchant.
    await shell.goto(baseUrl, '/member/level/level-manage');
    const free = ladder(page);
    await free.waitLoaded();
    expect(await free.column('等级名称')).toEqual(['普卡', '银卡', '金卡', '钻石卡']);
    await expect.poll(() => page.locator('.ant-tabs-tab').allInnerTexts()).toEqual(['免费等级 (4)', '特殊等级 (2)', '付费等级 (1)']);
    await shell.waitForScreen();
    await screenshot(page, 'level-manage-zh');

    // A new free level: the type is fixed, fields of other types are not offered.
    await free.clickButton('新增免费等级');
    await page.waitForURL((url) => url.hash.startsWith('#/member/level/free-level-add'));
    const form = new FormPage(page);
    await form.field('等级类型').locator('.ant-select-selection-item').waitFor();
    expect(await form.valueOf('等级类型')).toBe('免费等级');
    expect(await form.labels()).not.toContain('售价（元）');
    await form.fillAll({ 等级编码: 'V5', 等级名称: '黑金卡', 等级顺序: '5', 升级所需成长值: '50000' });
    await screenshot(page, 'level-add-zh');
    await form.save();
    await page.waitForURL((url) => url.hash.startsWith('#/member/level/level-manage'));
    await free.waitLoaded();
    await free.row('黑金卡').waitFor();

    // Its benefits, on the rights form only.
    await free.rowAction('黑金卡', '权益');
    await page.waitForURL((url) => url.hash.startsWith('#/member/level/free-level-right-modify'));
    const rights = new FormPage(page);
    await rights.field('积分倍数').waitFor();
    expect(await rights.labels()).not.toContain('等级名称');
    await rights.fillAll({ 积分倍数: '3', 会员折扣: '0.88', '免费停车（小时）': '3' });
    await rights.save();
    await page.waitForURL((url) => url.hash.startsWith('#/member/level/level-manage'));
    await free.waitLoaded();
    const row = free.row('黑金卡');
    await expect.poll(() => row.innerText()).toContain('3.00');
    await expect.poll(() => row.innerText()).toContain('0.88');

    // The evaluation rule: shown as a detail, edited in place, saved.
    await shell.goto(baseUrl, '/member/level/level-valuate-rule');
    const rule = new DetailPage(page);
    expect(await rule.value('保级期（月）')).toBe('12');
    await rule.clickButton('编辑');
    const ruleForm = new FormPage(page);
    await ruleForm.fill('保级期（月）', '6');
    await ruleForm.save();
    await expect.poll(() => rule.value('保级期（月）')).toBe('6');
    await shell.waitForScreen();
    await screenshot(page, 'level-valuate-rule-zh');

    // The same screens in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/member/level/level-manage?type=PAID');
    const paid = ladder(page);
    await paid.waitLoaded();
    expect(await paid.column('Level name')).toEqual(['PLUS会员']);
    await shell.waitForScreen();
    await screenshot(page, 'level-manage-paid-en');
    await shell.goto(baseUrl, '/member/level/free-level-init');
    await page.getByText('Basic information').first().waitFor();
    await screenshot(page, 'level-free-init-en');
    await shell.goto(baseUrl, '/member/level/level-valuate-rule');
    expect(await new DetailPage(page).value('Protection (months)')).toBe('6');
    await shell.waitForScreen();
    await screenshot(page, 'level-valuate-rule-en');
  });

  it('lists growth rules, materials, incentives and paid orders, and shows the growth settings', async () => {
    const { page, shell } = await signedInAdmin();
    const lists: readonly [string, string, string][] = [
      ['/member/grow-value-rule/grow-value-rule', '规则名称', '消费得成长值'],
      ['/member/level-material/level-material', '物料标题', '金卡海报'],
      ['/member/upgrade-incentives/upgrade-incentives', '激励名称', '升级金卡送 300 积分及洗车券'],
      ['/member/store-pay/store-pay-list', '付费等级', 'PLUS会员'],
    ];
    for (const [route, header, text] of lists) {
      await shell.goto(baseUrl, route);
      const list = new ListPage(page);
      await list.waitLoaded();
      expect(await list.column(header), route).toContain(text);
      await shell.waitForScreen();
      await screenshot(page, `level-${route.split('/').pop()}-zh`);
    }
    // Orders are written by the selling channel: nothing to add here.
    expect(await page.getByRole('button', { name: /^\s*新\s*增\s*$/ }).count()).toBe(0);
    await shell.goto(baseUrl, '/member/grow-value-rule/grow-value-rule-setting');
    expect(await new DetailPage(page).value('成长值有效期')).toBe('获得后 N 个月');
    await screenshot(page, 'level-grow-value-setting-zh');
  });
});
