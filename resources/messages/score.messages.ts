import { defineMessages } from './bilingual';

/**
 * Messages of the points screens (score/*): adjustment documents and their reasons (the server's
 * refusals), the points inquiry (accounts list and a member's ledger) and the points overview.
 * Field labels of the declared resources are derived from their declarations, not listed here;
 * ledger kinds and sources are `points.kind.*` / `points.source.*` in points.messages.ts.
 */
export const scoreMessages = defineMessages({
  // Adjustment documents (server/modules/points/score-adjust.hooks.ts)
  'scoreAdjust.pointsZero': ['调整积分不能为 0', 'Points cannot be 0'],
  'scoreAdjust.reasonDisabled': ['调整原因“{reason}”已停用，请选择其他原因', 'The reason "{reason}" is disabled; choose another one'],
  'scoreAdjust.reasonIncreaseOnly': ['调整原因“{reason}”只能用于增加积分', 'The reason "{reason}" may only add points'],
  'scoreAdjust.reasonDecreaseOnly': ['调整原因“{reason}”只能用于扣减积分', 'The reason "{reason}" may only deduct points'],
  'scoreAdjust.lineRefused': [
    '第 {line} 行（会员 {member}）无法调整：{reason}。整单未生效',
    'Line {line} (member {member}) cannot be applied: {reason}. Nothing was applied',
  ],
  'score.adjust.reasons': ['调整原因', 'Reasons'],
  'score.adjust.documents': ['积分调整单', 'Adjustment documents'],

  // Points inquiry: accounts (score/score-query/score-query-list)
  'score.accounts.keywordMember': ['手机号 / 会员号 / 姓名', 'Mobile / member number / name'],
  'score.accounts.balanceRange': ['积分余额', 'Balance'],
  'score.accounts.member': ['会员', 'Member'],
  'score.accounts.mobile': ['手机号', 'Mobile'],
  'score.accounts.memberNumber': ['会员号', 'Member number'],
  'score.accounts.balance': ['积分余额', 'Balance'],
  'score.accounts.totalEarned': ['累计获得', 'Total earned'],
  'score.accounts.totalSpent': ['累计消耗', 'Total used'],
  'score.accounts.updatedAt': ['最近变动时间', 'Last change'],
  'score.accounts.history': ['积分流水', 'History'],
  'score.accounts.empty': ['没有积分账户', 'No points accounts'],

  // Points inquiry: one member's ledger (score/score-query/score-query-dtl)
  'score.history.noMember': ['请从积分查询列表选择会员', 'Choose a member from the points inquiry list'],
  'score.history.title': ['{member} 的积分流水', 'Points history of {member}'],
  'score.history.balance': ['当前余额', 'Balance'],
  'score.history.expiring': ['有期限积分', 'Points with an expiry'],
  'score.history.nextExpiry': ['最近过期时间', 'Next expiry'],
  'score.history.source': ['来源', 'Source'],
  'score.history.kind': ['类型', 'Type'],
  'score.history.store': ['门店', 'Store'],
  'score.history.channel': ['渠道', 'Channel'],
  'score.history.dates': ['日期', 'Dates'],
  'score.history.occurredAt': ['发生时间', 'Time'],
  'score.history.sourceId': ['来源单号', 'Source number'],
  'score.history.reason': ['调整原因', 'Reason'],
  'score.history.delta': ['积分变动', 'Points'],
  'score.history.balanceAfter': ['变动后余额', 'Balance after'],
  'score.history.expiresAt': ['过期时间', 'Expires'],
  'score.history.remark': ['备注', 'Remarks'],
  'score.history.totals': ['筛选结果合计：获得 {earned}，消耗 {spent}', 'Filtered totals: earned {earned}, used {spent}'],
  'score.history.shown': ['已显示 {shown} / 共 {total} 条', 'Showing {shown} of {total}'],
  'score.history.loadMore': ['加载更多', 'Load more'],
  'score.history.back': ['返回积分查询', 'Back to points inquiry'],
  'score.history.empty': ['没有积分流水', 'No entries'],
  'score.history.member': ['会员 ID', 'Member ID'],

  // Points overview (score/home/home)
  'score.home.monthEarned': ['本月发放积分', 'Issued this month'],
  'score.home.monthSpent': ['本月消耗积分', 'Used this month'],
  'score.home.monthExpired': ['本月过期积分', 'Expired this month'],
  'score.home.outstanding': ['积分总余额', 'Outstanding points'],
  'score.home.accounts': ['有积分会员', 'Members holding points'],
  'score.home.daily': ['近 30 天积分发放与消耗', 'Points issued and used, last 30 days'],
  'score.home.earned': ['发放', 'Issued'],
  'score.home.spent': ['消耗', 'Used'],
  'score.home.topStores': ['本月门店积分发放排行', 'Stores by points issued this month'],
  'score.home.rank': ['排名', 'Rank'],
  'score.home.store': ['门店', 'Store'],
  'score.home.points': ['发放积分', 'Points issued'],
  'score.home.noStore': ['未指定门店', 'No store'],
  'score.home.noData': ['暂无数据', 'No data yet'],
  // Titles of the points module exports (server/modules/module-exports.ts): the file centre names
  // a task's data as `res.<export name>`, as it names a declared resource's.
  'res.points-entries': ['积分流水', 'Points ledger'],
  'res.points-accounts': ['积分账户', 'Points accounts'],
});
