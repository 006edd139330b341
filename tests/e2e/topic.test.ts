import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { stripedPng } from '../helpers/png';
import { openDialogs } from './pages/antd';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';
import { postData } from './pages/page-api';

/**
 * Marketing themes in the browser (promotion/topic, issue 28 item 7), at 1280 px: a merchant
 * creates a theme from its one screen, with a banner uploaded, the window and a live activity
 * picked, and watches the landing page's preview beside the form follow what is typed; saves,
 * publishes it (in its window: live), and sees the saved page on the detail's preview tab; then
 * the same screens in English. The form and the detail with their previews pass axe-core's WCAG
 * 2.1 AA rules in both languages.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
const api = <T = Record<string, unknown>>(page: Page, url: string, data?: unknown): Promise<T> => postData<T>(page, { baseUrl, url, data });

/** An audited points-doubling activity in progress (a theme shows live activities only); its name. */
async function liveActivity(page: Page, name: string): Promise<string> {
  const created = await api<{ id: number }>(page, '/v1/activity-score-doubling/saveNew', {
    name,
    beginTime: '2026-01-01 00:00:00',
    endTime: '2035-12-31 23:59:59',
    goodsScope: 'ALL',
    rule: { doublingMultiple: 2 },
  });
  await api(page, `/v1/activity-score-doubling/audit?id=${created.id}`);
  return name;
}

describe('marketing themes in the browser', () => {
  it('creates a theme with a banner and a live activity, previews the page as it is typed, publishes it and shows it on the detail, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    // No call of the walk is refused (a refresh after an add in a drawer once asked `info/` of no record).
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    const stamp = String(Date.now() % 10_000).padStart(4, '0');
    const activity = await liveActivity(page, `主题活动${stamp}`);
    const title = `双十二会员日${stamp}`;

    await shell.goto(baseUrl, '/promotion/topic');
    const list = new ListPage(page);
    await list.waitLoaded();
    await list.clickButton('新增');
    const form = FormPage.inDialog(page);
    const preview = form.root.getByTestId('topic-preview');
    await preview.waitFor();
    // Before anything is typed: the placeholders of an empty page.
    expect(await preview.innerText()).toContain('选择要展示的活动后显示在这里');
    await screenshot(page, 'topic-form-empty-zh');

    await form.fillAll({
      主题标题: title,
      主题说明: '全场储值满额送，积分翻倍',
      开始时间: '2026-01-01 00:00:00',
      结束时间: '2035-12-31 23:59:59',
    });
    await page.keyboard.press('Escape');
    await form.fill('展示的活动', activity);
    await form
      .field('横幅图片')
      .locator('input[type=file]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: stripedPng(120) });

    // The preview follows the form: title, window, the activity's card and the uploaded banner.
    await expect.poll(() => preview.getByTestId('topic-preview-title').innerText()).toBe(title);
    await expect.poll(() => preview.getByTestId('topic-preview-activity').first().innerText()).toContain(activity);
    expect(await preview.getByTestId('topic-preview-activity').first().innerText()).toContain('积分翻倍');
    expect(await preview.innerText()).toContain('2026-01-01 00:00 至 2035-12-31 23:59');
    const banner = preview.getByAltText(`${title} 横幅`);
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await screenshot(page, 'topic-form-zh');
    await expectAccessible(page, 'topic-form-zh');

    await form.save();
    await expect.poll(() => openDialogs(page).count()).toBe(0);
    await list.waitLoaded();
    await expect.poll(async () => list.row(title).innerText()).toContain('未发布');
    // Published inside its window: live at once.
    await list.rowActionConfirmed(title, '发布');
    await expect.poll(async () => list.row(title).innerText()).toContain('进行中');
    await screenshot(page, 'topic-list-zh');

    // The detail's preview tab: the saved page.
    await list.rowAction(title, '详情');
    await page.getByRole('tab', { name: '页面预览' }).click();
    const saved = page.locator('.ant-drawer:visible').getByTestId('topic-preview');
    await expect.poll(() => saved.getByTestId('topic-preview-title').innerText()).toBe(title);
    await expect.poll(() => saved.getByTestId('topic-preview-activity').first().innerText()).toContain(activity);
    await expect.poll(() => saved.getByAltText(`${title} 横幅`).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await screenshot(page, 'topic-detail-zh');
    await expectAccessible(page, 'topic-detail-zh');

    // The same in English.
    await page.locator('.ant-drawer:visible .ant-drawer-close').click();
    await expect.poll(() => openDialogs(page).count()).toBe(0);
    await shell.switchLanguage('en_US');
    await shell.goto(baseUrl, '/promotion/topic/topic');
    await list.waitLoaded();
    expect(await list.headers()).toEqual(expect.arrayContaining(['Title', 'Status', 'Starts', 'Ends']));
    await expect.poll(async () => list.row(title).innerText()).toContain('Live');
    await screenshot(page, 'topic-list-en');
    await list.rowAction(title, 'Detail');
    await page.getByRole('tab', { name: 'Page preview' }).click();
    const savedEn = page.locator('.ant-drawer:visible').getByTestId('topic-preview');
    await expect.poll(() => savedEn.innerText()).toContain('Activities on this page');
    expect(await savedEn.innerText()).toContain('2026-01-01 00:00 to 2035-12-31 23:59');
    await expect.poll(() => savedEn.getByTestId('topic-preview-activity').first().innerText()).toContain('Points doubling');
    await screenshot(page, 'topic-detail-en');
    await expectAccessible(page, 'topic-detail-en');

    // Editing it: the form's preview starts from the saved page.
    await page
      .locator('.ant-drawer:visible')
      .getByRole('button', { name: /^\s*Edit\s*$/ })
      .first()
      .click();
    const edit = FormPage.inDialog(page);
    await expect.poll(() => edit.root.getByTestId('topic-preview-title').innerText()).toBe(title);
    await edit.fill('Title', `${title} EN`);
    await expect.poll(() => edit.root.getByTestId('topic-preview-title').innerText()).toBe(`${title} EN`);
    expect(await edit.root.getByTestId('topic-preview').innerText()).toContain('Landing page preview');
    await screenshot(page, 'topic-form-en');
    await expectAccessible(page, 'topic-form-en');
    expect(refused).toEqual([]);
  });
});
