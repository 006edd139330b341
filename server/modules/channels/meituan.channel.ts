import { createHash } from 'node:crypto';
import type { CallContext, ChannelAnswer, SendResult } from './channel-gateway';
import { callChannel } from './channel-gateway';
import { meituanSettings, type MeituanSettings } from './channel-settings.store';
import { exchangeJson, platformUrl } from './platform-http';

/**
 * Meituan-Dianping group-buy vouchers at a store (团购券验券): check a code before taking it,
 * consume it, cancel a consumption. Each is a form POST to the open platform's router, signed with
 * the application's secret (see {@link signMeituan}).
 */
export interface MeituanChannel {
  /** `tuangou/receipt/prepare`: what a code is worth and how many may be consumed. */
  checkVoucher(args: { readonly code: string; readonly shopId: string }): Promise<ChannelAnswer<Record<string, unknown>>>;
  /** `tuangou/receipt/consume`: consumes `count` vouchers of the code. */
  consumeVoucher(args: {
    readonly code: string;
    readonly shopId: string;
    readonly count: number;
    readonly requestId: string;
  }): Promise<ChannelAnswer<Record<string, unknown>>>;
  /** `tuangou/receipt/reverseconsume`: cancels a consumption (the platform allows it within its window). */
  cancelVoucher(args: {
    readonly code: string;
    readonly shopId: string;
    readonly dealId: string;
  }): Promise<ChannelAnswer<Record<string, unknown>>>;
}

/**
 * The open platform's MD5 signature: the secret, then every parameter but `sign` as name and value
 * in the order of the names, then the secret again, hashed and written in lower-case hex.
 */
export function signMeituan(params: Readonly<Record<string, string>>, secret: string): string {
  const body = Object.keys(params)
    .filter((name) => name !== 'sign')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHash('md5').update(`${secret}${body}${secret}`, 'utf8').digest('hex');
}

function timestamp(now: Date): string {
  // The platform reads its timestamps in China time: yyyy-MM-dd HH:mm:ss.
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

async function post(
  settings: MeituanSettings,
  path: string,
  business: Record<string, string>,
): Promise<SendResult<Record<string, unknown>>> {
  const params: Record<string, string> = {
    app_key: settings.appKey,
    session: settings.session,
    timestamp: timestamp(new Date()),
    format: 'json',
    v: '1',
    sign_method: 'MD5',
    ...business,
  };
  const answer = await exchangeJson({
    method: 'POST',
    url: platformUrl(settings.apiBaseUrl, `router/${path}`),
    form: { ...params, sign: signMeituan(params, settings.appSecret) },
  });
  if (answer.code === 200) return { ok: true, data: answer, response: answer };
  return { ok: false, errorCode: String(answer.code ?? 'unknown'), errorMessage: String(answer.msg ?? ''), response: answer };
}

/** The merchant's Meituan channel, every method through the gateway. */
export async function meituanChannel(ctx: CallContext): Promise<MeituanChannel> {
  const settings = await meituanSettings(ctx);
  const call = (path: string, business: Record<string, string>) =>
    callChannel<MeituanSettings, Record<string, unknown>>({
      ctx,
      channel: 'meituan',
      operation: path,
      request: business,
      settings,
      send: (s) => post(s, path, business),
    });
  return {
    checkVoucher: ({ code, shopId }) => call('tuangou/receipt/prepare', { receipt_code: code, open_shop_uuid: shopId }),
    consumeVoucher: ({ code, shopId, count, requestId }) =>
      call('tuangou/receipt/consume', { receipt_code: code, open_shop_uuid: shopId, count: String(count), requestid: requestId }),
    cancelVoucher: ({ code, shopId, dealId }) =>
      call('tuangou/receipt/reverseconsume', { receipt_code: code, open_shop_uuid: shopId, app_deal_id: dealId }),
  };
}
