import { defineResource, field } from '../define';
import { MAX_BATCH_MEMBERS } from './batch-operate.resource';

/**
 * The approval rule of batch operation documents (a settings object, one per tenant): above
 * these amounts a document needs a second person — its auditor may not be its maker
 * ("maker-checker", server/modules/batch/batch-operate.hooks.ts). Below them the maker may audit it.
 *
 * - `dualControlPoints`: a grantPoints document granting more points in total (points per
 *   member × members) than this;
 * - `dualControlMembers`: a document of any operation listing more members than this.
 *
 * Read with the batch documents' view grant (makers see the rule they work under); saved only
 * by who may configure roles (设置/角色 · configure, server/modules/batch/batch-operate-setting.hooks.ts): whoever
 * could lift the rule for themselves can already grant themselves anything, so the rule adds a
 * second person without adding a new power. It has no screen of its own (the specification's
 * screen list has none); it is read and saved through `GET/POST /v1/batch-operate-setting/get|save`.
 */
export const batchOperateSettingResource = defineResource({
  name: 'batch-operate-setting',
  table: 'batch_operate_settings',
  title: ['批量操作审核规则', 'Batch operation approval rule'],
  route: { group: 'member', entry: 'batch-operate', screens: {} },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    dualControlPoints: field.integer({
      label: ['需他人审核的积分合计', 'Points needing another auditor'],
      help: [
        '赠送积分单据的积分合计（每人积分 × 会员数）超过此值时，审核人不能是制单人；0 表示赠送积分的单据都需他人审核',
        'When a grant-points document grants more points in total (points × members) than this, its auditor may not be its maker; 0: every grant needs another auditor',
      ],
      required: true,
      min: 0,
      max: 1_000_000_000,
      defaultValue: 10_000,
    }),
    dualControlMembers: field.integer({
      label: ['需他人审核的会员数', 'Members needing another auditor'],
      help: [
        '单据列出的会员数超过此值时（任何操作），审核人不能是制单人',
        'When a document (of any operation) lists more members than this, its auditor may not be its maker',
      ],
      required: true,
      min: 0,
      max: MAX_BATCH_MEMBERS,
      defaultValue: 1_000,
    }),
  },
  titleField: 'dualControlPoints',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
