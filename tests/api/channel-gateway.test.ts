import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 27 §1: every call to an outside platform goes through the channel gateway, each adapter
 * speaks its platform's documented protocol (checked by a local stand-in on 127.0.0.1), a
 * channel without credentials sends nothing and records what it would have sent, and every call
 * is on the call log and the health page. Real app, real database.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let standIns: StandIns;

async function ok<T = any>(response: Promise<{ status: number; body: any }>): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

interface CheckAnswer {
  callId: number;
  outcome: string;
  errorCode: string | null;
}

const check = (body: object) => ok<CheckAnswer>(admin.post('/v1/channels/check', { body }));

/** Saves a channel's settings (a tenant singleton) over what is saved. */
async function saveSettings(resource: string, fields: object): Promise<any> {
  const current = await ok<{ version: number }>(admin.get(`/v1/${resource}/get`));
  return ok(admin.post(`/v1/${resource}/save`, { body: { ...fields, version: current.version } }));
}

interface CallRow {
  id: number;
  channel: string;
  operation: string;
  outcome: string;
  errorCode: string | null;
}

const calls = async (filters: object = {}) =>
  (await ok<{ records: CallRow[] }>(admin.post('/v1/channel-calls/query', { body: { filters, pageSize: 100 } }))).records;

beforeAll(async () => {
  [t, standIns] = await Promise.all([startTestApp(), startStandIns()]);
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await standIns?.close();
});

describe('channel gateway', () => {
  it('a channel without credentials sends nothing, says so, and records what it would have sent', async () => {
    const before = standIns.received.length;
    const answer = await check({ channel: 'sms', mobile: '13900000027', templateCode: 'SMS_100' });
    expect(answer.outcome).toBe('NOT_CONNECTED');
    expect(standIns.received.length).toBe(before);
    const [row] = await calls({ channel: 'sms' });
    expect(row).toMatchObject({ id: answer.callId, operation: 'SendSms', outcome: 'NOT_CONNECTED' });

    // A check names the fields its channel needs (400 naming each), and the health page shows it unconnected.
    const missing = await admin.post('/v1/channels/check', { body: { channel: 'sms' } });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['mobile', 'templateCode']);
    const health = await ok<{ channel: string; state: string; lastOutcome: string | null }[]>(admin.get('/v1/channels/health'));
    expect(health.find((h) => h.channel === 'sms')).toMatchObject({ state: 'NOT_CONNECTED', lastOutcome: 'NOT_CONNECTED' });
  });

  it('keeps credentials write-only and refuses a malformed setting naming the field', async () => {
    const bad = await admin.post('/v1/wechat-channel/save', { body: { appId: 'not-an-app-id', version: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toContain('appId');

    await saveSettings('wechat-channel', {
      appId: 'wx0123456789abcdef',
      appSecret: standIns.wechat.appSecret,
      apiBaseUrl: `${standIns.baseUrl}/wechat`,
    });
    const read = await admin.get('/v1/wechat-channel/get');
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(standIns.wechat.appSecret);
    expect(read.body.data.appSecret).toMatch(/^••••/);
  });

  it('WeChat: 16 concurrent calls fetch the token once; a token WeChat refuses is replaced once and the call repeated', async () => {
    const issued = standIns.wechat.tokensIssued;
    const answers = await Promise.all(Array.from({ length: 16 }, () => check({ channel: 'wechat' })));
    expect(answers.map((a) => a.outcome)).toEqual(Array(16).fill('OK'));
    expect(standIns.wechat.tokensIssued).toBe(issued + 1);

    standIns.wechat.expired.add(`TOKEN-${standIns.wechat.tokensIssued}`);
    const again = await Promise.all(Array.from({ length: 4 }, () => check({ channel: 'wechat' })));
    expect(again.map((a) => a.outcome)).toEqual(Array(4).fill('OK'));
    expect(standIns.wechat.tokensIssued).toBe(issued + 2);
    const tokenCalls = (await calls({ channel: 'wechat', operation: 'cgi-bin/token' })).length;
    expect(tokenCalls).toBe(2);
  });

  it('Alipay: the request is signed RSA2 (verified with the app’s public key) and a platform error is recorded with its code', async () => {
    await saveSettings('alipay-channel', {
      appId: '2021000100000001',
      appPrivateKey: standIns.alipay.appPrivateKey,
      alipayPublicKey: standIns.alipay.alipayPublicKey,
      gatewayUrl: `${standIns.baseUrl}/alipay/gateway.do`,
    });
    const answer = await check({ channel: 'alipay', templateId: '20170808000000000000000001' });
    expect(answer).toMatchObject({ outcome: 'OK', errorCode: null });
    const sent = standIns.received.filter((r) => r.path === '/alipay/gateway.do').at(-1);
    expect(sent).toMatchObject({
      signatureValid: true,
      params: { method: 'alipay.marketing.card.template.query', sign_type: 'RSA2', app_id: '2021000100000001' },
    });

    standIns.alipay.missingTemplate = true;
    const refused = await check({ channel: 'alipay', templateId: '20170808000000000000000002' });
    standIns.alipay.missingTemplate = false;
    expect(refused).toMatchObject({ outcome: 'FAILED', errorCode: 'CARD_TEMPLATE_NOT_EXIST' });
    const [row] = await calls({ channel: 'alipay' });
    expect(row).toMatchObject({ id: refused.callId, outcome: 'FAILED', errorCode: 'CARD_TEMPLATE_NOT_EXIST' });
  });

  it('SMS: signed as Alibaba Cloud checks it; a provider refusal and marketing in quiet hours are recorded, the latter never sent', async () => {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
    );
    await saveSettings('sms-channel', {
      accessKeyId: 'LTAI-STAND-IN',
      accessKeySecret: standIns.sms.accessKeySecret,
      signName: '会员中心',
      endpoint: standIns.baseUrl,
      quietFromHour: hour,
      quietToHour: (hour + 2) % 24,
    });
    expect(await check({ channel: 'sms', mobile: '13900000001', templateCode: 'SMS_100' })).toMatchObject({ outcome: 'OK' });
    expect(standIns.received.at(-1)).toMatchObject({ signatureValid: true, params: { PhoneNumbers: '13900000001', SignName: '会员中心' } });

    standIns.sms.refuseMobiles.add('13900000002');
    const limited = await check({ channel: 'sms', mobile: '13900000002', templateCode: 'SMS_100' });
    expect(limited).toMatchObject({ outcome: 'FAILED', errorCode: 'isv.BUSINESS_LIMIT_CONTROL' });

    const before = standIns.received.length;
    const quiet = await check({ channel: 'sms', mobile: '13900000001', templateCode: 'SMS_200', purpose: 'MARKETING' });
    expect(quiet).toMatchObject({ outcome: 'REFUSED', errorCode: 'quietHours' });
    expect(standIns.received.length).toBe(before);
    expect((await calls({ channel: 'sms' })).slice(0, 3).map((c) => [c.outcome, c.errorCode])).toEqual([
      ['REFUSED', 'quietHours'],
      ['FAILED', 'isv.BUSINESS_LIMIT_CONTROL'],
      ['OK', null],
    ]);
    const health = await ok<{ channel: string; state: string; failedByDay: { failed: number }[] }[]>(admin.get('/v1/channels/health'));
    const sms = health.find((h) => h.channel === 'sms');
    expect(sms?.state).toBe('CONNECTED');
    expect(sms?.failedByDay.at(-1)?.failed).toBe(1);
  });

  it('Meituan: a voucher check is MD5-signed as the open platform checks it; an unknown code answers its error code', async () => {
    await saveSettings('meituan-channel', {
      appKey: 'mt-app-key',
      appSecret: standIns.meituan.appSecret,
      session: 'mt-session-0001',
      apiBaseUrl: `${standIns.baseUrl}/meituan`,
    });
    expect(await check({ channel: 'meituan', voucherCode: '1234567890', shopId: 'shop-1' })).toMatchObject({ outcome: 'OK' });
    expect(standIns.received.at(-1)).toMatchObject({ path: '/meituan/router/tuangou/receipt/prepare', signatureValid: true });
    const unknown = await check({ channel: 'meituan', voucherCode: '0000000000', shopId: 'shop-1' });
    expect(unknown).toMatchObject({ outcome: 'FAILED', errorCode: '1008' });
    const health = await ok<{ channel: string; state: string; lastErrorCode: string | null }[]>(admin.get('/v1/channels/health'));
    expect(health.find((h) => h.channel === 'meituan')).toMatchObject({ state: 'FAILING', lastErrorCode: '1008' });
    expect(health.find((h) => h.channel === 'push')).toMatchObject({ state: 'NOT_CONNECTED' });
  });
});
