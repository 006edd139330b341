import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousClient, createTenant, signIn, signInNewUser, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { utcText } from '../helpers/timeline-contract';

/**
 * Issue 27 §2, the WeChat entry's screens as a client sees them, against the real app, a real
 * database and the WeChat stand-in on 127.0.0.1: the official account's authorisation (a
 * single-use state bound to the merchant and the user; the callback stores what WeChat
 * authorised and sends the browser to the result), the member code (WeChat's card QR code
 * within its limits) and the pay-to-join rules (WeChat's limits named on the field; published
 * and stopped through the gateway). Viewers may read but not change.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let viewer: ApiClient;
let standIns: StandIns;

const WECHAT_VIEW = { resourceId: '会员/微信接入', action: '配置查看' } as const;

async function ok<T = any>(response: Promise<{ status: number; body: any }>): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

async function saveSettings(resource: string, fields: object, client: ApiClient = admin) {
  const current = await ok<{ version: number }>(client.get(`/v1/${resource}/get`));
  return client.post(`/v1/${resource}/save`, { body: { ...fields, version: current.version } });
}

const fieldsOf = (body: any): string[] => body.data.fields.map((f: { field: string }) => f.field);
const en = { headers: { locale: 'en_US' } };

/** The callback's path under the service base, from the address the stand-in's page sent the browser to. */
function callbackPath(location: string): string {
  const url = new URL(location);
  return `${url.pathname.replace(/^\/loyalty/, '')}${url.search}`;
}

/** What WeChat's page does for the owner who agrees: back to the redirect address with a code. */
async function agreeOnWechat(pageUrl: string): Promise<string> {
  const response = await fetch(pageUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

beforeAll(async () => {
  [t, standIns] = await Promise.all([startTestApp(), startStandIns()]);
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  viewer = await signInNewUser(t, tenant, { login: 'wechat-viewer', grants: [WECHAT_VIEW] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await standIns?.close();
});

describe('WeChat official-account authorisation', () => {
  it('is started by configurers only; without the platform’s credentials it says not connected and sends nothing', async () => {
    expect((await viewer.post('/v1/wechat-authorize/start')).status).toBe(403);
    const before = standIns.received.length;
    const answer = await ok(admin.post('/v1/wechat-authorize/start'));
    expect(answer).toMatchObject({ outcome: 'NOT_CONNECTED', url: null });
    expect(standIns.received.length).toBe(before);
  });

  it('goes to WeChat’s page and back: the state is checked, the authorisation stored, the browser sent to the result', async () => {
    const bad = await saveSettings('wechat-channel', { componentAppId: 'component-1' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toContain('componentAppId');
    const saved = await saveSettings('wechat-channel', {
      componentAppId: 'wx0000000000c0ffee',
      componentAppSecret: standIns.wechat.componentAppSecret,
      componentVerifyTicket: standIns.wechat.componentVerifyTicket,
      apiBaseUrl: `${standIns.baseUrl}/wechat`,
      authorizePageUrl: `${standIns.baseUrl}/wechat-mp/cgi-bin/componentloginpage`,
    });
    expect(saved.status).toBe(200);

    const started = await ok<{ outcome: string; url: string }>(admin.post('/v1/wechat-authorize/start'));
    expect(started.outcome).toBe('OK');
    const page = new URL(started.url);
    expect(page.pathname).toBe('/wechat-mp/cgi-bin/componentloginpage');
    expect(page.searchParams.get('component_appid')).toBe('wx0000000000c0ffee');
    expect(page.searchParams.get('pre_auth_code')).toMatch(/^PREAUTH-/);
    expect(page.searchParams.get('redirect_uri')).toMatch(/\/loyalty\/v1\/wechat-authorize\/callback\?state=[\w-]{32}$/);

    // WeChat's redirect carries no console session: an anonymous browser comes back.
    const back = callbackPath(await agreeOnWechat(started.url));
    const browser = anonymousClient(t.app);
    const done = await browser.get(back);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/#/member/wechat/wechat-authorize-after?result=ok');

    const channel = await ok(admin.get('/v1/wechat-channel/get'));
    expect(channel).toMatchObject({ authorizerAppId: standIns.wechat.authorizerAppId, authorizedScopes: '1,2,7' });
    expect(channel.authorizedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(channel)).not.toContain(standIns.wechat.componentAppSecret);
    expect(JSON.stringify(channel)).not.toContain(standIns.wechat.componentVerifyTicket);

    // The state is used once: the same return again is refused, and so is a state never given.
    const again = await browser.get(back);
    expect(again.headers.location).toBe('/#/member/wechat/wechat-authorize-after?result=failed&reason=stateInvalid');
    const forged = await browser.get('/v1/wechat-authorize/callback?state=forged&auth_code=AUTHCODE-1');
    expect(forged.headers.location).toBe('/#/member/wechat/wechat-authorize-after?result=failed&reason=stateInvalid');

    // The call log shows the exchange but none of the platform's secrets or tokens.
    const calls = await ok<{ records: { operation: string; outcome: string }[] }>(
      admin.post('/v1/channel-calls/query', { body: { filters: { channel: 'wechat' }, pageSize: 20 } }),
    );
    expect(calls.records.map((c) => c.operation)).toEqual(
      expect.arrayContaining(['cgi-bin/component/api_create_preauthcode', 'cgi-bin/component/api_query_auth']),
    );
    const log = JSON.stringify(calls);
    for (const secret of [
      standIns.wechat.componentAppSecret,
      standIns.wechat.componentVerifyTicket,
      'AUTHORIZER-TOKEN',
      'AUTHORIZER-REFRESH',
    ])
      expect(log).not.toContain(secret);
  });

  it('a code WeChat refuses, or an owner who refuses, comes back as a failure with the reason', async () => {
    const started = await ok<{ url: string }>(admin.post('/v1/wechat-authorize/start'));
    const state = new URL(new URL(started.url).searchParams.get('redirect_uri') ?? '').searchParams.get('state');
    const refused = await anonymousClient(t.app).get(`/v1/wechat-authorize/callback?state=${state}&auth_code=NOT-ISSUED`);
    expect(refused.headers.location).toBe('/#/member/wechat/wechat-authorize-after?result=failed&reason=platform&code=61010');

    const second = await ok<{ url: string }>(admin.post('/v1/wechat-authorize/start'));
    const state2 = new URL(new URL(second.url).searchParams.get('redirect_uri') ?? '').searchParams.get('state');
    const declined = await anonymousClient(t.app).get(`/v1/wechat-authorize/callback?state=${state2}`);
    expect(declined.headers.location).toBe('/#/member/wechat/wechat-authorize-after?result=failed&reason=refused');
  });

  it('stores the authorisation for the merchant that started it, not another', async () => {
    const other = await createTenant(t.database);
    const otherAdmin = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
    const read = await ok(otherAdmin.get('/v1/wechat-channel/get'));
    expect(read.authorizerAppId ?? null).toBeNull();
  });
});

describe('WeChat member code', () => {
  it('refuses a scene or an expiry outside WeChat’s limits, naming the field and the limit, in the caller’s language', async () => {
    const long = await saveSettings('wechat-member-code', { scene: 'x'.repeat(129) });
    expect(long.status).toBe(400);
    expect(fieldsOf(long.body)).toEqual(['scene']);
    expect(long.body.data.fields[0].msg).toContain('128');
    for (const expireSeconds of [59, 1801]) {
      const current = await ok<{ version: number }>(admin.get('/v1/wechat-member-code/get'));
      const bad = await admin.post('/v1/wechat-member-code/save', {
        ...en,
        body: { scene: 'store-1', expireSeconds, version: current.version },
      });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['expireSeconds']);
      expect(bad.body.data.fields[0].msg).toMatch(expireSeconds === 59 ? /60/ : /1800/);
      expect(bad.body.data.fields[0].msg).toMatch(/[A-Za-z]/);
    }
    expect((await saveSettings('wechat-member-code', { scene: 'store-1' }, viewer)).status).toBe(403);
  });

  it('asks WeChat for the card’s QR code after the save and shows what WeChat gave', async () => {
    await saveSettings('wechat-channel', { appId: 'wx0123456789abcdef', appSecret: standIns.wechat.appSecret });
    const saved = await ok(saveSettings('wechat-member-code', { scene: 'store-8', expireSeconds: 600, uniqueCode: true }));
    expect(saved).toMatchObject({ scene: 'store-8', expireSeconds: 600 });
    expect(saved.content).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
    expect(saved.ticket).toMatch(/^gQH/);
    const sent = standIns.received.filter((r) => r.path === '/wechat/card/qrcode/create').at(-1);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      action_name: 'QR_CARD',
      expire_seconds: 600,
      action_info: { card: { outer_str: 'store-8', is_unique_code: true } },
    });
    // A printed code: no expiry is sent at all.
    const permanent = await ok(saveSettings('wechat-member-code', { expireSeconds: null }));
    expect(permanent.expireSeconds).toBeNull();
    const last = JSON.parse(standIns.received.filter((r) => r.path === '/wechat/card/qrcode/create').at(-1)?.body ?? '{}');
    expect(last).not.toHaveProperty('expire_seconds');
    expect((await ok(viewer.get('/v1/wechat-member-code/get'))).content).toBe(permanent.content);
  });
});

describe('WeChat pay-to-join rules', () => {
  // A window from tomorrow, a month long, in whole seconds, sent in UTC (time_zone below).
  const DAY = 86_400_000;
  const begin = new Date(Math.floor((Date.now() + DAY) / DAY) * DAY);
  const end = new Date(begin.getTime() + 31 * DAY);
  const utc = { headers: { time_zone: 'UTC' } };
  const rule = (fields: object = {}) => ({
    name: '满 50 开卡',
    merchantIds: '1900000109,1900000110',
    leastCost: 50,
    maxCost: 5000,
    beginTime: utcText(begin),
    endTime: utcText(end),
    giftPoints: 100,
    jumpUrl: 'https://shop.example.com/welcome',
    ...fields,
  });

  it('names the field and WeChat’s limit: the highest amount above the lowest, at most 90 days, merchant numbers', async () => {
    const order = await admin.post('/v1/wechat-pay-rule/saveNew', { ...utc, body: rule({ maxCost: 50 }) });
    expect(order.status).toBe(400);
    expect(fieldsOf(order.body)).toEqual(['maxCost']);
    expect(order.body.data.fields[0].msg).toBe('最高支付金额(元)必须高于最低支付金额(元)');

    const tooLate = utcText(new Date(begin.getTime() + 90 * DAY + 1000));
    const long = await admin.post('/v1/wechat-pay-rule/saveNew', {
      headers: { ...en.headers, ...utc.headers },
      body: rule({ endTime: tooLate }),
    });
    expect(long.status).toBe(400);
    expect(fieldsOf(long.body)).toEqual(['endTime']);
    expect(long.body.data.fields[0].msg).toBe('WeChat runs a pay-to-join rule at most 90 days (Ends is too late)');

    const exactly = await admin.post('/v1/wechat-pay-rule/saveNew', {
      ...utc,
      body: rule({ endTime: utcText(new Date(begin.getTime() + 90 * DAY)) }),
    });
    expect(exactly.status).toBe(200);
    const mch = await admin.post('/v1/wechat-pay-rule/saveNew', { ...utc, body: rule({ merchantIds: '19000,abc' }) });
    expect(fieldsOf(mch.body)).toEqual(['merchantIds']);
    const http = await admin.post('/v1/wechat-pay-rule/saveNew', { ...utc, body: rule({ jumpUrl: 'http://shop.example.com' }) });
    expect(fieldsOf(http.body)).toEqual(['jumpUrl']);

    expect((await viewer.post('/v1/wechat-pay-rule/saveNew', { ...utc, body: rule() })).status).toBe(403);
  });

  it('publishes to WeChat through the gateway (amounts in fen, WeChat’s rule id kept) and stops it there too', async () => {
    const created = await ok(admin.post('/v1/wechat-pay-rule/saveNew', { ...utc, body: rule() }));
    expect(created.state).toBe('INITAIL');
    expect((await viewer.post(`/v1/wechat-pay-rule/publish?id=${created.id}`)).status).toBe(403);
    await ok(admin.post(`/v1/wechat-pay-rule/publish?id=${created.id}`));
    const sent = standIns.received.filter((r) => r.path === '/wechat/card/paygiftcard/add').at(-1);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      rule_info: {
        type: 'RULE_TYPE_PAY_MEMBER_CARD',
        base_info: { mchid_list: ['1900000109', '1900000110'], begin_time: begin.getTime() / 1000, end_time: end.getTime() / 1000 },
        member_rule: { least_cost: 5000, max_cost: 500000, jump_url: 'https://shop.example.com/welcome' },
      },
    });
    const published = await ok(viewer.get(`/v1/wechat-pay-rule/info/${created.id}`));
    expect(published).toMatchObject({ state: 'UNSTART', wechatRuleId: expect.stringMatching(/^\d+$/) });

    await ok(admin.post(`/v1/wechat-pay-rule/stop?id=${created.id}`));
    const deleted = standIns.received.filter((r) => r.path === '/wechat/card/paygiftcard/delete').at(-1);
    expect(JSON.parse(deleted?.body ?? '{}')).toEqual({ rule_id: Number(published.wechatRuleId) });
    expect((await ok(admin.get(`/v1/wechat-pay-rule/info/${created.id}`))).state).toBe('STOPED');
  });
});
