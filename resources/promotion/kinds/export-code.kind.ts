import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { int } from './rule-reading';

/**
 * Coupon code export (导出券码发券, issue 28 item 1): on its audit the campaign generates a count
 * of random codes (unique per merchant, of the length asked for), which the merchant exports as a
 * file (the file centre) and hands out on paper, in a partner's shop, by message. A code becomes
 * a member's coupon of the rule's template when the app or a till binds it to the member, once
 * (server/modules/activities/codes/README.md); codes may be bound inside the campaign's window.
 */
export const exportCodeKind = defineActivityKind(
  {
    value: 'EXPORT_CODE_SEND_COUPON',
    family: 'THIRD_COUPON',
    trigger: 'codeBind',
    title: ['导出券码发券', 'Coupon code export'],
    screens: { add: 'export-code-send-coupon', edit: 'export-code-send-coupon', dtl: 'export-code-send-coupon-dtl' },
    parts: [],
    rule: {
      // Effective templates only: the activity's hook refuses any other (activity.couponTemplateNotEffective).
      codeTemplate: field.relation({
        label: ['券码兑换的券', 'Coupon a code gives'],
        resource: 'coupon-template',
        required: true,
        width: 160,
        pickable: { field: 'state', in: ['EFFECTIVE'] },
      }),
      codeCount: field.integer({
        label: ['券码数量', 'Codes generated'],
        help: ['审核时一次生成，生成后可导出', 'Generated at once on the audit, then exported'],
        required: true,
        defaultValue: 100,
        min: 1,
        max: 100_000,
        width: 110,
      }),
      codeLength: field.integer({
        label: ['券码长度', 'Code length'],
        help: ['6 到 32 位随机字母数字（不含易混淆的 0 O 1 I）', '6 to 32 random letters and digits (without the look-alikes 0 O 1 I)'],
        required: true,
        defaultValue: 12,
        min: 6,
        max: 32,
        width: 100,
      }),
    },
  },
  {
    read: (rule) => ({
      couponTemplateId: int(rule.codeTemplate),
      codeCount: int(rule.codeCount, 1),
      codeLength: int(rule.codeLength, 12),
    }),
  },
);
