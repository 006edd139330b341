import { createHash, createHmac, createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the platforms the channel gateway calls (server/modules/channels), on
 * 127.0.0.1: each checks the request as the platform documents it (path, parameters, signature)
 * and answers in the platform's format, with its error codes. A test tells each what to answer
 * and reads what it received.
 */

/** One request a stand-in received, with the verdict of its signature check. */
export interface Received {
  readonly path: string;
  readonly params: Record<string, string>;
  readonly body: string;
  readonly signatureValid: boolean | null;
}

const json = (res: http.ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

// RFC 3986 encoding, as Alibaba Cloud's canonical query string needs it.
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Alibaba Cloud's V3 signature (ACS3-HMAC-SHA256), recomputed from the request: the canonical
 * request (method, path, sorted query, the signed headers, the body's SHA-256) hashed, then
 * HMAC-SHA256 with the AccessKey secret.
 */
function acs3Valid(args: { req: http.IncomingMessage; url: URL; body: string; secret: string }): boolean {
  const auth = String(args.req.headers.authorization ?? '');
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(auth);
  if (!match) return false;
  const signedHeaders = match[2].split(';');
  const query = [...args.url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .join('&');
  const headers = signedHeaders.map((name) => `${name}:${String(args.req.headers[name] ?? '').trim()}\n`).join('');
  const payloadHash = createHash('sha256').update(args.body).digest('hex');
  if (args.req.headers['x-acs-content-sha256'] !== payloadHash) return false;
  const canonical = [args.req.method, args.url.pathname, query, headers, signedHeaders.join(';'), payloadHash].join('\n');
  const toSign = `ACS3-HMAC-SHA256\n${createHash('sha256').update(canonical).digest('hex')}`;
  return createHmac('sha256', args.secret).update(toSign).digest('hex') === match[3];
}

/** The stand-ins and what the tests set and read. */
export interface StandIns {
  readonly baseUrl: string;
  readonly received: Received[];
  /** WeChat: tokens and member cards handed out; a token listed in `expired` answers 42001. */
  readonly wechat: {
    tokensIssued: number;
    cardsCreated: number;
    readonly expired: Set<string>;
    readonly appSecret: string;
    /** The third-party platform's AppSecret and the verify ticket WeChat last pushed to it. */
    readonly componentAppSecret: string;
    componentVerifyTicket: string;
    /** The official account the authorisation page authorises, and the permission sets it grants. */
    authorizerAppId: string;
    /** Auth codes the authorisation page handed out (each exchanged once). */
    readonly authCodes: Set<string>;
    /** Pay-to-join rules added, by rule id. */
    readonly payRules: Map<number, unknown>;
    /** What each card code's holder entered on the activation form (`card/membercard/userinfo/get`), by code. */
    readonly cardHolders: Map<string, { openid: string; mobile: string; name: string }>;
    /** Openids that no longer follow the official account: a template or subscribe message to them answers 43004. */
    readonly unfollowed: Set<string>;
    /** The card code behind each `encrypt_code` (`card/code/decrypt`); another is 40056. */
    readonly encryptedCodes: Map<string, string>;
    /** The cards activated on the merchant's page (`card/membercard/activate`), by code: their membership number. */
    readonly activatedCards: Map<string, string>;
  };
  /** Alipay: the app's public key (what the merchant uploaded) and Alipay's key pair. */
  readonly alipay: {
    readonly appPrivateKey: string;
    readonly appPublicKey: string;
    readonly alipayPublicKey: string;
    missingTemplate: boolean;
  };
  readonly sms: { readonly accessKeySecret: string; refuseMobiles: Set<string> };
  /**
   * Meituan: the app secret, and each code's vouchers (3 unless a test sets it): prepare answers
   * those left, consume takes them, reverseconsume gives them back. A code starting with 9 is past
   * the cancellation window (Meituan's 1011); 0000000000 does not exist (1008).
   */
  readonly meituan: { readonly appSecret: string; readonly vouchers: Map<string, number>; readonly consumed: Map<string, number> };
  /**
   * JPush: the application's AppKey and Master Secret (HTTP Basic), the aliases with a device
   * registered (a push to another answers 1011), and the bodies of the pushes accepted.
   */
  readonly push: { readonly appKey: string; readonly masterSecret: string; readonly aliases: Set<string>; readonly pushed: unknown[] };
  close(): Promise<void>;
}

export async function startStandIns(): Promise<StandIns> {
  const appKeys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const alipayKeys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const received: Received[] = [];
  const state = {
    wechat: {
      tokensIssued: 0,
      cardsCreated: 0,
      expired: new Set<string>(),
      appSecret: 'wechat-app-secret-0123456789',
      componentAppSecret: 'wechat-component-secret-0123',
      componentVerifyTicket: 'ticket@@@stand-in',
      authorizerAppId: 'wx00000000000a0b1c',
      authCodes: new Set<string>(),
      payRules: new Map<number, unknown>(),
      cardHolders: new Map<string, { openid: string; mobile: string; name: string }>(),
      unfollowed: new Set<string>(),
      encryptedCodes: new Map<string, string>(),
      activatedCards: new Map<string, string>(),
    },
    alipay: {
      appPrivateKey: appKeys.privateKey,
      appPublicKey: appKeys.publicKey,
      alipayPublicKey: alipayKeys.publicKey,
      missingTemplate: false,
    },
    sms: { accessKeySecret: 'sms-access-key-secret-0123', refuseMobiles: new Set<string>() },
    meituan: { appSecret: 'meituan-app-secret-0123', vouchers: new Map<string, number>(), consumed: new Map<string, number>() },
    push: {
      appKey: '0123456789abcdef01234567',
      masterSecret: 'jpush-master-secret-0123',
      aliases: new Set<string>(),
      pushed: [] as unknown[],
    },
  };

  // The third-party platform's API: the component token from the AppSecret and the verify ticket,
  // then the pre-authorisation code and the exchange of an auth code, each with that token.
  const componentTokens = new Set<string>();
  const wechatComponent = (url: URL, body: string, res: http.ServerResponse) => {
    const request = JSON.parse(body || '{}') as Record<string, string>;
    if (url.pathname === '/wechat/cgi-bin/component/api_component_token') {
      const ok =
        request.component_appsecret === state.wechat.componentAppSecret &&
        request.component_verify_ticket === state.wechat.componentVerifyTicket;
      received.push({ path: url.pathname, params: {}, body, signatureValid: ok });
      if (!ok) return json(res, { errcode: 61004, errmsg: 'access clientip is not registered or invalid component credentials' });
      const token = `COMPONENT-${componentTokens.size + 1}`;
      componentTokens.add(token);
      return json(res, { component_access_token: token, expires_in: 7200 });
    }
    const valid = componentTokens.has(url.searchParams.get('component_access_token') ?? '');
    received.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), body, signatureValid: valid });
    if (!valid) return json(res, { errcode: 40001, errmsg: 'invalid credential' });
    if (url.pathname === '/wechat/cgi-bin/component/api_create_preauthcode') {
      return json(res, { pre_auth_code: `PREAUTH-${received.length}`, expires_in: 600 });
    }
    if (url.pathname === '/wechat/cgi-bin/component/api_query_auth') {
      // An auth code is good once, as WeChat's are.
      if (!state.wechat.authCodes.delete(request.authorization_code)) return json(res, { errcode: 61010, errmsg: 'code is expired' });
      return json(res, {
        authorization_info: {
          authorizer_appid: state.wechat.authorizerAppId,
          authorizer_access_token: 'AUTHORIZER-TOKEN',
          expires_in: 7200,
          authorizer_refresh_token: 'AUTHORIZER-REFRESH',
          func_info: [{ funcscope_category: { id: 1 } }, { funcscope_category: { id: 2 } }, { funcscope_category: { id: 7 } }],
        },
      });
    }
    return json(res, { errcode: 0, errmsg: 'ok' });
  };

  // WeChat's authorisation page, as the account's owner agreeing at once: back to the redirect
  // address with an auth code (or without one when `refuse` is set).
  const wechatLoginPage = (url: URL, res: http.ServerResponse) => {
    received.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), body: '', signatureValid: null });
    const back = new URL(url.searchParams.get('redirect_uri') ?? '');
    const code = `AUTHCODE-${received.length}`;
    state.wechat.authCodes.add(code);
    back.searchParams.set('auth_code', code);
    back.searchParams.set('expires_in', '3600');
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  // card/qrcode/create: a card QR code with an expiry of 60–1800 s or none and a scene of at most
  // 128 characters; otherwise errcode 40009-ish data errors as WeChat answers them.
  const wechatCardQrcode = (body: string, res: http.ServerResponse) => {
    const request = JSON.parse(body || '{}') as {
      action_name?: string;
      expire_seconds?: number;
      action_info?: { card?: { outer_str?: string } };
    };
    const expiry = request.expire_seconds;
    const scene = request.action_info?.card?.outer_str ?? '';
    if (request.action_name !== 'QR_CARD' || (expiry !== undefined && (expiry < 60 || expiry > 1800)) || [...scene].length > 128) {
      return json(res, { errcode: 47001, errmsg: 'data format error' });
    }
    const ticket = `gQH${received.length}`;
    return json(res, {
      errcode: 0,
      errmsg: 'ok',
      ticket,
      expire_seconds: expiry ?? 0,
      url: `http://weixin.qq.com/q/${ticket}`,
      show_qrcode_url: `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${ticket}`,
    });
  };

  // card/paygiftcard/add: a pay-to-join rule of at most 90 days, the highest amount above the lowest.
  const wechatPayGift = (body: string, res: http.ServerResponse) => {
    const rule = (
      JSON.parse(body || '{}') as {
        rule_info?: {
          type?: string;
          base_info?: { begin_time?: number; end_time?: number };
          member_rule?: { least_cost?: number; max_cost?: number };
        };
      }
    ).rule_info;
    const base = rule?.base_info ?? {};
    const member = rule?.member_rule ?? {};
    const valid =
      rule?.type === 'RULE_TYPE_PAY_MEMBER_CARD' &&
      Number(base.end_time) - Number(base.begin_time) <= 90 * 86400 &&
      Number(member.max_cost) > Number(member.least_cost);
    if (!valid) return json(res, { errcode: 47001, errmsg: 'data format error' });
    const ruleId = 1000 + state.wechat.payRules.size;
    state.wechat.payRules.set(ruleId, rule);
    return json(res, { errcode: 0, errmsg: 'ok', rule_id: ruleId, succ_mchid_list: [], fail_mchid_list: [] });
  };

  // card/membercard/userinfo/get: the holder of a card and what they entered on activation;
  // an unknown code is WeChat's 40056 (invalid serial code).
  const wechatCardUserInfo = (body: string, res: http.ServerResponse) => {
    const request = JSON.parse(body || '{}') as { card_id?: string; code?: string };
    const holder = state.wechat.cardHolders.get(request.code ?? '');
    if (!request.card_id || !holder) return json(res, { errcode: 40056, errmsg: 'invalid serial code' });
    return json(res, {
      errcode: 0,
      errmsg: 'ok',
      openid: holder.openid,
      nickname: holder.name,
      user_info: {
        common_field_list: [
          { name: 'USER_FORM_INFO_FLAG_MOBILE', value: holder.mobile },
          { name: 'USER_FORM_INFO_FLAG_NAME', value: holder.name },
        ],
        custom_field_list: [],
      },
      user_card_status: 'NORMAL',
    });
  };

  const wechat = (url: URL, body: string, res: http.ServerResponse) => {
    if (url.pathname.startsWith('/wechat/cgi-bin/component/')) return wechatComponent(url, body, res);
    if (url.pathname === '/wechat/cgi-bin/token') {
      const ok = url.searchParams.get('grant_type') === 'client_credential' && url.searchParams.get('secret') === state.wechat.appSecret;
      received.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), body, signatureValid: ok });
      if (!ok) return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      state.wechat.tokensIssued += 1;
      return json(res, { access_token: `TOKEN-${state.wechat.tokensIssued}`, expires_in: 7200 });
    }
    const token = url.searchParams.get('access_token') ?? '';
    received.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), body, signatureValid: token.startsWith('TOKEN-') });
    if (!token.startsWith('TOKEN-')) return json(res, { errcode: 40001, errmsg: 'invalid credential' });
    if (state.wechat.expired.has(token)) return json(res, { errcode: 42001, errmsg: 'access_token expired' });
    if (url.pathname === '/wechat/cgi-bin/get_api_domain_ip') return json(res, { ip_list: ['101.226.62.77'] });
    if (url.pathname === '/wechat/card/create') return wechatCardCreate(body, res);
    if (url.pathname === '/wechat/card/qrcode/create') return wechatCardQrcode(body, res);
    if (url.pathname === '/wechat/card/paygiftcard/add') return wechatPayGift(body, res);
    if (url.pathname === '/wechat/card/membercard/userinfo/get') return wechatCardUserInfo(body, res);
    if (url.pathname === '/wechat/card/code/decrypt') {
      const code = state.wechat.encryptedCodes.get(String((JSON.parse(body || '{}') as { encrypt_code?: unknown }).encrypt_code ?? ''));
      return json(res, code === undefined ? { errcode: 40056, errmsg: 'invalid serial code' } : { errcode: 0, errmsg: 'ok', code });
    }
    if (url.pathname === '/wechat/card/membercard/activate') {
      // A card is activated once: a second activation is refused (40075 here; the console never asks twice).
      const request = JSON.parse(body || '{}') as { card_id?: string; code?: string; membership_number?: string };
      if (!request.card_id || !request.code || !request.membership_number)
        return json(res, { errcode: 40008, errmsg: 'invalid parameter' });
      if (state.wechat.activatedCards.has(request.code)) return json(res, { errcode: 40075, errmsg: 'invalid card status' });
      state.wechat.activatedCards.set(request.code, request.membership_number);
      return json(res, { errcode: 0, errmsg: 'ok' });
    }
    if (url.pathname === '/wechat/cgi-bin/message/template/send' || url.pathname === '/wechat/cgi-bin/message/subscribe/bizsend') {
      const touser = String((JSON.parse(body || '{}') as { touser?: unknown }).touser ?? '');
      if (state.wechat.unfollowed.has(touser)) return json(res, { errcode: 43004, errmsg: 'require subscribe' });
      return json(res, { errcode: 0, errmsg: 'ok', msgid: received.length });
    }
    return json(res, { errcode: 0, errmsg: 'ok' });
  };

  // card/create: a member card, a cash coupon or a general coupon, with the base_info WeChat
  // requires, a title of at most 16 characters (9 for a coupon) and one of its 14 colours;
  // otherwise errcode 47001 (data format error).
  const wechatCardCreate = (body: string, res: http.ServerResponse) => {
    const card = (JSON.parse(body || '{}') as { card?: Record<string, unknown> & { card_type?: string } }).card;
    const kind = { MEMBER_CARD: 'member_card', CASH: 'cash', GENERAL_COUPON: 'general_coupon' }[card?.card_type ?? ''];
    const inner = (kind === undefined ? undefined : card?.[kind]) as
      { base_info?: Record<string, unknown>; prerogative?: string; reduce_cost?: number; default_detail?: string } | undefined;
    const base = inner?.base_info ?? {};
    const own =
      kind === 'member_card'
        ? typeof inner?.prerogative === 'string'
        : kind === 'cash'
          ? Number.isInteger(inner?.reduce_cost) && (inner?.reduce_cost ?? 0) > 0
          : typeof inner?.default_detail === 'string';
    const valid =
      kind !== undefined &&
      typeof base.title === 'string' &&
      [...base.title].length <= (kind === 'member_card' ? 16 : 9) &&
      typeof base.brand_name === 'string' &&
      typeof base.notice === 'string' &&
      /^Color(010|020|030|040|050|060|070|080|081|082|090|100|101|102)$/.test(String(base.color)) &&
      own;
    if (!valid) return json(res, { errcode: 47001, errmsg: 'data format error' });
    state.wechat.cardsCreated += 1;
    return json(res, { errcode: 0, errmsg: 'ok', card_id: `pCARD${state.wechat.cardsCreated}` });
  };

  // activateurl.apply: Alipay's card-opening page for the app and template, answered URL-encoded.
  const alipayCardUrl = (params: Record<string, string>) =>
    `https://memberprod.alipay.com/account/openform/activecard.htm?app_id=${params.app_id}&template_id=${JSON.parse(params.biz_content ?? '{}').template_id}`;

  // Alipay signs all parameters but `sign`, sorted by name, as name=value joined by &, SHA256withRSA.
  const alipay = (url: URL, body: string, res: http.ServerResponse) => {
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
    const content = Object.keys(params)
      .filter((k) => k !== 'sign' && params[k] !== '')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const valid = createVerify('RSA-SHA256')
      .update(content, 'utf8')
      .verify(state.alipay.appPublicKey, params.sign ?? '', 'base64');
    received.push({ path: url.pathname, params, body, signatureValid: valid });
    const key = `${String(params.method).replaceAll('.', '_')}_response`;
    const answer = !valid
      ? { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' }
      : state.alipay.missingTemplate
        ? { code: '40004', msg: 'Business Failed', sub_code: 'CARD_TEMPLATE_NOT_EXIST', sub_msg: '模板不存在' }
        : params.method === 'alipay.marketing.card.template.create'
          ? { code: '10000', msg: 'Success', template_id: `2017${String(received.length).padStart(22, '0')}` }
          : params.method === 'alipay.marketing.card.activateurl.apply'
            ? { code: '10000', msg: 'Success', apply_card_url: encodeURIComponent(alipayCardUrl(params)) }
            : { code: '10000', msg: 'Success', template_id: JSON.parse(params.biz_content ?? '{}').template_id };
    const inner = JSON.stringify(answer);
    const sign = createSign('RSA-SHA256').update(inner, 'utf8').sign(alipayKeys.privateKey, 'base64');
    return json(res, `{"${key}":${inner},"sign":"${sign}"}`);
  };

  const sms = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
    const valid = req.headers['x-acs-action'] === 'SendSms' && acs3Valid({ req, url, body, secret: state.sms.accessKeySecret });
    received.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), body, signatureValid: valid });
    if (!valid)
      return json(res, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' }, 400);
    if (state.sms.refuseMobiles.has(url.searchParams.get('PhoneNumbers') ?? '')) {
      return json(res, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发天级流控Permits:10', RequestId: 'R-2' });
    }
    return json(res, { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'R-1' });
  };

  // Meituan's router: md5(secret + name value … sorted by name + secret), lower-case hex.
  const meituan = (url: URL, body: string, res: http.ServerResponse) => {
    const params = Object.fromEntries(new URLSearchParams(body));
    const content = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}${params[k]}`)
      .join('');
    const expected = createHash('md5').update(`${state.meituan.appSecret}${content}${state.meituan.appSecret}`).digest('hex');
    const valid = expected === params.sign;
    received.push({ path: url.pathname, params, body, signatureValid: valid });
    if (!valid) return json(res, { code: 603, msg: '签名错误' });
    const code = params.receipt_code ?? '';
    if (code === '0000000000') return json(res, { code: 1008, msg: '券码不存在' });
    const total = state.meituan.vouchers.get(code) ?? 3;
    const used = state.meituan.consumed.get(code) ?? 0;
    const deal = {
      receipt_code: code,
      deal_id: 'D-10086',
      dealgroup_id: 'G-100',
      deal_title: '双人套餐',
      deal_price: 88.5,
      deal_marketprice: 128,
    };
    if (url.pathname.endsWith('/tuangou/receipt/consume')) {
      const count = Number(params.count);
      if (!(count >= 1) || used + count > total) return json(res, { code: 1009, msg: '券码可用数量不足' });
      state.meituan.consumed.set(code, used + count);
      return json(res, { code: 200, msg: 'success', data: Array.from({ length: count }, () => ({ ...deal })) });
    }
    if (url.pathname.endsWith('/tuangou/receipt/reverseconsume')) {
      if (code.startsWith('9')) return json(res, { code: 1011, msg: '已超过撤销时限' });
      if (params.app_deal_id !== deal.deal_id || used === 0) return json(res, { code: 1012, msg: '没有可撤销的核销' });
      state.meituan.consumed.set(code, used - 1);
      return json(res, { code: 200, msg: 'success', data: { receipt_code: code } });
    }
    return json(res, {
      code: 200,
      msg: 'success',
      data: { ...deal, count: total - used, receiptEndDate: Date.now() + 30 * 86_400_000 },
    });
  };

  // JPush REST API v3: HTTP Basic base64(appKey:masterSecret) (1004, HTTP 401, otherwise), a body
  // with platform, audience, notification and options (1003, HTTP 400, otherwise), an alias with a
  // registered device (1011, HTTP 400, otherwise); /v3/push/validate checks the same, sends nothing.
  const jpush = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
    const expected = `Basic ${Buffer.from(`${state.push.appKey}:${state.push.masterSecret}`).toString('base64')}`;
    const authorised = req.method === 'POST' && req.headers.authorization === expected;
    received.push({ path: url.pathname, params: {}, body, signatureValid: authorised });
    if (!authorised) return json(res, { error: { code: 1004, message: 'Authen failed' } }, 401);
    let request: {
      platform?: unknown;
      audience?: { alias?: unknown };
      notification?: { alert?: unknown; android?: { alert?: unknown }; ios?: { alert?: unknown } };
      options?: { time_to_live?: unknown; apns_production?: unknown };
    };
    try {
      request = JSON.parse(body) as typeof request;
    } catch {
      return json(res, { error: { code: 1003, message: 'Parameter value is invalid' } }, 400);
    }
    const alias = request.audience?.alias;
    const shaped =
      (request.platform === 'all' || Array.isArray(request.platform)) &&
      typeof request.notification?.alert === 'string' &&
      typeof request.notification.android?.alert === 'string' &&
      request.notification.ios?.alert !== undefined &&
      Number.isInteger(request.options?.time_to_live) &&
      typeof request.options?.apns_production === 'boolean';
    if (!shaped) return json(res, { error: { code: 1003, message: 'Parameter value is invalid' } }, 400);
    if (!Array.isArray(alias) || alias.length === 0)
      return json(res, { error: { code: 1002, message: 'Missing parameter: audience' } }, 400);
    if (!alias.some((a) => state.push.aliases.has(String(a)))) {
      return json(
        res,
        { error: { code: 1011, message: 'cannot find user by this audience or has been inactive for more than 255 days' } },
        400,
      );
    }
    if (url.pathname === '/jpush/v3/push') state.push.pushed.push(request);
    return json(res, { sendno: '0', msg_id: String(54043195528000000 + received.length) });
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/wechat-mp/cgi-bin/componentloginpage') return wechatLoginPage(url, res);
      if (url.pathname.startsWith('/wechat/')) return wechat(url, body, res);
      if (url.pathname === '/alipay/gateway.do') return alipay(url, body, res);
      if (url.pathname.startsWith('/meituan/')) return meituan(url, body, res);
      if (url.pathname === '/jpush/v3/push' || url.pathname === '/jpush/v3/push/validate') return jpush(req, url, body, res);
      if (url.pathname === '/' && req.headers['x-acs-action']) return sms(req, url, body, res);
      return json(res, { error: 'unknown path' }, 404);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    ...state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
