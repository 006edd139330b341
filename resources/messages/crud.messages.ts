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
  'crud.notEditable': ['当前状态下不能修改', 'The record cannot be changed in its current state'],
  'crud.notDeletable': ['当前状态下不能删除', 'The record cannot be deleted in its current state'],
  'crud.actionNotAllowed': ['当前状态下不能执行“{action}”', '"{action}" is not allowed in the current state'],
  'crud.hasChildren': ['存在下级数据，不能删除', 'The record has children and cannot be deleted'],
  'crud.field.id': ['ID', 'ID'],
  'crud.field.version': ['版本号', 'Version'],
  'crud.field.page': ['页码', 'Page'],
  'crud.field.pageSize': ['每页条数', 'Page size'],
  'crud.field.keyword': ['关键字', 'Keyword'],
  'crud.field.filters': ['筛选条件', 'Filters'],
  'crud.field.sorters': ['排序', 'Sorting'],
  'crud.field.cursor': ['翻页位置', 'Paging position'],
  'crud.field.marketingCenter': ['营销中心', 'Marketing centre'],
});
