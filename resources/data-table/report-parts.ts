import type { QueryDimension, QueryFilter, QueryMeasure } from '../query-view';

/**
 * What several reports of /data-table declare alike, declared once: the filters of a ledger's
 * entries (dates, store, area, kind), the grouped totals a ledger report offers (store, day,
 * kind), and the figures of the value ledger (members' stored value and cards alike) that take
 * value out or give it back.
 */

/** The filters of a report over a ledger's entries: its dates, store, the store's area, the entry's kind. */
export const LEDGER_FILTERS = {
  occurredAt: { kind: 'dateRange', label: ['日期', 'Dates'] },
  storeId: { kind: 'store', label: ['门店', 'Store'] },
  areaId: { kind: 'area', label: ['区域', 'Area'] },
  kind: { kind: 'enum', label: ['类型', 'Kind'] },
} as const satisfies Record<string, QueryFilter>;

/** The grouped totals a report over a ledger's entries may show: by store, by day, by kind. */
export const LEDGER_DIMENSIONS = {
  storeId: { kind: 'store', label: ['按门店', 'By store'] },
  day: { kind: 'day', label: ['按日', 'By day'] },
  kind: { kind: 'enum', label: ['按类型', 'By kind'] },
} as const satisfies Record<string, QueryDimension>;

/**
 * The value ledger's payments, refunds and adjustments, each its own figure: a refund gives value
 * back and an adjustment is never spending.
 */
export const VALUE_MOVES = {
  spent: {
    kind: 'money',
    label: ['消费', 'Spent'],
    help: [
      '支付流水之和（正数）；退款、调整不计入',
      'Sum of the payment entries, as a positive amount; refunds and adjustments are not spending',
    ],
  },
  refunded: {
    kind: 'money',
    label: ['退款', 'Refunded'],
    help: ['退款流水之和：退回余额的金额', 'Sum of the refund entries: value given back to the balances'],
  },
  adjusted: {
    kind: 'money',
    label: ['调整', 'Adjusted'],
    help: ['调整流水的净额（调增为正、调减为负）', 'Net of the adjustment entries (additions positive, deductions negative)'],
  },
} as const satisfies Record<string, QueryMeasure>;
