import { defineQueryView } from '../query-view';
import { THIRD_COUPON_READ } from './third-party-issues.query-view';

/**
 * The codes of a coupon code export campaign (EXPORT_CODE_SEND_COUPON, the detail's tab, filtered
 * on the activity): each code generated, whether it is bound and to whom, and whether the coupon
 * it became is redeemed. The totals row counts generated / bound / redeemed; the export (file
 * centre, a job with progress) is the file of codes the merchant hands out. Its source:
 * server/modules/activities/codes/coupon-codes.source.ts.
 */
export const couponCodesView = defineQueryView({
  name: 'coupon-codes',
  title: ['券码', 'Coupon codes'],
  route: { group: 'promotion', entry: 'third-coupon' },
  access: THIRD_COUPON_READ,
  fileModule: 'reports',
  key: 'id',
  empty: ['活动审核后生成券码', 'The codes are generated when the campaign is audited'],
  keyColumns: ['code', 'state'],
  columns: {
    id: { kind: 'integer', label: ['序号', 'Row'], hidden: true },
    activityId: { kind: 'integer', label: ['活动ID', 'Activity id'], hidden: true },
    code: { kind: 'text', label: ['券码', 'Code'], width: 260 },
    state: {
      kind: 'enum',
      label: ['状态', 'State'],
      options: {
        UNBOUND: { label: ['未绑定', 'Not bound'], color: 'default' },
        BOUND: { label: ['已绑定', 'Bound'], color: 'blue' },
        USED: { label: ['已核销', 'Redeemed'], color: 'green' },
      },
      width: 100,
    },
    memberNumber: { kind: 'text', label: ['会员编号', 'Member number'], width: 150, nullable: true },
    memberName: { kind: 'text', label: ['姓名', 'Name'], width: 120, nullable: true },
    couponCode: { kind: 'text', label: ['券号', 'Coupon number'], width: 200, nullable: true },
    boundAt: { kind: 'datetime', label: ['绑定时间', 'Bound at'], width: 170, nullable: true },
  },
  filters: {
    activityId: { kind: 'record', label: ['导出券码发券', 'Coupon code export'] },
    state: { kind: 'enum', label: ['状态', 'State'] },
    keyword: {
      kind: 'keyword',
      label: ['券码或会员', 'Code or member'],
      placeholder: ['券码 / 手机号 / 会员编号', 'Code, mobile or member number'],
    },
  },
  measures: {
    generated: { kind: 'integer', label: ['已生成', 'Generated'] },
    bound: { kind: 'integer', label: ['已绑定', 'Bound'] },
    redeemed: { kind: 'integer', label: ['已核销', 'Redeemed'] },
  },
});
