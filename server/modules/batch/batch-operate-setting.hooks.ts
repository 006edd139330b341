import { defineServerHooks } from '../../crud/server-hooks.define';

/**
 * Server side of the batch approval rule (batch-operate-setting.resource.ts): read with the
 * batch documents' view grant, saved only by who may configure roles. A maker who could raise
 * the rule could audit their own large documents; whoever configures roles can already give
 * themselves any permission, so only they may change it.
 */
export const batchOperateSettingHooks = defineServerHooks('batch-operate-setting', {
  requires: {
    read: [
      { resourceId: '会员/批量操作单', action: '单据查看' },
      { resourceId: '设置/角色', action: 'view' },
    ],
    write: [{ resourceId: '设置/角色', action: 'configure' }],
  },
});
