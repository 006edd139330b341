import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';

/**
 * Issue 12, coupons as a person meets them: a template is created in the form (its type chosen
 * there shows its value part) and made effective from the list; a till issues a coupon of it to a
 * member through the API; the coupon inquiry finds it unused, with the counts by state; a
 * write-off document with its code is drafted and audited, and the coupon shows used.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const HEADERS = { locale: 'zh_CN', time_zone: 'Asia/Shanghai', 'X-Requested-With': 'loyalty-console' };

/** A call of the API with the page's session; the answer's data. */
async function api<T = Record<string, unknown>>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(`${baseUrl}/loyalty${url}`, { data, headers: HEADERS });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return body.data as T;
}

describe('coupons in the browser', () => {
  it('creates a template, issues a coupon of it, finds it in the inquiry and writes it off by document', async () => {
    const { page, shell } = await session.signedIn('admin');
    const suffix = String(Date.now() % 100_000);
    const member = await api<{ id: number }>(page, '/v1/member/saveNew', {
      name: `券会员${suffix}`,
      mobile: `136${suffix.padStart(8, '0')}`,
    });

    // The template: the type chosen in the form shows its own value part.
    const name = `端到端满减券${suffix}`;
    await shell.goto(baseUrl, '/coupons/coupon-template/add');
    const form = new FormPage(page);
    await form.fill('券名称', name);
    expect(await form.labels()).not.toContain('面额(元)');
    await form.fill('券类型', '整单代金券');
    await form.field('面额(元)').waitFor();
    expect(await form.labels()).not.toContain('整单折扣(折)');
    await form.fill('面额(元)', '8');
    await screenshot(page, 'coupon-template-add-zh');
    await form.save();
    await page.waitForURL((url) => !url.hash.includes('/coupon-template/add'));
    await shell.goto(baseUrl, '/coupons/coupon-template/list');
    const templates = new ListPage(page);
    await templates.waitLoaded();
    await expect.poll(async () => templates.row(name).innerText()).toContain('草稿');
    await templates.rowActionConfirmed(name, '生效');
    await expect.poll(async () => templates.row(name).innerText()).toContain('已生效');
    await screenshot(page, 'coupon-template-list-zh');

    // A till issues one to the member.
    const found = await api<{ records: { id: number }[] }>(page, '/v1/coupon-template/query', { keyword: name });
    const issued = await api<{ coupons: { code: string }[] }>(page, '/v1/coupons/issue', {
      requestNo: `e2e-${suffix}`,
      templateId: found.records[0].id,
      memberId: member.id,
    });
    const code = issued.coupons[0].code;

    // The inquiry finds it unused and counts the search's coupons by state.
    await shell.goto(baseUrl, '/coupons/coupon-list/coupon-list');
    const coupons = new ListPage(page);
    await coupons.waitLoaded();
    await coupons.filter('券码', code);
    await expect.poll(async () => coupons.row(code).innerText()).toContain('未使用');
    await expect.poll(async () => page.getByTestId('coupon-state-counts').innerText()).toContain('未使用 1');
    await screenshot(page, 'coupon-list-zh');

    // A write-off document with its code, audited from the list.
    const stores = await api<{ records: { name: string }[] }>(page, '/v1/store/query', { pageSize: 1 });
    await shell.goto(baseUrl, '/coupons/coupon-write-off/edit');
    const doc = new FormPage(page);
    const lines = LinesEditor.byLabel(page, '核销明细');
    await lines.addLine();
    await lines.fillLine(0, { 券码: code, '优惠金额(元)': '8' });
    await doc.fill('核销门店', stores.records[0].name);
    await expect.poll(async () => doc.valueOf('核销门店')).toBe(stores.records[0].name);
    await doc.save();
    await page
      .waitForURL((url) => url.hash.split('?')[0] === '#/coupons/coupon-write-off/list')
      .catch(async (error) => {
        await screenshot(page, 'coupon-write-off-save-failed');
        throw error;
      });
    const writeOffs = new ListPage(page);
    await writeOffs.waitLoaded();
    const number = (await writeOffs.column('单号'))[0];
    expect(number).toMatch(/^WO\d{8}$/);
    await writeOffs.rowActionConfirmed(number, '审核');
    await expect.poll(async () => writeOffs.row(number).innerText()).toContain('已审核');
    await screenshot(page, 'coupon-write-off-list-zh');

    await shell.goto(baseUrl, '/coupons/coupon-list/coupon-list');
    await coupons.waitLoaded();
    await coupons.filter('券码', code);
    await expect.poll(async () => coupons.row(code).innerText()).toContain('已使用');
    await screenshot(page, 'coupon-list-used-zh');
    await expect.poll(async () => page.getByTestId('coupon-state-counts').innerText()).toContain('已使用 1');

    // The same inquiry in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/coupons/coupon-list/coupon-list');
    await coupons.waitLoaded();
    await coupons.filter('Coupon code', code);
    await expect.poll(async () => coupons.row(code).innerText()).toContain('Used');
    await screenshot(page, 'coupon-list-en');
  });
});
