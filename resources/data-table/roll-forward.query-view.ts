import { prepayCardResource } from '../deposit/prepay-card.resource';
import { defineQueryView, type QueryMeasure } from '../query-view';
import { LEDGER_FILTERS } from './report-parts';
import { reportEntry } from './report-entry';

/**
 * The liability roll-forwards (beyond the specification, issue 26 item 3): what the merchant owes
 * its members, per book, store and month, as finance reads it: opening + issued − redeemed −
 * expired ± adjusted = closing, with what expires in the next 30 / 60 / 90 days. Two reports, one
 * per unit, declared once here: 积分负债滚动表 (points-roll-forward, in points) and 储值与卡负债滚动表
 * (value-roll-forward, in yuan: members' stored value and each card type). A row is one book at
 * one store (the entries' store; "no store" for online entries) in one month of the merchant's
 * zone, from the book's first entry there to the current month, so a dormant balance still shows.
 * Opening and closing are each group's own (the first and the last month of each book and store
 * it covers), so a range of months opens with its first month and closes with its last.
 * Source SQL: server/modules/ledger/roll-forward.source.ts.
 */

/** The books of the value roll-forward: members' stored value, then each card type (the card's own codes). */
const VALUE_BOOKS = {
  STORED_VALUE: { label: ['会员储值', 'Stored value'], color: 'blue' },
  ...prepayCardResource.fields.cardType.options,
} as const;

/** The books of the points roll-forward: the points ledger alone. */
const POINTS_BOOKS = { POINTS: { label: ['积分', 'Points'], color: 'gold' } } as const;

/** The figures of a roll-forward, in its unit, each with its one-line definition. */
function rollForwardMeasures(args: {
  kind: 'integer' | 'money';
  issued: readonly [string, string];
  redeemed: readonly [string, string];
  adjusted: readonly [string, string];
}) {
  const { kind } = args;
  const expiring = (days: number): QueryMeasure => ({
    kind,
    label: [`${days}天内到期`, `Expiring in ${days} days`],
    help: [
      `当月行：今天起 ${days} 天内到期的余额（积分或赠送金批次的剩余）；以往月份为 0`,
      `Current month’s rows: what of today’s balances (the remaining of points or gift lots) expires within ${days} days; 0 for past months`,
    ],
  });
  return {
    opening: {
      kind,
      label: ['期初余额', 'Opening'],
      help: [
        '各账本、门店所覆盖首月月初的余额（此前全部流水之和）',
        'Balance at the start of the first month covered (sum of every entry before it), per book and store',
      ],
      additive: false,
    },
    issued: { kind, label: ['发放', 'Issued'], help: args.issued },
    redeemed: { kind, label: ['使用', 'Redeemed'], help: args.redeemed },
    expired: { kind, label: ['过期', 'Expired'], help: ['过期流水之和（正数）', 'Sum of the expiry entries, as a positive figure'] },
    adjusted: { kind, label: ['调整', 'Adjusted'], help: args.adjusted },
    closing: {
      kind,
      label: ['期末余额', 'Closing'],
      help: [
        '期初 + 发放 − 使用 − 过期 ± 调整：所覆盖末月月底的余额（至月底全部流水之和）',
        'Opening + issued − redeemed − expired ± adjusted: the balance at the end of the last month covered (sum of every entry up to it)',
      ],
      additive: false,
    },
    expiring30: expiring(30),
    expiring60: expiring(60),
    expiring90: expiring(90),
  } as const satisfies Record<string, QueryMeasure>;
}

function rollForward<const N extends string, const B extends Record<string, { label: readonly [string, string]; color: string }>>(args: {
  name: N;
  books: B;
  measures: ReturnType<typeof rollForwardMeasures>;
}) {
  return defineQueryView({
    name: args.name,
    ...reportEntry(args.name),
    // (month number × 10 + book) × 10⁹ + store: one key per book, store and month.
    key: 'id',
    time: 'monthStart',
    empty: ['所选期间没有余额变动', 'No balances in the chosen period'],
    columns: {
      id: { kind: 'integer', label: ['行号', 'Row'], hidden: true },
      monthStart: { kind: 'datetime', label: ['月初', 'Month start'], hidden: true },
      month: { kind: 'integer', label: ['月份', 'Month'], hidden: true },
      monthLabel: { kind: 'text', label: ['月份', 'Month'], width: 90 },
      book: { kind: 'enum', label: ['账本', 'Book'], options: args.books, width: 130 },
      storeId: { kind: 'integer', label: ['门店ID', 'Store id'], hidden: true },
      storeName: { kind: 'text', label: ['门店', 'Store'], width: 150 },
      opening: { kind: args.measures.opening.kind, label: args.measures.opening.label, width: 120 },
      issued: { kind: args.measures.issued.kind, label: args.measures.issued.label, width: 110 },
      redeemed: { kind: args.measures.redeemed.kind, label: args.measures.redeemed.label, width: 110 },
      expired: { kind: args.measures.expired.kind, label: args.measures.expired.label, width: 100 },
      adjusted: { kind: args.measures.adjusted.kind, label: args.measures.adjusted.label, width: 100, signed: true },
      closing: { kind: args.measures.closing.kind, label: args.measures.closing.label, width: 120 },
    },
    keyColumns: ['monthLabel', 'closing'],
    filters: {
      monthStart: { kind: 'dateRange', label: ['月份（月初在内）', 'Months (their first day within)'] },
      storeId: LEDGER_FILTERS.storeId,
      areaId: LEDGER_FILTERS.areaId,
      book: { kind: 'enum', label: ['账本', 'Book'] },
      month: { kind: 'record', label: ['月份', 'Month'], heading: ['{member} 的负债', 'Liability of {member}'], named: ['monthLabel'] },
    },
    measures: args.measures,
    dimensions: {
      month: { kind: 'record', label: ['按月', 'By month'] },
      book: { kind: 'enum', label: ['按账本', 'By book'] },
      storeId: { kind: 'store', label: ['按门店', 'By store'] },
    },
    groups: ['month', 'book', 'storeId'],
    chart: {
      trend: ['closing', 'issued', 'redeemed'],
      share: { dimension: 'book', measure: 'closing' },
      compare: ['issued', 'redeemed', 'expired', 'closing'],
    },
  });
}

/** 积分负债滚动表: the points ledger, in points. */
export const pointsRollForwardView = rollForward({
  name: 'points-roll-forward',
  books: POINTS_BOOKS,
  measures: rollForwardMeasures({
    kind: 'integer',
    issued: ['获得流水之和（消费、活动、发放）', 'Sum of the earning entries (sales, activities, grants)'],
    redeemed: ['使用流水之和（正数，兑换、抵现）', 'Sum of the spending entries, as a positive figure (exchanges, points as cash)'],
    adjusted: [
      '调整与退货冲回流水的净额（增为正、减为负）',
      'Net of the adjustment and return reversal entries (additions positive, deductions negative)',
    ],
  }),
});

/** 储值与卡负债滚动表: members' stored value and each card type, in yuan. */
export const valueRollForwardView = rollForward({
  name: 'value-roll-forward',
  books: VALUE_BOOKS,
  measures: rollForwardMeasures({
    kind: 'money',
    issued: [
      '充值、售卡、卡充值与初始化流水之和（本金 + 赠送）',
      'Sum of the recharge, card sale, card top-up and opening-balance entries (principal + gift)',
    ],
    redeemed: [
      '支付流水之和减去退款（正数）；退款不算消费',
      'Sum of the payment entries less their refunds, as a positive figure; a refund is not spending',
    ],
    adjusted: [
      '调整与作废流水的净额（增为正、减为负）',
      'Net of the adjustment and void entries (additions positive, deductions negative)',
    ],
  }),
});

/** Both roll-forwards (their source: server/modules/ledger/roll-forward.source.ts). */
export const ROLL_FORWARDS = [pointsRollForwardView, valueRollForwardView];

/** Either roll-forward's view. */
export type RollForwardView = (typeof ROLL_FORWARDS)[number];
