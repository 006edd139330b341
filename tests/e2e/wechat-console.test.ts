import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { openDialogs } from './pages/antd';
import { expectAccessible } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { FormPage } from './pages/form.page';
import { ListPage } from './pages/list.page';
import { connectDatabase } from '../../server/db/connection';
import { createTenant, type TestTenant } from '../helpers/fixtures';
import { newEncodingAesKey, wechatPush } from '../helpers/wechat-push';
import { LoginPage } from './pages/login.page';
import { PHONE, phoneProblems } from './pages/layout';
import { API_HEADERS, saveSettings } from './pages/page-api';
import { ShellPage } from './pages/shell.page';
import { e2eStack } from './pages/stack';

/**
 * The WeChat entry in the browser (issue 27 §2), at 1280 px, in both languages: the official
 * account's authorisation walked from the before page through WeChat's authorisation page (the
 * stand-in on 127.0.0.1, which agrees at once and sends the browser back with a code) and the
 * callback to the after page, which shows the result and the stored authorisation; a pay-to-join
 * rule added and edited, WeChat's limits shown at the field the server named; a push WeChat sends
 * to the platform's address (encrypted and signed as WeChat does) shown in the health page's last
 * callback column. The binding page a card's holder opens on their phone (merchant-page
 * activation), in both languages: the mobile, the texted code, the card linked. Each screen passes
 * axe-core's WCAG 2.1 AA rules.
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

/** WeChat posting one message to an address of the console (from its servers: no session cookie). */
async function postPush(args: { path: string; appId: string; fields: Record<string, string | number>; outer: Record<string, string> }) {
  pushCreated += 1;
  const { query, body } = wechatPush({
    token: PUSH_TOKEN,
    encodingAesKey: PUSH_AES_KEY,
    appId: args.appId,
    fields: { CreateTime: pushCreated, ...args.fields },
    outer: args.outer,
  });
  const answer = await fetch(`${baseUrl}${args.path}?${query}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
  expect(await answer.text()).toBe('success');
}

/**
 * WeChat pushing one authorisation event to the demo merchant's platform address (public: the
 * signature is the proof), then the health page showing it as WeChat's last callback.
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
  await postPush({
    path: auth.pathname,
    appId: COMPONENT_APP_ID,
    fields: { AppId: COMPONENT_APP_ID, ...args.fields },
    outer: { AppId: COMPONENT_APP_ID },
  });
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
  // And the card's binding page, the activation page of merchant-page activation.
  expect(await page.getByTestId('wechat-push-addresses').innerText()).toMatch(/\/#\/wechat-card\/\d+/);
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

describe('the binding page a card’s holder opens', () => {
  const ACCOUNT_APP_ID = 'wx0123456789abcdef';

  /** A merchant of its own (the demo merchant's card design stays as the other tests left it), its administrator signed in. */
  async function newMerchant(page: Page): Promise<{ merchant: TestTenant; admin: Page }> {
    const database = connectDatabase(e2eStack().databaseUrl, { max: 1 });
    let merchant: TestTenant;
    try {
      merchant = await createTenant(database);
    } finally {
      await database.close();
    }
    const context = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    const admin = await context.newPage();
    const login = new LoginPage(admin);
    await login.open(baseUrl);
    await login.signIn(merchant.code, merchant.adminLogin, merchant.adminPassword);
    return { merchant, admin };
  }

  /** The holder's phone opening the page from the card: WeChat adds card_id, encrypt_code and openid. */
  async function openOnPhone(args: { page: Page; merchant: TestTenant; cardId: string; encryptCode: string }) {
    const context = await args.page.context().browser()!.newContext({ viewport: PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const phone = await context.newPage();
    const query = new URLSearchParams({ card_id: args.cardId, encrypt_code: args.encryptCode, openid: 'oIGNORED' });
    await phone.goto(`${baseUrl}/#/wechat-card/${args.merchant.tenantId}?${query}`);
    return phone;
  }

  async function bindOnPhone(args: {
    phone: Page;
    language: 'zh' | 'en';
    mobile: string;
    labels: { title: string; mobile: string; code: string; send: string; bind: string | RegExp; badMobile: string; linked: string };
  }) {
    const { phone, labels } = args;
    await expect.poll(() => phone.getByRole('heading', { level: 1 }).innerText()).toBe(labels.title);
    await expect.poll(() => phone.getByTestId('wechat-card-face').innerText()).toContain('星河会员卡');
    const mobile = phone.getByLabel(labels.mobile, { exact: true });
    await mobile.fill('1390000');
    await phone.getByRole('button', { name: labels.send }).click();
    await expect.poll(() => phone.locator('.ant-form-item-explain-error').first().innerText()).toBe(labels.badMobile);
    await expectAccessible(phone, `wechat-card-bind-form-${args.language}`);
    await screenshot(phone, `wechat-card-bind-form-${args.language}`);
    await mobile.fill(args.mobile);
    await phone.getByRole('button', { name: labels.send }).click();
    // The code as the holder's phone received it (the SMS stand-in).
    await expect.poll(() => standIns.received.some((r) => r.params.PhoneNumbers === args.mobile)).toBe(true);
    const text = [...standIns.received].reverse().find((r) => r.params.PhoneNumbers === args.mobile);
    const code = (JSON.parse(text?.params.TemplateParam ?? '{}') as { code: string }).code;
    await phone.getByLabel(labels.code, { exact: true }).fill(code);
    await phone.getByRole('button', { name: labels.bind }).click();
    await expect.poll(() => phone.locator('.ant-result-title').innerText()).toBe(labels.linked);
    expect(await phoneProblems(phone)).toEqual([]);
    await expectAccessible(phone, `wechat-card-bind-linked-${args.language}`);
    await screenshot(phone, `wechat-card-bind-linked-${args.language}`);
    return phone.locator('.ant-result-subtitle').innerText();
  }

  it('links the holder’s card to the member their texted code proves, on a phone, in both languages', async () => {
    const { page } = await session.signedIn('admin');
    const { merchant, admin } = await newMerchant(page);
    await saveSettings(admin, {
      baseUrl,
      resource: 'wechat-channel',
      fields: {
        appId: ACCOUNT_APP_ID,
        appSecret: standIns.wechat.appSecret,
        apiBaseUrl: `${standIns.baseUrl}/wechat`,
        messageToken: PUSH_TOKEN,
        encodingAesKey: PUSH_AES_KEY,
        bindSmsTemplate: 'SMS_900100',
      },
    });
    await saveSettings(admin, {
      baseUrl,
      resource: 'sms-channel',
      fields: {
        accessKeyId: 'LTAI-STAND-IN',
        accessKeySecret: standIns.sms.accessKeySecret,
        signName: '会员中心',
        endpoint: standIns.baseUrl,
      },
    });
    await saveSettings(admin, {
      baseUrl,
      resource: 'member-card',
      fields: {
        brandName: '星河加油',
        title: '星河会员卡',
        notice: '结账时出示会员码',
        prerogative: '加油积分',
        colour: 'Color010',
        activationMode: 'MERCHANT_PAGE',
        activationUrl: `https://member.example.com/#/wechat-card/${merchant.tenantId}`,
      },
    });
    const design = await admin.request.get(`${baseUrl}/loyalty/v1/member-card/get`, { headers: API_HEADERS });
    const cardId = ((await design.json()) as { data: { wechatCardId: string } }).data.wechatCardId;
    expect(cardId).toMatch(/^pCARD\d+$/);

    const stamp = String(Date.now()).slice(-8);
    for (const [n, language] of [
      [1, 'zh'],
      [2, 'en'],
    ] as const) {
      const code = `5${stamp}${n}`;
      await postPush({
        path: `/loyalty/v1/wechat-push/${merchant.tenantId}/message/${ACCOUNT_APP_ID}`,
        appId: ACCOUNT_APP_ID,
        outer: { ToUserName: 'gh_fc0a06a20993' },
        fields: {
          ToUserName: 'gh_fc0a06a20993',
          FromUserName: `oE2E-${stamp}-${n}`,
          MsgType: 'event',
          Event: 'user_get_card',
          CardId: cardId,
          UserCardCode: code,
          OuterStr: 'store-qr',
        },
      });
      standIns.wechat.encryptedCodes.set(`ENC-E2E-${stamp}-${n}`, code);
      const phone = await openOnPhone({ page, merchant, cardId, encryptCode: `ENC-E2E-${stamp}-${n}` });
      const mobile = `1390${stamp.slice(-6)}${n}`;
      if (language === 'zh') {
        const number = await bindOnPhone({
          phone,
          language,
          mobile,
          labels: {
            title: '绑定会员',
            mobile: '手机号',
            code: '验证码',
            send: '获取验证码',
            bind: /^绑\s*定$/,
            badMobile: '请输入 11 位手机号',
            linked: '会员卡已绑定',
          },
        });
        expect(number).toMatch(/^会员编号 \S+$/);
      } else {
        await new ShellPage(phone).switchLanguage('en_US');
        const number = await bindOnPhone({
          phone,
          language,
          mobile,
          labels: {
            title: 'Link your membership',
            mobile: 'Mobile number',
            code: 'Code',
            send: 'Text me a code',
            bind: 'Link',
            badMobile: 'Enter an 11-digit mobile number',
            linked: 'Your card is linked',
          },
        });
        // WeChat was told the member number as the card's number.
        expect(number).toBe(`Member number ${standIns.wechat.activatedCards.get(code)}`);
      }
    }
  }, 300_000);
});
