import { sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { createTenant, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { createMembers } from '../helpers/points-fixtures';
import { pngImage } from '../helpers/png-image';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 27 §2, §3, §5, §6: one membership card design for both wallets, every field checked on
 * the server against each platform's documented limit (400 naming the field, the platform and
 * the limit in the message), the saved design sent through the channel gateway (to the local
 * stand-ins once connected, recorded as not connected before), the same record from the Alipay
 * entry; and a member's channel identities, unique per channel. Real app, real database.
 * The Alipay member QR code (§3): none before Alipay gave the card link, then the link drawn as
 * a QR code, downloadable as PNG and SVG.
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

/** The 400's fields as `{ field: msg }`, the messages of a field named twice joined by ' | '. */
async function refused(response: Promise<{ status: number; body: any }>): Promise<Record<string, string>> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const fields: Record<string, string> = {};
  for (const f of answer.body.data.fields as { field: string; msg: string }[])
    fields[f.field] = fields[f.field] ? `${fields[f.field]} | ${f.msg}` : f.msg;
  return fields;
}

const DESIGN = {
  brandName: '星河加油',
  title: '星河会员卡',
  notice: '结账时出示会员码',
  prerogative: '加油积分，生日双倍',
  colour: 'Color030',
  activationMode: 'ONE_CLICK',
  openForm: ['MOBILE', 'NAME', 'BIRTHDAY'],
  alipayButtons: { buttons: [{ text: '积分商城', url: 'https://shop.example.com/points' }] },
};

/** Saves the design over what is saved (`locale` picks the messages' language). */
async function save(fields: object, locale = 'zh_CN') {
  const current = await ok<{ version: number }>(admin.get('/v1/member-card/get'));
  return admin.post('/v1/member-card/save', { body: { ...fields, version: current.version }, headers: { locale } });
}

async function uploaded(bytes: Buffer, field: 'logo' | 'background'): Promise<string> {
  const view = await ok<{ id: string }>(
    admin.post('/v1/member-card/upload', {
      query: { field, fileName: `${field}.png` },
      body: bytes,
      headers: { 'content-type': 'image/png' },
    }),
  );
  return view.id;
}

interface CallRow {
  operation: string;
  outcome: string;
}
/** The channel's calls on the call log, newest first. */
const calls = async (channel: string) =>
  (await ok<{ records: CallRow[] }>(admin.post('/v1/channel-calls/query', { body: { filters: { channel }, pageSize: 100 } }))).records;

/** What the latest call of an operation sent (or would have sent), as the log keeps it. */
async function sent(operation: string): Promise<any> {
  const rows = await t.database.db.execute<{ request: any }>(
    sql`select request from channel_calls where tenant_id = ${tenant.tenantId} and operation = ${operation} order by id desc limit 1`,
  );
  return rows.rows[0]?.request;
}

/** A download as bytes, with the admin's session (the JSON client reads text). */
async function download(path: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${t.app.config.serviceBase}${path}`,
    headers: { cookie: `${SESSION_COOKIE}=${admin.sessionToken()}`, locale: 'en_US' },
  });
  return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers, body: response.body };
}

/**
 * The dark modules of a QR code's SVG as '#' and '.' rows, read from its path (each row starts
 * with an absolute move `M x y`, then relative moves `m dx 0` and dark runs `h n`) — not through
 * the library that drew it.
 */
function svgModules(svg: string): string[] {
  const side = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /stroke="#000000" d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const rows = Array.from({ length: side }, () => Array<string>(side).fill('.'));
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Math.floor(Number(b))];
    else if (command === 'm') x += Number(a);
    else for (let i = 0; i < Number(a); i += 1) rows[y][x++] = '#';
  }
  return rows.map((row) => row.join(''));
}

/** The modules a QR code of this text must have (medium error correction, 4 modules of margin). */
function expectedModules(text: string): string[] {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const side = size + 8;
  return Array.from({ length: side }, (_, row) =>
    Array.from({ length: side }, (_, col) => {
      const [r, c] = [row - 4, col - 4];
      return r >= 0 && c >= 0 && r < size && c < size && data[r * size + c] ? '#' : '.';
    }).join(''),
  );
}

beforeAll(async () => {
  [t, standIns] = await Promise.all([startTestApp(), startStandIns()]);
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await standIns?.close();
});

describe('membership card design', () => {
  it('checks each text against each platform’s limit, naming the field, the platform and the limit', async () => {
    // 10 Chinese characters: within Alipay's 10, beyond WeChat's 9.
    expect(await refused(save({ ...DESIGN, title: '一二三四五六七八九十' }, 'en_US'))).toEqual({
      title: 'WeChat allows at most 9 Chinese characters in Card title (a Latin letter or digit counts half)',
    });
    // 17 Latin letters: 8.5 Chinese characters, but beyond WeChat's 16 characters and Alipay's 10.
    expect(await refused(save({ ...DESIGN, title: 'ABCDEFGHIJKLMNOPQ' }, 'en_US'))).toEqual({
      title: 'WeChat allows at most 16 characters in Card title | Alipay allows at most 10 characters in Card title',
    });
    expect(await refused(save({ ...DESIGN, title: 'ABCDEFGHIJK' }))).toEqual({ title: '支付宝限制会员卡名称最多 10 个字符' });

    const fields = await refused(
      save(
        {
          ...DESIGN,
          brandName: '一二三四五六七八九十一十二十三',
          notice: '一二三四五六七八九十一二三四五六七',
          prerogative: 'x'.repeat(1025),
          numberPrefix: 'P'.repeat(23),
          alipayButtons: {
            buttons: [
              { text: '积分商城', url: 'https://a.example.com' },
              { text: '一二三四五六七', url: 'https://b.example.com' },
              { text: '门店', url: 'https://c.example.com' },
              { text: '客服', url: 'https://d.example.com' },
            ],
          },
        },
        'en_US',
      ),
    );
    expect(fields).toEqual({
      brandName: 'WeChat allows at most 12 Chinese characters in Brand name (a Latin letter or digit counts half)',
      notice: 'WeChat allows at most 16 Chinese characters in Notice (a Latin letter or digit counts half)',
      prerogative: 'WeChat allows at most 1024 characters in Member privileges',
      'alipayButtons.buttons[1].text': 'Alipay allows at most 6 characters in Text',
      'alipayButtons.buttons': 'Alipay shows at most 3 buttons on a card',
      numberPrefix: 'The card number on Alipay (Card number prefix + the 10-character member number) is at most 32 characters',
    });

    // Addresses the wallets open are https only; the engine names the field inside the lines.
    const address = await refused(save({ ...DESIGN, alipayButtons: { buttons: [{ text: '商城', url: 'http://shop.example.com' }] } }));
    expect(Object.keys(address)).toEqual(['alipayButtons.buttons[0].url']);
    expect(Object.keys(await refused(save({ ...DESIGN, activationMode: 'MERCHANT_PAGE', activationUrl: 'ftp://x' })))).toEqual([
      'activationUrl',
    ]);
    expect(Object.keys(await refused(save({ ...DESIGN, colour: '#ff0000' })))).toEqual(['colour']);
  });

  it('checks the logo and background uploaded through the upload endpoint: pixels, shape and size per platform', async () => {
    const smallLogo = await uploaded(pngImage({ width: 400, height: 400 }), 'logo');
    expect(await refused(save({ ...DESIGN, logo: smallLogo }, 'en_US'))).toEqual({
      logo: 'Alipay needs a Logo of at least 500×500 pixels',
    });
    const oblong = await uploaded(pngImage({ width: 600, height: 500 }), 'logo');
    expect(await refused(save({ ...DESIGN, logo: oblong }))).toEqual({ logo: '微信要求商户Logo为正方形 | 支付宝要求商户Logo为正方形' });

    const narrow = await uploaded(pngImage({ width: 1010, height: 643 }), 'background');
    expect(await refused(save({ ...DESIGN, background: narrow }, 'en_US'))).toEqual({
      background: 'Alipay needs a Background picture of at least 1020×643 pixels',
    });
    const heavy = pngImage({ width: 1020, height: 643, noisyRows: 400 });
    expect(heavy.length).toBeGreaterThan(1024 * 1024);
    const heavyId = await uploaded(heavy, 'background');
    expect(await refused(save({ ...DESIGN, background: heavyId }, 'en_US'))).toEqual({
      background: 'WeChat takes a Background picture of at most 1 MB',
    });

    const logo = await uploaded(pngImage({ width: 500, height: 500 }), 'logo');
    const background = await uploaded(pngImage({ width: 1020, height: 643 }), 'background');
    const saved = await ok(save({ ...DESIGN, logo, background }));
    expect(saved).toMatchObject({ logo, background });
  });

  it('without credentials records what each wallet would have been sent; the Alipay entry reads the same design', async () => {
    const saved = await ok(save({ ...DESIGN, title: '星河卡' }));
    expect(saved).toMatchObject({ title: '星河卡', wechatCardId: null, alipayTemplateId: null });
    const [wechat] = await calls('wechat');
    expect(wechat).toMatchObject({ operation: 'card/create', outcome: 'NOT_CONNECTED' });
    expect((await sent('card/create')).card.member_card.base_info).toMatchObject({ title: '星河卡', color: 'Color030' });
    const [alipay] = await calls('alipay');
    expect(alipay).toMatchObject({ operation: 'alipay.marketing.card.template.create', outcome: 'NOT_CONNECTED' });
    expect((await sent('alipay.marketing.card.template.create')).biz_content.template_style_info).toMatchObject({
      card_show_name: '星河卡',
      bg_color: 'rgb(80,159,201)',
    });

    const fromAlipay = await ok(admin.get('/v1/alipay-member-card/get'));
    expect(fromAlipay).toMatchObject({ id: saved.id, title: '星河卡', version: saved.version });

    // No link from Alipay, no QR code: the state says why, the images are not there.
    expect(await ok(admin.get('/v1/alipay-member-qr-code/get'))).toEqual({ connected: false, designed: true, templateId: null, url: null });
    const png = await download('/v1/alipay-member-qr-code/png');
    expect(png.status).toBe(404);
    expect(JSON.parse(png.body).msg).toBe(
      'Alipay has not given the card link yet: connect Alipay and save the card design, then there is a QR code',
    );
    expect((await download('/v1/alipay-member-qr-code/svg')).status).toBe(404);
  });

  it('once connected, publishes to both stand-ins (signed), keeps the ids, and updates on the next save', async () => {
    const settings = async (resource: string, fields: object) => {
      const current = await ok<{ version: number }>(admin.get(`/v1/${resource}/get`));
      await ok(admin.post(`/v1/${resource}/save`, { body: { ...fields, version: current.version } }));
    };
    await settings('wechat-channel', {
      appId: 'wx0123456789abcdef',
      appSecret: standIns.wechat.appSecret,
      apiBaseUrl: `${standIns.baseUrl}/wechat`,
    });
    await settings('alipay-channel', {
      appId: '2021000100000001',
      appPrivateKey: standIns.alipay.appPrivateKey,
      alipayPublicKey: standIns.alipay.alipayPublicKey,
      gatewayUrl: `${standIns.baseUrl}/alipay/gateway.do`,
    });

    const first = await ok(save({ ...DESIGN, title: '星河金卡' }));
    expect(first.wechatCardId).toMatch(/^pCARD\d+$/);
    expect(first.alipayTemplateId).toMatch(/^2017\d{22}$/);
    const paths = standIns.received.map((r) => r.path);
    expect(paths).toContain('/wechat/card/create');
    expect(paths).toContain('/wechat/card/membercard/activateuserform/set');
    const alipaySent = standIns.received.filter((r) => r.path === '/alipay/gateway.do');
    expect(alipaySent.map((r) => r.params.method)).toEqual([
      'alipay.marketing.card.template.create',
      'alipay.marketing.card.formtemplate.set',
      'alipay.marketing.card.activateurl.apply',
    ]);
    // Alipay answers the card link URL-encoded; it is kept decoded, for the QR code.
    expect(first.alipayCardUrl).toBe(
      `https://memberprod.alipay.com/account/openform/activecard.htm?app_id=2021000100000001&template_id=${first.alipayTemplateId}`,
    );
    expect(alipaySent.every((r) => r.signatureValid)).toBe(true);

    const second = await ok(save({ title: '星河白金卡' }));
    expect(second).toMatchObject({ wechatCardId: first.wechatCardId, alipayTemplateId: first.alipayTemplateId });
    const [update] = (await calls('wechat')).filter((c) => c.operation === 'card/update');
    expect(update).toMatchObject({ outcome: 'OK' });
    expect(await sent('card/update')).toMatchObject({ card_id: first.wechatCardId, member_card: { base_info: { title: '星河白金卡' } } });
    const [modify] = (await calls('alipay')).filter((c) => c.operation === 'alipay.marketing.card.template.modify');
    expect(modify).toMatchObject({ outcome: 'OK' });
  });

  it('draws the card link Alipay gave as the member QR code, downloadable as PNG and SVG', async () => {
    const state = await ok<{ url: string; templateId: string }>(admin.get('/v1/alipay-member-qr-code/get'));
    expect(state).toMatchObject({ connected: true, designed: true });
    expect(state.url).toContain(`template_id=${state.templateId}`);

    const png = await download('/v1/alipay-member-qr-code/png');
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="alipay-member-qr-code.png"');
    expect(imageSize(png.bytes)).toMatchObject({ type: 'png', width: 600, height: 600 });

    const svg = await download('/v1/alipay-member-qr-code/svg');
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svgModules(svg.body)).toEqual(expectedModules(state.url));
  });
});

describe('member channel identities', () => {
  it('are unique per channel and id, one per member and channel; the card number prefix is fixed once a card was issued', async () => {
    const [first, second] = await createMembers({ client: admin, count: 2 });
    await ok(save({ ...DESIGN, numberPrefix: 'XH' }));
    const add = (body: object, locale = 'zh_CN') => admin.post('/v1/member-channel-identity/saveNew', { body, headers: { locale } });
    await ok(add({ member: first, channel: 'WECHAT', externalId: 'oOPENID000000000000000001', unionId: 'oUNION1' }));
    expect(await refused(add({ member: second, channel: 'WECHAT', externalId: 'oOPENID000000000000000001' }, 'en_US'))).toEqual({
      externalId: 'This WeChat identity already belongs to another member',
    });
    expect(await refused(add({ member: first, channel: 'WECHAT', externalId: 'oOPENID000000000000000002' }))).toEqual({
      channel: '该会员已有微信身份',
    });
    // The same id on another channel is another identity.
    await ok(add({ member: second, channel: 'ALIPAY', externalId: 'oOPENID000000000000000001' }));
    const listed = await ok<{ records: { member: number; channel: string }[] }>(
      admin.post('/v1/member-channel-identity/query', { body: { filters: { member: first } } }),
    );
    expect(listed.records.map((r) => r.channel)).toEqual(['WECHAT']);

    expect(await refused(save({ numberPrefix: 'YH' }, 'en_US'))).toEqual({
      numberPrefix: 'Cards were issued: the Card number prefix can no longer change',
    });
    await ok(save({ numberPrefix: 'XH', title: '星河卡' }));
  });
});
