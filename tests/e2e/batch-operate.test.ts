import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { useDemoSession } from './pages/demo-session';
import { confirmOpenDialog } from './pages/antd';
import { DetailPage } from './pages/detail.page';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';

/**
 * Issue 4, batch operations as a person meets them: a freeze document picking two members is
 * drafted, opened on its detail, audited, its progress watched until done, and both members are
 * then frozen in the member list; the detail and the list in Chinese and in English.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const signedInAdmin = () => session.signedIn('admin');

/** Registers a member of the demo merchant through the member API, with the page's session. */
async function registerMember(page: Page, n: number): Promise<{ id: number; name: string }> {
  const mobile = `135${String((Date.now() + n) % 100_000_000).padStart(8, '0')}`;
  const name = `批量会员${mobile.slice(-5)}`;
  const response = await page.request.post(`${baseUrl}/loyalty/v1/member/saveNew`, {
    data: { name, mobile },
    headers: { locale: 'zh_CN', time_zone: 'Asia/Shanghai', 'X-Requested-With': 'loyalty-console' },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return { id: body.data.id as number, name };
}

describe('batch operations in the browser', () => {
  it('freezes two picked members: draft, audit, watch the progress, see them frozen, in both languages', async () => {
    const { page, shell } = await signedInAdmin();
    const members = [await registerMember(page, 1), await registerMember(page, 2)];

    await shell.goto(baseUrl, '/member/batch-operate/list');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新增');
    await page.waitForURL((url) => url.hash.startsWith('#/member/batch-operate/edit'));

    // The document's form (the list's filter bar, still fading out, has an 操作类型 too).
    const form = new FormPage(page, page.locator('form#batch-operate-form'));
    await form.field('操作类型').locator('.ant-select').waitFor();
    await form.fill('操作类型', '冻结会员');
    await form.fill('操作原因', '端到端批量冻结');
    for (const member of members) await form.fill('选择会员', member.name);
    await form.fill('备注', '浏览器测试');
    await screenshot(page, 'batch-operate-edit-zh');
    await form.save();
    await page
      .waitForURL((url) => url.hash.includes('/member/batch-operate/dtl?id='))
      .catch(async (error) => {
        await screenshot(page, 'batch-operate-save-failed');
        throw error;
      });

    // The draft lists both members, pending; auditing starts the run.
    const detail = new DetailPage(page);
    expect(await detail.value('状态')).toContain('未审核');
    expect(await detail.value('会员数')).toBe('2');
    const results = new ListPage(page, page.locator('.ant-card').filter({ hasText: '执行结果' }));
    await results.waitLoaded();
    expect(await results.column('执行结果')).toEqual(['待执行', '待执行']);
    await detail.clickButton('审核');
    await confirmOpenDialog(page);

    // The progress reaches done, and each member's line says so.
    const progress = page.getByTestId('batch-progress');
    await expect
      .poll(async () => progress.getAttribute('data-state', { timeout: 1_000 }).catch(() => null), { timeout: 30_000 })
      .toBe('EFFECTED')
      .catch(async (error) => {
        await screenshot(page, 'batch-operate-run-failed');
        throw error;
      });
    await expect.poll(async () => detail.value('状态')).toContain('已完成');
    await expect.poll(async () => results.column('执行结果')).toEqual(['成功', '成功']);
    expect(await progress.innerText()).toContain('已处理 2 / 2，成功 2，失败 0');
    // One progress on the page: the live card, no second section of the same counts.
    expect(await page.getByText(/^执行(进度|情况)$/).count()).toBe(1);
    await shell.waitForScreen();
    await screenshot(page, 'batch-operate-dtl-zh');

    // Both members are frozen in the member list.
    await shell.goto(baseUrl, '/member/standard-member/list');
    const memberList = new ListPage(page);
    await memberList.waitLoaded();
    for (const member of members) {
      // The name filter is the member list's search box (no second name box beside it).
      await memberList.filter('姓名', member.name);
      await expect.poll(async () => memberList.row(member.name).innerText()).toContain('冻结');
    }

    // The document list and the detail in English.
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/member/batch-operate/list');
    await list.waitLoaded();
    const number = (await list.column('Document number'))[0];
    expect(number).toMatch(/^BO\d{8}$/);
    expect(await list.row(number).innerText()).toContain('Done');
    await shell.waitForScreen();
    await screenshot(page, 'batch-operate-list-en');
    await list.rowAction(number, 'Detail');
    await page.waitForURL((url) => url.hash.includes('/member/batch-operate/dtl?id='));
    await expect.poll(async () => page.getByTestId('batch-progress').innerText()).toContain('Processed 2 of 2: 2 succeeded, 0 failed');
    expect(await page.getByText('Progress', { exact: true }).count()).toBe(1);
    const englishResults = new ListPage(page, page.locator('.ant-card').filter({ hasText: 'Results' }));
    await englishResults.waitLoaded();
    expect(await englishResults.column('Result')).toEqual(['Succeeded', 'Succeeded']);
    await shell.waitForScreen();
    await screenshot(page, 'batch-operate-dtl-en');
  });
});
