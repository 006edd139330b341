import { POINTS_READ } from './points-grants';
import { scoreMessages as m } from '../messages/score.messages';
import { defineQueryView } from '../query-view';

/**
 * The points inquiry (积分查询, score/score-query/score-query-list): every member's points
 * account with its balance and totals, found by a member keyword and a balance range, sortable;
 * each member opens the member's points history. Its source SQL:
 * server/modules/points/points-accounts.source.ts.
 */
export const pointsAccountsView = defineQueryView({
  name: 'points-accounts',
  title: m['res.points-accounts'],
  route: { group: 'score', entry: 'score-query', screen: 'score-query-list' },
  access: POINTS_READ,
  fileModule: 'points',
  key: 'memberId',
  order: 'asc',
  empty: m['score.accounts.empty'],
  columns: {
    memberId: { kind: 'integer', label: ['会员ID', 'Member id'], hidden: true, sortable: true },
    memberName: { kind: 'text', label: m['score.accounts.member'], width: 200, opens: 'history' },
    memberNumber: { kind: 'text', label: m['score.accounts.memberNumber'], width: 130 },
    mobile: { kind: 'text', label: m['score.accounts.mobile'], width: 140 },
    balance: { kind: 'integer', label: m['score.accounts.balance'], width: 130, sortable: true },
    totalEarned: { kind: 'integer', label: m['score.accounts.totalEarned'], width: 130, sortable: true },
    totalSpent: { kind: 'integer', label: m['score.accounts.totalSpent'], width: 130, sortable: true },
    updatedAt: { kind: 'datetime', label: m['score.accounts.updatedAt'], width: 180, sortable: true },
  },
  filters: {
    memberId: { kind: 'record', label: m['score.accounts.member'] },
    keyword: { kind: 'keyword', label: m['score.accounts.member'], placeholder: m['score.accounts.keywordMember'] },
    balance: { kind: 'numberRange', label: m['score.accounts.balanceRange'] },
  },
  measures: {
    accounts: { kind: 'integer', label: ['账户数', 'Accounts'] },
    balance: {
      kind: 'integer',
      label: ['积分余额合计', 'Total balance'],
      help: ['筛选出的账户的积分余额之和', 'Sum of the balances of the accounts found'],
    },
  },
  links: {
    history: { label: m['score.accounts.history'], to: 'score/score-query/score-query-dtl', param: 'memberId', column: 'memberId' },
  },
});
