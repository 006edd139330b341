import type { CallContext, ChannelAnswer, SendResult } from './channel-gateway';
import { callChannel } from './channel-gateway';
import { wechatComponentSettings, type WechatComponentSettings } from './channel-settings.store';
import { exchangeJson, platformUrl } from './platform-http';

/** What WeChat answers of an authorisation (`api_query_auth`), tokens left out. */
export interface WechatAuthorization {
  readonly authorizer_appid: string;
  /** The permission sets granted (`func_info[].funcscope_category.id`). */
  readonly scopes: readonly number[];
}

/**
 * The official account's authorisation of the merchant's WeChat Open Platform third-party
 * platform (公众号授权, issue 27 §2), three documented endpoints of api.weixin.qq.com: the
 * component token (`cgi-bin/component/api_component_token`, from the platform's AppID, AppSecret
 * and latest verify ticket), a pre-authorisation code (`api_create_preauthcode`) for the
 * authorisation page, and the exchange of the code WeChat's redirect brings (`api_query_auth`).
 * The log keeps neither the AppSecret, the ticket nor any token WeChat answers.
 */
export interface WechatComponentChannel {
  /** The address of WeChat's authorisation page for the account, or the call that failed. */
  authorizePage(args: { readonly redirectUri: string }): Promise<ChannelAnswer<{ readonly url: string }>>;
  /** The authorisation an auth code stands for. */
  queryAuth(args: { readonly authCode: string }): Promise<ChannelAnswer<WechatAuthorization>>;
}

type Answer = Record<string, unknown>;

// Answers without the tokens they carry: what the call log may keep.
const SECRET_KEYS = new Set(['component_access_token', 'authorizer_access_token', 'authorizer_refresh_token', 'pre_auth_code']);
function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '••••' : redacted(v)]));
}

function resultOf<T>(answer: Answer, data: (answer: Answer) => T): SendResult<T> {
  const errcode = typeof answer.errcode === 'number' ? answer.errcode : 0;
  if (errcode !== 0)
    return { ok: false, errorCode: String(errcode), errorMessage: String(answer.errmsg ?? ''), response: redacted(answer) };
  return { ok: true, data: data(answer), response: redacted(answer) };
}

// The component token, fetched for each use: an authorisation is rare and the token lives 2 hours.
async function componentToken(s: WechatComponentSettings): Promise<Answer> {
  return exchangeJson({
    method: 'POST',
    url: platformUrl(s.apiBaseUrl, 'cgi-bin/component/api_component_token'),
    body: {
      component_appid: s.componentAppId,
      component_appsecret: s.componentAppSecret,
      component_verify_ticket: s.componentVerifyTicket,
    },
  });
}

/** One component call: the token first; a refused token is the call's failure. */
async function withComponentToken(s: WechatComponentSettings, path: string, body: Answer): Promise<Answer> {
  const token = await componentToken(s);
  if (typeof token.component_access_token !== 'string') return token;
  return exchangeJson({
    method: 'POST',
    url: platformUrl(s.apiBaseUrl, path, { component_access_token: token.component_access_token }),
    body,
  });
}

export async function wechatComponentChannel(ctx: CallContext): Promise<WechatComponentChannel> {
  const settings = await wechatComponentSettings(ctx);
  const appId = settings?.componentAppId ?? null;
  return {
    authorizePage: ({ redirectUri }) =>
      callChannel<WechatComponentSettings, { url: string }>({
        ctx,
        channel: 'wechat',
        operation: 'cgi-bin/component/api_create_preauthcode',
        request: { component_appid: appId, redirect_uri: redirectUri },
        settings,
        send: async (s) =>
          resultOf(await withComponentToken(s, 'cgi-bin/component/api_create_preauthcode', { component_appid: s.componentAppId }), (a) => {
            const page = new URL(s.authorizePageUrl);
            page.searchParams.set('component_appid', s.componentAppId);
            page.searchParams.set('pre_auth_code', String(a.pre_auth_code));
            page.searchParams.set('redirect_uri', redirectUri);
            // 1: official accounts only (the console's channel is an official account).
            page.searchParams.set('auth_type', '1');
            return { url: page.toString() };
          }),
      }),
    queryAuth: ({ authCode }) =>
      callChannel<WechatComponentSettings, WechatAuthorization>({
        ctx,
        channel: 'wechat',
        operation: 'cgi-bin/component/api_query_auth',
        request: { component_appid: appId, authorization_code: '••••' },
        settings,
        send: async (s) =>
          resultOf(
            await withComponentToken(s, 'cgi-bin/component/api_query_auth', {
              component_appid: s.componentAppId,
              authorization_code: authCode,
            }),
            (a) => {
              const info = (a.authorization_info ?? {}) as {
                authorizer_appid?: string;
                func_info?: { funcscope_category?: { id?: number } }[];
              };
              return {
                authorizer_appid: String(info.authorizer_appid ?? ''),
                scopes: (info.func_info ?? []).map((f) => Number(f.funcscope_category?.id)).filter(Number.isFinite),
              };
            },
          ),
      }),
  };
}
