import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { postData } from './pages/page-api';

/**
 * Issue 25 item 1, document lines that look up what is typed, at 1280 px in both languages: a
 * write-off line's coupon code shows the coupon (state, face value) before the save, fills the
 * discount with its face value and totals the lines, and an unknown code is an error on its line;
 * a top-up line's card shows its state and balance, and the amounts are totalled as typed; a sale
 * bill line's template shows its face value and price, and the bill its running price total and
 * what the buyer pays after the discount.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const api = <T = Record<string, unknown>>(page: Page, url: string, data: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

/** The first store of the demo merchant, as the pickers show it. */
async function aStore(page: Page): Promise<{ id: number; title: string }> {
  const response = await page.request.get(`${baseUrl}/loyalty/v1/store/options`, { headers: { 'X-Requested-With': 'loyalty-console' } });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return body.data[0] as { id: number; title: string };
}

/** A page of its own, signed in as the administrator, in English at 1280 px. */
async function englishPage() {
  const signed = await session.signedIn('admin');
  await signed.page.setViewportSize({ width: 1280, height: 720 });
  await signed.shell.switchLanguage('en_US');
  return signed;
}

describe('document lines that look up what is typed', () => {
  it('a write-off line shows the coupon its code names before the save, fills its discount and totals the lines', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 720 });
    const suffix = String(Date.now() % 100_000);
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', {
      name: `核销会员${suffix}`,
      mobile: `135${suffix.padStart(8, '0')}`,
    });
    const template = await api<{ id: number }>(page, '/v1/coupon-template/saveNew', {
      name: `满100减20-${suffix}`,
      lineType: 'all_cash',
      rule: { cashValue: '20.00' },
    });
    await page.request.post(`${baseUrl}/loyalty/v1/coupon-template/enable?id=${template.id}`, {
      headers: { 'X-Requested-With': 'loyalty-console' },
    });
    const issued = await api<{ coupons: { code: string }[] }>(page, '/v1/coupons/issue', {
      requestNo: `lookup-${suffix}`,
      templateId: template.id,
      memberId: member.id,
      quantity: 2,
    });
    const [code, other] = issued.coupons.map((coupon) => coupon.code);
    expect(other).toBeDefined();

    await shell.goto(baseUrl, '/coupons/coupon-write-off/edit');
    const lines = LinesEditor.byLabel(page, '核销明细');
    await lines.addLine();
    await lines.fill(0, '券码', code.toLowerCase());
    // Typed in any case, kept in capitals; the coupon shows before any save.
    expect(await lines.valueOf(0, '券码')).toBe(code);
    await expect.poll(() => lines.recordCard(0, '券码')).toContain('未使用');
    expect(await lines.recordCard(0, '券码')).toContain('20.00');
    // The holder's name is read after the card (a name the card carries as an id).
    await expect.poll(() => lines.recordCard(0, '券码')).toContain(`核销会员${suffix}`);
    await expect.poll(() => lines.valueOf(0, '优惠金额(元)')).toBe('20');
    await expect.poll(() => lines.totals()).toMatch(/优惠金额\(元\): 20\.00/);
    // An unknown code: an error on its line, before the save.
    await lines.addLine();
    await lines.fill(1, '券码', 'BADCODE123');
    await expect.poll(() => lines.errorOf(1, '券码')).toBe('券码“BADCODE123”不存在');
    expect(await lines.recordCard(1, '券码')).toBe('');
    await screenshot(page, 'write-off-lookup-zh');

    // In English, on a fresh form of a page of its own.
    const en = await englishPage();
    await en.shell.goto(baseUrl, '/coupons/coupon-write-off/edit');
    const english = LinesEditor.byLabel(en.page, 'Coupons written off');
    await english.addLine();
    await english.fill(0, 'Coupon code', other);
    await expect.poll(() => english.recordCard(0, 'Coupon code')).toContain('Unused');
    await expect.poll(() => english.totals()).toMatch(/Discount \(yuan\): 20\.00/);
    await english.addLine();
    await english.fill(1, 'Coupon code', 'BADCODE123');
    await expect.poll(() => english.errorOf(1, 'Coupon code')).toBe('Coupon code "BADCODE123" does not exist');
    await screenshot(en.page, 'write-off-lookup-en');
  });

  it('a top-up line shows the chosen card with its state and balance, and totals the amounts', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 720 });
    const store = await aStore(page);
    const templates = await api<{ records: { id: number; name: string }[] }>(page, '/v1/card-template/query', {
      keyword: '加油充值卡 500元',
    });
    const batch = await api<{ firstNumber: string; lastNumber: string }>(page, '/v1/prepay-card/make', {
      templateId: templates.records[0].id,
      storeId: store.id,
      quantity: 1,
    });
    const bill = await api<{ id: number }>(page, '/v1/imprest-card-sale-bill/saveNew', {
      store: store.id,
      buyerType: 'COMPANY',
      companyName: '查卡测试单位',
      payMethod: 'CASH',
      lines: [{ mode: 'RANGE', template: templates.records[0].id, startNumber: batch.firstNumber, endNumber: batch.lastNumber }],
    });
    await page.request.post(`${baseUrl}/loyalty/v1/imprest-card-sale-bill/audit?id=${bill.id}`, {
      headers: { 'X-Requested-With': 'loyalty-console' },
    });
    const card = batch.firstNumber;

    await shell.goto(baseUrl, '/deposit/prepay-card-pay/add');
    const form = new FormPage(page);
    await form.field('充值门店').waitFor();
    const lines = LinesEditor.byLabel(page, '充值明细');
    await lines.addLine();
    await lines.fill(0, '卡号', card);
    await expect.poll(() => lines.recordCard(0, '卡号')).toContain('已激活');
    expect(await lines.recordCard(0, '卡号')).toContain('500.00');
    await lines.fill(0, '充值金额(元)', '100');
    await expect.poll(() => lines.totals()).toMatch(/充值金额\(元\): 100\.00/);
    await screenshot(page, 'top-up-card-zh');

    // A sale bill line's template shows its face value and price once chosen; only enabled ones are offered.
    await shell.goto(baseUrl, '/deposit/imprest-card-sale-bill/edit');
    await form.field('售卡门店').waitFor();
    const sale = LinesEditor.byLabel(page, '售卡明细');
    await sale.addLine();
    await sale.fill(0, '卡模板', '加油充值卡 1000元');
    await expect.poll(() => sale.recordCard(0, '卡模板')).toContain('已启用');
    expect(await sale.recordCard(0, '卡模板')).toMatch(/1,?000\.00/);
    expect(await sale.recordCard(0, '卡模板')).toContain('980.00');
    // The running amount: the cards times the template's price, less the discount, as typed.
    await sale.fill(0, '数量', '2');
    await expect.poll(() => sale.totals()).toMatch(/售价合计\(元\): 1,960\.00/);
    await form.fill('优惠金额(元)', '60');
    await expect.poll(() => sale.totals()).toMatch(/实收金额\(元\): 1,900\.00/);
    await screenshot(page, 'sale-bill-template-zh');

    const en = await englishPage();
    await en.shell.goto(baseUrl, '/deposit/prepay-card-pay/add');
    const english = LinesEditor.byLabel(en.page, 'Top-up lines');
    await english.addLine();
    await english.fill(0, 'Card number', card);
    await expect.poll(() => english.recordCard(0, 'Card number')).toContain('Activated');
    expect(await english.recordCard(0, 'Card number')).toContain('500.00');
    await screenshot(en.page, 'top-up-card-en');

    // The sale bill's running amount, in English.
    await en.shell.goto(baseUrl, '/deposit/imprest-card-sale-bill/edit');
    const englishSale = LinesEditor.byLabel(en.page, 'Cards sold');
    await englishSale.addLine();
    await englishSale.fill(0, 'Card template', '加油充值卡 1000元');
    await englishSale.fill(0, 'Quantity', '3');
    await expect.poll(() => englishSale.totals()).toMatch(/Price \(yuan\): 2,940\.00/);
    expect(await englishSale.totals()).toMatch(/Amount paid \(yuan\): 2,940\.00/);
    await screenshot(en.page, 'sale-bill-amount-en');
  });
});
