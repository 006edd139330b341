import DysmsapiExports, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { RuntimeOptions } from '@darabonba/typescript';
import type { CallContext, ChannelAnswer, SendResult } from './channel-gateway';
import { callChannel } from './channel-gateway';
import { smsSettings, type SmsSettings } from './channel-settings.store';
import { PLATFORM_TIMEOUT_MS } from './platform-http';

/**
 * Why a message is sent: a notice (a verification code, a balance change) goes at any hour; a
 * marketing message is held back in the merchant's quiet hours.
 */
export type SmsPurpose = 'NOTICE' | 'MARKETING';

/** One text message: an approved template of the SMS service and its parameters. */
export interface SmsMessage {
  /** Mainland mobile number(s), comma-separated as the service takes them. */
  readonly mobile: string;
  /** The template's code at the SMS service (`SMS_123456789`). */
  readonly templateCode: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly purpose: SmsPurpose;
  /** Parameters the call log masks (a verification code: whoever reads the log must not be able to use it). */
  readonly secretParams?: readonly string[];
}

/** The parameters as the call log keeps them, the secret ones masked. */
const loggedParams = (message: SmsMessage) =>
  message.params
    ? Object.fromEntries(Object.entries(message.params).map(([k, v]) => [k, message.secretParams?.includes(k) ? '******' : v]))
    : null;

/**
 * The SDK's client class. The package is CommonJS with the class as `exports.default`: Node's own
 * ESM loader (`npm start`) hands its exports object as the default import, bundlers and Vitest
 * the class itself (the API tests passed while the started server answered "Dysmsapi is not a
 * constructor" to every text).
 */
const Dysmsapi = (DysmsapiExports as unknown as { default?: typeof DysmsapiExports }).default ?? DysmsapiExports;

/** SMS through Alibaba Cloud's SMS service (`SendSms`, signed by its official SDK). */
export interface SmsChannel {
  send(message: SmsMessage): Promise<ChannelAnswer<{ readonly bizId: string }>>;
}

/** The hour of the day (0–23) at `now` in the merchant's zone. */
export function hourIn(timeZone: string, now: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
}

/**
 * Whether an hour lies in the quiet hours `[from, to)`, which may run past midnight (21 → 8);
 * from = to means no quiet hours.
 */
export function inQuietHours(args: { hour: number; from: number; to: number }): boolean {
  const { hour, from, to } = args;
  if (from === to) return false;
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}

function clientOf(settings: SmsSettings): DysmsapiExports {
  const url = new URL(settings.endpoint);
  return new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: url.host,
      protocol: url.protocol.replace(':', ''),
    }),
  );
}

async function send(settings: SmsSettings, message: SmsMessage): Promise<SendResult<{ bizId: string }>> {
  const request = new SendSmsRequest({
    phoneNumbers: message.mobile,
    signName: settings.signName,
    templateCode: message.templateCode,
    templateParam: message.params ? JSON.stringify(message.params) : undefined,
  });
  const runtime = new RuntimeOptions({ readTimeout: PLATFORM_TIMEOUT_MS, connectTimeout: PLATFORM_TIMEOUT_MS, autoretry: false });
  const answer = await clientOf(settings).sendSmsWithOptions(request, runtime);
  const body = answer.body;
  if (!body) return { ok: false, errorCode: 'emptyAnswer', errorMessage: 'the SMS service answered no body', response: null };
  if (body.code === 'OK') return { ok: true, data: { bizId: body.bizId ?? '' }, response: body };
  return { ok: false, errorCode: body.code ?? 'unknown', errorMessage: body.message ?? '', response: body };
}

/** The merchant's SMS channel, through the gateway; marketing in quiet hours is refused and recorded. */
export async function smsChannel(ctx: CallContext): Promise<SmsChannel> {
  const settings = await smsSettings(ctx);
  return {
    send: (message) =>
      callChannel<SmsSettings, { bizId: string }>({
        ctx,
        channel: 'sms',
        operation: 'SendSms',
        request: {
          PhoneNumbers: message.mobile,
          SignName: settings?.signName ?? null,
          TemplateCode: message.templateCode,
          TemplateParam: loggedParams(message),
          purpose: message.purpose,
        },
        settings,
        refusal: (s) =>
          message.purpose === 'MARKETING' &&
          inQuietHours({ hour: hourIn(ctx.timeZone, new Date()), from: s.quietFromHour, to: s.quietToHour })
            ? { code: 'quietHours', message: `marketing messages are held back from ${s.quietFromHour}:00 to ${s.quietToHour}:00` }
            : null,
        send: (s) => send(s, message),
      }),
  };
}
