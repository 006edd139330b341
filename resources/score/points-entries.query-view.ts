import { POINTS_READ } from './points-grants';
import { ledgerMessages } from '../messages/ledger.messages';
import { pointsMessages } from '../messages/points.messages';
import { scoreMessages as m } from '../messages/score.messages';
import { defineQueryView, optionsFrom } from '../query-view';

/**
 * The points ledger (积分流水): the members' points entries, newest first, with the earned and
 * used totals of the filter. No screen of its own: a member's points history
 * (score/score-query/score-query-dtl?memberId=) and the member's points tab show it filtered on
 * the member. Its source SQL: server/modules/points/points-entries.source.ts.
 */
export const pointsEntriesView = defineQueryView({
  name: 'points-entries',
  title: m['res.points-entries'],
  route: { group: 'score', entry: 'score-query' },
  access: POINTS_READ,
  fileModule: 'points',
  key: 'id',
  time: 'occurredAt',
  empty: m['score.history.empty'],
  columns: {
    id: { kind: 'integer', label: ['流水号', 'Entry'], hidden: true },
    occurredAt: { kind: 'datetime', label: m['score.history.occurredAt'], width: 170 },
    memberId: { kind: 'integer', label: m['score.history.member'], width: 100, hiddenWhenFiltered: 'memberId' },
    memberNumber: { kind: 'text', label: m['score.accounts.memberNumber'], width: 130, hiddenWhenFiltered: 'memberId', noExport: true },
    memberName: { kind: 'text', label: m['score.accounts.member'], width: 110, hiddenWhenFiltered: 'memberId', noExport: true },
    kind: {
      kind: 'enum',
      label: m['score.history.kind'],
      width: 90,
      options: optionsFrom({
        book: pointsMessages,
        prefix: 'points.kind',
        codes: ['earn', 'spend', 'adjust', 'reverse', 'expire'],
        colors: { earn: 'green', spend: 'blue', adjust: 'purple', reverse: 'orange', expire: 'default' },
      }),
    },
    sourceType: {
      kind: 'enum',
      label: m['score.history.source'],
      width: 120,
      options: optionsFrom({
        book: pointsMessages,
        prefix: 'points.source',
        codes: ['transaction', 'return', 'adjustment', 'activity', 'exchange', 'expiry', 'batch', 'coupon'],
      }),
    },
    sourceId: {
      kind: 'text',
      label: m['score.history.sourceId'],
      width: 150,
      link: { by: 'sourceType', lists: { adjustment: 'score-adjust', batch: 'batch-operate' }, id: 'documentId' },
    },
    documentId: { kind: 'integer', label: ['单据ID', 'Document id'], hidden: true },
    reason: { kind: 'text', label: m['score.history.reason'], width: 140, noExport: true },
    storeId: { kind: 'integer', label: ['门店ID', 'Store id'], hidden: true },
    storeName: { kind: 'text', label: m['score.history.store'], width: 160, noExport: true },
    operatorId: { kind: 'integer', label: ['操作人ID', 'Operator id'], hidden: true },
    channel: {
      kind: 'enum',
      label: m['score.history.channel'],
      width: 110,
      nullable: true,
      options: optionsFrom({ book: ledgerMessages, prefix: 'ledger.channel', codes: ['store', 'weixin', 'alipay', 'third', 'weixinApp'] }),
    },
    delta: { kind: 'integer', label: m['score.history.delta'], signed: true, width: 110 },
    balanceAfter: { kind: 'integer', label: m['score.history.balanceAfter'], width: 120 },
    expiresAt: { kind: 'datetime', label: m['score.history.expiresAt'], width: 170 },
    remark: { kind: 'text', label: m['score.history.remark'], width: 200 },
  },
  filters: {
    memberId: {
      kind: 'record',
      label: m['score.accounts.member'],
      heading: ['{member} 的积分流水', 'Points history of {member}'],
      named: ['memberName', 'memberNumber'],
    },
    occurredAt: { kind: 'dateRange', label: m['score.history.dates'] },
    sourceType: { kind: 'enum', label: m['score.history.source'] },
    kind: { kind: 'enum', label: m['score.history.kind'] },
    channel: { kind: 'enum', label: m['score.history.channel'] },
    storeId: { kind: 'store', label: m['score.history.store'] },
  },
  measures: {
    earned: { kind: 'integer', label: ['获得', 'Earned'], help: ['增加积分的流水之和', 'Sum of the entries that added points'] },
    spent: {
      kind: 'integer',
      label: ['消耗', 'Used'],
      help: ['减少积分的流水之和（含过期，正数）', 'Sum of the entries that took points, expiry included, as a positive number'],
    },
  },
});
