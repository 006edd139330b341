import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { postData } from './pages/page-api';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';
import { DetailTabs } from './pages/stored-value.page';

/**
 * Issue 12, coupons as a person meets them: a template of each family is created in the form (its
 * type chosen there shows its value part), the cash one made effective from the list; a till
 * issues a coupon of it to a member through the API; the coupon inquiry finds it unused, with the
 * counts by state, and so do the member's related coupons; a write-off document with its code is
 * drafted and audited, and the coupon shows used.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const api = <T = Record<string, unknown>>(page: Page, url: string, data: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

/** A template of each family but cash (the main case makes that one): its type and value part. */
const FAMILIES = (product: string): readonly { type: string; values: Record<string, string> }[] => [
  { type: '整单折扣券', values: { '整单折扣(折)': '8.5' } },
  { type: '提货券', values: { 提货商品: product } },
  { type: '运费券', values: { '最高减免运费(元)': '6' } },
  { type: '随机金额券', values: { '最小面额(元)': '1', '最大面额(元)': '5' } },
  { type: '换购券', values: { 换购商品: product, '换购价(元)': '1' } },
  { type: '积分券', values: { 赠送积分: '100' } },
  { type: '特价券', values: { '特价(元/件)': '2' } },
];

/** Creates a template in the add form (type and value part first, the name last) and waits until the form has left. */
async function createTemplate(page: Page, form: FormPage, name: string, type: string, values: Record<string, string>): Promise<void> {
  // The add form drawn (the list before it has a 券类型 filter of its own).
  await page.locator('#coupon-template-form_lineType').waitFor();
  await form.fill('券类型', type);
  for (const [label, value] of Object.entries(values)) {
    await form.field(label).waitFor();
    await form.fill(label, value);
  }
  await form.fill('券名称', name);
  await expect.poll(() => form.valueOf('券名称')).toBe(name);
  await form.save();
  await page
    .waitForURL((url) => !url.hash.includes('/coupon-template/add'))
    .catch(async (error) => {
      await screenshot(page, `coupon-template-add-failed-${name}`);
      throw error;
    });
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
    // The add form itself: the list left behind also has a 券类型 item (its filter) while it goes.
    const templateForm = () => new FormPage(page, page.locator('#coupon-template-form'));
    const form = templateForm();
    await form.fill('券名称', name);
    expect(await form.labels()).not.toContain('面额(元)');
    await form.fill('券类型', '整单代金券');
    await form.field('面额(元)').waitFor();
    expect(await form.labels()).not.toContain('整单折扣(折)');
    await screenshot(page, 'coupon-template-add-zh');
    await createTemplate(page, form, name, '整单代金券', { '面额(元)': '8' });
    // One of every other family, each through the same form.
    const products = await api<{ records: { name: string }[] }>(page, '/v1/product/query', { pageSize: 1 });
    for (const family of FAMILIES(products.records[0].name)) {
      await shell.goto(baseUrl, '/coupons/coupon-template/add');
      await shell.waitForScreen();
      await createTemplate(page, templateForm(), `${family.type}${suffix}`, family.type, family.values);
    }
    // Each was saved with the type chosen in the form.
    const saved: string[] = [];
    for (const templateName of [name, ...FAMILIES('').map((family) => `${family.type}${suffix}`)]) {
      const found = await api<{ records: { lineType: string }[] }>(page, '/v1/coupon-template/query', { keyword: templateName });
      saved.push(...found.records.map((r) => r.lineType));
    }
    expect(saved).toEqual(['all_cash', 'all_discount', 'goods', 'freight', 'random_cash', 'exchange_goods', 'points', 'special_price']);
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
    await expect.poll(async () => page.getByTestId('state-counts').innerText()).toContain('未使用 1');
    await screenshot(page, 'coupon-list-zh');

    // The member's coupons (a related list) show it with its template, state and source.
    await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
    const tab = await new DetailTabs(page).open('优惠券');
    const row = tab.locator('.ant-table-row').filter({ hasText: code });
    await expect.poll(async () => row.innerText()).toContain(name);
    expect(await row.innerText()).toContain('未使用');
    expect(await row.innerText()).toContain('手工发放');
    await screenshot(page, 'coupon-member-tab-zh');
    await tab.getByRole('button', { name: /查看全部/ }).click();
    await page.waitForURL((url) => url.hash.includes('/coupons/coupon-list/coupon-list'));
    await coupons.waitLoaded();
    await expect.poll(async () => coupons.row(code).innerText()).toContain('未使用');

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
    await savedDetailThenList(page, {
      detail: '/coupons/coupon-write-off/dtl',
      list: '/coupons/coupon-write-off/list',
      leaveBy: 'address',
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
    await expect.poll(async () => page.getByTestId('state-counts').innerText()).toContain('已使用 1');

    // The same inquiry in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/coupons/coupon-list/coupon-list');
    await coupons.waitLoaded();
    await coupons.filter('Coupon code', code);
    await expect.poll(async () => coupons.row(code).innerText()).toContain('Used');
    await screenshot(page, 'coupon-list-en');
  });
});
