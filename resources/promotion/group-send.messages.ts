import { defineMessages } from '../messages/bilingual';

/**
 * Messages of bulk coupon issues' send runs (server/modules/activities/group-send) and of the
 * send tab on their detail (src/views/promotion/group-send-tab.tsx).
 */
export const groupSendMessages = defineMessages({
  'groupSend.activityNotFound': ['客群发送活动不存在（ID {id}）', 'No activity sent to a group with id {id}'],
  'groupSend.runNotFound': ['发送批次不存在（ID {id}）', 'No send run with id {id}'],
  'groupSend.notProcessing': [
    '活动须已审核且在活动时间内才能开始发送',
    'The activity must be audited and inside its time window to start sending',
  ],
  'groupSend.alreadyStarted': ['该活动已开始过发送，每个活动只发送一次', 'This activity has been sent already; each activity sends once'],
  'groupSend.groupMissing': ['发送的客群已不存在', 'The customer group no longer exists'],
  'groupSend.cannot.pause': ['只有发送中的批次可以暂停', 'Only a running send can be paused'],
  'groupSend.cannot.resume': ['只有已暂停或失败的批次可以继续', 'Only a paused or failed send can be resumed'],
  'groupSend.cannot.stop': ['该批次已结束，不能停止', 'This send has ended and cannot be stopped'],
  'groupSend.cannot.approve': ['只有待审批的批次可以审批', 'Only a run awaiting approval can be approved'],
  'groupSend.tab': ['发送', 'Sending'],
  'groupSend.notStarted': ['尚未开始发送', 'Not sent yet'],
  'groupSend.notStartedHint': [
    '开始发送时冻结客群当前成员，之后加入客群的会员不会收到',
    'Starting freezes the group’s current members; members who join later get nothing',
  ],
  'groupSend.start': ['开始发送', 'Start sending'],
  'groupSend.startConfirm': ['开始向客群发放吗？每个活动只能发送一次。', 'Start sending to the group? Each activity sends once.'],
  'groupSend.pause': ['暂停', 'Pause'],
  'groupSend.resume': ['继续', 'Resume'],
  'groupSend.stop': ['停止', 'Stop'],
  'groupSend.stopConfirm': [
    '停止后未发送的会员将不再发送，不能恢复。确定停止吗？',
    'Members not yet served will get nothing, and this cannot be undone. Stop?',
  ],
  'groupSend.state.RUNNING': ['发送中', 'Sending'],
  'groupSend.state.PAUSED': ['已暂停', 'Paused'],
  'groupSend.state.STOPPED': ['已停止', 'Stopped'],
  'groupSend.state.DONE': ['已完成', 'Done'],
  'groupSend.state.FAILED': ['失败（可继续）', 'Failed (can resume)'],
  'groupSend.state.AWAITING_APPROVAL': ['待审批', 'Awaiting approval'],
  'groupSend.state.SKIPPED': ['未发送', 'Not sent'],
  'groupSend.progress': ['发送进度', 'Sending progress'],
  'groupSend.members': ['冻结会员数', 'Members frozen'],
  'groupSend.issued': ['已发放', 'Given'],
  'groupSend.skipped': ['未发（跳过）', 'Skipped'],
  'groupSend.pending': ['待发送', 'Pending'],
  'groupSend.startedAt': ['开始时间', 'Started'],
  'groupSend.finishedAt': ['结束时间', 'Finished'],
});
