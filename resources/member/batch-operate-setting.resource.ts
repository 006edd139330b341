import { defineResource, field } from '../define';
import { MAX_BATCH_MEMBERS } from './batch-operate.resource';

/**
 * The member-count rule of batch operation documents (a settings object, one per tenant): a
 * document of any operation listing more members than `dualControlMembers` needs a second
 * person — its auditor may not be its creator or last editor (server/modules/batch/batch-access.ts).
 * It is a rule on how many members one person may touch at once (a freeze of thousands), not
 * on value, so it stays here; the value a grant creates (points, stored value) follows the
 * value approval rule like every value-creating document (resources/setting/value-approval-setting.resource.ts).
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
  titleField: 'dualControlMembers',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
