import type { Bilingual } from '../messages/bilingual';
import type { PushSuppression } from '../contract/push-plan.types';
import { defineQueryView } from '../query-view';
import { PUSH_CHANNELS } from './kinds/push-plan.kind';
import { PUSH_PLAN_READ } from './group-send-recipients.query-view';

const SUPPRESSION_LABELS: Readonly<Record<PushSuppression, { label: Bilingual }>> = {
  frequencyCap: { label: ['超过触达频次', 'Frequency cap reached'] },
  quietHours: { label: ['免打扰时段', 'Quiet hours'] },
  noConsent: { label: ['会员已拒收', 'Member opted out'] },
  duplicateMobile: { label: ['手机号重复', 'Duplicate mobile'] },
  notConnected: { label: ['渠道未接入', 'Channel not connected'] },
  noAddress: { label: ['无手机号', 'No mobile'] },
  noWechatIdentity: { label: ['无微信身份', 'No WeChat identity'] },
  memberUnavailable: { label: ['会员已冻结或注销', 'Member frozen or closed'] },
  stopped: { label: ['发送已停止', 'Send stopped'] },
  dayEnded: { label: ['计划当天已过，未再发送', 'Its scheduled day ended before sending'] },
};

/**
 * A push plan's per-member report (the detail's Messages tab, filtered on the plan): one row per
 * run, member and channel, sent or not and why, with the platform's refusal and the gateway's
 * call. Filters by result, reason, channel and member; exported as any query view. Its source:
 * server/modules/activities/push-plans/push-deliveries.source.ts.
 */
export const pushDeliveriesView = defineQueryView({
  name: 'push-deliveries',
  title: ['推送明细', 'Messages'],
  route: { group: 'promotion', entry: 'push-plan' },
  access: PUSH_PLAN_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'createdAt',
  empty: ['还没有推送记录', 'No messages yet'],
  keyColumns: ['memberNumber', 'result'],
  columns: {
    id: { kind: 'integer', label: ['序号', 'Row'], hidden: true },
    activityId: { kind: 'integer', label: ['计划ID', 'Plan id'], hidden: true },
    runId: { kind: 'integer', label: ['批次', 'Run'], width: 80 },
    memberNumber: { kind: 'text', label: ['会员编号', 'Member number'], width: 150 },
    memberName: { kind: 'text', label: ['姓名', 'Name'], width: 120 },
    mobile: { kind: 'text', label: ['手机号', 'Mobile'], width: 130 },
    channel: { kind: 'enum', label: ['渠道', 'Channel'], options: PUSH_CHANNELS, width: 100 },
    result: {
      kind: 'enum',
      label: ['结果', 'Result'],
      options: {
        SENDING: { label: ['发送中', 'Sending'], color: 'orange' },
        SENT: { label: ['已发送', 'Sent'], color: 'green' },
        SUPPRESSED: { label: ['未发送', 'Suppressed'], color: 'default' },
        FAILED: { label: ['发送失败', 'Failed'], color: 'red' },
      },
      width: 100,
    },
    reason: { kind: 'enum', label: ['未发原因', 'Why not sent'], nullable: true, options: SUPPRESSION_LABELS, width: 160 },
    errorCode: { kind: 'text', label: ['平台错误码', 'Platform error'], width: 120 },
    callId: { kind: 'integer', label: ['调用记录', 'Gateway call'], width: 100 },
    createdAt: { kind: 'datetime', label: ['处理时间', 'Processed at'], width: 170 },
  },
  filters: {
    activityId: { kind: 'record', label: ['推送计划', 'Push plan'] },
    createdAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    channel: { kind: 'enum', label: ['渠道', 'Channel'] },
    result: { kind: 'enum', label: ['结果', 'Result'] },
    reason: { kind: 'enum', label: ['未发原因', 'Why not sent'] },
    keyword: { kind: 'keyword', label: ['会员', 'Member'], placeholder: ['手机号 / 会员编号 / 姓名', 'Mobile, member number or name'] },
  },
  measures: {
    messages: { kind: 'integer', label: ['消息数', 'Messages'] },
    members: { kind: 'integer', label: ['会员数', 'Members'], additive: false },
    sent: { kind: 'integer', label: ['已发送', 'Sent'] },
    suppressed: { kind: 'integer', label: ['未发送', 'Suppressed'] },
    failed: { kind: 'integer', label: ['发送失败', 'Failed'] },
  },
});
