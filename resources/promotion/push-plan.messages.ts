import { defineMessages } from '../messages/bilingual';

/**
 * Messages of push plans (server/modules/activities/push-plans: the plan's checks) and of the
 * send tab's hold and the Messages tab on their detail (src/views/promotion).
 */
export const pushPlanMessages = defineMessages({
  'pushPlan.nothingToSend': ['请选择推送渠道或设置赠礼', 'Choose a channel, a gift or both'],
  'pushPlan.contentRequired': ['请填写消息内容', 'Write the message'],
  'pushPlan.sendAtRequired': ['请选择发送时刻', 'Choose when to send'],
  'pushPlan.sendTimeRequired': ['请选择每次发送的时间', 'Choose the time of day to send'],
  'pushPlan.weekdaysRequired': ['请选择每周发送日', 'Choose the weekdays to send on'],
  'pushPlan.titleRequired': ['App 推送需要标题', 'An app notification needs a title'],
  'pushPlan.templateRequired': ['短信推送需要短信模板编号', 'An SMS needs its template code'],
  'pushPlan.wechatTemplateRequired': ['微信消息需要模板 ID', 'A WeChat message needs its template id'],
  'pushPlan.wechatDataRequired': ['请填写微信消息的关键词及内容', 'Fill in the WeChat message’s keywords and values'],
  'pushPlan.wechatValueTooLong': ['关键词 {key} 的内容最多 {max} 个字', 'The value of keyword {key} takes at most {max} characters'],
  'pushPlan.channelForbidden': ['没有“{channel}”推送计划的维护权限', 'You may not maintain push plans sent by {channel}'],
  'pushPlan.waitingUntil': [
    '等待至 {time} 后发送，期间可暂停或停止',
    'Waits until {time} before sending; it can be paused or stopped meanwhile',
  ],
  'pushPlan.scheduledHint': [
    '按计划的发送时间自动开始，每次发送冻结当时的客群成员；下方显示最近一次',
    'Starts by itself at the plan’s times, each run freezing the group’s members then; the latest run shows here',
  ],
  'pushPlan.messagesTab': ['推送明细', 'Messages'],
  'pushPlan.runsTab': ['执行记录', 'Runs'],
  'pushPlan.approvalExpired': ['该批次的审批时限已过，不再发送', 'This run’s time to be approved has passed; it will not be sent'],
  'pushPlan.awaitingApproval': [
    '本次赠礼（{kind} {amount}）超过审批阈值 {threshold}，须由计划创建人以外的人审批后才发送；{due} 前未审批则不再发送',
    'This run’s gift ({kind} {amount}) is above the approval threshold of {threshold}: it sends once someone other than the plan’s creator approves it, and is not sent unless approved before {due}',
  ],
  'pushPlan.approvedBy': ['{name} 于 {time} 审批', 'Approved by {name} at {time}'],
  'pushPlan.skipped.missed': [
    '计划时间 {time} 时服务未运行，且已超过补发时限，本次不再发送',
    'The service was not running at {time} and the catch-up window has passed: this run is not sent',
  ],
  'pushPlan.skipped.notApproved': [
    '本次赠礼超过审批阈值，{due} 前无人审批，本次不再发送',
    'This run’s gift was above the approval threshold and nobody approved it before {due}: it is not sent',
  ],
  'pushPlan.scheduled': [
    '定时推送计划按计划自动发送，不能手动开始',
    'A scheduled push plan sends on its schedule; it cannot be started by hand',
  ],
});
