import { createPrivateKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import type { CallContext, ChannelAnswer, SendResult } from './channel-gateway';
import { callChannel } from './channel-gateway';
import { alipaySettings, type AlipaySettings } from './channel-settings.store';
import { PLATFORM_TIMEOUT_MS } from './platform-http';

/**
 * Alipay as the console's card screens use it (member card template, opening form, activation
 * link, the card's QR code): each method is one open-platform API, signed RSA2 by the official
 * SDK (`alipay-sdk`) with the application's private key, its answer verified with Alipay's public
 * key when the merchant entered it. `bizContent` is Alipay's own JSON.
 */
export interface AlipayChannel {
  /** `alipay.marketing.card.template.create`: a membership card template. */
  createCardTemplate(bizContent: Record<string, unknown>): Promise<ChannelAnswer<{ readonly templateId: string }>>;
  /** `alipay.marketing.card.template.modify`: changes a template's shown fields. */
  modifyCardTemplate(bizContent: Record<string, unknown>): Promise<ChannelAnswer<Record<string, unknown>>>;
  /** `alipay.marketing.card.template.query`: a template as Alipay holds it (also the connection check). */
  queryCardTemplate(templateId: string): Promise<ChannelAnswer<Record<string, unknown>>>;
  /** `alipay.marketing.card.formtemplate.set`: the card-opening form's fields. */
  setCardForm(bizContent: Record<string, unknown>): Promise<ChannelAnswer<Record<string, unknown>>>;
  /** `alipay.marketing.card.activateurl.apply`: the link that opens the card (what the QR code carries). */
  activateUrl(bizContent: Record<string, unknown>): Promise<ChannelAnswer<{ readonly applyCardUrl: string }>>;
}

/** Alipay's success code; any other `code` carries a `sub_code` naming the error (`isv.invalid-signature`). */
const SUCCESS = '10000';

// Alipay's key tool writes PKCS#1 for some languages and PKCS#8 for others; the SDK must be told which.
function keyTypeOf(key: string): 'PKCS1' | 'PKCS8' {
  if (key.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (key.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  try {
    createPrivateKey({ key: Buffer.from(key.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

function sdkOf(settings: AlipaySettings): AlipaySdk {
  return new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.appPrivateKey,
    keyType: keyTypeOf(settings.appPrivateKey),
    signType: 'RSA2',
    ...(settings.alipayPublicKey ? { alipayPublicKey: settings.alipayPublicKey } : {}),
    gateway: settings.gatewayUrl,
    timeout: PLATFORM_TIMEOUT_MS,
  });
}

async function exec<T>(settings: AlipaySettings, method: string, bizContent: Record<string, unknown>): Promise<SendResult<T>> {
  const answer = (await sdkOf(settings).exec(method, { bizContent }, { validateSign: settings.alipayPublicKey !== null })) as Record<
    string,
    unknown
  >;
  if (answer.code === SUCCESS) return { ok: true, data: answer as T, response: answer };
  return {
    ok: false,
    errorCode: String(answer.subCode ?? answer.code ?? 'unknown'),
    errorMessage: String(answer.subMsg ?? answer.msg ?? ''),
    response: answer,
  };
}

/** The merchant's Alipay channel, every method through the gateway. */
export async function alipayChannel(ctx: CallContext): Promise<AlipayChannel> {
  const settings = await alipaySettings(ctx);
  const call = <T>(method: string, bizContent: Record<string, unknown>) =>
    callChannel<AlipaySettings, T>({
      ctx,
      channel: 'alipay',
      operation: method,
      request: { biz_content: bizContent },
      settings,
      send: (s) => exec<T>(s, method, bizContent),
    });
  return {
    createCardTemplate: (bizContent) => call('alipay.marketing.card.template.create', bizContent),
    modifyCardTemplate: (bizContent) => call('alipay.marketing.card.template.modify', bizContent),
    queryCardTemplate: (templateId) => call('alipay.marketing.card.template.query', { template_id: templateId }),
    setCardForm: (bizContent) => call('alipay.marketing.card.formtemplate.set', bizContent),
    activateUrl: (bizContent) => call('alipay.marketing.card.activateurl.apply', bizContent),
  };
}
