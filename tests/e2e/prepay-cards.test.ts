import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { MakeCardsDialog, StockPage } from './pages/cards.page';
import { useDemoSession } from './pages/demo-session';
import { DetailPage } from './pages/detail.page';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';
import { DetailTabs } from './pages/stored-value.page';

/**
 * Issue 11, prepaid cards in the browser: the administrator makes a batch of cards from the demo's
 * stored-value template (the secrets shown once), drafts a sale bill to a company (a number range
 * of two of them, and one card by quantity, totalled as typed), audits it from the list, and finds
 * the numbers sold on the bill (issue 25), the cards activated in the card inquiry with their face
 * value as balance and the sale in their balance history; then the stock and the inquiry in
 * English.
 */
const session = useDemoSession();
const TEMPLATE = '500元储值卡';

/** The name of a store of the demo merchant, as the pickers show it. */
async function aStore(page: Page): Promise<string> {
  const response = await page.request.get(`${session.baseUrl}/loyalty/v1/store/options`, {
    headers: { 'X-Requested-With': 'loyalty-console' },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return body.data[0].title as string;
}

describe('prepaid cards in the browser', () => {
  it('makes cards, sells them on an audited sale bill, and finds them activated with their balance', async () => {
    const { page, shell } = await session.signedIn('admin');
    const store = await aStore(page);

    // Make three cards at the store.
    await shell.goto(session.baseUrl, '/deposit/prepay-card/prepay-card');
    const cards = new ListPage(page);
    await cards.waitLoaded();
    const maker = new MakeCardsDialog(page);
    const made = await maker.make({ template: TEMPLATE, quantity: '3', store });
    expect(made.numbers).toHaveLength(3);
    expect(made.secrets.every((secret) => /^\d{16}$/.test(secret))).toBe(true);
    await screenshot(page, 'prepay-card-made-zh');
    await maker.close();
    const [first, second] = made.numbers;

    // Draft a sale bill of that range to a company.
    await shell.goto(session.baseUrl, '/deposit/imprest-card-sale-bill/edit');
    const form = new FormPage(page);
    await form.field('售卡门店').waitFor();
    await form.fillAll({ 售卡门店: store, 购卡方: '单位' });
    await form.fill('购卡单位', '浏览器测试单位');
    const lines = LinesEditor.byLabel(page, '售卡明细');
    await lines.addLine();
    await lines.fillLine(0, { 选卡方式: '卡号段', 卡模板: TEMPLATE });
    await lines.fillLine(0, { 起始卡号: first, 结束卡号: second });
    await lines.addLine();
    await lines.fillLine(1, { 选卡方式: '按数量', 卡模板: TEMPLATE, 数量: '1' });
    await expect.poll(() => lines.totals()).toMatch(/数量: 1/);
    await form.fill('收款方式', '银行卡');
    await form.save();
    await savedDetailThenList(page, {
      detail: '/deposit/imprest-card-sale-bill/dtl',
      list: '/deposit/imprest-card-sale-bill/list',
      leaveBy: 'address',
    });

    // Audit it from the list.
    const bills = new ListPage(page);
    await bills.waitLoaded();
    const number = (await bills.column('单号'))[0];
    expect(number).toMatch(/^CS\d{8}$/);
    expect(await bills.cell(number, '卡数')).toBe('3');
    await expect.poll(async () => bills.row(number).innerText()).toContain('未审核');
    await bills.rowActionConfirmed(number, '审核');
    await expect.poll(async () => bills.row(number).innerText()).toContain('已审核');
    await shell.waitForScreen();
    await screenshot(page, 'prepay-card-sale-list-zh');

    // The bill names the numbers sold: the range's two, and the one the quantity took from stock.
    await bills.rowAction(number, '详情');
    const bill = new DetailPage(page);
    await bill.settled();
    const sold = await new DetailTabs(page).open('售出的卡');
    await expect.poll(async () => sold.locator('.ant-table-row').count()).toBe(3);
    const soldText = await sold.innerText();
    expect(soldText).toContain(first);
    expect(soldText).toContain(second);
    await screenshot(page, 'prepay-card-sale-bill-cards-zh');

    // The cards are activated, each with its face value as balance.
    await shell.goto(session.baseUrl, '/deposit/prepay-card/prepay-card');
    await cards.waitLoaded();
    await cards.filter('卡号', first.slice(0, -1));
    for (const card of [first, second]) {
      await expect.poll(async () => cards.row(card).innerText()).toContain('已激活');
      expect(await cards.cell(card, '余额(元)')).toBe('500.00');
    }
    await shell.waitForScreen();
    await screenshot(page, 'prepay-card-activated-zh');

    // Its detail's balance history shows the sale.
    await cards.rowAction(first, '详情');
    const detail = new DetailPage(page);
    await detail.settled();
    await page.getByRole('tab', { name: '余额流水' }).click();
    await expect.poll(async () => page.locator('.ant-tabs-tabpane-active').innerText()).toContain(number);
    await screenshot(page, 'prepay-card-history-zh');
    await detail.close();

    // The stock counts them as sold.
    await shell.goto(session.baseUrl, '/deposit/prepay-card-store/prepay-card-store');
    const stock = new StockPage(page);
    await stock.waitLoaded();
    expect(await stock.count(TEMPLATE, '已售出')).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'prepay-card-stock-zh');

    // The inquiry in English.
    await shell.switchLanguage('en_US');
    await shell.goto(session.baseUrl, '/deposit/prepay-card/prepay-card');
    await cards.waitLoaded();
    await cards.filter('Card number', first.slice(0, -1));
    await expect.poll(async () => cards.row(first).innerText()).toContain('Activated');
    expect(await cards.headers()).toEqual(expect.arrayContaining(['Card number', 'Balance (yuan)']));
    await shell.waitForScreen();
    await screenshot(page, 'prepay-card-activated-en');
  });
});
