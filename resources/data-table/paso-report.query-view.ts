import { productResource } from '../datum/product.resource';
import { defineQueryView, type QueryChart } from '../query-view';
import { LEDGER_DIMENSIONS, LEDGER_FILTERS } from './report-parts';
import { reportEntry } from './report-entry';

/**
 * The two fuel (paso) reports of /data-table: 油品销售报表 (paso-report: the fuel sold line by
 * line, by grade, station and day) and 油品销售看板 (paso-report-view: the same figures by grade
 * and station, drawn against the previous period and the same period last year). A row is one
 * line of a sale the till sent (members' and walk-in customers' alike) whose product has a fuel
 * grade (datum/product `fuelType`); its litres are the line's quantity. The member share counts
 * the litres and the sales of members among all; points are the sale's points shared over its
 * lines by amount. Both declared once here, differing only by their groups and chart. Source SQL:
 * server/modules/sale/paso-report.source.ts.
 */

/** Who bought: a member or a walk-in customer (a sale sent without a member). */
const BUYER_OPTIONS = {
  MEMBER: { label: ['会员', 'Member'], color: 'blue' },
  WALK_IN: { label: ['非会员', 'Walk-in'], color: 'default' },
} as const;

function pasoReport<const N extends string>(args: { name: N; groups: readonly ('grade' | 'storeId' | 'day')[]; chart: QueryChart }) {
  return defineQueryView({
    name: args.name,
    ...reportEntry(args.name),
    // The sale's id × 1000 + the line's position (a sale has at most 500 lines): one key per line.
    key: 'id',
    time: 'occurredAt',
    empty: ['所选期间没有油品销售', 'No fuel sold in the chosen period'],
    columns: {
      id: { kind: 'integer', label: ['行号', 'Line'], hidden: true },
      occurredAt: { kind: 'datetime', label: ['交易时间', 'Time'], width: 170 },
      orderNo: { kind: 'text', label: ['订单号', 'Order number'], width: 170 },
      storeId: { kind: 'integer', label: ['油站ID', 'Station id'], hidden: true },
      storeName: { kind: 'text', label: ['油站', 'Station'], width: 150 },
      grade: { kind: 'enum', label: ['油品', 'Grade'], options: productResource.fields.fuelType.options, width: 110 },
      goodsName: { kind: 'text', label: ['商品', 'Product'], width: 140 },
      buyer: { kind: 'enum', label: ['客户', 'Customer'], options: BUYER_OPTIONS, width: 90 },
      memberNumber: { kind: 'text', label: ['会员卡号', 'Member number'], width: 150 },
      litres: { kind: 'quantity', label: ['升数', 'Litres'], width: 100 },
      amount: { kind: 'money', label: ['金额', 'Amount'], width: 110 },
      discount: { kind: 'money', label: ['优惠', 'Discount'], width: 100 },
    },
    filters: {
      occurredAt: LEDGER_FILTERS.occurredAt,
      storeId: { kind: 'store', label: ['油站', 'Station'] },
      areaId: LEDGER_FILTERS.areaId,
      grade: { kind: 'enum', label: ['油品', 'Grade'] },
      buyer: { kind: 'enum', label: ['客户', 'Customer'] },
    },
    measures: {
      litres: {
        kind: 'quantity',
        label: ['升数', 'Litres'],
        help: ['期间内售出油品的升数（销售行数量之和）', 'Litres of fuel sold in the period (the quantities of the fuel lines)'],
      },
      amount: {
        kind: 'money',
        label: ['销售金额', 'Sales amount'],
        help: ['油品销售行的金额之和（优惠后）', 'Amount of the fuel lines (after discounts)'],
      },
      returned: {
        kind: 'money',
        label: ['退货金额', 'Returned'],
        help: [
          '这些交易至今的退货按金额分摊到油品行（计在原交易当日，不计入销售金额）',
          'What was returned of these sales so far, shared over their lines by amount (on the sale’s day; not deducted from the amount)',
        ],
      },
      transactions: {
        kind: 'integer',
        label: ['交易笔数', 'Transactions'],
        help: ['含油品的交易笔数（同一交易只计一次）', 'Sales with fuel (each counted once)'],
        additive: false,
      },
      memberLitres: {
        kind: 'quantity',
        label: ['会员升数', 'Member litres'],
        help: ['会员交易售出的升数', 'Litres sold in members’ sales'],
      },
      memberLitresShare: {
        kind: 'percent',
        label: ['会员升数占比', 'Member share of litres'],
        help: ['会员升数 ÷ 升数', 'Member litres ÷ litres'],
        additive: false,
      },
      memberTransactionsShare: {
        kind: 'percent',
        label: ['会员交易占比', 'Member share of transactions'],
        help: ['会员的含油品交易笔数 ÷ 交易笔数', 'Members’ sales with fuel ÷ transactions'],
        additive: false,
      },
      pointsPerLitre: {
        kind: 'quantity',
        label: ['每升积分', 'Points per litre'],
        help: [
          '会员交易的积分按金额分摊到油品行（保留两位小数）之和 ÷ 会员升数',
          'Points of the members’ sales shared over their fuel lines by amount (to 2 decimals) ÷ member litres',
        ],
        additive: false,
      },
      discount: {
        kind: 'money',
        label: ['优惠金额', 'Discount'],
        help: ['油品销售行的优惠之和', 'Discounts of the fuel lines'],
      },
      discountPerLitre: {
        kind: 'money',
        label: ['每升优惠', 'Discount per litre'],
        help: ['优惠金额 ÷ 升数', 'Discount ÷ litres'],
        additive: false,
      },
    },
    dimensions: {
      grade: { kind: 'enum', label: ['按油品', 'By grade'] },
      storeId: { kind: 'store', label: ['按油站', 'By station'] },
      day: LEDGER_DIMENSIONS.day,
    },
    groups: args.groups,
    chart: args.chart,
  });
}

/** 油品销售报表: the fuel lines by grade, station and day. */
export const pasoReportView = pasoReport({
  name: 'paso-report',
  groups: ['grade', 'storeId', 'day'],
  chart: {
    trend: ['litres', 'memberLitres'],
    share: { dimension: 'grade', measure: 'litres' },
    compare: ['litres', 'amount', 'memberLitresShare'],
  },
});

/** 油品销售看板: every figure by grade and station against the previous period and last year. */
export const pasoDashboardView = pasoReport({
  name: 'paso-report-view',
  groups: ['grade', 'storeId'],
  chart: {
    trend: ['litres', 'amount'],
    share: { dimension: 'storeId', measure: 'litres' },
    compare: ['litres', 'amount', 'memberLitresShare', 'memberTransactionsShare', 'pointsPerLitre', 'discountPerLitre'],
  },
});

/** The two fuel reports' views (their source: server/modules/sale/paso-report.source.ts). */
export const PASO_REPORTS = [pasoReportView, pasoDashboardView];

/** Either fuel report's view. */
export type PasoView = (typeof PASO_REPORTS)[number];
