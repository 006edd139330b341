import { defineMessages } from './bilingual';

/**
 * Messages of the declaration engine (server/crud) beyond the generic validation keys of
 * errors.messages.ts. Registered by the crud module together with the derived resource books.
 */
export const crudMessages = defineMessages({
  'validation.time': ['{label}不是有效时间（时:分）', '{label} is not a valid time (HH:mm)'],
  'validation.dateOrder': ['{label}的开始日期不能晚于结束日期', '{label}: the start date must not be after the end date'],
  'validation.minLines': ['{label}至少需要 {min} 行', '{label} needs at least {min} lines'],
  'validation.maxLines': ['{label}最多 {max} 行', '{label} allows at most {max} lines'],
  'validation.treeCycle': ['{label}不能是自己或自己的下级', '{label} cannot be the record itself or one of its descendants'],
  'validation.treeDepth': ['{label}超过了最多 {max} 级的限制', '{label} would exceed the limit of {max} levels'],
  'crud.notFilterable': ['不支持按{label}筛选', 'Cannot filter by {label}'],
  'crud.notSortable': ['不支持按{label}排序', 'Cannot sort by {label}'],
  'crud.badCursor': ['翻页位置已失效，请从第一页重新查询', 'The paging position is no longer valid; start again from the first page'],
  'crud.marketingCenterRequired': ['请先选择营销中心', 'Please choose a marketing centre first'],
  'crud.windowOrder': ['{label}必须晚于{start}', '{label} must be after {start}'],
  'crud.notEditable': ['当前状态下不能修改', 'The record cannot be changed in its current state'],
  'crud.fieldNotEditable': ['{label}在“{state}”状态下不能修改', '{label} cannot be changed while the record is {state}'],
  'crud.notDeletable': ['当前状态下不能删除', 'The record cannot be deleted in its current state'],
  'crud.actionNotAllowed': ['当前状态下不能执行“{action}”', '"{action}" is not allowed in the current state'],
  'crud.hasChildren': [
    '{resource}「{title}」下还有 {count} 条下级数据，不能删除',
    '{resource} "{title}" still has {count} child record(s) and cannot be deleted',
  ],
  'crud.inUse': ['{resource}「{title}」被 {uses}引用，不能删除', '{resource} "{title}" is used by {uses} and cannot be deleted'],
  'crud.inUse.one': ['{count} 条{referrer}', '{count} {referrer} record'],
  'crud.inUse.many': ['{count} 条{referrer}', '{count} {referrer} records'],
  'crud.inUse.separator': ['、', ', '],
  'crud.numberNotDrawn': [
    '{label}{number}不是系统分配的编号，请重新获取',
    '{label} {number} was not allocated by the system; allocate a new one',
  ],
  'crud.field.id': ['ID', 'ID'],
  'crud.field.version': ['版本号', 'Version'],
  'crud.field.page': ['页码', 'Page'],
  'crud.field.pageSize': ['每页条数', 'Page size'],
  'crud.field.keyword': ['关键字', 'Keyword'],
  'crud.field.filters': ['筛选条件', 'Filters'],
  'crud.field.body': ['请求内容（应为 JSON 对象）', 'Request body (a JSON object)'],
  'crud.field.sorters': ['排序', 'Sorting'],
  'crud.field.cursor': ['翻页位置', 'Paging position'],
  'crud.field.marketingCenter': ['营销中心', 'Marketing centre'],
});
