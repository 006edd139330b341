import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { seriousViolations } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { DESK_NARROW, PHONE, layoutProblems, phoneProblems, resize } from './pages/layout';
import type { ShellPage } from './pages/shell.page';

/**
 * Issue 27 §5 in the browser, at 1280 px and in both languages: the one card designer edits the
 * card with both wallets' previews beside the form, each following what is typed (title, colour,
 * the card number's prefix); the save survives a reload, and the call it made (the WeChat
 * channel is not connected in the demo) is on the channel health page and the call log.
 * Each edit screen, with the preview drawn in WeChat's Color090, has no serious axe violation
 * (the card's text reads at 4.5:1 or more on its colour) and keeps its inputs whole at 1280 px;
 * at 390 px the two phones stack and the page does not scroll sideways.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;

/** True when the page shows exactly this route (the Alipay read route's name contains its edit route's). */
const showing = (url: URL, route: string) => url.hash.replace(/^#/, '').split('?')[0].endsWith(route);

const background = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);

async function designCard(args: {
  page: Page;
  shell: ShellPage;
  read: string;
  edit: string;
  language: 'zh' | 'en';
  labels: { title: string; colour: string; prefix: string; brand: string; notice: string; privileges: string; editButton: RegExp };
  title: string;
}) {
  const { page, shell, labels } = args;
  await shell.goto(baseUrl, args.read);
  await page.getByRole('button', { name: labels.editButton }).click();
  await page.waitForURL((url) => showing(url, args.edit));
  const form = new FormPage(page);
  await form.field(labels.title).waitFor();
  await form.fillAll({ [labels.brand]: '星河加油', [labels.notice]: '结账时出示会员码', [labels.privileges]: '加油积分，生日双倍' });
  await form.fill(labels.title, args.title);
  await form.fill(labels.colour, 'Color090 #dd6549');
  await form.fill(labels.prefix, 'XH');
  await expect.poll(() => page.getByTestId('wechat-title').innerText()).toBe(args.title);
  await expect.poll(() => page.getByTestId('alipay-title').innerText()).toBe(args.title);
  // WeChat's Color090 (#dd6549) on both cards, and the prefix on Alipay's card number.
  await expect.poll(() => background(page, 'wechat-card')).toBe('rgb(221, 101, 73)');
  await expect.poll(() => background(page, 'alipay-card')).toBe('rgb(221, 101, 73)');
  await expect.poll(() => page.getByTestId('alipay-card').innerText()).toContain('XHM000000001');
  expect(await seriousViolations(page)).toEqual([]);
  expect((await layoutProblems(page)).problems).toEqual([]);
  await screenshot(page, `wallet-card-edit-${args.language}-1280`);
  await resize(page, PHONE);
  expect(await phoneProblems(page)).toEqual([]);
  // One phone above the other, both inside the window.
  const [wechat, alipay] = await Promise.all(['wechat', 'alipay'].map((wallet) => page.locator(`[data-wallet=${wallet}]`).boundingBox()));
  expect(alipay!.y).toBeGreaterThan(wechat!.y + wechat!.height - 1);
  expect(Math.max(wechat!.x + wechat!.width, alipay!.x + alipay!.width)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, `wallet-card-edit-${args.language}-390`);
  await resize(page, DESK_NARROW);
  await form.save();
  await page.waitForURL((url) => showing(url, args.read));
  await page.reload();
  await shell.waitForScreen();
  await expect.poll(() => page.locator('.ant-descriptions').first().innerText()).toContain(args.title);
  await screenshot(page, `wallet-card-read-${args.language}`);
}

describe('the card designer', () => {
  it('designs the card with both previews, saves it, and shows the recorded call, in Chinese and in English', async () => {
    const { page, shell } = await session.signedIn('admin');
    await resize(page, DESK_NARROW);
    await designCard({
      page,
      shell,
      read: '/member/wechat/wechat-member-card',
      edit: 'wechat-member-card-edit',
      language: 'zh',
      labels: {
        title: '会员卡名称',
        colour: '卡面颜色',
        prefix: '卡号前缀',
        brand: '商户名称',
        notice: '使用提醒',
        privileges: '会员权益',
        editButton: /^编\s*辑$/,
      },
      title: '星河会员卡',
    });
    await shell.goto(baseUrl, '/setting/channel/channel-health');
    const wechatRow = page.locator('tr', { hasText: '微信' }).first();
    await expect.poll(() => wechatRow.innerText()).toContain('未接入');
    await screenshot(page, 'wallet-card-health-zh');
    await shell.goto(baseUrl, '/setting/channel/channel-calls');
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('card/create');

    await shell.switchLanguage('en_US');
    await designCard({
      page,
      shell,
      read: '/member/alipay/alipay-member-card-edit-dtl',
      edit: 'alipay-member-card-edit',
      language: 'en',
      labels: {
        title: 'Card title',
        colour: 'Card colour',
        prefix: 'Card number prefix',
        brand: 'Brand name',
        notice: 'Notice',
        privileges: 'Member privileges',
        editButton: /^Edit$/,
      },
      title: 'Galaxy',
    });
    await shell.goto(baseUrl, '/setting/channel/channel-health');
    await expect.poll(() => page.locator('tr', { hasText: 'Alipay' }).first().innerText()).toContain('Not connected');
    await screenshot(page, 'wallet-card-health-en');
    await shell.goto(baseUrl, '/setting/channel/channel-calls');
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('alipay.marketing.card.template.create');
  }, 300_000);
});
