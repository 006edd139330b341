import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { FIXTURE_PASSWORD } from '../helpers/fixtures';
import { createDemoUser, useDemoSession } from './pages/demo-session';
import { FormPage, savedDetailThenList } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';
import type { ShellPage } from './pages/shell.page';
import { DetailTabs, ValueHistoryPage } from './pages/stored-value.page';

/**
 * Issue 11, a stored-value adjustment as people meet it: the administrator drafts one above the
 * merchant's approval threshold and may not audit it (maker-checker); a second person audits it;
 * the member's stored-value tab and history show the posting, in Chinese, then the history in
 * English.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const HEADERS = { locale: 'zh_CN', time_zone: 'Asia/Shanghai', 'X-Requested-With': 'loyalty-console' };

// A second person of the demo merchant who may audit (every permission).
beforeAll(() => createDemoUser({ login: 'sv-checker', grants: 'all' }));

/** A call of the API with the page's session, answered `data`. */
async function api(page: Page, path: string, data?: unknown): Promise<any> {
  const url = `${baseUrl}/loyalty/v1/${path}`;
  const response =
    data === undefined ? await page.request.get(url, { headers: HEADERS }) : await page.request.post(url, { data, headers: HEADERS });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return body.data;
}

describe('stored-value adjustments in the browser', () => {
  it('drafts an adjustment, refuses its maker the audit above the threshold, lets a second person audit, and shows it on the member', async () => {
    const { page, shell } = await session.signedIn('admin');
    const settings = await api(page, 'value-approval-setting/get');
    await api(page, 'value-approval-setting/save', { ...settings, storedValueThreshold: 50 });
    try {
      await adjustAndAudit(page, shell);
    } finally {
      // Other test files read the demo merchant's settings: give the threshold back.
      const now = await api(page, 'value-approval-setting/get');
      await api(page, 'value-approval-setting/save', { ...now, storedValueThreshold: settings.storedValueThreshold });
    }
  });
});

/** The scenario, with the threshold at 50 yuan. */
async function adjustAndAudit(page: Page, shell: ShellPage): Promise<void> {
  const mobile = `136${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const member = await api(page, 'member/saveNew', { name: `储值会员${mobile.slice(-4)}`, mobile });

  // The document: one line of principal and gift, with a seeded reason.
  await shell.goto(baseUrl, '/deposit/store-value-adjust/store-value-adjust-Add');
  const form = new FormPage(page);
  await form.fill('备注', '浏览器测试储值调整');
  const lines = LinesEditor.byLabel(page, '调整明细');
  await lines.addLine();
  await lines.fillLine(0, { 会员: member.name, 本金变动: '60', 赠送金变动: '28.5', 调整原因: '储值纠错', 行备注: '补录' });
  await form.save();
  await savedDetailThenList(page, {
    detail: '/deposit/store-value-adjust/store-value-adjust-dtl',
    list: '/deposit/store-value-adjust/store-value-adjust',
    leaveBy: 'address',
  });
  const list = new ListPage(page);
  await list.waitLoaded();
  const number = (await list.column('单号'))[0];
  expect(number).toMatch(/^VA\d{8}$/);
  expect(await list.row(number).innerText()).toContain('88.50');

  // Its maker may not audit it: 88.50 is above the threshold of 50.
  await list.rowActionConfirmed(number, '审核');
  await page
    .getByText(/超过审批阈值 50\.00，而您创建或修改过它的金额/)
    .first()
    .waitFor();
  await expect.poll(async () => list.row(number).innerText()).toContain('未审核');
  await screenshot(page, 'stored-value-adjust-maker-refused-zh');

  // A second person audits it.
  const other = await session.signedIn('sv-checker', FIXTURE_PASSWORD);
  await other.shell.goto(baseUrl, '/deposit/store-value-adjust/store-value-adjust');
  const theirs = new ListPage(other.page);
  await theirs.waitLoaded();
  await theirs.rowActionConfirmed(number, '审核');
  // The audit's answer, then the list asked again: on a loaded machine more than the poll's default second.
  await expect.poll(async () => theirs.row(number).innerText(), { timeout: 10_000 }).toContain('已审核');
  await screenshot(other.page, 'stored-value-adjust-audited-zh');

  // The member's stored-value tab shows the balance and the entry, and leads to the history.
  await shell.goto(baseUrl, `/member/standard-member/dtl?id=${member.id}`);
  const tab = await new DetailTabs(page).open('储值');
  await expect.poll(async () => tab.locator('.ant-statistic').first().innerText()).toContain('88.50');
  await tab.locator('.ant-table-row').filter({ hasText: number }).first().waitFor();
  await shell.waitForScreen();
  await screenshot(page, 'stored-value-member-tab-zh');
  await tab.getByRole('button', { name: /查看全部流水/ }).click();
  await page.waitForURL((url) => url.hash.includes('store-value-hst-detail'));
  const history = new ValueHistoryPage(page);
  // The title names the member from the rows, so it is read once they are there.
  const row = history.entryRow(number);
  await row.waitFor();
  await expect.poll(async () => history.title.innerText()).toContain(member.name);
  const text = await row.innerText();
  expect(text).toContain('调整');
  expect(text).toContain('储值调整单');
  expect(text).toContain('+60.00');
  expect(text).toContain('+28.50');
  await expect.poll(() => history.total('净变动')).toBe('88.50');
  await shell.waitForScreen();
  await screenshot(page, 'stored-value-history-zh');

  // The history in English.
  await shell.switchLanguage('en_US');
  await expect.poll(async () => history.entryRow(number).innerText()).toContain('Adjustment document');
  await expect.poll(async () => history.title.innerText()).toContain('Stored-value history of');
  await shell.waitForScreen();
  await screenshot(page, 'stored-value-history-en');
  await shell.switchLanguage('zh_CN');

  // A new adjustment line for the member shows the balance it would change.
  await shell.goto(baseUrl, '/deposit/store-value-adjust/store-value-adjust-Add');
  const next = LinesEditor.byLabel(page, '调整明细');
  await next.addLine();
  await next.fillLine(0, { 会员: member.name });
  await expect.poll(() => next.figures(0, '会员')).toMatch(/本金余额: 60\.00.*赠送金余额: 28\.50.*储值余额: 88\.50/s);
  await screenshot(page, 'stored-value-adjust-line-balance-zh');
}
