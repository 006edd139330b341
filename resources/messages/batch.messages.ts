import { defineMessages } from './bilingual';

/**
 * Messages of batch operation documents (member/batch-operate): the server's refusals on save,
 * the per-member results the background job records (stored as keys, shown in the reader's
 * language), and the texts of the edit and detail screens. Field labels and enum options are
 * derived from resources/member/batch-operate.resource.ts, not listed here.
 */
export const batchMessages = defineMessages({
  // Saving a document (server/modules/batch/batch-operate.hooks.ts)
  'batch.noMembers': ['请至少选择一位会员', 'Choose at least one member'],
  'batch.duplicateMember': ['该会员已在第 {line} 行', 'This member is already on line {line}'],
  'batch.tooManyMembers': [
    '一张单据最多 {max} 位会员，当前为 {count} 位',
    'A document lists at most {max} members; this one would list {count}',
  ],
  'batch.filterEmpty': ['请至少设置一个筛选条件', 'Set at least one filter condition'],
  'batch.filterNoMatch': ['没有符合筛选条件的会员', 'No member matches the filter'],
  'batch.operationFixed': [
    '批量操作单保存后不能更换操作类型，请新建一张单据',
    'The operation of a saved batch document cannot be changed: create a new document',
  ],
  'batch.operationForbidden': [
    '您没有“{operation}”所需的权限（{permission}），不能保存或审核此类单据',
    'You may not save or audit a "{operation}" document: it needs the permission {permission}',
  ],
  'batch.makerChecker': [
    '制单与审核须分离：该单据列出会员 {members} 位，超过审核规则（{maxMembers} 位），需由制单人和最后修改人以外的人审核',
    'Maker-checker: this document lists {members} members, above the approval rule ({maxMembers} members), so someone other than its maker and last editor must audit it',
  ],

  // Reading an imported workbook (server/modules/batch/batch-members.ts)
  'batch.import.noValues': ['文件第一列没有手机号或会员编号', 'The first column of the file holds no mobile or member number'],

  // One member's result (server/modules/batch/batch-operations.ts)
  'batch.line.memberMissing': ['会员不存在', 'The member no longer exists'],
  'batch.line.stateRefused': ['会员状态为“{state}”，不能{action}', 'Cannot "{action}": the member is "{state}"'],
  'batch.line.memberCanceled': ['会员已注销', 'The member is cancelled'],
  'batch.line.alreadyTagged': ['会员已有该标签', 'The member already had this tag'],
  'batch.line.levelUnchanged': ['会员已是该等级', 'The member already held this level'],
  'batch.line.levelChanged': ['等级已调整为“{level}”', 'Level changed to "{level}"'],
  'batch.line.pointsGranted': ['已赠送 {points} 积分，余额 {balance}', 'Granted {points} points; balance {balance}'],
  'batch.line.valueGranted': [
    '已赠送本金 {principal} 元、赠送金 {gift} 元，储值余额 {balance} 元',
    'Granted {principal} yuan of principal and {gift} yuan of gift; balance {balance} yuan',
  ],
  'batch.valueNothing': ['赠送本金和赠送金不能都为 0', 'Grant some principal, some gift or both'],
  'batch.line.valueAlreadyGranted': ['该会员的储值此前已赠送，未重复赠送', 'This stored value had already been granted; not granted again'],
  'batch.line.alreadyGranted': ['该会员的积分此前已赠送，未重复赠送', 'These points had already been granted; not granted again'],
  'batch.line.refused': ['{reason}', '{reason}'],
  'batch.couponTemplateNotEffective': [
    '券模板“{name}”未生效，只能发放已生效的券模板',
    'The coupon template "{name}" is not effective; only effective templates can be granted',
  ],
  'batch.valueChanged': [
    '单据“{number}”保存后其赠送的价值已变化（目标等级的升级激励或券的价值），请重新保存后再审核',
    'What document "{number}" gives has changed since it was saved (the target level\'s upgrade incentives or the coupons\' value); save it again, then audit it',
  ],
  'batch.line.couponsGranted': ['已发放 {count} 张券：{codes}', 'Granted {count} coupons: {codes}'],
  'batch.line.couponsAlreadyGranted': [
    '该会员的券此前已发放（{codes}），未重复发放',
    'These coupons had already been granted ({codes}); not granted again',
  ],

  // Edit screen (src/views/member/batch-operate-edit-screen.tsx)
  'batch.edit.pick': ['选择会员', 'Members'],
  'batch.edit.pickPlaceholder': ['输入姓名、手机号或会员号搜索会员', 'Type a name, mobile or member number'],
  'batch.edit.filterHint': [
    '保存时按以下条件筛选会员，筛选到的会员列入单据供审核；再次保存会重新筛选',
    'On saving, the members matching these conditions are listed on the document for the auditor; saving again filters again',
  ],
  'batch.edit.filterListed_one': ['上次保存筛选到 {count} 位会员', 'The last save listed {count} member'],
  'batch.edit.filterListed_other': ['上次保存筛选到 {count} 位会员', 'The last save listed {count} members'],
  'batch.edit.upload': ['选择文件', 'Choose a file'],
  'batch.edit.uploadHint': [
    '.xlsx 文件，第一列填写手机号或会员编号，第一行可为表头',
    '.xlsx file with a mobile or member number in the first column; the first row may be a header',
  ],
  'batch.edit.matched_one': ['已匹配 {count} 位会员', '{count} member matched'],
  'batch.edit.matched_other': ['已匹配 {count} 位会员', '{count} members matched'],
  'batch.edit.unknown_one': ['以下 {count} 个值未找到会员：{values}', 'No member found for this value: {values}'],
  'batch.edit.unknown_other': ['以下 {count} 个值未找到会员：{values}', 'No member found for these {count} values: {values}'],

  // Detail screen (src/views/member/batch-operate-dtl-screen.tsx)
  'batch.dtl.progress': ['执行进度', 'Progress'],
  'batch.dtl.counts': [
    '已处理 {processed} / {total}，成功 {succeeded}，失败 {failed}',
    'Processed {processed} of {total}: {succeeded} succeeded, {failed} failed',
  ],
  'batch.dtl.waiting': ['审核后开始执行', 'Runs once audited'],
  'batch.dtl.failed': [
    '执行中断，尚未处理的会员保持“待执行”。请联系管理员查看服务日志。',
    'The run broke off; members not yet processed stay "Pending". Ask an administrator to look at the server log.',
  ],
  'batch.dtl.results': ['执行结果', 'Results'],
  'batch.dtl.exportResults': ['导出结果', 'Export results'],
  'batch.dtl.lineNo': ['序号', 'No.'],
  'batch.dtl.total': ['共 {total} 条', 'Total {total}'],
  'batch.results.fileName': ['{number}-执行结果', '{number}-results'],
});
