import { GROUP_SEND_RUN_STATES, type GroupSendRunState } from '../contract/group-send.types';
import { defineQueryView } from '../query-view';
import { PUSH_PLAN_READ } from './group-send-recipients.query-view';
import { groupSendMessages } from './group-send.messages';

const STATE_COLORS: Readonly<Record<GroupSendRunState, string>> = {
  AWAITING_APPROVAL: 'orange',
  RUNNING: 'blue',
  PAUSED: 'gold',
  DONE: 'green',
  STOPPED: 'red',
  FAILED: 'red',
  SKIPPED: 'default',
};
/** The run's states as the Sending tab names them (`groupSend.state.*`). */
const STATES = Object.fromEntries(
  GROUP_SEND_RUN_STATES.map((state) => [state, { label: groupSendMessages[`groupSend.state.${state}`], color: STATE_COLORS[state] }]),
);

/**
 * A push plan's runs (the detail's Runs tab, filtered on the plan): one row per time its schedule
 * named (or the run a person started), with its state, why it waits or was not sent (its gift
 * above the value threshold, awaiting a second person; missed while the service was down past
 * the catch-up window; not approved in time), its figures and who approved it. A run awaiting
 * approval carries the Approve action, for those maintaining 赠礼发放 (the route checks again and
 * refuses the plan's creator). Its source:
 * server/modules/activities/push-plans/push-plan-runs.source.ts.
 */
export const pushPlanRunsView = defineQueryView({
  name: 'push-plan-runs',
  title: ['执行记录', 'Runs'],
  route: { group: 'promotion', entry: 'push-plan' },
  access: PUSH_PLAN_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'startedAt',
  empty: ['还没有执行记录', 'No runs yet'],
  keyColumns: ['scheduledAt', 'state'],
  columns: {
    id: { kind: 'integer', label: ['批次', 'Run'], width: 80 },
    activityId: { kind: 'integer', label: ['计划ID', 'Plan id'], hidden: true },
    scheduledAt: { kind: 'datetime', label: ['计划时间', 'Scheduled for'], width: 170 },
    state: {
      kind: 'enum',
      label: ['状态', 'State'],
      options: STATES,
      width: 110,
    },
    reason: {
      kind: 'enum',
      label: ['原因', 'Why'],
      nullable: true,
      options: {
        aboveThreshold: { label: ['赠礼超过审批阈值，待他人审批', 'Gift above the approval threshold: awaits a second person'] },
        missed: { label: ['服务未运行，已超过补发时限', 'Service down past the catch-up window'] },
        notApproved: { label: ['未在时限内审批', 'Not approved in time'] },
      },
      width: 220,
    },
    dueUntil: { kind: 'datetime', label: ['最晚发送/审批时间', 'Send or approve by'], width: 170 },
    memberCount: { kind: 'integer', label: ['冻结会员数', 'Members frozen'], width: 110 },
    issued: { kind: 'integer', label: ['已发放', 'Given'], width: 90 },
    skipped: { kind: 'integer', label: ['未发（跳过）', 'Skipped'], width: 100 },
    approvedBy: { kind: 'text', label: ['审批人', 'Approved by'], width: 110 },
    startedAt: { kind: 'datetime', label: ['开始时间', 'Started'], width: 170 },
    finishedAt: { kind: 'datetime', label: ['结束时间', 'Finished'], width: 170 },
  },
  filters: {
    activityId: { kind: 'record', label: ['推送计划', 'Push plan'] },
    startedAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    state: { kind: 'enum', label: ['状态', 'State'] },
    reason: { kind: 'enum', label: ['原因', 'Why'] },
  },
  measures: {
    runs: { kind: 'integer', label: ['批次数', 'Runs'] },
    members: { kind: 'integer', label: ['冻结会员数', 'Members frozen'] },
  },
  actions: {
    approve: {
      label: ['审批并发送', 'Approve and send'],
      confirm: [
        '审批后本次推送及赠礼即发送（或在等待时间后）。确定审批吗？',
        'Once approved, this run and its gift are sent (after its wait). Approve?',
      ],
      done: ['已审批', 'Approved'],
      path: '/v1/group-send/approve',
      access: [{ resourceId: '营销/推送计划/赠礼发放', action: '配置维护' }],
      when: { column: 'state', values: ['AWAITING_APPROVAL'] },
    },
  },
});
