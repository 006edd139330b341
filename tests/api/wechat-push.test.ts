import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousClient, createTenant, signInNewUser, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startChannelScene, type ChannelScene } from '../helpers/channel-scene';
import { setValueThresholds } from '../helpers/value-approval-fixtures';
import type { StandIns } from '../helpers/channel-stand-ins';
import { effectiveTemplate } from '../helpers/coupon-fixtures';
import type { TestApp } from '../helpers/test-app';
import { utcText } from '../helpers/timeline-contract';
import { newEncodingAesKey, wechatPush, wechatSignature } from '../helpers/wechat-push';

/**
 * Issue 27 §1, §5: WeChat's pushes to the console, against the real app and database, each
 * message encrypted and signed as WeChat documents it (tests/helpers/wechat-push.ts, written
 * apart from the server's code): the third-party platform's verify ticket stored and used by the
 * next component token; the account's authorisation kept up to date; the member card's events
 * (received, activated, deleted) recording the member's WeChat identity and giving a pay-to-join
 * rule's gift once; forged and repeated pushes; the health page's last callback.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let standIns: StandIns;

const TOKEN = 'pushToken123';
const AES_KEY = newEncodingAesKey();
const COMPONENT_APP_ID = 'wx0000000000c0ffee';
const ACCOUNT_APP_ID = 'wx0123456789abcdef';

async function ok<T = any>(response: Promise<{ status: number; body: any }>): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

async function saveSettings(resource: string, fields: object, headers: Record<string, string> = {}) {
  const current = await ok<{ version: number }>(admin.get(`/v1/${resource}/get`));
  return admin.post(`/v1/${resource}/save`, { headers, body: { ...fields, version: current.version } });
}

/** WeChat posting one message to the console: XML in, plain text out, no session. */
async function push(args: {
  path: string;
  fields: Record<string, string | number>;
  outer?: Record<string, string>;
  appId?: string;
  token?: string;
  tamper?: (request: { query: string; body: string }) => { query: string; body: string };
}) {
  let request = wechatPush({
    token: args.token ?? TOKEN,
    encodingAesKey: AES_KEY,
    appId: args.appId ?? COMPONENT_APP_ID,
    fields: args.fields,
    outer: args.outer ?? { AppId: COMPONENT_APP_ID },
  });
  if (args.tamper) request = args.tamper(request);
  const { query, body } = request;
  // The same request again, as WeChat repeats it when the answer is late.
  const send = () =>
    t.app.inject({
      method: 'POST',
      url: `${t.app.config.serviceBase}${args.path}?${query}`,
      headers: { 'content-type': 'text/xml' },
      payload: body,
    });
  const response = await send();
  return { status: response.statusCode, text: response.body, replay: send };
}

const authPath = () => `/v1/wechat-push/${tenant.tenantId}/auth`;
const messagePath = () => `/v1/wechat-push/${tenant.tenantId}/message/${ACCOUNT_APP_ID}`;
const now = () => Math.floor(Date.now() / 1000);
let created = now();
/** A CreateTime no other message of the run has (WeChat's de-duplication reads it). */
const nextTime = () => (created += 1);

async function health(): Promise<any> {
  const rows = await ok<any[]>(admin.get('/v1/channels/health', { headers: { locale: 'en_US' } }));
  return rows.find((row) => row.channel === 'wechat');
}

let scene: ChannelScene | undefined;

beforeAll(async () => {
  scene = await startChannelScene();
  ({ t, standIns, tenant, admin } = scene);
}, 120_000);

afterAll(async () => {
  await scene?.close();
});

describe('the push settings', () => {
  it('refuses a token or key of the wrong shape, naming the field, in the caller’s language; keeps them secret', async () => {
    const bad = await saveSettings('wechat-channel', { messageToken: 'x', encodingAesKey: 'short' }, { locale: 'en_US' });
    expect(bad.status).toBe(400);
    const fields = bad.body.data.fields as { field: string; msg: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['encodingAesKey', 'messageToken']);
    expect(fields.find((f) => f.field === 'encodingAesKey')?.msg).toBe('An EncodingAESKey is 43 letters or digits');
    const zh = await saveSettings('wechat-channel', { encodingAesKey: 'short' });
    expect(zh.body.data.fields[0].msg).toBe('EncodingAESKey 为 43 位字母或数字');

    const saved = await ok(
      saveSettings('wechat-channel', {
        appId: ACCOUNT_APP_ID,
        appSecret: standIns.wechat.appSecret,
        apiBaseUrl: `${standIns.baseUrl}/wechat`,
        authorizePageUrl: `${standIns.baseUrl}/wechat-mp/cgi-bin/componentloginpage`,
        componentAppId: COMPONENT_APP_ID,
        componentAppSecret: standIns.wechat.componentAppSecret,
        messageToken: TOKEN,
        encodingAesKey: AES_KEY,
      }),
    );
    expect(JSON.stringify(saved)).not.toContain(AES_KEY);
    expect(JSON.stringify(saved)).not.toContain(TOKEN);

    // The addresses to enter in WeChat, this merchant's, as the server is reached.
    const addresses = await ok<{ auth: string; message: string; bindPage: string }>(admin.get('/v1/wechat-push/addresses'));
    expect(addresses.bindPage).toMatch(new RegExp(`/#/wechat-card/${tenant.tenantId}$`));
    expect(new URL(addresses.auth).pathname).toBe(`/loyalty${authPath()}`);
    expect(addresses.message).toMatch(new RegExp(`/loyalty/v1/wechat-push/${tenant.tenantId}/message/\\$APPID\\$$`));
    const stranger = await signInNewUser(t, tenant, { login: 'no-wechat', grants: [{ resourceId: '会员/美团接入', action: '配置查看' }] });
    expect((await stranger.get('/v1/wechat-push/addresses')).status).toBe(403);
  });
});

describe('the third-party platform’s authorisation events', () => {
  it('stores the verify ticket WeChat pushes: the next authorisation gets its component token with it', async () => {
    // Before any ticket the platform cannot authorise: its credentials are incomplete.
    expect((await ok(admin.post('/v1/wechat-authorize/start'))).outcome).toBe('NOT_CONNECTED');
    standIns.wechat.componentVerifyTicket = 'ticket@@@pushed-1';
    const answer = await push({
      path: authPath(),
      fields: {
        AppId: COMPONENT_APP_ID,
        CreateTime: nextTime(),
        InfoType: 'component_verify_ticket',
        ComponentVerifyTicket: 'ticket@@@pushed-1',
      },
    });
    expect(answer).toMatchObject({ status: 200, text: 'success' });
    expect((await ok(admin.post('/v1/wechat-authorize/start'))).outcome).toBe('OK');
    const channel = await ok(admin.get('/v1/wechat-channel/get'));
    expect(JSON.stringify(channel)).not.toContain('pushed-1');

    const last = await health();
    expect(last.lastCallback).toMatchObject({ event: 'component_verify_ticket', outcome: 'ACCEPTED', reason: null });
    expect(last.lastCallback.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses and records a push whose signature does not hold, or that was encrypted for another platform', async () => {
    standIns.wechat.componentVerifyTicket = 'ticket@@@pushed-2';
    const forged = await push({
      path: authPath(),
      token: 'notTheToken',
      fields: {
        AppId: COMPONENT_APP_ID,
        CreateTime: nextTime(),
        InfoType: 'component_verify_ticket',
        ComponentVerifyTicket: 'ticket@@@forged',
      },
    });
    expect(forged.status).toBe(403);
    expect(forged.text).not.toBe('success');
    expect((await health()).lastCallback).toMatchObject({ event: 'unknown', outcome: 'REFUSED', reason: 'signature' });
    // The forged ticket was not stored: the platform still authorises with the one pushed before… which WeChat now refuses.
    expect((await ok(admin.post('/v1/wechat-authorize/start'))).outcome).toBe('FAILED');

    const tampered = await push({
      path: authPath(),
      fields: { AppId: COMPONENT_APP_ID, CreateTime: nextTime(), InfoType: 'component_verify_ticket', ComponentVerifyTicket: 'x' },
      tamper: ({ query, body }) => ({
        query,
        body: body.replace(/<Encrypt><!\[CDATA\[(.)/, (_m, c: string) => `<Encrypt><![CDATA[${c === 'A' ? 'B' : 'A'}`),
      }),
    });
    expect(tampered.status).toBe(403);
    expect((await health()).lastCallback).toMatchObject({ outcome: 'REFUSED', reason: 'signature' });
    // Anyone may post to the address: refusals are kept once per reason and hour, not once per post.
    const refusals = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from channel_callbacks where tenant_id = ${tenant.tenantId} and reason = 'signature'`,
    );
    expect(refusals.rows[0].n).toBe(1);

    const otherApp = await push({
      path: authPath(),
      appId: 'wx9999999999999999',
      fields: { AppId: 'wx9999999999999999', CreateTime: nextTime(), InfoType: 'component_verify_ticket', ComponentVerifyTicket: 'x' },
    });
    expect(otherApp.status).toBe(403);
    expect((await health()).lastCallback).toMatchObject({ outcome: 'REFUSED', reason: 'appId' });

    // Another merchant's address does not open this one's messages.
    const other = await createTenant(t.database);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `${t.app.config.serviceBase}/v1/wechat-push/${other.tenantId}/auth`,
      headers: { 'content-type': 'text/xml' },
      payload: '<xml/>',
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('handles a message WeChat repeats once, answering success each time', async () => {
    standIns.wechat.componentVerifyTicket = 'ticket@@@pushed-3';
    const first = await push({
      path: authPath(),
      fields: {
        AppId: COMPONENT_APP_ID,
        CreateTime: nextTime(),
        InfoType: 'component_verify_ticket',
        ComponentVerifyTicket: 'ticket@@@pushed-3',
      },
    });
    expect(first.text).toBe('success');
    const again = await first.replay();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe('success');
    expect((await health()).lastCallback).toMatchObject({ event: 'component_verify_ticket', outcome: 'REPLAYED' });
  });

  it('keeps the authorisation up to date: updateauthorized stores what WeChat granted, unauthorized clears it', async () => {
    const started = await ok<{ url: string }>(admin.post('/v1/wechat-authorize/start'));
    // The owner agrees on WeChat's page; WeChat pushes the code to the platform as well.
    const page = await fetch(started.url, { redirect: 'manual' });
    const code = new URL(page.headers.get('location') ?? '').searchParams.get('auth_code') ?? '';
    const updated = await push({
      path: authPath(),
      fields: {
        AppId: COMPONENT_APP_ID,
        CreateTime: nextTime(),
        InfoType: 'updateauthorized',
        AuthorizerAppid: standIns.wechat.authorizerAppId,
        AuthorizationCode: code,
        AuthorizationCodeExpiredTime: now() + 3600,
      },
    });
    expect(updated.text).toBe('success');
    expect(await ok(admin.get('/v1/wechat-channel/get'))).toMatchObject({
      authorizerAppId: standIns.wechat.authorizerAppId,
      authorizedScopes: '1,2,7',
    });

    await push({
      path: authPath(),
      fields: {
        AppId: COMPONENT_APP_ID,
        CreateTime: nextTime(),
        InfoType: 'unauthorized',
        AuthorizerAppid: standIns.wechat.authorizerAppId,
      },
    });
    const cleared = await ok(admin.get('/v1/wechat-channel/get'));
    expect(cleared.authorizerAppId ?? null).toBeNull();
    expect(cleared.authorizedScopes ?? null).toBeNull();
  });
});

/** The official account's card event for a card of WeChat card id `card`, as WeChat pushes it. */
const cardEventOf =
  (card: () => string) =>
  (event: string, code: string, openId: string, extra: Record<string, string | number> = {}) =>
    push({
      path: messagePath(),
      appId: COMPONENT_APP_ID,
      outer: { ToUserName: 'gh_fc0a06a20993' },
      fields: {
        ToUserName: 'gh_fc0a06a20993',
        FromUserName: openId,
        CreateTime: nextTime(),
        MsgType: 'event',
        Event: event,
        CardId: card(),
        UserCardCode: code,
        ...extra,
      },
    });

describe('the member card’s events', () => {
  const DAY = 86_400_000;
  const cardEvent = cardEventOf(() => 'pCARD-push');

  let couponTemplate: number;
  let ruleId: number;

  beforeAll(async () => {
    couponTemplate = await effectiveTemplate(admin);
    const begin = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
    const rule = await ok<{ id: number }>(
      admin.post('/v1/wechat-pay-rule/saveNew', {
        headers: { time_zone: 'UTC' },
        body: {
          name: '支付即会员',
          merchantIds: '1900000109',
          leastCost: 10,
          maxCost: 1000,
          beginTime: utcText(begin),
          endTime: utcText(new Date(begin.getTime() + 30 * DAY)),
          giftCoupon: couponTemplate,
          giftPoints: 88,
        },
      }),
    );
    ruleId = rule.id;
    await ok(admin.post(`/v1/wechat-pay-rule/publish?id=${ruleId}`));
  });

  const pointsOf = async (memberId: number) =>
    (await ok<{ balance: number }>(admin.get('/v1/points/account', { query: { memberId } }))).balance;
  const couponsOf = async (memberId: number) =>
    (await ok<{ total: number }>(admin.post('/v1/coupon/query', { body: { filters: { member: memberId } } }))).total;

  it('a card received after a payment and activated: the member registered, their openid and unionid on the detail, the rule’s gift given once', async () => {
    standIns.wechat.cardHolders.set('226009850808', { openid: 'oPAY-1', mobile: '13900000001', name: '王小明' });
    const received = await cardEvent('user_get_card', '226009850808', 'oPAY-1', {
      IsGiveByFriend: 0,
      FriendUserName: '',
      OuterStr: '',
      IsRestoreMemberCard: 0,
      UnionId: 'uUNION-1',
    });
    expect(received.text).toBe('success');
    const activated = await cardEvent('submit_membercard_user_info', '226009850808', 'oPAY-1');
    expect(activated.text).toBe('success');

    const members = await ok<{ records: { id: number; mobile: string; channel: string }[] }>(
      admin.post('/v1/member/query', { body: { filters: { mobile: '13900000001' } } }),
    );
    expect(members.records).toHaveLength(1);
    const member = members.records[0];
    expect(member.channel).toBe('weixin');
    const identities = await ok<{ records: { channel: string; externalId: string; unionId: string }[] }>(
      admin.post('/v1/member-channel-identity/query', { body: { filters: { member: member.id } } }),
    );
    expect(identities.records).toEqual([expect.objectContaining({ channel: 'WECHAT', externalId: 'oPAY-1', unionId: 'uUNION-1' })]);
    expect(await pointsOf(member.id)).toBe(88);
    expect(await couponsOf(member.id)).toBe(1);

    // Activated again (the member edits the card's form): no second gift.
    await cardEvent('submit_membercard_user_info', '226009850808', 'oPAY-1');
    expect(await pointsOf(member.id)).toBe(88);
    expect(await couponsOf(member.id)).toBe(1);

    // Deleted and received again through a payment, activated: still joined once.
    expect((await cardEvent('user_del_card', '226009850808', 'oPAY-1')).text).toBe('success');
    standIns.wechat.cardHolders.set('226009850809', { openid: 'oPAY-1', mobile: '13900000001', name: '王小明' });
    await cardEvent('user_get_card', '226009850809', 'oPAY-1', { IsGiveByFriend: 0, OuterStr: '', IsRestoreMemberCard: 0 });
    await cardEvent('submit_membercard_user_info', '226009850809', 'oPAY-1');
    expect(await pointsOf(member.id)).toBe(88);
    expect(await couponsOf(member.id)).toBe(1);

    expect((await health()).lastCallback).toMatchObject({ event: 'submit_membercard_user_info', outcome: 'ACCEPTED' });
  });

  it('a card from the merchant’s own QR code (a scene) links an existing member by mobile and gives no pay-to-join gift', async () => {
    const existing = await ok<{ id: number }>(admin.post('/v1/member/saveNew', { body: { name: '李四', mobile: '13900000002' } }));
    standIns.wechat.cardHolders.set('226009850810', { openid: 'oQR-2', mobile: '13900000002', name: '李四' });
    await cardEvent('user_get_card', '226009850810', 'oQR-2', { IsGiveByFriend: 0, OuterStr: 'store-8', IsRestoreMemberCard: 0 });
    await cardEvent('submit_membercard_user_info', '226009850810', 'oQR-2');
    const identities = await ok<{ records: { externalId: string }[] }>(
      admin.post('/v1/member-channel-identity/query', { body: { filters: { member: existing.id } } }),
    );
    expect(identities.records.map((r) => r.externalId)).toEqual(['oQR-2']);
    expect(await pointsOf(existing.id)).toBe(0);
    expect(await couponsOf(existing.id)).toBe(0);
  });

  it('an openid is one member’s only: another mobile under the same openid does not move it', async () => {
    standIns.wechat.cardHolders.set('226009850811', { openid: 'oQR-2', mobile: '13900000003', name: '赵五' });
    await cardEvent('user_get_card', '226009850811', 'oQR-2', { IsGiveByFriend: 1, OuterStr: '', IsRestoreMemberCard: 0 });
    expect((await cardEvent('submit_membercard_user_info', '226009850811', 'oQR-2')).text).toBe('success');
    const all = await ok<{ records: { externalId: string }[] }>(
      admin.post('/v1/member-channel-identity/query', { body: { filters: { externalId: 'oQR-2' } } }),
    );
    expect(all.records).toHaveLength(1);
  });

  it('a gift the coupon issue refuses is said in the push’s record and given on the next activation; the member joins all the same', async () => {
    // A later rule, in its window now, whose coupon is sold out: the cards received now come through it.
    const scarce = await effectiveTemplate(admin, { name: 'One only', totalQuantity: 1 });
    const begin = new Date(Math.floor((Date.now() - 30_000) / 1000) * 1000);
    const rule = await ok<{ id: number }>(
      admin.post('/v1/wechat-pay-rule/saveNew', {
        headers: { time_zone: 'UTC' },
        body: {
          name: '限量开卡礼',
          merchantIds: '1900000109',
          leastCost: 10,
          maxCost: 1000,
          beginTime: utcText(begin),
          endTime: utcText(new Date(begin.getTime() + 10 * DAY)),
          giftCoupon: scarce,
          giftPoints: 5,
        },
      }),
    );
    await ok(admin.post(`/v1/wechat-pay-rule/publish?id=${rule.id}`));
    const first = await ok<{ id: number }>(admin.post('/v1/member/saveNew', { body: { name: '先到', mobile: '13900000009' } }));
    await ok(admin.post('/v1/coupons/issue', { body: { requestNo: `scarce-${Date.now()}`, templateId: scarce, memberId: first.id } }));

    standIns.wechat.cardHolders.set('226009850820', { openid: 'oPAY-5', mobile: '13900000005', name: '钱七' });
    await cardEvent('user_get_card', '226009850820', 'oPAY-5', { IsGiveByFriend: 0, OuterStr: '', IsRestoreMemberCard: 0 });
    expect((await cardEvent('submit_membercard_user_info', '226009850820', 'oPAY-5')).text).toBe('success');
    const [member] = (
      await ok<{ records: { id: number }[] }>(admin.post('/v1/member/query', { body: { filters: { mobile: '13900000005' } } }))
    ).records;
    expect(member).toBeDefined();
    // Nothing of the gift stands: its points were undone with the refused coupon.
    expect(await pointsOf(member.id)).toBe(0);
    expect(await couponsOf(member.id)).toBe(0);

    // One more coupon allowed: the next activation gives the gift, once.
    const template = await ok<Record<string, unknown>>(admin.get(`/v1/coupon-template/info/${scarce}`));
    await ok(admin.post('/v1/coupon-template/modify', { body: { ...template, totalQuantity: 2 } }));
    await cardEvent('submit_membercard_user_info', '226009850820', 'oPAY-5');
    expect(await pointsOf(member.id)).toBe(5);
    expect(await couponsOf(member.id)).toBe(1);
  });

  it('a rule whose gift is above the merchant’s threshold is published by a second person, not by its maker', async () => {
    const begin = new Date(Math.floor((Date.now() + DAY) / 1000) * 1000);
    const body = {
      name: '大额开卡礼',
      merchantIds: '1900000109',
      leastCost: 10,
      maxCost: 1000,
      beginTime: utcText(begin),
      endTime: utcText(new Date(begin.getTime() + 10 * DAY)),
    };
    await setValueThresholds(admin, { pointsThreshold: 50, couponValueThreshold: 5 });
    try {
      const points = await ok<{ id: number; approval: { required: boolean } }>(
        admin.post('/v1/wechat-pay-rule/saveNew', { headers: { time_zone: 'UTC' }, body: { ...body, giftPoints: 88 } }),
      );
      expect(points.approval.required).toBe(true);
      const refused = await admin.post(`/v1/wechat-pay-rule/publish?id=${points.id}`, { headers: { locale: 'en_US' } });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toMatch(/88/);
      // The coupon counts at its worth: a 10.00 cash coupon is above 5.00.
      const coupon = await ok<{ id: number; giftCouponWorth: number }>(
        admin.post('/v1/wechat-pay-rule/saveNew', {
          headers: { time_zone: 'UTC' },
          body: { ...body, giftPoints: 0, giftCoupon: couponTemplate },
        }),
      );
      expect(coupon.giftCouponWorth).toBe(10);
      expect((await admin.post(`/v1/wechat-pay-rule/publish?id=${coupon.id}`)).status).toBe(409);

      const second = await signInNewUser(t, tenant, {
        login: 'pay-rule-approver',
        grants: [
          { resourceId: '会员/微信接入', action: '配置查看' },
          { resourceId: '会员/微信接入', action: '配置维护' },
        ],
      });
      expect((await ok(second.post(`/v1/wechat-pay-rule/publish?id=${points.id}`))).state).toBe('UNSTART');
      expect((await ok(second.post(`/v1/wechat-pay-rule/publish?id=${coupon.id}`))).state).toBe('UNSTART');
    } finally {
      await setValueThresholds(admin, { pointsThreshold: 10_000, couponValueThreshold: 10_000 });
    }
  });

  it('WeChat’s check of the message address answers the echo only with the right signature', async () => {
    const timestamp = String(now());
    const nonce = '12345';
    const signature = wechatSignature(TOKEN, timestamp, nonce);
    const url = `${t.app.config.serviceBase}${messagePath()}`;
    const good = await t.app.inject({
      method: 'GET',
      url: `${url}?signature=${signature}&timestamp=${timestamp}&nonce=${nonce}&echostr=hello`,
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('hello');
    const bad = await t.app.inject({
      method: 'GET',
      url: `${url}?signature=${'0'.repeat(40)}&timestamp=${timestamp}&nonce=${nonce}&echostr=hello`,
    });
    expect(bad.statusCode).toBe(403);
  });
});

/**
 * The card design's other activation modes (README, "The three activation modes"), each ending
 * with the card's holder linked to a member once: automatic activation (WeChat activates the
 * card on receipt; a holder known by openid or unionid is linked then, another waits for the
 * binding page) and activation on the merchant's page (the binding page: the card proved by its
 * encrypt_code, the mobile by a texted code, the card activated at WeChat with the member number).
 * These run after the one-click tests above: publishing the design gives WeChat's card id, and
 * from then on only that card's events are the merchant's.
 */
describe('the other activation modes', () => {
  const guest = () => anonymousClient(t.app);
  const DESIGN = { brandName: '星河加油', title: '星河会员卡', notice: '结账时出示会员码', prerogative: '加油积分', colour: 'Color030' };
  let wechatCardId = '';
  const cardEvent = cardEventOf(() => wechatCardId);
  /** A card received through one of the merchant's own QR codes (a scene: no pay-to-join gift). */
  const received = (code: string, openId: string, extra: Record<string, string | number> = {}) =>
    cardEvent('user_get_card', code, openId, { IsGiveByFriend: 0, OuterStr: 'store-qr', IsRestoreMemberCard: 0, ...extra });

  /** The merchant's kept card of a code: its state and member (null: none kept). */
  async function cardOf(code: string): Promise<{ state: string; member_id: number | null } | null> {
    const rows = await t.database.db.execute<{ state: string; member_id: number | null }>(
      sql`select state, member_id::int as member_id from wechat_member_cards where tenant_id = ${tenant.tenantId} and code = ${code}`,
    );
    return rows.rows[0] ?? null;
  }
  const identitiesOf = async (filters: object) =>
    (
      await ok<{ records: { member: number; externalId: string }[] }>(
        admin.post('/v1/member-channel-identity/query', { body: { filters } }),
      )
    ).records;
  const membersWith = async (mobile: string) =>
    (
      await ok<{ records: { id: number; memberNumber: string; channel: string }[] }>(
        admin.post('/v1/member/query', { body: { filters: { mobile } } }),
      )
    ).records;

  async function designAs(mode: object) {
    await ok(saveSettings('member-card', { ...DESIGN, ...mode }));
    wechatCardId = (await ok<{ wechatCardId: string }>(admin.get('/v1/member-card/get'))).wechatCardId;
    expect(wechatCardId).toMatch(/^pCARD\d+$/);
  }

  /** The binding page's calls, as the page outside the shell makes them (no session). */
  const page = (step: 'open' | 'code' | 'bind', body: object, locale = 'zh_CN') =>
    guest().post(`/v1/wechat-card/${tenant.tenantId}/${step}`, { body: { cardId: wechatCardId, ...body }, headers: { locale } });
  /** The code the SMS stand-in last received for a mobile. */
  const textedCode = (mobile: string) => {
    const text = [...standIns.received].reverse().find((r) => r.params.PhoneNumbers === mobile);
    return text ? (JSON.parse(text.params.TemplateParam ?? '{}') as { code?: string }).code : undefined;
  };
  /** A holder binding a mobile on the page: the code texted, then entered. */
  async function bind(encryptCode: string, mobile: string) {
    expect((await page('code', { encryptCode, mobile })).status).toBe(200);
    const smsCode = textedCode(mobile);
    expect(smsCode).toMatch(/^\d{6}$/);
    return page('bind', { encryptCode, mobile, smsCode });
  }

  beforeAll(async () => {
    // The texted codes go through the SMS channel (the stand-in) with the template the WeChat settings name.
    await ok(
      saveSettings('sms-channel', {
        accessKeyId: 'LTAI-STAND-IN',
        accessKeySecret: standIns.sms.accessKeySecret,
        signName: '会员中心',
        endpoint: standIns.baseUrl,
      }),
    );
    await ok(saveSettings('wechat-channel', { bindSmsTemplate: 'SMS_900100' }));
  });

  describe('automatic activation', () => {
    let known: number;

    beforeAll(async () => {
      await designAs({ activationMode: 'AUTO', activationUrl: `https://member.example.com/#/wechat-card/${tenant.tenantId}` });
      // The card's own entry to the binding page, for holders the merchant does not know yet.
      const created = [...standIns.received].reverse().find((r) => r.path === '/wechat/card/create');
      expect(JSON.parse(created?.body ?? '{}').card.member_card.base_info).toMatchObject({
        custom_url_name: '绑定会员',
        custom_url: `https://member.example.com/#/wechat-card/${tenant.tenantId}`,
      });
      known = (await ok<{ id: number }>(admin.post('/v1/member/saveNew', { body: { name: '周一', mobile: '13900000031' } }))).id;
      await ok(
        admin.post('/v1/member-channel-identity/saveNew', {
          body: { member: known, channel: 'WECHAT', externalId: 'oAUTO-1', unionId: 'uAUTO-1' },
        }),
      );
    });

    it('links a holder known by openid, or by unionid, on receipt, once: a repeated push links nothing more', async () => {
      const first = await received('300000000001', 'oAUTO-1');
      expect(first.text).toBe('success');
      expect(await cardOf('300000000001')).toEqual({ state: 'ACTIVE', member_id: known });
      expect((await first.replay()).body).toBe('success');
      expect((await health()).lastCallback).toMatchObject({ event: 'user_get_card', outcome: 'REPLAYED' });
      expect(await identitiesOf({ member: known })).toEqual([expect.objectContaining({ externalId: 'oAUTO-1' })]);

      // The same person through the merchant's mini program: another openid, the same unionid.
      await received('300000000002', 'oAUTO-MINI', { UnionId: 'uAUTO-1' });
      expect(await cardOf('300000000002')).toEqual({ state: 'ACTIVE', member_id: known });
      // The member keeps one WeChat identity; the other openid names nobody else.
      expect((await identitiesOf({ member: known })).map((i) => i.externalId)).toEqual(['oAUTO-1']);
      expect(await identitiesOf({ externalId: 'oAUTO-MINI' })).toEqual([]);
    });

    it('keeps an unknown holder’s card waiting, active without a member, until they bind their mobile on the page', async () => {
      await received('300000000003', 'oAUTO-NEW');
      expect(await cardOf('300000000003')).toEqual({ state: 'ACTIVE', member_id: null });
      expect(await identitiesOf({ externalId: 'oAUTO-NEW' })).toEqual([]);

      standIns.wechat.encryptedCodes.set('ENC-AUTO-3', '300000000003');
      expect(await ok(page('open', { encryptCode: 'ENC-AUTO-3' }))).toMatchObject({ state: 'BIND', title: '星河会员卡' });
      const bound = await ok<{ memberNumber: string; registered: boolean }>(bind('ENC-AUTO-3', '13900000033'));
      expect(bound.registered).toBe(true);
      const [member] = await membersWith('13900000033');
      expect(member).toMatchObject({ memberNumber: bound.memberNumber, channel: 'weixin' });
      expect(await cardOf('300000000003')).toEqual({ state: 'ACTIVE', member_id: member.id });
      expect(await identitiesOf({ externalId: 'oAUTO-NEW' })).toEqual([expect.objectContaining({ member: member.id })]);
      // WeChat had activated the card itself: the page did not activate it again.
      expect(standIns.wechat.activatedCards.has('300000000003')).toBe(false);
    });

    it('keeps nothing of a card that is not the merchant’s design', async () => {
      const foreign = await push({
        path: messagePath(),
        appId: COMPONENT_APP_ID,
        outer: { ToUserName: 'gh_fc0a06a20993' },
        fields: {
          ToUserName: 'gh_fc0a06a20993',
          FromUserName: 'oAUTO-1',
          CreateTime: nextTime(),
          MsgType: 'event',
          Event: 'user_get_card',
          CardId: 'pOTHER-BRAND',
          UserCardCode: '300000000009',
        },
      });
      expect(foreign.text).toBe('success');
      expect((await health()).lastCallback).toMatchObject({ event: 'user_get_card', outcome: 'IGNORED' });
      expect(await cardOf('300000000009')).toBeNull();
    });
  });

  describe('activation on the merchant’s page', () => {
    beforeAll(async () => {
      await designAs({ activationMode: 'MERCHANT_PAGE', activationUrl: 'https://member.example.com/bind' });
    });

    it('binds the mobile proved by a texted code: the card activated at WeChat with the member number, the holder linked once', async () => {
      await received('400000000001', 'oPAGE-1');
      expect(await cardOf('400000000001')).toEqual({ state: 'HELD', member_id: null });
      standIns.wechat.encryptedCodes.set('ENC-PAGE-1', '400000000001');
      expect(await ok(page('open', { encryptCode: 'ENC-PAGE-1' }, 'en_US'))).toMatchObject({ state: 'BIND', memberNumber: null });

      const badMobile = await page('code', { encryptCode: 'ENC-PAGE-1', mobile: '1390000004' }, 'en_US');
      expect(badMobile.status).toBe(400);
      expect(badMobile.body.data.fields).toEqual([{ field: 'mobile', msg: 'Enter an 11-digit mobile number' }]);

      expect(await ok(page('code', { encryptCode: 'ENC-PAGE-1', mobile: '13900000041' }))).toEqual({ sent: true, validMinutes: 10 });
      const code = textedCode('13900000041');
      // The call log keeps the text without its code.
      const logged = await t.database.db.execute<{ request: { TemplateParam: unknown; TemplateCode: string } }>(
        sql`select request from channel_calls where tenant_id = ${tenant.tenantId} and operation = 'SendSms' order by id desc limit 1`,
      );
      expect(logged.rows[0].request).toMatchObject({ TemplateCode: 'SMS_900100', TemplateParam: { code: '******' } });
      // One text a minute per card.
      const again = await page('code', { encryptCode: 'ENC-PAGE-1', mobile: '13900000041' }, 'en_US');
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe('A code was just sent; try again in 60 seconds');

      const wrong = await page('bind', {
        encryptCode: 'ENC-PAGE-1',
        mobile: '13900000041',
        smsCode: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.data.fields).toEqual([{ field: 'smsCode', msg: '验证码不正确或已过期' }]);
      expect(await cardOf('400000000001')).toEqual({ state: 'HELD', member_id: null });

      const bound = await ok<{ memberNumber: string; registered: boolean; linkedBefore: boolean }>(
        page('bind', { encryptCode: 'ENC-PAGE-1', mobile: '13900000041', smsCode: code }),
      );
      expect(bound).toMatchObject({ registered: true, linkedBefore: false });
      const [member] = await membersWith('13900000041');
      expect(member.memberNumber).toBe(bound.memberNumber);
      expect(standIns.wechat.activatedCards.get('400000000001')).toBe(bound.memberNumber);
      expect(await cardOf('400000000001')).toEqual({ state: 'ACTIVE', member_id: member.id });
      expect(await identitiesOf({ member: member.id })).toEqual([expect.objectContaining({ externalId: 'oPAGE-1' })]);

      // WeChat repeats the card's push, the holder opens the page again: nothing more is linked.
      await received('400000000001', 'oPAGE-1');
      const reopened = await ok<{ memberNumber: string; linkedBefore: boolean }>(
        page('bind', { encryptCode: 'ENC-PAGE-1', mobile: '13900000041', smsCode: code }),
      );
      expect(reopened).toMatchObject({ memberNumber: bound.memberNumber, linkedBefore: true });
      expect(await ok(page('open', { encryptCode: 'ENC-PAGE-1' }))).toMatchObject({ state: 'LINKED', memberNumber: bound.memberNumber });
      expect((await page('code', { encryptCode: 'ENC-PAGE-1', mobile: '13900000041' })).status).toBe(409);
      expect(await membersWith('13900000041')).toHaveLength(1);
      expect(await identitiesOf({ member: member.id })).toHaveLength(1);
      expect(standIns.wechat.activatedCards.size).toBe(1);
    });

    it('an existing member binds by their mobile; a refused text may be asked again at once; a wrong code five times ends the code', async () => {
      const existing = await ok<{ id: number }>(admin.post('/v1/member/saveNew', { body: { name: '吴二', mobile: '13900000042' } }));
      await received('400000000002', 'oPAGE-2');
      standIns.wechat.encryptedCodes.set('ENC-PAGE-2', '400000000002');
      // The SMS service refuses the text: the page says so, and the holder may ask again at once.
      standIns.sms.refuseMobiles.add('13900000042');
      const refused = await page('code', { encryptCode: 'ENC-PAGE-2', mobile: '13900000042' }, 'en_US');
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('The code cannot be texted right now; please contact the merchant');
      standIns.sms.refuseMobiles.delete('13900000042');
      await ok(page('code', { encryptCode: 'ENC-PAGE-2', mobile: '13900000042' }));
      const code = textedCode('13900000042') ?? '';
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1)
        expect((await page('bind', { encryptCode: 'ENC-PAGE-2', mobile: '13900000042', smsCode: wrong })).status).toBe(400);
      // The right code after five wrong ones: the code is spent.
      expect((await page('bind', { encryptCode: 'ENC-PAGE-2', mobile: '13900000042', smsCode: code })).status).toBe(400);
      expect(await cardOf('400000000002')).toEqual({ state: 'HELD', member_id: null });

      await t.database.db.execute(
        sql`update wechat_bind_codes set sent_at = sent_at - interval '2 minutes' where tenant_id = ${tenant.tenantId}`,
      );
      const bound = await ok<{ registered: boolean }>(bind('ENC-PAGE-2', '13900000042'));
      expect(bound.registered).toBe(false);
      expect(await cardOf('400000000002')).toEqual({ state: 'ACTIVE', member_id: existing.id });
    });

    it('an unknown or foreign card code changes nothing', async () => {
      const textsBefore = standIns.received.filter((r) => r.params.PhoneNumbers !== undefined).length;
      const membersBefore = (await ok<{ total: number }>(admin.post('/v1/member/query', { body: {} }))).total;
      standIns.wechat.encryptedCodes.set('ENC-FOREIGN', '499999999999');
      const tries = [
        { encryptCode: 'ENC-NOT-WECHATS' },
        { encryptCode: 'ENC-FOREIGN' },
        { encryptCode: 'ENC-PAGE-1', cardId: 'pOTHER-BRAND' },
      ];
      for (const body of tries) {
        const opened = await page('open', body, 'en_US');
        expect(opened.status).toBe(404);
        expect(opened.body.msg).toBe('This card was not found: open this page again from the card in your WeChat wallet');
        expect((await page('code', { ...body, mobile: '13900000049' })).status).toBe(404);
        expect((await page('bind', { ...body, mobile: '13900000049', smsCode: '123456' })).status).toBe(404);
      }
      // Another merchant's address does not open this one's cards.
      const other = await createTenant(t.database);
      expect(
        (await guest().post(`/v1/wechat-card/${other.tenantId}/open`, { body: { cardId: wechatCardId, encryptCode: 'ENC-PAGE-1' } }))
          .status,
      ).toBe(404);
      expect(standIns.received.filter((r) => r.params.PhoneNumbers !== undefined)).toHaveLength(textsBefore);
      expect((await ok<{ total: number }>(admin.post('/v1/member/query', { body: {} }))).total).toBe(membersBefore);
      expect(await cardOf('499999999999')).toBeNull();
    });
  });
});
