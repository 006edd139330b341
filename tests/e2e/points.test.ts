import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';

/**
 * Issue 4, points as a person meets them: a reason is added in the drawer of the reason list, a
 * points adjustment is drafted with a line, audited from the list, and the member's points
 * history shows the posting with its kind and source, in Chinese and in English.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const signedInAdmin = () => session.signedIn('admin');

/** Registers a member of the demo merchant through the member API, with the page's session. */
async function registerMember(page: Page): Promise<{ id: number; name: string }> {
  const mobile = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const name = `端到端会员${mobile.slice(-4)}`;
  const response = await page.request.post(`${baseUrl}/loyalty/v1/member/saveNew`, {
    data: { name, mobile },
    headers: { locale: 'zh_CN', time_zone: 'Asia/Shanghai', 'X-Requested-With': 'loyalty-console' },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return { id: body.data.id as number, name };
}

describe('points adjustments in the browser', () => {
  it('drafts an adjustment with a line, audits it, and shows it in the member ledger, in both languages', async () => {
    const { page, shell } = await signedInAdmin();
    const member = await registerMember(page);

    // A reason, added in the drawer over the reason list.
    await shell.goto(baseUrl, '/score/score-adjust/score-adjust-reason');
    const reasons = new ListPage(page);
    await reasons.waitLoaded();
    await reasons.clickButton('新增');
    const reasonForm = FormPage.inDialog(page);
    await reasonForm.fillAll({ 原因编码: 'E2E', 原因名称: '端到端补偿', 调整方向: '增加' });
    await reasonForm.save();
    await reasons.row('端到端补偿').waitFor();

    // The document: header and one line.
    await shell.goto(baseUrl, '/score/score-adjust/score-adjust-add');
    const form = new FormPage(page);
    await form.fill('备注', '浏览器测试调整');
    const lines = LinesEditor.byLabel(page, '调整明细');
    await lines.addLine();
    await lines.fillLine(0, { 会员: member.name, 调整积分: '88', 调整原因: '端到端补偿', 行备注: '补发积分' });
    // The line shows the balance it changes: a new member has no account yet.
    await expect.poll(() => lines.figures(0, '会员')).toContain('暂无账户');
    await form.save();
    await savedDetailThenList(page, {
      detail: '/score/score-adjust/score-adjust-dtl',
      list: '/score/score-adjust/score-adjust',
      leaveBy: 'address',
    });

    // Audited from the list.
    const list = new ListPage(page);
    await list.waitLoaded();
    const number = (await list.column('单号'))[0];
    expect(number).toMatch(/^SA\d{8}$/);
    await expect.poll(async () => list.row(number).innerText()).toContain('未审核');
    await list.rowActionConfirmed(number, '审核');
    await expect.poll(async () => list.row(number).innerText()).toContain('已审核');
    await shell.waitForScreen();
    await screenshot(page, 'points-adjust-list-zh');

    // Its detail shows the line with the member's name, and no way to change it any more.
    await list.rowAction(number, '详情');
    await page.waitForURL((url) => url.hash.includes('score-adjust-dtl'));
    const detail = page.locator('.ant-card').first();
    await detail.getByText(member.name).first().waitFor();
    expect(await detail.getByRole('button', { name: /编\s*辑|审\s*核|删\s*除/ }).count()).toBe(0);
    await shell.waitForScreen();
    await screenshot(page, 'points-adjust-dtl-zh');

    // The points inquiry finds the member's account; its history link opens the ledger.
    await shell.goto(baseUrl, '/score/score-query/score-query-list');
    const accounts = new ListPage(page);
    await accounts.waitLoaded();
    await accounts.filter('会员', member.name);
    await expect.poll(async () => accounts.row(member.name).innerText()).toContain('88');
    await accounts.rowAction(member.name, '积分流水');
    await page.waitForURL((url) => url.hash.includes(`score-query-dtl?memberId=${member.id}`));
    const ledger = new ListPage(page);
    await ledger.row(number).waitFor();
    const row = await ledger.row(number).innerText();
    expect(row).toContain('调整');
    expect(row).toContain('积分调整单');
    expect(row).toContain('+88');
    // The §4 channel has its column and its filter; an adjustment made in the console names none.
    expect(await ledger.headers()).toEqual(expect.arrayContaining(['渠道', '来源', '类型']));
    expect((await ledger.cell(number, '渠道')).trim()).toBe('-');
    await page.locator('.ant-form-item-label').getByText('渠道', { exact: true }).waitFor();
    await expect.poll(async () => page.locator('.ant-statistic').first().innerText()).toContain('88');
    await shell.waitForScreen();
    await screenshot(page, 'points-ledger-zh');

    // The overview counts the adjustment in this month's issued points.
    await shell.goto(baseUrl, '/score/home/home');
    await page.getByTestId('points-daily-chart').waitFor();
    await expect.poll(async () => page.locator('.ant-statistic').first().innerText()).toMatch(/\d/);
    await screenshot(page, 'points-overview-zh');

    // The same screens in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/score/score-adjust/score-adjust');
    await list.waitLoaded();
    await expect.poll(async () => list.row(number).innerText()).toContain('Audited');
    expect(await list.headers()).toEqual(expect.arrayContaining(['Document number', 'Status']));
    await shell.waitForScreen();
    await screenshot(page, 'points-adjust-list-en');

    await shell.goto(baseUrl, `/score/score-query/score-query-dtl?memberId=${member.id}`);
    // The adjustment list's row carries the same number until the ledger has rendered: wait for
    // the ledger's own columns rather than for any row with the number.
    await expect.poll(async () => ledger.row(number).innerText()).toContain('Adjusted');
    expect(await ledger.row(number).innerText()).toContain('Adjustment document');
    expect(await ledger.headers()).toEqual(expect.arrayContaining(['Channel']));
    await shell.waitForScreen();
    await screenshot(page, 'points-ledger-en');

    // A new adjustment line shows the member's balance, 88 since the audit.
    await shell.goto(baseUrl, '/score/score-adjust/score-adjust-add');
    const english = LinesEditor.byLabel(page, 'Adjustment lines');
    await english.addLine();
    await english.fillLine(0, { Member: member.name });
    await expect.poll(() => english.figures(0, 'Member')).toMatch(/Balance: 88\b/);
    await screenshot(page, 'points-adjust-line-balance-en');
  });
});
