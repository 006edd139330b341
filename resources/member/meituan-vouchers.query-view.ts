import type { PermissionRef } from '../catalog/types';
import { defineQueryView } from '../query-view';

/** The Meituan voucher entry (member.catalog.ts): who reads the consumptions and checks a code. */
export const MEITUAN_VOUCHER_READ: readonly PermissionRef[] = [
  { resourceId: '会员/美团验券', action: '配置查看' },
  { resourceId: '会员/美团验券', action: '配置维护' },
];
/** Who consumes and cancels vouchers at a store. */
export const MEITUAN_VOUCHER_WRITE: readonly PermissionRef[] = [{ resourceId: '会员/美团验券', action: '配置维护' }];

/** The most vouchers of one code consumed at once (Meituan's router takes up to 50 per call). */
export const MEITUAN_MAX_COUNT = 50;

/**
 * The Meituan group-buy vouchers consumed at the merchant's stores (美团验券记录, issue 27 §4):
 * when, at which store, by whom, the code, the deal, how many and the amount, whether it was
 * cancelled since, and the gateway call that consumed it; newest first, with the totals of the
 * filter. Rows are written by the voucher screen's consume (server/modules/channels/
 * meituan-voucher.routes.ts) only when Meituan accepted it; the row action cancels it through
 * Meituan. Its source: server/modules/channels/meituan-vouchers.source.ts.
 */
export const meituanVouchersView = defineQueryView({
  name: 'meituan-vouchers',
  title: ['美团验券记录', 'Meituan voucher consumptions'],
  route: { group: 'member', entry: 'meituan-voucher', screen: 'meituan-voucher-list' },
  access: MEITUAN_VOUCHER_READ,
  fileModule: 'reports',
  key: 'id',
  time: 'consumedAt',
  empty: ['还没有核销美团券', 'No Meituan vouchers consumed yet'],
  columns: {
    id: { kind: 'integer', label: ['序号', 'No.'], hidden: true },
    consumedAt: { kind: 'datetime', label: ['核销时间', 'Consumed at'], width: 170 },
    storeName: { kind: 'text', label: ['门店', 'Store'], width: 160 },
    code: { kind: 'text', label: ['券码', 'Voucher code'], width: 140 },
    dealTitle: { kind: 'text', label: ['团购项目', 'Deal'], width: 180 },
    count: { kind: 'integer', label: ['张数', 'Vouchers'], width: 90 },
    amount: { kind: 'money', label: ['金额', 'Amount'], width: 110 },
    state: {
      kind: 'enum',
      label: ['状态', 'State'],
      width: 100,
      options: {
        CONSUMED: { label: ['已核销', 'Consumed'], color: 'green' },
        CANCELLED: { label: ['已撤销', 'Cancelled'], color: 'default' },
      },
    },
    userName: { kind: 'text', label: ['操作人', 'By'], width: 120 },
    callId: { kind: 'integer', label: ['调用序号', 'Call no.'], width: 100 },
  },
  filters: {
    consumedAt: { kind: 'dateRange', label: ['核销日期', 'Dates'] },
    storeId: { kind: 'store', label: ['门店', 'Store'] },
    state: { kind: 'enum', label: ['状态', 'State'] },
    code: { kind: 'keyword', label: ['券码', 'Voucher code'], placeholder: ['券码或团购项目', 'Code or deal'] },
  },
  measures: {
    vouchers: {
      kind: 'integer',
      label: ['核销张数', 'Vouchers consumed'],
      help: ['未撤销的核销张数', 'Vouchers consumed and not cancelled'],
    },
    amount: {
      kind: 'money',
      label: ['核销金额', 'Amount consumed'],
      help: ['未撤销核销的团购价合计', 'The deal price of the vouchers consumed and not cancelled'],
    },
  },
  dimensions: { storeId: { kind: 'store', label: ['门店', 'Store'] }, day: { kind: 'day', label: ['日期', 'Day'] } },
  actions: {
    cancel: {
      label: ['撤销', 'Cancel'],
      confirm: [
        '撤销这次核销吗？美团只在核销后的规定时间内接受撤销。',
        'Cancel this consumption? Meituan accepts a cancellation only within its window after the consumption.',
      ],
      done: ['已撤销', 'Cancelled'],
      path: '/v1/meituan-voucher/cancel',
      access: MEITUAN_VOUCHER_WRITE,
    },
  },
});
