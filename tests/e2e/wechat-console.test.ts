import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { openDialogs } from './pages/antd';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';
import { API_HEADERS, saveSettings } from './pages/page-api';
import { newEncodingAesKey, wechatPush } from '../helpers/wechat-push';
import type { ShellPage } from './pages/shell.page';

/**
 * The WeChat entry in the browser (issue 27 §2), at 1280 px, in both languages: the official
 * account's authorisation walked from the before page through WeChat's authorisation page (the
 * stand-in on 127.0.0.1, which agrees at once and sends the browser back with a code) and the
 * callback to the after page, which shows the result and the stored authorisation; a pay-to-join
 * rule added and edited, WeChat's limits shown at the field the server named; a push WeChat sends
 * to the platform's address (encrypted and signed as WeChat does) shown in the health page's last
 * callback column. Each screen passes axe-core's WCAG 2.1 AA rules.
 */
const session = useDemoSession();
const baseUrl = session.baseUrl;
let standIns: StandIns;

beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(async () => {
  await standIns?.close();
});

const DAY = 86_400_000;
/** A day from today as the date inputs take it (`yyyy-MM-dd 00:00:00`). */
const dayText = (offset: number) => `${new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)} 00:00:00`;

/** Saves the demo merchant's WeChat settings over what is saved. */
const saveWechatSettings = (page: Page, fields: Record<string, unknown>) =>
  saveSettings(page, { baseUrl, resource: 'wechat-channel', fields });

const PUSH_TOKEN = 'e2ePushToken';
const PUSH_AES_KEY = newEncodingAesKey();
const COMPONENT_APP_ID = 'wx0000000000c0ffee';
let pushCreated = Math.floor(Date.now() / 1000);

/**
 * WeChat pushing one authorisation event to the demo merchant's platform address (public, no
 * session: the signature is the proof), then the health page showing it as WeChat's last callback.
 */
async function pushSeenOnHealth(args: {
  page: Page;
  shell: ShellPage;
  language: 'zh' | 'en';
  fields: Record<string, string | number>;
  shown: readonly string[];
}) {
  const { page, shell } = args;
  const addresses = await page.request.get(`${baseUrl}/loyalty/v1/wechat-push/addresses`, { headers: API_HEADERS });
  const auth = new URL(((await addresses.json()) as { data: { auth: string } }).data.auth);
  pushCreated += 1;
  const { query, body } = wechatPush({
    token: PUSH_TOKEN,
    encodingAesKey: PUSH_AES_KEY,
    appId: COMPONENT_APP_ID,
    fields: { AppId: COMPONENT_APP_ID, CreateTime: pushCreated, ...args.fields },
    outer: { AppId: COMPONENT_APP_ID },
  });
  // From outside the browser: WeChat's servers carry no session cookie.
  const answer = await fetch(`${baseUrl}${auth.pathname}?${query}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
  expect(await answer.text()).toBe('success');
  await shell.goto(baseUrl, '/setting/channel/channel-health');
  const wechatRow = page.locator('tr[data-row-key="wechat"]');
  for (const text of args.shown) await expect.poll(() => wechatRow.innerText()).toContain(text);
  await expectAccessible(page, `wechat-push-health-${args.language}`);
  await screenshot(page, `wechat-push-health-${args.language}`);
}

/** The saved rule's detail, opened over the list after a save: checked, then closed. */
async function closeSavedDetail(page: Page, name: string, picture: string): Promise<void> {
  const drawer = page.locator('.ant-drawer:visible');
  await expect.poll(() => drawer.innerText()).toContain(name);
  await expectAccessible(page, picture);
  await screenshot(page, picture);
  // Closed from the keyboard: the form's messages (the refused save's stays until closed) sit
  // over the drawer's close button.
  await drawer.locator('.ant-drawer-close').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => openDialogs(page).count()).toBe(0);
}

/** From the before page through WeChat's page and the callback to the after page. */
async function authorise(args: { page: Page; shell: ShellPage; language: 'zh' | 'en'; start: string; result: string }) {
  const { page, shell } = args;
  await shell.goto(baseUrl, '/member/wechat/wechat-authorize-before');
  const start = page.getByRole('button', { name: args.start });
  await start.waitFor();
  // The addresses to copy into WeChat for its pushes, this merchant's.
  await expect.poll(() => page.getByTestId('wechat-push-addresses').innerText()).toMatch(/\/loyalty\/v1\/wechat-push\/\d+\/auth/);
  await expectAccessible(page, `wechat-authorize-before-${args.language}`);
  await screenshot(page, `wechat-authorize-before-${args.language}`);
  await start.click();
  await page.waitForURL((url) => url.hash.startsWith('#/member/wechat/wechat-authorize-after'));
  await shell.waitForScreen();
  await expect.poll(() => page.locator('.ant-result-title').innerText()).toBe(args.result);
  await expect.poll(() => page.getByTestId('wechat-authorization').innerText()).toContain(standIns.wechat.authorizerAppId);
  expect(await page.getByTestId('wechat-authorization').innerText()).toContain('1,2,7');
  await expectAccessible(page, `wechat-authorize-after-${args.language}`);
  await screenshot(page, `wechat-authorize-after-${args.language}`);
}

describe('the WeChat entry in the browser', () => {
  it('authorises the official account through WeChat’s page and back, and adds and edits a pay-to-join rule, in both languages', async () => {
    const { page, shell } = await session.signedIn('admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The official account's and the third-party platform's credentials, and WeChat's addresses
    // on the stand-in; taken back at the end (the other tests of the demo merchant find the
    // WeChat channel not connected).
    await saveWechatSettings(page, {
      appId: 'wx0123456789abcdef',
      appSecret: standIns.wechat.appSecret,
      componentAppId: 'wx0000000000c0ffee',
      componentAppSecret: standIns.wechat.componentAppSecret,
      componentVerifyTicket: standIns.wechat.componentVerifyTicket,
      apiBaseUrl: `${standIns.baseUrl}/wechat`,
      authorizePageUrl: `${standIns.baseUrl}/wechat-mp/cgi-bin/componentloginpage`,
      messageToken: PUSH_TOKEN,
      encodingAesKey: PUSH_AES_KEY,
    });
    try {
      await authorise({ page, shell, language: 'zh', start: '前往微信授权', result: '公众号授权成功' });

      // The member code: saved, WeChat's code is drawn.
      await shell.goto(baseUrl, '/member/wechat/wechat-member-code');
      await page.getByRole('button', { name: /^编\s*辑$/ }).click();
      const code = new FormPage(page, page.locator('#wechat-member-code-form'));
      // The number input keeps the expiry inside WeChat's 60–1800 s (the server refuses others, 400: API test).
      await code.fillAll({ 场景值: 'store-e2e', '有效期(秒)': '1801' });
      expect(await code.valueOf('有效期(秒)')).toBe('1800');
      await code.fill('有效期(秒)', '600');
      await code.save('保存');
      const drawn = page.getByRole('img', { name: '会员码' });
      await expect.poll(() => drawn.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect.poll(() => page.locator('.ant-card-body').first().innerText()).toContain('http://weixin.qq.com/q/');
      await expectAccessible(page, 'wechat-member-code-zh');
      await screenshot(page, 'wechat-member-code-zh');

      // A pay-to-join rule, added in Chinese: the highest amount below the lowest is refused at its field.
      const stamp = String(Date.now() % 100_000).padStart(5, '0');
      const name = `满50开卡${stamp}`;
      await shell.goto(baseUrl, '/member/wechat/wechat-pay-rule');
      const list = new ListPage(page);
      await list.waitLoaded();
      await list.clickButton('新增');
      // The routed form itself (a date picker's own OK button is not the form's).
      const form = new FormPage(page, page.locator('#wechat-pay-rule-form'));
      await form.field('规则名称').waitFor();
      await form.fillAll({
        规则名称: name,
        微信支付商户号: '1900000109',
        '最低支付金额(元)': '50',
        '最高支付金额(元)': '20',
        开始时间: dayText(1),
        结束时间: dayText(31),
      });
      await page.keyboard.press('Escape');
      await form.save('保存');
      await expect.poll(() => form.errorOf('最高支付金额(元)')).toBe('最高支付金额(元)必须高于最低支付金额(元)');
      await expectAccessible(page, 'wechat-pay-rule-edit-zh');
      await screenshot(page, 'wechat-pay-rule-edit-zh');
      await form.fill('最高支付金额(元)', '5000');
      await form.save('保存');
      await page.waitForURL((url) => url.hash.split('?')[0].endsWith('/member/wechat/wechat-pay-rule'));
      await closeSavedDetail(page, name, 'wechat-pay-rule-detail-zh');
      await list.waitLoaded();
      await expect.poll(() => list.row(name).innerText()).toContain('未发布');
      await expectAccessible(page, 'wechat-pay-rule-list-zh');
      await screenshot(page, 'wechat-pay-rule-list-zh');

      // WeChat's verify ticket pushed to the platform's address: the health page's last callback.
      await pushSeenOnHealth({
        page,
        shell,
        language: 'zh',
        fields: { InfoType: 'component_verify_ticket', ComponentVerifyTicket: standIns.wechat.componentVerifyTicket },
        shown: ['component_verify_ticket', '已处理'],
      });

      // In English: the authorisation again, then the rule edited; a window over 90 days is refused.
      await shell.switchLanguage('en_US');
      await authorise({ page, shell, language: 'en', start: 'Authorise on WeChat', result: 'The official account is authorised' });
      await shell.goto(baseUrl, '/member/wechat/wechat-member-code');
      await expect.poll(() => page.getByRole('img', { name: 'Member code' }).count()).toBe(1);
      await expectAccessible(page, 'wechat-member-code-en');
      await screenshot(page, 'wechat-member-code-en');
      await shell.goto(baseUrl, '/member/wechat/wechat-pay-rule');
      await list.waitLoaded();
      await expect.poll(() => list.row(name).innerText()).toContain('Not published');
      await list.rowAction(name, 'Edit');
      await page.waitForURL((url) => url.hash.includes('/member/wechat/wechat-pay-rule-edit'));
      const edit = new FormPage(page, page.locator('#wechat-pay-rule-form'));
      await edit.field('Rule name').waitFor();
      await expect.poll(() => edit.valueOf('Rule name')).toBe(name);
      const renamed = `Pay 50 join ${stamp}`;
      await edit.fill('Rule name', renamed);
      await edit.fill('Ends', dayText(92));
      await page.keyboard.press('Escape');
      await edit.save('Save');
      await expect.poll(() => edit.errorOf('Ends')).toBe('WeChat runs a pay-to-join rule at most 90 days (Ends is too late)');
      await expectAccessible(page, 'wechat-pay-rule-edit-en');
      await screenshot(page, 'wechat-pay-rule-edit-en');
      await edit.fill('Ends', dayText(61));
      await page.keyboard.press('Escape');
      await edit.save('Save');
      await page.waitForURL((url) => url.hash.split('?')[0].endsWith('/member/wechat/wechat-pay-rule'));
      await closeSavedDetail(page, renamed, 'wechat-pay-rule-detail-en');
      await list.waitLoaded();
      await expect.poll(() => list.row(renamed).innerText()).toContain(dayText(61).slice(0, 10));
      await expectAccessible(page, 'wechat-pay-rule-list-en');
      await screenshot(page, 'wechat-pay-rule-list-en');

      // Another account's authorisation ended: handled (the stored one stays), the last callback in English.
      await pushSeenOnHealth({
        page,
        shell,
        language: 'en',
        fields: { InfoType: 'unauthorized', AuthorizerAppid: 'wx1111111111111111' },
        shown: ['unauthorized', 'Handled'],
      });
    } finally {
      // The demo merchant's WeChat settings as they were: no platform, WeChat's own addresses.
      await saveWechatSettings(page, {
        appId: null,
        appSecret: null,
        componentAppId: null,
        componentAppSecret: null,
        componentVerifyTicket: null,
        apiBaseUrl: 'https://api.weixin.qq.com',
        authorizePageUrl: 'https://mp.weixin.qq.com/cgi-bin/componentloginpage',
        messageToken: null,
        encodingAesKey: null,
      });
    }
  }, 300_000);
});
