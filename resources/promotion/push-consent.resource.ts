import { defineResource, field } from '../define';
import { PUSH_CHANNELS } from './kinds/push-plan.kind';

/**
 * A member's choice about marketing messages on one channel (消息订阅, issue 29 item 3): REFUSED
 * when the member opted out (replied the opt-out text to an SMS, turned notifications off in the
 * app, asked at a counter), GRANTED when they opted in again. The latest row of a member and
 * channel decides; without one, SMS and app push may be sent (the member registered with the
 * merchant, and every SMS carries the opt-out text). A push plan suppresses a refused channel as
 * `noConsent`. Shown on the member detail as a related list; written by the API (an application
 * relaying the member's reply) or by hand.
 */
export const pushConsentResource = defineResource({
  name: 'push-consent',
  table: 'push_consents',
  title: ['消息订阅', 'Message consent'],
  route: { group: 'promotion', entry: 'push-plan', screens: {} },
  access: { read: ['计划查看', '配置维护'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    member: field.relation({ label: ['会员', 'Member'], resource: 'member', required: true, filter: 'eq', width: 200 }),
    channel: field.enum({ label: ['渠道', 'Channel'], options: PUSH_CHANNELS, required: true, filter: 'eq', width: 110 }),
    consent: field.enum({
      label: ['订阅', 'Consent'],
      options: {
        GRANTED: { label: ['接收', 'Accepts'], color: 'green' },
        REFUSED: { label: ['拒收', 'Refuses'], color: 'red' },
      },
      required: true,
      defaultValue: 'REFUSED',
      filter: 'eq',
      width: 100,
    }),
    remark: field.text({ label: ['说明', 'Remark'], maxLength: 100, width: 200 }),
  },
  titleField: 'channel',
  list: { columns: ['member', 'channel', 'consent', 'remark'], defaultSort: { field: 'createdAt', order: 'desc' } },
});
