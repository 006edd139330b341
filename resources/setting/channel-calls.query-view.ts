import type { PermissionRef } from '../catalog/types';
import { defineQueryView } from '../query-view';

/** The outside channels the gateway calls (server/modules/channels), as the call log names them. */
export const CHANNELS = ['wechat', 'alipay', 'meituan', 'sms', 'push'] as const;
export type ChannelName = (typeof CHANNELS)[number];

/**
 * How a call ended: answered, refused by the platform (or unreachable), refused here before it
 * left (a rule such as quiet hours), or never sent because the channel has no credentials.
 */
export const CALL_OUTCOMES = ['OK', 'FAILED', 'REFUSED', 'NOT_CONNECTED'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** Who reads the gateway's calls and health: the channel gateway's entry of Settings. */
export const CHANNEL_GATEWAY_READ: readonly PermissionRef[] = [
  { resourceId: '设置/渠道接入', action: 'view' },
  { resourceId: '设置/渠道接入', action: 'configure' },
];

/**
 * Every call made through the channel gateway, or that a channel without credentials would have
 * made (渠道调用记录, issue 27 §1): when, which merchant user asked, the channel and operation,
 * how it ended with the platform's error code, and how long it took; newest first. What was
 * sent and answered is kept in the row (`channel_calls.request`, `response`) but not served yet.
 * Its source: server/modules/channels/channel-calls.source.ts.
 */
export const channelCallsView = defineQueryView({
  name: 'channel-calls',
  title: ['渠道调用记录', 'Channel calls'],
  route: { group: 'setting', entry: 'channel', screen: 'channel-calls' },
  access: CHANNEL_GATEWAY_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'calledAt',
  empty: ['还没有渠道调用', 'No channel calls yet'],
  columns: {
    id: { kind: 'integer', label: ['序号', 'Call'], hidden: true },
    calledAt: { kind: 'datetime', label: ['时间', 'Time'], width: 170 },
    channel: {
      kind: 'enum',
      label: ['渠道', 'Channel'],
      width: 100,
      options: {
        wechat: { label: ['微信', 'WeChat'] },
        alipay: { label: ['支付宝', 'Alipay'] },
        meituan: { label: ['美团', 'Meituan'] },
        sms: { label: ['短信', 'SMS'] },
        push: { label: ['应用推送', 'App push'] },
      },
    },
    operation: { kind: 'text', label: ['操作', 'Operation'], width: 220 },
    outcome: {
      kind: 'enum',
      label: ['结果', 'Outcome'],
      width: 110,
      options: {
        OK: { label: ['成功', 'Succeeded'], color: 'green' },
        FAILED: { label: ['失败', 'Failed'], color: 'red' },
        REFUSED: { label: ['已拦截', 'Held back'], color: 'orange' },
        NOT_CONNECTED: { label: ['未接入(未发送)', 'Not connected (not sent)'], color: 'default' },
      },
    },
    errorCode: { kind: 'text', label: ['错误码', 'Error code'], width: 160 },
    errorMessage: { kind: 'text', label: ['错误信息', 'Error message'], width: 220 },
    userName: { kind: 'text', label: ['操作人', 'By'], width: 120 },
    durationMs: { kind: 'integer', label: ['耗时(毫秒)', 'Time taken (ms)'], width: 120 },
  },
  filters: {
    calledAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    channel: { kind: 'enum', label: ['渠道', 'Channel'] },
    outcome: { kind: 'enum', label: ['结果', 'Outcome'] },
    operation: { kind: 'keyword', label: ['操作', 'Operation'], placeholder: ['操作或错误码', 'Operation or error code'] },
  },
  measures: {
    calls: { kind: 'integer', label: ['调用次数', 'Calls'] },
    failed: {
      kind: 'integer',
      label: ['失败次数', 'Failed'],
      help: ['平台拒绝或无法连通的调用', 'Calls the platform refused or that could not reach it'],
    },
  },
  dimensions: { channel: { kind: 'enum', label: ['渠道', 'Channel'] }, day: { kind: 'day', label: ['日期', 'Day'] } },
});
