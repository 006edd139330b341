import { METRICS } from '../contract/audience-condition.types';
import { defineMessages, type MessageBook } from './bilingual';

/**
 * Messages of tags and customer groups (server/modules/audiences): the refusals of a condition
 * tree, each shown beside the node it names, and of a tag link; the condition builder's labels
 * (src/fields/widgets/): the metrics' (declared with the language), operators, windows, buttons.
 */
export const audienceMessages = defineMessages({
  'audience.badJson': ['条件格式有误', 'The conditions are not valid JSON'],
  'audience.badNode': ['应为条件或条件组（AND / OR）', 'Expected a condition or an AND / OR group'],
  'audience.emptyGroup': ['条件组至少需要一个条件', 'A group needs at least one condition'],
  'audience.tooDeep': ['条件组最多嵌套 {max} 层', 'Groups nest at most {max} deep'],
  'audience.tooMany': ['条件最多 {max} 个', 'At most {max} conditions'],
  'audience.badMetric': ['未知的指标', 'Unknown metric'],
  'audience.badOperator': ['该指标不支持此运算符', 'This metric does not take this operator'],
  'audience.badWindow': [
    '请选择统计周期（近1、3、6个月，近1、2年或全部）',
    'Choose a look-back window (1, 3, 6 months, 1 or 2 years, or all)',
  ],
  'audience.badValue': ['取值与运算符不符', 'The value does not fit the operator'],
  'audience.unknownProperty': ['不认识的属性', 'Unknown property'],
  'audience.ruleRequired': ['系统标签需要规则', 'A system tag needs a rule'],
  'audience.notSystemTag': ['只有系统标签按规则重算', 'Only system tags are recomputed by a rule'],
  'audience.alreadyTagged': ['该会员已有此标签', 'The member already has this tag'],
  // The file centre's name of a group's member export, and its file's title (group-members.export.ts).
  'res.customer-group-members': ['客群会员', 'Customer group members'],
});

/** The metrics' names, as the condition language declares them: `audience.metric.<name>`. */
const metricLabels: MessageBook = Object.fromEntries(Object.entries(METRICS).map(([name, def]) => [`audience.metric.${name}`, def.label]));

/** The condition builder's labels (src/fields/widgets/condition-builder.tsx). */
export const audienceBuilderMessages = defineMessages({
  ...metricLabels,
  'audience.operator.eq': ['等于', 'equals'],
  'audience.operator.ne': ['不等于', 'does not equal'],
  'audience.operator.gt': ['大于', 'more than'],
  'audience.operator.gte': ['大于等于', 'at least'],
  'audience.operator.lt': ['小于', 'less than'],
  'audience.operator.lte': ['小于等于', 'at most'],
  'audience.operator.between': ['介于', 'between'],
  'audience.operator.in': ['属于', 'is any of'],
  'audience.operator.notIn': ['不属于', 'is none of'],
  'audience.operator.empty': ['为空', 'is empty'],
  'audience.operator.notEmpty': ['不为空', 'is not empty'],
  'audience.window.1m': ['近1个月', 'Last month'],
  'audience.window.3m': ['近3个月', 'Last 3 months'],
  'audience.window.6m': ['近6个月', 'Last 6 months'],
  'audience.window.1y': ['近1年', 'Last year'],
  'audience.window.2y': ['近2年', 'Last 2 years'],
  'audience.window.all': ['全部时间', 'All time'],
  'audience.builder.combine': ['组合方式', 'Combine'],
  'audience.builder.and': ['满足全部 (AND)', 'All of (AND)'],
  'audience.builder.or': ['满足任一 (OR)', 'Any of (OR)'],
  'audience.builder.andWord': ['且', 'AND'],
  'audience.builder.orWord': ['或', 'OR'],
  'audience.builder.metric': ['指标', 'Metric'],
  'audience.builder.operator': ['运算符', 'Operator'],
  'audience.builder.value': ['取值', 'Value'],
  'audience.builder.window': ['统计周期', 'Look-back window'],
  'audience.builder.addCondition': ['添加条件', 'Add condition'],
  'audience.builder.addGroup': ['添加条件组', 'Add group'],
  'audience.builder.removeCondition': ['删除条件', 'Remove condition'],
  'audience.builder.removeGroup': ['删除条件组', 'Remove group'],
  'audience.builder.month': ['{n}月', 'Month {n}'],
  'audience.builder.from': ['起', 'from'],
  'audience.builder.to': ['止', 'to'],
  'audience.builder.estimate': ['预估约 {count} 人', 'Estimated about {count} members'],
  'audience.builder.estimating': ['正在预估人数…', 'Estimating…'],
  'audience.builder.incomplete': ['条件填写完整后显示预估人数', 'Complete the conditions to see an estimate'],
  'audience.builder.exact': ['精确人数 {count} 人，计算于 {time}', 'Exact count {count} members, computed {time}'],
  'audience.builder.notCounted': ['精确人数尚未计算', 'The exact count is not computed yet'],
  'audience.builder.countNow': ['重新计算人数', 'Count now'],
  'audience.builder.counting': ['后台计算中，完成后自动刷新', 'Counting in the background; this refreshes when done'],
  'audience.members.tab': ['客群会员', 'Members'],
  'audience.members.empty': ['当前条件没有选中会员', 'The conditions select no members now'],
  'audience.members.failed': ['客群会员读取失败，请稍后重试', 'The members could not be read; try again shortly'],
  // The import of a static group (user-group-import, static-group.import.ts).
  'audience.import.toolbar': ['导入客群', 'Import a list'],
  'audience.import.name': ['请填写客群名称（不超过 40 个字）', 'Enter the group name (at most 40 characters)'],
  'audience.import.empty': ['请至少填写一行会员号或手机号', 'Enter at least one member number or mobile'],
  'audience.import.tooMany': ['一次最多导入 {max} 行', 'At most {max} lines per import'],
  'audience.import.intro': [
    '每行一个会员号或手机号，先按会员号匹配，再按手机号匹配。未匹配或重复的行不会加入，并在报告中列出行号和原因。',
    'One member number or mobile per line, matched by member number first, then by mobile. Lines that match nobody or repeat a member are not added; the report lists them with their line numbers and why.',
  ],
  'audience.import.lines': ['会员号或手机号（每行一个）', 'Member numbers or mobiles (one per line)'],
  'audience.import.fromFile': ['从文件读取（.xlsx / .txt / .csv 的第一列）', 'Read from a file (first column of .xlsx, .txt or .csv)'],
  'audience.import.lineCount': ['共 {count} 行', '{count} lines'],
  'audience.import.submit': ['导入并创建客群', 'Import and create the group'],
  'audience.import.done': ['客群已创建：{lines} 行中加入 {added} 位会员', 'Group created: {added} members added from {lines} lines'],
  'audience.import.problems': ['未加入的行（共 {count} 行）', 'Lines not added ({count})'],
  'audience.import.noProblems': ['每一行都已加入', 'Every line was added'],
  'audience.import.open': ['查看客群', 'Open the group'],
  'audience.import.again': ['再导入一个', 'Import another'],
  'audience.import.lineNo': ['行号', 'Line'],
  'audience.import.value': ['内容', 'Value'],
  'audience.import.reason': ['原因', 'Reason'],
  'audience.import.reason.notFound': ['没有此会员号或手机号的会员', 'No member has this number or mobile'],
  'audience.import.reason.duplicate': ['与前面的行是同一位会员', 'The same member as an earlier line'],
  'audience.import.reason.tooLong': ['超过 32 个字符', 'Longer than 32 characters'],
});
