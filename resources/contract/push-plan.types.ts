/**
 * The wire of a push plan's deliveries (PUSH_PLAN activities, issue 29 item 3;
 * server/modules/activities/push-plans). Types and constants only.
 */

/**
 * One channel's message to one member in one run: SENDING while the platform is being asked (a
 * process that died there leaves it so, and it is never sent again), SENT when the platform
 * accepted it, SUPPRESSED when it was not sent for a reason of ours, FAILED when the platform
 * refused it or was unreachable.
 */
export const PUSH_DELIVERY_RESULTS = ['SENDING', 'SENT', 'SUPPRESSED', 'FAILED'] as const;
export type PushDeliveryResult = (typeof PUSH_DELIVERY_RESULTS)[number];

/**
 * Why a message was not sent: the member's cap per day or week across channels, the SMS quiet
 * hours, the member refused the channel, another member of the run has the same mobile (sent
 * once per mobile), the channel has no credentials, the member has no mobile (SMS)
 * or no WeChat openid (a WeChat message: the member channel identities), the member's
 * profile is frozen or closed, the run stopped first, a scheduled run's day ended before it was
 * sent (a process down until the morning after).
 */
export const PUSH_SUPPRESSIONS = [
  'frequencyCap',
  'quietHours',
  'noConsent',
  'duplicateMobile',
  'notConnected',
  'noAddress',
  'noWechatIdentity',
  'memberUnavailable',
  'stopped',
  'dayEnded',
] as const;
export type PushSuppression = (typeof PUSH_SUPPRESSIONS)[number];
