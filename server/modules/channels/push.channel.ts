import type { CallContext, ChannelAnswer, SendResult } from './channel-gateway';
import { callChannel } from './channel-gateway';
import { pushSettings, type PushSettings } from './channel-settings.store';
import { exchangeJson, platformUrl } from './platform-http';

/** One push notification to a member's app installation. */
export interface PushMessage {
  /** The member's alias at JPush (what the app registered for the member). */
  readonly target: string;
  readonly title: string;
  readonly body: string;
  /** How long JPush keeps it for an offline device, in seconds (JPush's default: one day; at most 10 days). */
  readonly timeToLive?: number;
}

/** What JPush answers for an accepted push. */
export interface PushAccepted {
  readonly sendno: string;
  readonly msg_id: string;
}

/** App push through JPush (极光推送) REST API v3, over HTTPS with HTTP Basic authorisation. */
export interface PushChannel {
  /** `POST /v3/push`: a notification to one alias on every platform. */
  send(message: PushMessage): Promise<ChannelAnswer<PushAccepted>>;
  /**
   * `POST /v3/push/validate` to a dummy alias: the same checks as a push (authorisation, body),
   * nothing sent. JPush's 1011 (no device under that alias) proves the credentials were accepted.
   */
  validate(): Promise<ChannelAnswer<Partial<PushAccepted>>>;
}

/** JPush's default time to live: a day. */
const DEFAULT_TTL_SECONDS = 86_400;
/** The alias a check validates against: no installation registers it. */
const CHECK_ALIAS = 'channel-check';
/** JPush's code for an audience that matches no device. */
const NO_TARGET = '1011';

/** The body JPush documents for one notification to an alias (credentials are in the header, not here). */
export function pushPayload(message: PushMessage, apnsProduction: boolean | null): Record<string, unknown> {
  return {
    platform: 'all',
    audience: { alias: [message.target] },
    notification: {
      alert: message.body,
      android: { title: message.title, alert: message.body },
      ios: { alert: { title: message.title, body: message.body } },
    },
    options: { time_to_live: message.timeToLive ?? DEFAULT_TTL_SECONDS, apns_production: apnsProduction },
  };
}

function resultOf(answer: Record<string, unknown>): SendResult<PushAccepted> {
  const error = answer.error as { code?: unknown; message?: unknown } | undefined;
  if (error && typeof error === 'object') {
    return { ok: false, errorCode: String(error.code ?? 'unknown'), errorMessage: String(error.message ?? ''), response: answer };
  }
  return { ok: true, data: { sendno: String(answer.sendno ?? ''), msg_id: String(answer.msg_id ?? '') }, response: answer };
}

async function exchange(settings: PushSettings, path: string, payload: Record<string, unknown>) {
  const basic = Buffer.from(`${settings.appKey}:${settings.masterSecret}`, 'utf8').toString('base64');
  return resultOf(
    await exchangeJson({
      method: 'POST',
      url: platformUrl(settings.apiBaseUrl, path),
      body: payload,
      headers: { authorization: `Basic ${basic}` },
    }),
  );
}

/** The merchant's app push channel, through the gateway; without an AppKey and Master Secret: NOT_CONNECTED. */
export async function pushChannel(ctx: CallContext): Promise<PushChannel> {
  const settings = await pushSettings(ctx);
  // What the log shows: JPush's body (apns_production as saved, null while not connected).
  const payload = (message: PushMessage) => pushPayload(message, settings?.apnsProduction ?? null);
  return {
    send: (message) =>
      callChannel<PushSettings, PushAccepted>({
        ctx,
        channel: 'push',
        operation: 'v3/push',
        request: payload(message),
        settings,
        send: (s) => exchange(s, 'v3/push', pushPayload(message, s.apnsProduction)),
      }),
    validate: () => {
      const message: PushMessage = { target: CHECK_ALIAS, title: 'check', body: 'check' };
      return callChannel<PushSettings, Partial<PushAccepted>>({
        ctx,
        channel: 'push',
        operation: 'v3/push/validate',
        request: payload(message),
        settings,
        send: async (s) => {
          const result = await exchange(s, 'v3/push/validate', pushPayload(message, s.apnsProduction));
          return !result.ok && result.errorCode === NO_TARGET ? { ok: true, data: {}, response: result.response } : result;
        },
      });
    },
  };
}
