import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { workbookOf } from '../helpers/workbooks';
import { looseText } from './pages/antd';
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
 * and the kind's own detail (export-code-send-coupon-dtl) in English. Then a partner's codes: a
 * file with a repeated and a malformed code is refused whole with its error report, a good file
 * becomes a batch with its issuer and settlement price (合作方批次), and the partner's statement is
 * compared with our redemptions (核销对账), its results and totals shown in both languages. The
 * tabs and the import dialog pass axe-core's WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

  it("imports a partner's codes with a report of the rows refused, and reconciles the partner's statement, in both languages", async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
    const template = await api<{ id: number }>(page, '/v1/coupon-template/saveNew', {
      name: `合作方券${stamp}`,
      lineType: 'all_cash',
      rule: { cashValue: '5.00' },
    });
    await api(page, `/v1/coupon-template/enable?id=${template.id}`);
    const activity = await api<{ id: number }>(page, '/v1/activity/saveNew', {
      name: `合作方券码${stamp}`,
      kind: 'EXPORT_CODE_SEND_COUPON',
      beginTime: '2026-01-01 00:00:00',
      endTime: '2035-12-31 23:59:59',
      rule: { codeTemplate: template.id, codeCount: 5, codeLength: 10 },
    });
    const codes = ['A', 'B', 'C'].map((letter) => `P${stamp}${letter}`);
    const dialog = page.locator('.ant-modal-content');
    const uploadIn = async (rows: unknown[][]) =>
      dialog.locator('input[type=file]').setInputFiles({ name: 'partner.xlsx', mimeType: XLSX_TYPE, buffer: await workbookOf(rows) });

    await shell.goto(baseUrl, `/promotion/third-coupon/export-code-send-coupon-dtl?id=${activity.id}`);
    let tab = await new DetailTabs(page).open('合作方批次');
    await tab.getByRole('button', { name: /导入合作方券码/ }).click();
    await dialog.getByLabel('发行方').fill('美团');
    await dialog.getByLabel('结算价(元/张)').fill('2.5');
    // A repeated code and one that is not letters and digits: nothing is imported, the report says why.
    await uploadIn([['券码'], [codes[0]], [codes[0]!.toLowerCase()], ['AB-12']]);
    await expect.poll(() => dialog.innerText()).toContain('导入失败：2 行有误，未导入任何数据');
    await expect.poll(() => dialog.getByRole('link', { name: /下载错误报告/ }).count()).toBe(1);
    // The report's lines show in the dialog too: the row, the column and why.
    expect(await dialog.getByTestId('import-report').locator('tbody tr.ant-table-row').allInnerTexts()).toEqual([
      `3\t券码\t券码 ${codes[0]} 与第 2 行重复`,
      '4\t券码\t券码 AB-12 只能包含字母和数字',
    ]);
    await screenshot(page, 'partner-codes-refused-zh');
    await expectAccessible(page, 'partner-codes-refused-zh');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: looseText('关闭') })
      .click();
    await tab.getByRole('button', { name: /导入合作方券码/ }).click();
    await dialog.getByLabel('发行方').fill('美团');
    await dialog.getByLabel('结算价(元/张)').fill('2.5');
    await uploadIn([['券码'], ...codes.map((code) => [code])]);
    await expect.poll(() => dialog.innerText()).toContain('导入成功，共 3 条');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: looseText('关闭') })
      .click();
    await expect.poll(() => tab.locator('.ant-table-tbody tr.ant-table-row').first().innerText()).toContain('美团');
    expect(await tab.locator('.ant-table-tbody tr.ant-table-row').first().innerText()).toMatch(/2\.50[\s\S]*partner\.xlsx[\s\S]*3/);
    await screenshot(page, 'partner-codes-batches-zh');
    await expectAccessible(page, 'partner-codes-batches-zh');

    // The partner says it redeemed one of its codes and one we never had: neither is redeemed here.
    tab = await new DetailTabs(page).open('核销对账');
    await tab.getByRole('button', { name: /上传合作方对账单/ }).click();
    await uploadIn([
      ['券码', '核销时间', '结算金额(元)'],
      [codes[0], '2026-11-01 10:00:00', 2.5],
      [`X${stamp}`, '2026-11-01 11:00:00', 2.5],
    ]);
    await expect.poll(() => dialog.innerText()).toContain('对账完成，共 2 个券码');
    await expectAccessible(page, 'partner-statement-done-zh');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: looseText('关闭') })
      .click();
    const resultRows = tab.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => resultRows.count()).toBeGreaterThan(1);
    const result = await tab.innerText();
    expect(result).toContain('仅合作方有');
    expect(result).toContain('非本活动券码');
    expect(result).toContain('未绑定');
    expect(result).toContain(codes[0]);
    expect(result).toContain('合作方金额(元)');
    await screenshot(page, 'partner-statement-zh');
    await expectAccessible(page, 'partner-statement-zh');

    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, `/promotion/third-coupon/export-code-send-coupon-dtl?id=${activity.id}`);
    const batchesEn = await new DetailTabs(page).open('Partner batches');
    await expect.poll(() => batchesEn.innerText()).toContain('美团');
    expect(await batchesEn.innerText()).toContain('Settlement price (yuan per code)');
    const reconcileEn = await new DetailTabs(page).open('Redemption reconciliation');
    await expect.poll(() => reconcileEn.innerText()).toContain('Only the partner');
    const textEn = await reconcileEn.innerText();
    expect(textEn).toContain('Not a code of this campaign');
    expect(textEn).toContain("Partner's amount (yuan)");
    expect(textEn).toContain('By result');
    await reconcileEn.getByRole('button', { name: /Upload the partner's statement/ }).click();
    await expect.poll(() => dialog.innerText()).toContain('Redeemed at');
    await expectAccessible(page, 'partner-statement-dialog-en');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: looseText('Close') })
      .click();
    await screenshot(page, 'partner-statement-en');
    await expectAccessible(page, 'partner-statement-en');
  });
});
