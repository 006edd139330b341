import { defineMessages } from './bilingual';

/**
 * Messages of tags and customer groups (server/modules/audiences): the refusals of a condition
 * tree, each shown beside the node it names, and of a tag link.
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
});
