import { defineMessages } from './bilingual';

/**
 * Texts of the file centre (`files.*`): module labels (§4 scheduled file modules), directions,
 * task states, the export / import buttons of list screens, the import modal, and the errors
 * and error-report columns of the export and import jobs.
 */
export const filesMessages = defineMessages({
  'files.title': ['文件中心', 'File centre'],

  'files.module.members': ['会员', 'Members'],
  'files.module.stores': ['门店', 'Stores'],
  'files.module.zones': ['区域', 'Zones'],
  'files.module.coupons': ['券', 'Coupons'],
  'files.module.points': ['积分', 'Points'],
  'files.module.storedValue': ['储值', 'Stored value'],
  'files.module.giftCards': ['礼品卡', 'Gift cards'],
  'files.module.prepaidCards': ['预付卡', 'Prepaid cards'],
  'files.module.reports': ['报表', 'Reports'],
  'files.module.masterData': ['基础资料', 'Master data'],

  'files.direction.export': ['导出', 'Export'],
  'files.direction.import': ['导入', 'Import'],
  'files.direction.download': ['下载', 'Download'],

  'files.state.queued': ['排队中', 'Queued'],
  'files.state.running': ['处理中', 'Running'],
  'files.state.succeeded': ['已完成', 'Done'],
  'files.state.failed': ['失败', 'Failed'],

  'files.column.module': ['模块', 'Module'],
  'files.column.direction': ['类型', 'Type'],
  'files.column.resource': ['数据', 'Data'],
  'files.column.fileName': ['文件名', 'File name'],
  'files.column.state': ['状态', 'Status'],
  'files.column.progress': ['进度', 'Progress'],
  'files.column.counts': ['处理 / 失败 / 总数', 'Processed / failed / total'],
  'files.column.createdAt': ['创建时间', 'Created'],
  'files.column.finishedAt': ['完成时间', 'Finished'],
  'files.column.actions': ['操作', 'Actions'],

  'files.filter.allModules': ['全部模块', 'All modules'],
  'files.filter.allDirections': ['全部类型', 'All types'],
  'files.filter.allStates': ['全部状态', 'All statuses'],
  'files.refresh': ['刷新', 'Refresh'],
  'files.empty': ['暂无文件任务', 'No file tasks'],
  'files.total': ['共 {total} 条', 'Total {total}'],

  'files.download': ['下载文件', 'Download file'],
  'files.downloadReport': ['下载错误报告', 'Download error report'],
  'files.template': ['下载导入模板', 'Download template'],
  'files.export': ['导出', 'Export'],
  'files.exportStarted': ['导出任务已创建，可在文件中心查看进度', 'Export started; follow it in the file centre'],
  'files.import': ['导入', 'Import'],
  'files.importTitle': ['导入{title}', 'Import {title, inSentence}'],
  'files.importHint': [
    '请上传 .xlsx 文件。第一行为表头，列名可用中文或英文字段名称；任意一行有误时不会导入任何数据。',
    'Upload an .xlsx file. The first row is the header; columns may be named in Chinese or English. If any row is invalid, nothing is imported.',
  ],
  'files.chooseFile': ['选择文件', 'Choose file'],
  'files.onlyXlsx': ['只支持 .xlsx 文件', 'Only .xlsx files are accepted'],
  'files.tooLarge': ['文件不能超过 {max} MB', 'The file must not exceed {max} MB'],
  'files.uploading': ['上传中…', 'Uploading…'],
  'files.importDone_one': ['导入成功，共 {count} 条', 'Imported {count} row'],
  'files.importDone_other': ['导入成功，共 {count} 条', 'Imported {count} rows'],
  'files.importFailed_one': ['导入失败：{count} 行有误，未导入任何数据', 'Import failed: {count} row is invalid; nothing was imported'],
  'files.importFailed_other': ['导入失败：{count} 行有误，未导入任何数据', 'Import failed: {count} rows are invalid; nothing was imported'],
  'files.openCentre': ['打开文件中心', 'Open the file centre'],
  'files.close': ['关闭', 'Close'],

  'files.report.sheet': ['错误报告', 'Errors'],
  'files.report.row': ['行号', 'Row'],
  'files.report.field': ['字段', 'Field'],
  'files.report.message': ['错误信息', 'Message'],
  'files.report.name': ['{name}-错误报告.xlsx', '{name}-errors.xlsx'],

  'files.error.notXlsx': ['文件不是有效的 .xlsx 工作簿', 'The file is not a valid .xlsx workbook'],
  'files.error.emptyFile': ['文件为空', 'The file is empty'],
  'files.error.noHeader': ['第一行没有表头', 'The first row has no header'],
  'files.error.unknownColumn': ['无法识别的列：{column}', 'Unknown column: {column}'],
  'files.error.duplicateColumn': ['重复的列：{column}', 'Repeated column: {column}'],
  'files.error.noRows': ['文件中没有数据行', 'The file has no data rows'],
  'files.error.tooManyRows': ['一次最多导入 {max} 行', 'At most {max} rows can be imported at once'],
  'files.error.tooManyColumns': ['表头最多 {max} 列', 'The header may name at most {max} columns'],
  'files.error.tooLargeUncompressed': [
    '文件解压后超过 {max} MB，无法读取',
    'Uncompressed, the workbook exceeds {max} MB and cannot be read',
  ],
  'files.error.tooComplex': ['文件内容过多或过于复杂，无法读取', 'The workbook is too large or too complex to read'],
  'files.error.rowsInvalid': ['{failed} 行有误，未导入任何数据', 'Rows with errors: {failed}; nothing was imported'],
  'files.error.noOutput': ['该任务没有可下载的文件', 'This task has no file to download'],
  'files.error.jobFailed': ['任务执行失败', 'The task failed'],
  'files.error.header': ['表头', 'Header'],
});
