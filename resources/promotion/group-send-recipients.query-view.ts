import type { PermissionRef } from '../catalog/types';
import { defineQueryView } from '../query-view';

/** Every channel's grants under 营销/推送计划 (the folder's sub-resources), either action: who reads push plans' sends and messages. */
export const PUSH_PLAN_READ: readonly PermissionRef[] = ['短信', '微信消息', '应用推送', '赠礼发放'].flatMap((sub) =>
  (['计划查看', '配置维护'] as const).map((action) => ({ resourceId: `营销/推送计划/${sub}`, action })),
);

/**
 * Who reads a send to a group: the read actions of a bulk coupon issue (营销/批量发券), of a
 * customer group gift (营销/精准营销) or of a push plan (营销/推送计划's channels); the source narrows the rows to the kinds the reader's grants open.
 */
const GROUP_SEND_READ: readonly PermissionRef[] = [
  { resourceId: '营销/批量发券', action: '活动查看' },
  { resourceId: '营销/批量发券', action: '配置维护' },
  { resourceId: '营销/精准营销', action: '活动查看' },
  { resourceId: '营销/精准营销', action: '配置维护' },
  // A push plan's: any channel's grant under 营销/推送计划.
  ...PUSH_PLAN_READ,
];

/**
 * The per-member result of a send to a group (a bulk coupon issue's, a customer group gift's: the
 * detail's tab, filtered on the activity): each member frozen when the send started, whether they
 * were given their gift (coupons, points) or skipped and why. No screen of its own. Its source:
 * server/modules/activities/group-send/group-send-recipients.source.ts.
 */
export const groupSendRecipientsView = defineQueryView({
  name: 'group-send-recipients',
  title: ['发送明细', 'Recipients'],
  route: { group: 'promotion', entry: 'group-coupon' },
  access: GROUP_SEND_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'servedAt',
  empty: ['还没有发送对象', 'No recipients yet'],
  keyColumns: ['memberNumber', 'result'],
  columns: {
    id: { kind: 'integer', label: ['序号', 'Row'], hidden: true },
    activityId: { kind: 'integer', label: ['活动ID', 'Activity id'], hidden: true },
    memberNumber: { kind: 'text', label: ['会员编号', 'Member number'], width: 150 },
    memberName: { kind: 'text', label: ['姓名', 'Name'], width: 120 },
    mobile: { kind: 'text', label: ['手机号', 'Mobile'], width: 130 },
    result: {
      kind: 'enum',
      label: ['结果', 'Result'],
      options: {
        PENDING: { label: ['待发送', 'Pending'], color: 'orange' },
        ISSUED: { label: ['已发放', 'Given'], color: 'green' },
        SKIPPED: { label: ['未发', 'Skipped'], color: 'red' },
      },
      width: 100,
    },
    reason: {
      kind: 'enum',
      label: ['未发原因', 'Why skipped'],
      nullable: true,
      options: {
        memberUnavailable: { label: ['会员已冻结或注销', 'Member frozen or closed'] },
        templateUnavailable: { label: ['券模板已停用或过期', 'Coupon template stopped or expired'] },
        soldOut: { label: ['券已发完', 'Coupons sold out'] },
        couponLimit: { label: ['超过每人领券上限', 'Member’s coupon limit reached'] },
        budget: { label: ['活动预算或次数限制已满', 'Activity budget or limit reached'] },
        stopped: { label: ['发送已停止', 'Send stopped'] },
        notApproved: { label: ['赠礼超过审批阈值，未获审批', 'Gift above the threshold, not approved in time'] },
        dayEnded: { label: ['计划当天已过，未再发送', 'Its scheduled day ended before sending'] },
        refused: { label: ['其他原因', 'Other refusal'] },
      },
      width: 190,
    },
    coupons: { kind: 'integer', label: ['发券张数', 'Coupons issued'], width: 100 },
    points: { kind: 'integer', label: ['赠送积分', 'Points given'], width: 100 },
    servedAt: { kind: 'datetime', label: ['处理时间', 'Served at'], width: 170 },
  },
  filters: {
    activityId: { kind: 'record', label: ['活动', 'Activity'] },
    servedAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
    result: { kind: 'enum', label: ['结果', 'Result'] },
    reason: { kind: 'enum', label: ['未发原因', 'Why skipped'] },
    keyword: { kind: 'keyword', label: ['会员', 'Member'], placeholder: ['手机号 / 会员编号 / 姓名', 'Mobile, member number or name'] },
  },
  measures: {
    recipients: { kind: 'integer', label: ['会员数', 'Members'] },
    issued: { kind: 'integer', label: ['已发放', 'Given'] },
    skipped: { kind: 'integer', label: ['未发', 'Skipped'] },
    coupons: { kind: 'integer', label: ['发券张数', 'Coupons'] },
    points: { kind: 'integer', label: ['赠送积分', 'Points'] },
  },
});
