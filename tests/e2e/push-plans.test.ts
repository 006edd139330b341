import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { seriousViolations } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { couponsHeld, saveAuditAndOpen, sendFromTab } from './pages/group-send';
import { LinesEditor } from './pages/lines.page';
import { ListPage } from './pages/list.page';
import { storeGroupScene } from './pages/store-group';

/**
 * Issue 29 item 3 in the browser: a push plan (推送计划) of a coupon and a message by SMS, app
 * push and a WeChat template message (its template id and a keyword's line) to a customer group of two members (group and template set up through the API) is made in
 * its add form from the push plans' list, audited from the list and sent from its detail's
 * Sending tab (push-plan dtl): each member is given the coupon, and the Messages tab reports each
 * member's message on each channel, here suppressed as "channel not connected" (the demo has no
 * SMS or JPush credentials) and, for WeChat, "no WeChat identity" (the members have no openid), in
 * both languages; the Runs tab lists the run, done. Both tabs pass axe-core's WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

describe('push plans in the browser', () => {
  it('makes a plan from its list, audits it, sends it and reads the per-member report, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
    const { group, templateName, members, template } = await storeGroupScene(page, baseUrl, stamp, '推送');
    const name = `推送计划${stamp.slice(-4)}`;

    await shell.goto(baseUrl, '/promotion/push-plan/list');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton(/^\s*(新\s*增|新\s*建)\s*$/);
    await page.waitForURL((url) => url.hash.includes('/promotion/push-plan/add'));
    const form = new FormPage(page);
    await form.fillAll({
      活动名称: name,
      开始时间: '2026-01-01 00:00:00',
      结束时间: '2035-12-31 23:59:59',
      发送客群: group,
      推送渠道: '短信',
    });
    await form.fill('推送渠道', 'App 推送');
    await form.fill('推送渠道', '微信消息');
    await form.fillAll({
      推送标题: '会员日',
      消息内容: '会员日全场 8 折',
      短信模板编号: 'SMS_300',
      '发送前等待(分钟)': '0',
      赠送券: templateName,
      赠券张数: '1',
      '微信模板 ID': 'TPL-member-day',
    });
    const keywords = LinesEditor.byLabel(page, /^关键词$/);
    await keywords.addLine();
    await keywords.fill(0, '关键词', 'thing1');
    await keywords.fill(0, '内容', '会员日全场 8 折');
    const activity = await saveAuditAndOpen(page, {
      list,
      name,
      detail: '/promotion/push-plan/dtl',
      listRoute: '/promotion/push-plan/list',
    });

    const { rows } = await sendFromTab(page);
    await expect.poll(() => rows.count()).toBe(2);
    for (let i = 0; i < 2; i += 1) expect(await rows.nth(i).innerText()).toContain('已发放');
    expect(await couponsHeld(page, baseUrl, members, template)).toEqual([1, 1]);

    // The Runs tab: the one run, done.
    await page.getByRole('tab', { name: '执行记录' }).click();
    const runs = page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => runs.count()).toBe(1);
    expect(await runs.first().innerText()).toContain('已完成');

    // The per-member report: two members × three channels, each with why it was not sent.
    await page.getByRole('tab', { name: '推送明细' }).click();
    const report = page.locator('.ant-tabs-tabpane-active');
    const messages = report.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => messages.count()).toBe(6);
    const zh = await report.innerText();
    expect(zh).toContain('渠道未接入');
    expect(zh).toContain('短信');
    expect(zh).toContain('App 推送');
    expect(zh).toContain('无微信身份');
    await screenshot(page, 'push-plan-messages-zh');
    expect(await seriousViolations(page)).toEqual([]);

    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, `/promotion/push-plan/dtl?id=${activity}`);
    await page.getByRole('tab', { name: 'Runs' }).click();
    await expect.poll(() => runs.count()).toBe(1);
    expect(await runs.first().innerText()).toContain('Done');
    await page.getByRole('tab', { name: 'Messages' }).click();
    await expect.poll(() => messages.count()).toBe(6);
    const en = await report.innerText();
    expect(en).toContain('Channel not connected');
    expect(en).toContain('Suppressed');
    expect(en).toContain('No WeChat identity');
    await screenshot(page, 'push-plan-messages-en');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
