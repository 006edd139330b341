import { CALL_OUTCOMES, CHANNELS } from '../../../resources/setting/channel-calls.query-view';
import { answers, arrayOf, nullable, objectOf, oneOf, wire, type JsonSchema, type RouteDocs } from '../../http/openapi.schemas';

/**
 * The OpenAPI description of the channel gateway's own routes (channels.routes.ts): operation ids
 * `channels.<operation>`, the settings group's tag (the gateway's entry is Settings › Channel
 * gateway). The call log is a query view and described by the engine.
 */

const tags = ['setting'];

/** The channels a console user can check: every channel (app push: JPush's validate, which pushes nothing). */
export const CHECKABLE_CHANNELS = ['wechat', 'alipay', 'meituan', 'sms', 'push'] as const;
export type CheckableChannel = (typeof CHECKABLE_CHANNELS)[number];

const text = (maxLength: number, description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength, description });

export const checkBody = {
  type: 'object',
  required: ['channel'],
  additionalProperties: false,
  properties: {
    channel: oneOf(CHECKABLE_CHANNELS, 'The channel to check'),
    mobile: { type: 'string', pattern: '^1[3-9][0-9]{9}$', description: 'sms: the mainland mobile the test message goes to' },
    templateCode: text(64, 'sms: the approved template of the test message (SMS_…)'),
    purpose: oneOf(['NOTICE', 'MARKETING'], 'sms: a notice goes at any hour, marketing is held back in quiet hours (default NOTICE)'),
    templateId: text(64, 'alipay: a membership card template to read back'),
    voucherCode: text(32, 'meituan: a group-buy voucher code to check'),
    shopId: text(64, 'meituan: the store’s id at Meituan (open_shop_uuid)'),
    target: text(40, 'push: a member’s alias at JPush to send a test notification to; without it JPush validates a push and sends nothing'),
  },
} as const;

const answer = objectOf({
  callId: { type: 'integer', minimum: 1, description: 'The call in the call log (channel-calls)' },
  outcome: oneOf(
    CALL_OUTCOMES,
    'OK; FAILED: the platform refused or was unreachable; REFUSED: held back here; NOT_CONNECTED: not sent, no credentials',
  ),
  errorCode: nullable({
    type: 'string',
    description:
      'The platform’s error code (WeChat errcode, Alipay sub_code, SMS Code, Meituan code, JPush error.code) or ours (quietHours)',
  }),
  errorMessage: nullable({ type: 'string' }),
});

/** How a push a platform made to the console ended (`channel_callbacks`). */
export const CALLBACK_OUTCOMES = ['ACCEPTED', 'REPLAYED', 'REFUSED', 'IGNORED'] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

const health = arrayOf(
  objectOf({
    channel: oneOf(CHANNELS),
    state: oneOf(['CONNECTED', 'FAILING', 'NOT_CONNECTED'], 'FAILING: credentials saved but the last call failed'),
    lastCallAt: nullable(wire.dateTime),
    lastOutcome: nullable(oneOf(CALL_OUTCOMES)),
    lastErrorCode: nullable({ type: 'string' }),
    lastCallback: nullable(
      objectOf({
        at: wire.dateTime,
        event: { type: 'string', description: 'The platform’s name of the event (component_verify_ticket, user_get_card …)' },
        outcome: oneOf(CALLBACK_OUTCOMES, 'REFUSED: a check failed (the reason); REPLAYED: the same message again, handled once'),
        reason: nullable({ type: 'string', description: 'Why it was refused: signature, decrypt, appId, malformed, notConfigured' }),
      }),
    ),
    calls: { type: 'integer', minimum: 0, description: 'Calls in the last 7 days' },
    failedByDay: arrayOf(
      objectOf({ day: wire.date, failed: { type: 'integer', minimum: 0 } }),
      'Failed calls of each of the last 7 days, oldest first',
    ),
  }),
);

export const channelDocs: Record<'check' | 'health', RouteDocs> = {
  check: {
    operationId: 'channels.check',
    tags,
    summary: 'Check a channel with one harmless call (recorded like any other)',
    response: answers(answer, 'badInput', 'forbidden'),
  },
  health: {
    operationId: 'channels.health',
    tags,
    summary: 'Each channel’s state, last call and failed calls per day',
    response: answers(health, 'forbidden'),
  },
};
