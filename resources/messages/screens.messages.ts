import { WEEKDAYS } from '../contract/weekdays';
import { defineMessages, type Bilingual } from './bilingual';

/**
 * Texts of the generic list, form and detail screens (src/screens/generic) and of the field
 * kinds (src/fields). Field labels, options, sections and actions are not here: they are derived
 * from the declarations (`res.<resource>.*`, see resources/resource-messages.ts). Validation
 * messages reuse the server's `validation.*` keys so both sides word a rule the same way.
 */
const screenTexts = defineMessages({
  'screens.search': ['查询', 'Search'],
  'screens.reset': ['重置', 'Reset'],
  'screens.expand': ['展开', 'More filters'],
  'screens.collapse': ['收起', 'Fewer filters'],
  'screens.tab.details': ['基本信息', 'Details'],
  'screens.list.refresh': ['刷新', 'Refresh'],
  'screens.list.density': ['行高', 'Row density'],
  'screens.list.density.large': ['宽松', 'Comfortable'],
  'screens.list.density.middle': ['默认', 'Default'],
  'screens.list.density.small': ['紧凑', 'Compact'],
  'screens.list.columns': ['列设置', 'Columns'],
  'screens.list.showAllColumns': ['显示全部列', 'Show all columns'],
  'screens.list.totals': ['合计', 'Total'],
  'screens.list.totalEstimate': ['约 {total} 条', 'About {total}'],
  'screens.list.noMatch': ['没有符合筛选条件的记录', 'Nothing matches these filters'],
  'screens.list.clearFilters': ['清除筛选', 'Clear filters'],
  'screens.list.emptyCreate': ['还没有{name}，点击“新增”创建第一条', 'Nothing here yet: click Add to create the first {name}'],
  'screens.list.empty': ['还没有{name}', 'Nothing here yet'],
  'screens.bulk.button': ['批量{action}（{count}）', '{action} selected ({count})'],
  'screens.bulk.confirm': ['确定对所选 {count} 条记录执行“{action}”吗？', '{action} the {count} selected records?'],
  'screens.bulk.skipped': [
    '另有 {count} 条记录当前状态不允许此操作，将跳过',
    '{count} other selected records do not allow it now and are left alone',
  ],
  'screens.bulk.done': ['已处理 {count} 条', 'Done for {count} records'],
  'screens.bulk.partly': ['成功 {count} 条，失败 {failed} 条', '{count} done, {failed} failed'],
  'screens.add': ['新增', 'Add'],
  'screens.edit': ['编辑', 'Edit'],
  'screens.delete': ['删除', 'Delete'],
  'screens.detail': ['详情', 'Detail'],
  'screens.export': ['导出', 'Export'],
  'screens.import': ['导入', 'Import'],
  'screens.actions': ['操作', 'Actions'],
  'screens.save': ['保存', 'Save'],
  'screens.cancel': ['取消', 'Cancel'],
  'screens.back': ['返回', 'Back'],
  'screens.reload': ['重新加载', 'Reload'],
  'screens.next': ['下一步', 'Next'],
  'screens.previous': ['上一步', 'Previous'],
  'screens.settings.defaults': ['尚未保存过设置，以下为默认值', 'Not saved yet: these are the defaults'],
  'screens.saved': ['保存成功', 'Saved'],
  'screens.deleted': ['删除成功', 'Deleted'],
  'screens.done': ['操作成功', 'Done'],
  'screens.confirmDelete': ['确定删除吗？', 'Confirm delete?'],
  'screens.confirmDeleteNamed': ['确定删除“{title}”吗？', 'Delete "{title}"?'],
  'screens.confirmAction': ['确定对“{title}”执行{action}吗？', '{action} "{title}"?'],
  // `inSentence` (providers/i18n.ts) writes a capitalised label in sentence case: "Add card template".
  'screens.keywordPlaceholder': ['搜索{fields}', 'Search by {fields, inSentence}'],
  'screens.addTitle': ['新增{name}', 'Add {name, inSentence}'],
  'screens.editTitle': ['编辑{name}', 'Edit {name, inSentence}'],
  'screens.discard.title': ['放弃未保存的修改？', 'Discard unsaved changes?'],
  'screens.discard.content': ['离开后，本次填写的内容将丢失。', 'What you entered here will be lost.'],
  'screens.discard.ok': ['放弃修改', 'Discard'],
  'screens.discard.keep': ['继续编辑', 'Keep editing'],
  'screens.readOnlyAssigned': ['保存时由系统分配', 'Assigned by the system when saved'],
  'screens.detailTitle': ['{name}详情', '{name} details'],
  'screens.notFound': ['记录不存在或已被删除', 'The record does not exist or has been deleted'],
  'screens.reason': ['原因', 'Reason'],
  'screens.reasonPlaceholder': ['请填写原因，将记入状态变更记录', 'Give a reason; it is kept in the state history'],
  'screens.history.title': ['状态变更记录', 'State history'],
  'screens.history.at': ['时间', 'Time'],
  'screens.history.action': ['操作', 'Action'],
  'screens.history.change': ['状态变化', 'Change'],
  'screens.history.user': ['操作人', 'By'],
  'screens.history.empty': ['暂无状态变更', 'No state changes yet'],
  'screens.yes': ['是', 'Yes'],
  'screens.no': ['否', 'No'],
  'screens.all': ['全部', 'All'],
  'screens.select': ['请选择', 'Select'],
  'screens.relationEmpty': ['暂无可选的{name}。', 'No {name} to choose yet.'],
  'screens.relationEmptyWhere': ['可选项来自：', 'They are made in:'],
  'screens.rangeFrom': ['最小值', 'From'],
  'screens.rangeTo': ['最大值', 'To'],
  'screens.lines.add': ['添加一行', 'Add line'],
  'screens.lines.remove': ['移除', 'Remove'],
  // Plurals by i18next's rules: `count` chooses `_one` or `_other` (Chinese has only `_other`).
  'screens.lines.count_one': ['{count} 行', '{count} line'],
  'screens.lines.count_other': ['{count} 行', '{count} lines'],
  'screens.lines.min_one': ['{label}至少 {count} 行', '{label}: at least {count} line'],
  'screens.lines.min_other': ['{label}至少 {count} 行', '{label}: at least {count} lines'],
  'screens.lines.max_one': ['{label}最多 {count} 行', '{label}: at most {count} line'],
  'screens.lines.max_other': ['{label}最多 {count} 行', '{label}: at most {count} lines'],
  'screens.section.system': ['系统信息', 'System'],
  'screens.field.createdAt': ['创建时间', 'Created at'],
  'screens.field.updatedAt': ['更新时间', 'Updated at'],
  'screens.field.createdBy': ['创建人', 'Created by'],
  'screens.field.updatedBy': ['修改人', 'Updated by'],
});

// Weekday names come from the one table of contract/weekdays.ts, keyed `screens.weekday.<1..7>`.
const weekdayTexts: Record<string, Bilingual> = Object.fromEntries(WEEKDAYS.map((day) => [`screens.weekday.${day.value}`, day.name]));

/** The book of the generic screens and field kinds. */
export const screensMessages = defineMessages({ ...screenTexts, ...weekdayTexts });
