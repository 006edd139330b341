import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { looseText, openDialogs } from './pages/antd';
import { useDemoSession } from './pages/demo-session';
import { DetailPage } from './pages/detail.page';
import { ListPage } from './pages/list.page';

/**
 * Stored-value accounts and settings as a person meets them: the accounts list of the demo
 * merchant with its totals row, freezing an account with a reason (refused without one), the
 * reason on the detail and in its state history, unfreezing it; the programme's settings and
 * eligible goods, each read-only with Edit leading to its edit screen; the list in English.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const ACCOUNTS = '/deposit/store-value-account/store-value-account';
const SETTINGS = '/deposit/store-value-manage/store-value-manage';
const GOODS = '/deposit/store-value-applicable-goods/store-value-applicable-goods-dtl';

const dialog = (page: Page): Locator => openDialogs(page).first();
const ok = (page: Page) =>
  dialog(page)
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();

/** Answers the reason dialog of a state action. */
async function giveReason(page: Page, reason: string): Promise<void> {
  await dialog(page).getByLabel('原因').fill(reason);
  await ok(page);
  await dialog(page).waitFor({ state: 'detached' });
}

describe('stored value in the browser', () => {
  it('lists accounts with totals, freezes one with a reason kept in its history, unfreezes it, and shows the settings', async () => {
    const { page, shell } = await session.signedIn('admin');
    await shell.goto(baseUrl, ACCOUNTS);
    const list = new ListPage(page);
    await list.waitLoaded();
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['会员编号', '会员姓名', '手机号', '本金余额', '赠送金余额', '储值余额', '账户状态', '最近变动']),
    );
    const totals = page.getByTestId('totals-row');
    await expect.poll(async () => totals.innerText()).toMatch(/\d\.\d\d/);
    const member = (await list.column('会员姓名'))[0];
    await expect.poll(async () => list.row(member).innerText()).toContain('正常');
    await shell.waitForScreen();
    await screenshot(page, 'store-value-account-list-zh');

    // Freezing asks for a reason and refuses none.
    await list.rowAction(member, '冻结');
    await dialog(page).waitFor();
    await ok(page);
    await dialog(page).getByText('原因不能为空').waitFor();
    await giveReason(page, '疑似盗刷，冻结核查');
    await expect.poll(async () => list.row(member).innerText()).toContain('已冻结');

    // The detail shows the reason; the history tab shows who froze it and why.
    await list.rowAction(member, '详情');
    await page.waitForURL((url) => url.hash.includes('store-value-account-edit?id='));
    const detail = new DetailPage(page);
    expect(await detail.value('冻结原因')).toBe('疑似盗刷，冻结核查');
    await page
      .locator('.ant-tabs-tab')
      .filter({ hasText: looseText('状态变更记录') })
      .first()
      .click();
    const history = page.getByTestId('state-history');
    await expect.poll(async () => history.innerText()).toContain('疑似盗刷，冻结核查');
    await shell.waitForScreen();
    await screenshot(page, 'store-value-account-history-zh');

    // Unfreezing takes a reason too, and the account is in use again.
    await detail.clickButton('解冻');
    await dialog(page).waitFor();
    await giveReason(page, '核实无误');
    await expect.poll(async () => history.innerText()).toContain('核实无误');
    expect(await page.getByRole('button', { name: looseText('冻结') }).count()).toBe(1);

    // The programme's settings (the approval threshold moved to the value approval rule, shown on the role screen).
    await shell.goto(baseUrl, SETTINGS);
    const settings = new DetailPage(page);
    expect(await settings.value('启用储值')).toMatch(/是|启用|开/);
    await shell.waitForScreen();
    await screenshot(page, 'store-value-manage-zh');

    // Edit leads to the edit screen; Cancel with a change asks first; Save returns to the read screen.
    await page.getByRole('button', { name: looseText('编辑') }).click();
    await expect.poll(() => page.url()).toContain(`${SETTINGS}-edit`);
    const days = page.getByLabel('赠送金有效期（天）');
    await days.fill('30');
    await page.getByRole('button', { name: looseText('取消') }).click();
    await dialog(page)
      .getByRole('button', { name: looseText('继续编辑') })
      .click();
    expect(page.url()).toContain(`${SETTINGS}-edit`);
    await page.getByRole('button', { name: looseText('保存') }).click();
    await expect.poll(() => page.url()).toMatch(/store-value-manage$/);
    await expect.poll(async () => new DetailPage(page).value('赠送金有效期（天）')).toBe('30');

    // The eligible goods likewise: Edit leads to their edit screen; Cancel with no change goes straight back.
    await shell.goto(baseUrl, GOODS);
    await page.getByRole('button', { name: looseText('编辑') }).click();
    await expect.poll(() => page.url()).toContain('/store-value-applicable-goods-add');
    await page.getByLabel('适用门店').waitFor();
    await page.getByRole('button', { name: looseText('取消') }).click();
    await expect.poll(() => page.url()).toMatch(/store-value-applicable-goods-dtl$/);
    expect(await openDialogs(page).count()).toBe(0);

    // The list in English.
    await shell.goto(baseUrl, ACCOUNTS);
    await list.waitLoaded();
    await shell.switchLanguage('en_US');
    await list.waitLoaded();
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['Member number', 'Member name', 'Mobile', 'Principal', 'Gift', 'Balance', 'State', 'Last balance change']),
    );
    await screenshot(page, 'store-value-account-list-en');
  });
});
