import type { CallContext, ChannelAnswer, SendResult } from './channel-gateway';
import { callChannel } from './channel-gateway';
import { wechatSettings, type WechatSettings } from './channel-settings.store';
import { exchangeJson, platformUrl } from './platform-http';
import { wechatAccessToken } from './wechat-token.store';

/**
 * WeChat as the console's screens and the marketing issues use it (official account card API,
 * member code, template and subscribe messages): each method is one documented endpoint of
 * api.weixin.qq.com, called with the merchant's access token. Bodies are WeChat's own JSON.
 */
export interface WechatChannel {
  /** `GET /cgi-bin/get_api_domain_ip`: the cheapest call that proves the AppID, the AppSecret and the token. */
  apiDomainIps(): Promise<ChannelAnswer<{ readonly ip_list: readonly string[] }>>;
  /** `POST /card/create`: a membership card (`{ card: { card_type: 'MEMBER_CARD', member_card: … } }`). */
  createCard(card: Record<string, unknown>): Promise<ChannelAnswer<{ readonly card_id: string }>>;
  /** `POST /card/update`: changes a card's shown fields. */
  updateCard(card: Record<string, unknown>): Promise<ChannelAnswer<{ readonly send_check: boolean }>>;
  /** `POST /card/membercard/activateuserform/set`: the one-click activation form. */
  setActivateForm(form: Record<string, unknown>): Promise<ChannelAnswer<Record<string, unknown>>>;
  /** `POST /card/qrcode/create`: a card's QR code for a channel (expiry 60–1800 s or none, scene ≤ 128). */
  createCardQrcode(
    qrcode: Record<string, unknown>,
  ): Promise<ChannelAnswer<{ readonly ticket: string; readonly url: string; readonly show_qrcode_url?: string }>>;
  /** `POST /card/paygiftcard/add`: a pay-to-join rule (`rule_info` of type RULE_TYPE_PAY_MEMBER_CARD); WeChat answers its `rule_id`. */
  addPayGiftRule(rule: Record<string, unknown>): Promise<ChannelAnswer<{ readonly rule_id: number }>>;
  /** `POST /card/paygiftcard/delete`: ends a pay-to-join rule (`{ rule_id }`). */
  deletePayGiftRule(rule: { readonly rule_id: number }): Promise<ChannelAnswer<Record<string, unknown>>>;
  /** `POST /card/membercard/userinfo/get`: what a card's holder entered on activation (`{ card_id, code }`). */
  memberCardUserInfo(card: { readonly card_id: string; readonly code: string }): Promise<ChannelAnswer<WechatCardUserInfo>>;
  /**
   * `POST /card/code/decrypt`: the card code behind the `encrypt_code` WeChat adds to the address
   * of the merchant's activation page (and of a card's own links); an unknown one is 40056.
   */
  decryptCode(code: { readonly encrypt_code: string }): Promise<ChannelAnswer<{ readonly code: string }>>;
  /** `POST /card/membercard/activate`: activates a card on the merchant's page (`{ card_id, code, membership_number }`). */
  activateMemberCard(card: {
    readonly card_id: string;
    readonly code: string;
    readonly membership_number: string;
  }): Promise<ChannelAnswer<Record<string, unknown>>>;
  /** `POST /cgi-bin/message/template/send`: a template message to a follower. */
  sendTemplateMessage(message: Record<string, unknown>): Promise<ChannelAnswer<{ readonly msgid: number }>>;
  /** `POST /cgi-bin/message/subscribe/bizsend`: a subscribe message to a follower who agreed to it. */
  sendSubscribeMessage(message: Record<string, unknown>): Promise<ChannelAnswer<Record<string, unknown>>>;
}

/** WeChat's answer of `card/membercard/userinfo/get`: the holder and the activation form's fields. */
export interface WechatCardUserInfo {
  readonly openid: string;
  readonly nickname?: string;
  readonly sex?: string;
  readonly user_info?: {
    readonly common_field_list?: readonly { readonly name: string; readonly value: string }[];
    readonly custom_field_list?: readonly { readonly name: string; readonly value: string }[];
  };
  readonly user_card_status?: string;
}

/** The errcodes WeChat answers for a token it no longer accepts: refreshed once and the call repeated. */
const TOKEN_REFUSED = new Set([40001, 40014, 42001]);

type Answer = Record<string, unknown>;
const errcodeOf = (answer: Answer): number => (typeof answer.errcode === 'number' ? answer.errcode : 0);

function resultOf<T>(answer: Answer): SendResult<T> {
  const errcode = errcodeOf(answer);
  if (errcode === 0) return { ok: true, data: answer as T, response: answer };
  return { ok: false, errorCode: String(errcode), errorMessage: String(answer.errmsg ?? ''), response: answer };
}

/** `GET /cgi-bin/token`: a new access token, recorded as a call of its own. */
function fetchToken(ctx: CallContext, settings: WechatSettings) {
  return async () => {
    const answer = await callChannel<WechatSettings, Answer>({
      ctx,
      channel: 'wechat',
      operation: 'cgi-bin/token',
      request: { grant_type: 'client_credential', appid: settings.appId },
      settings,
      send: async (s) =>
        resultOf(
          await exchangeJson({
            method: 'GET',
            url: platformUrl(s.apiBaseUrl, 'cgi-bin/token', { grant_type: 'client_credential', appid: s.appId, secret: s.appSecret }),
          }),
        ),
    });
    const token = answer.data?.access_token;
    if (answer.outcome !== 'OK' || typeof token !== 'string') return null;
    return { token, expiresIn: Number(answer.data?.expires_in ?? 7200) };
  };
}

/** One call with the token; a refused token is replaced once (for every process) and the call repeated. */
async function withToken(args: {
  ctx: CallContext;
  settings: WechatSettings;
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
}): Promise<Answer> {
  const { ctx, settings } = args;
  const tokenArgs = { db: ctx.db, tenantId: ctx.tenantId, appId: settings.appId, fetch: fetchToken(ctx, settings) };
  const exchange = (token: string) =>
    exchangeJson({ method: args.method, url: platformUrl(settings.apiBaseUrl, args.path, { access_token: token }), body: args.body });
  const token = await wechatAccessToken(tokenArgs);
  if (token === null) return { errcode: -2, errmsg: 'no access token: WeChat refused the AppID or AppSecret (see the cgi-bin/token call)' };
  const first = await exchange(token);
  if (!TOKEN_REFUSED.has(errcodeOf(first))) return first;
  const renewed = await wechatAccessToken({ ...tokenArgs, stale: token });
  return renewed === null ? first : exchange(renewed);
}

/** The merchant's WeChat channel, every method through the gateway. */
export async function wechatChannel(ctx: CallContext): Promise<WechatChannel> {
  const settings = await wechatSettings(ctx);
  const call = <T>(operation: string, method: 'GET' | 'POST', body?: unknown) =>
    callChannel<WechatSettings, T>({
      ctx,
      channel: 'wechat',
      operation,
      request: body ?? {},
      settings,
      send: async (s) => resultOf<T>(await withToken({ ctx, settings: s, path: operation, method, body })),
    });
  return {
    apiDomainIps: () => call('cgi-bin/get_api_domain_ip', 'GET'),
    createCard: (card) => call('card/create', 'POST', card),
    updateCard: (card) => call('card/update', 'POST', card),
    setActivateForm: (form) => call('card/membercard/activateuserform/set', 'POST', form),
    createCardQrcode: (qrcode) => call('card/qrcode/create', 'POST', qrcode),
    addPayGiftRule: (rule) => call('card/paygiftcard/add', 'POST', rule),
    deletePayGiftRule: (rule) => call('card/paygiftcard/delete', 'POST', rule),
    memberCardUserInfo: (card) => call('card/membercard/userinfo/get', 'POST', card),
    decryptCode: (code) => call('card/code/decrypt', 'POST', code),
    activateMemberCard: (card) => call('card/membercard/activate', 'POST', card),
    sendTemplateMessage: (message) => call('cgi-bin/message/template/send', 'POST', message),
    sendSubscribeMessage: (message) => call('cgi-bin/message/subscribe/bizsend', 'POST', message),
  };
}
