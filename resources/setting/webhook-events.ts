import type { EnumOption } from '../define';

/**
 * The events an application's webhook may subscribe to (issue 31 §2), one code each. The code is
 * the `type` of the JSON a receiver gets; the server writes each where the change commits
 * (server/modules/webhooks/README.md lists the places). `byMember`: the event concerns one member,
 * and a webhook gets one member's events in the order they happened.
 */
export const WEBHOOK_EVENTS = {
  MEMBER_REGISTERED: { label: ['会员注册', 'Member registered'], byMember: true },
  MEMBER_LEVEL_CHANGED: { label: ['会员等级变更', 'Member level changed'], byMember: true },
  POINTS_POSTED: { label: ['积分入账', 'Points posted'], byMember: true },
  STORED_VALUE_MOVED: { label: ['储值变动', 'Stored value moved'], byMember: true },
  COUPON_ISSUED: { label: ['券发放', 'Coupon issued'], byMember: true },
  COUPON_REDEEMED: { label: ['券核销', 'Coupon redeemed'], byMember: true },
  COUPON_EXPIRED: { label: ['券过期', 'Coupon expired'], byMember: true },
  ACTIVITY_STARTED: { label: ['活动开始', 'Activity started'], byMember: false },
  ACTIVITY_STOPPED: { label: ['活动停止', 'Activity stopped'], byMember: false },
  DOCUMENT_AUDITED: { label: ['单据审核', 'Document audited'], byMember: false },
} as const satisfies Record<string, EnumOption & { byMember: boolean }>;

/** One event code of the catalogue. */
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

/** The catalogue as the options of an enum field (its labels, without the ordering flag). */
export const webhookEventOptions = (): Record<WebhookEventType, EnumOption> =>
  Object.fromEntries(Object.entries(WEBHOOK_EVENTS).map(([code, { label }]) => [code, { label }])) as Record<WebhookEventType, EnumOption>;
