import { defineQueryView } from '../query-view';
import { APPLICATION_READ, APPLICATION_WRITE } from './application-access';
import { webhookEventOptions } from './webhook-events';

/**
 * The deliveries of an application's webhook (事件推送, a tab of the application's detail),
 * newest first: the event, when it happened, the attempts, the receiver's last answer and the
 * next try. No screen of its own. Its source: server/modules/webhooks/webhook-deliveries.source.ts.
 */
export const webhookDeliveriesView = defineQueryView({
  name: 'webhook-deliveries',
  title: ['事件推送', 'Deliveries'],
  route: { group: 'setting', entry: 'application' },
  access: APPLICATION_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'occurredAt',
  empty: ['还没有推送的事件', 'No events have been sent yet'],
  // What a receiver de-duplicates by, and whether it arrived, stay in sight however narrow the tab.
  keyColumns: ['eventId', 'state'],
  columns: {
    eventId: { kind: 'text', label: ['事件ID', 'Event id'], width: 300 },
    id: { kind: 'integer', label: ['序号', 'Delivery'], width: 90 },
    applicationId: { kind: 'integer', label: ['应用ID', 'Application id'], hidden: true },
    occurredAt: { kind: 'datetime', label: ['发生时间', 'Occurred'], width: 170 },
    event: { kind: 'enum', label: ['事件', 'Event'], options: webhookEventOptions(), width: 150 },
    state: {
      kind: 'enum',
      label: ['状态', 'Status'],
      options: {
        PENDING: { label: ['待发送', 'Pending'], color: 'orange' },
        DELIVERED: { label: ['已送达', 'Delivered'], color: 'green' },
        FAILED: { label: ['已放弃', 'Given up'], color: 'red' },
      },
      width: 100,
    },
    attempts: { kind: 'integer', label: ['尝试次数', 'Attempts'], width: 100 },
    lastStatus: { kind: 'integer', label: ['最后状态码', 'Last status'], width: 110 },
    lastError: { kind: 'text', label: ['最后错误', 'Last error'], width: 260 },
    lastAttemptAt: { kind: 'datetime', label: ['最后尝试', 'Last attempt'], width: 170 },
    nextAt: { kind: 'datetime', label: ['下次尝试', 'Next try'], width: 170 },
  },
  filters: {
    applicationId: { kind: 'record', label: ['应用', 'Application'] },
    occurredAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    state: { kind: 'enum', label: ['状态', 'Status'] },
    event: { kind: 'enum', label: ['事件', 'Event'] },
  },
  measures: {
    deliveries: { kind: 'integer', label: ['推送数', 'Deliveries'] },
    failed: { kind: 'integer', label: ['已放弃', 'Given up'] },
  },
  actions: {
    resend: {
      label: ['重新发送', 'Resend'],
      confirm: ['重新发送这条事件吗？接收方可按事件ID去重。', 'Send this event again? The receiver can de-duplicate it by its event id.'],
      done: ['已重新发送', 'Sent again'],
      path: '/v1/application/resendDelivery',
      access: APPLICATION_WRITE,
    },
  },
});
