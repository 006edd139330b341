import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';

/** Points as cash (points-charge-setting): the ratio and the per-order limits of paying with points. */
export const pointsAsCashKind = defineActivityKind({
  value: 'POINTS_AS_CASH',
  family: 'SCORE_ACTIVITY',
  trigger: 'sale',
  title: ['积分抵现', 'Points as cash'],
  screens: { add: 'points-charge-setting', edit: 'points-charge-setting', dtl: 'points-charge-setting-dtl' },
  parts: ['schedule'],
  rule: {
    cashPointsPerYuan: field.integer({ label: ['每抵1元所需积分', 'Points per yuan'], required: true, min: 1, max: 100000, width: 120 }),
    cashMaxSharePercent: field.integer({
      label: ['最多抵订单金额(%)', 'Most of the order (%)'],
      required: true,
      min: 1,
      max: 100,
      defaultValue: 100,
      width: 120,
    }),
    cashMaxPointsPerOrder: field.integer({
      label: ['每单最多使用积分', 'Most points per order'],
      help: ['不填则不限', 'Empty: unlimited'],
      emptyMeans: ['不限', 'Unlimited'],
      min: 1,
      max: 100_000_000,
      inList: false,
    }),
    cashMinOrderAmount: field.money({
      label: ['订单满金额可用(元)', 'Usable from order amount (yuan)'],
      required: true,
      min: 0,
      max: 99999999,
      defaultValue: 0,
      inList: false,
    }),
  },
});
