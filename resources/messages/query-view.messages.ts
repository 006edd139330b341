import { defineMessages } from './bilingual';

/** The generic query-view screen's own texts (src/screens/query-view); a view's labels derive from it. */
export const queryViewMessages = defineMessages({
  'queryView.showAll': ['查看全部', 'Show all'],
  'queryView.empty': ['（空）', '(empty)'],
  'queryView.range.today': ['今天', 'Today'],
  'queryView.range.last7Days': ['近 7 天', 'Last 7 days'],
  'queryView.range.last30Days': ['近 30 天', 'Last 30 days'],
  'queryView.range.thisMonth': ['本月', 'This month'],
  'queryView.range.lastMonth': ['上月', 'Last month'],
  'queryView.range.thisYear': ['今年', 'This year'],
  'queryView.chart.trend': ['趋势', 'Trend'],
  'queryView.chart.title': ['趋势 {from} 至 {to}（按{bucket}）', 'Trend {from} to {to} (by {bucket})'],
  'queryView.chart.previous': ['上一周期', 'Previous period'],
  'queryView.chart.lastYear': ['去年同期', 'Same period last year'],
  'queryView.bucket.day': ['日', 'day'],
  'queryView.bucket.week': ['周', 'week'],
  'queryView.bucket.month': ['月', 'month'],
  'queryView.asOf': ['数据截至 {time}', 'Data as of {time}'],
  'queryView.total': ['合计', 'Total'],
  'queryView.noStore': ['无门店', 'No store'],
  'queryView.chart.other': ['其他', 'Other'],
});
