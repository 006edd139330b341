import type { BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Database } from '../../server/db/connection';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser';
import { FormPage } from './pages/form.page';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';
import { LoginPage } from './pages/login.page';
import { ShellPage } from './pages/shell.page';

/**
 * Issue 4, points as a person meets them: a reason is added in the drawer of the reason list, a
 * points adjustment is drafted with a line, audited from the list, and the member's points
 * history shows the posting with its kind and source, in Chinese and in English.
 */
const baseUrl = inject('baseUrl');
const demoTenant = inject('demoTenantCode');
const demoAccounts = inject('demoAccounts');

let browser: TestBrowser;
let database: Database;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  database = connectDatabase(inject('databaseUrl'), { max: 2 });
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await database?.close();
});

async function signedInAdmin(): Promise<{ page: Page; shell: ShellPage }> {
  const account = demoAccounts.find((a) => a.login === 'admin')!;
  const { context, page } = await browser.newPage();
  contexts.push(context);
  const login = new LoginPage(page);
  await login.open(baseUrl);
  await login.signIn(demoTenant, account.login, account.password);
  const shell = new ShellPage(page);
  await shell.waitForShell();
  return { page, shell };
}

/** A member of the demo merchant, in use, to adjust points for. */
async function demoMember(): Promise<number> {
  const tenant = await database.db.execute<{ id: number }>(sql`select id from tenants where code = ${demoTenant}`);
  const tenantId = Number(tenant.rows[0].id);
  // TEMPORARY (until the member resource exists): a minimal row in the table the ledger reads.
  await database.db.execute(sql`create table if not exists members (tenant_id bigint not null, id bigint not null, state text not null, primary key (tenant_id, id))`);
  await database.db.execute(sql`insert into members (tenant_id, id, state) values (${tenantId}, 880001, 'using') on conflict do nothing`);
  return 880001;
}

describe('points adjustments in the browser', () => {
  it('drafts an adjustment with a line, audits it, and shows it in the member ledger, in both languages', async () => {
    const memberId = await demoMember();
    const { page, shell } = await signedInAdmin();

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
    await lines.fillLine(0, { 会员: String(memberId), 调整积分: '88', 调整原因: '端到端补偿', 行备注: '补发积分' });
    await form.save();
    await page.waitForURL((url) => url.hash.split('?')[0] === '#/score/score-adjust/score-adjust').catch(async (error) => {
      await screenshot(page, 'points-adjust-save-failed');
      throw error;
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

    // The member's ledger shows the posting.
    await shell.goto(baseUrl, `/score/score-query/score-query-dtl?memberId=${memberId}`);
    const ledger = new ListPage(page);
    await ledger.row(number).waitFor();
    const row = await ledger.row(number).innerText();
    expect(row).toContain('调整');
    expect(row).toContain('积分调整单');
    expect(row).toContain('+88');
    await expect.poll(async () => page.locator('.ant-statistic').first().innerText()).toContain('88');
    await shell.waitForScreen();
    await screenshot(page, 'points-ledger-zh');

    // The same screens in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/score/score-adjust/score-adjust');
    await list.waitLoaded();
    await expect.poll(async () => list.row(number).innerText()).toContain('Audited');
    expect(await list.headers()).toEqual(expect.arrayContaining(['Document number', 'Status']));
    await shell.waitForScreen();
    await screenshot(page, 'points-adjust-list-en');

    await shell.goto(baseUrl, `/score/score-query/score-query-dtl?memberId=${memberId}`);
    await ledger.row(number).waitFor();
    const english = await ledger.row(number).innerText();
    expect(english).toContain('Adjusted');
    expect(english).toContain('Adjustment document');
    await shell.waitForScreen();
    await screenshot(page, 'points-ledger-en');
  });
});
