import { defineResource, field } from '../define';

/** The largest money threshold, in yuan (the money fields' own largest amount). */
const MONEY_MAX = 99_999_999.99;

const moneyThreshold = (label: readonly [string, string], help: readonly [string, string]) =>
  field.money({ label: [label[0], label[1]], help: [help[0], help[1]], required: true, min: 0, max: MONEY_MAX, defaultValue: '10000.00' });

/**
 * The merchant's one approval rule for value (价值审批规则, a settings object, one per tenant;
 * issue 24 item 1): per kind of value, the amount above which a second person must approve it.
 *
 * - A document that creates value (its declaration's `creates`: opening balances, stored-value
 *   and card adjustments, card top-ups and sale bills beyond what is paid, points adjustments,
 *   batch grants of points, stored value and coupons, batch level changes by their upgrade
 *   incentives) above the threshold of its kind may not be audited by any of its value makers:
 *   its creator or anyone who changed an amount or a line (server/crud/value-approval.ts).
 * - A till call has no second person: a gift above the threshold of its kind is refused
 *   (stored-value recharge `giftAmount`, server/modules/stored-value; coupons issued directly,
 *   `POST /v1/coupons/issue`, server/modules/coupons/coupon-worth.ts).
 *
 * Read with the view grant of any value-creating document (makers see the rule they work under)
 * or of roles; saved only by who may configure roles (设置/角色 · configure,
 * server/modules/stored-value-docs/value-approval-setting.hooks.ts): whoever could lift the rule
 * for themselves can already grant themselves anything, so the rule adds a second person without
 * adding a new power. It has no screen of its own (the specification's screen list has none);
 * `GET/POST /v1/value-approval-setting/get|save`. It took over `adjustApprovalThreshold` of the
 * stored-value settings and `dualControlPoints` of the batch rule (migration carries saved values).
 */
export const valueApprovalSettingResource = defineResource({
  name: 'value-approval-setting',
  table: 'value_approval_settings',
  title: ['价值审批规则', 'Value approval rule'],
  route: { group: 'setting', entry: 'role', screens: {} },
  access: { read: ['view'], write: 'configure' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    storedValueThreshold: moneyThreshold(
      ['储值审批阈值（元）', 'Stored-value approval threshold (yuan)'],
      [
        '单据创建的会员储值（本金与赠送金，按绝对值合计）超过此值时，审核人不能是制单或改过金额的人；收银台单笔赠送金超过此值时拒绝。0 表示全部需他人审核',
        'Above this much member stored value created by a document (principal and gift, unsigned), its auditor may be no one who made or changed its amounts; a till gift above it is refused. 0: every document needs a second person',
      ],
    ),
    cardValueThreshold: moneyThreshold(
      ['预付卡审批阈值（元）', 'Card value approval threshold (yuan)'],
      [
        '单据创建的卡内余额（调整金额、充值赠送、售卡面值超出实收部分）超过此值时，审核人不能是制单或改过金额的人',
        'Above this much card value created by a document (adjustments, top-up gifts, face value beyond the amount paid), its auditor may be no one who made or changed its amounts',
      ],
    ),
    pointsThreshold: field.integer({
      label: ['积分审批阈值', 'Points approval threshold'],
      help: [
        '单据创建的积分（调整积分按绝对值合计，批量赠送为每人积分 × 会员数）超过此值时，审核人不能是制单或改过积分的人',
        'Above this many points created by a document (adjustments unsigned, batch grants points × members), its auditor may be no one who made or changed its points',
      ],
      required: true,
      min: 0,
      max: 1_000_000_000,
      defaultValue: 10_000,
    }),
    couponValueThreshold: moneyThreshold(
      ['优惠券审批阈值（元）', 'Coupon value approval threshold (yuan)'],
      [
        '发放的券可抵扣的金额（每张按面额、最高优惠或提货商品零售价计，不封顶的按不封顶，乘以张数和会员数）超过此值时，批量发券单的审核人不能是制单或改过它的人；直接发券超过此值时拒绝，须改用批量操作单',
        'Above this much coupon value granted (each coupon at its face value, largest discount or the retail price of its goods, an uncapped one as unbounded, times coupons and members), a batch grant may not be audited by anyone who made or changed it; a direct issue above it is refused and needs a batch document',
      ],
    ),
  },
  titleField: 'storedValueThreshold',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
