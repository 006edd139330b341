import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { int } from './rule-reading';

/**
 * The customer group a send serves, one declaration every kind a person sends to a group shares
 * (`trigger: 'groupSend'`: this kind and USER_GROUP_GIFT), so the send run reads it by one name.
 */
export const groupSendGroup = field.relation({
  label: ['发送客群', 'Customer group'],
  help: ['开始发送时冻结客群成员，此后加入的会员不发', 'Its members are frozen when the send starts; members who join later get nothing'],
  resource: 'customer-group',
  required: true,
  width: 160,
});

/**
 * Bulk coupon issuing (批量发券, issue 28 item 3): the same set of coupons (a count of one
 * template) sent to every member of a customer group. Nothing fires it: once audited, a person
 * starts a send run inside its window, which freezes the group's members as its recipients and
 * serves each once in the background (server/modules/activities/group-send/README.md).
 */
export const groupCouponKind = defineActivityKind(
  {
    value: 'GROUP_COUPON',
    family: 'GROUP_COUPON',
    trigger: 'groupSend',
    title: ['批量发券', 'Bulk coupon issue'],
    screens: { list: 'group-coupon', add: 'group-send-coupon', edit: 'group-send-coupon', dtl: 'group-send-coupon-dtl' },
    parts: [],
    rule: {
      groupSendGroup,
      // Effective templates only: the activity's hook refuses any other (activity.couponTemplateNotEffective).
      groupSendTemplate: field.relation({
        label: ['发送券', 'Coupon sent'],
        resource: 'coupon-template',
        required: true,
        width: 160,
        pickable: { field: 'state', in: ['EFFECTIVE'] },
      }),
      groupSendCount: field.integer({
        label: ['每人张数', 'Coupons per member'],
        required: true,
        defaultValue: 1,
        min: 1,
        max: 100,
        width: 110,
      }),
    },
  },
  {
    read: (rule) => ({
      groupId: int(rule.groupSendGroup),
      couponTemplateId: int(rule.groupSendTemplate),
      couponCount: int(rule.groupSendCount),
    }),
  },
);
