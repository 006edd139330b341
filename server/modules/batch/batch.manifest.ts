import { defineDomain } from '../domain-manifest';
import { batchOperateSettingHooks } from './batch-operate-setting.hooks';
import { batchOperateHooks } from './batch-operate.hooks';
import { batchPlugin } from './batch.plugin';

/** Batch operations on members and their worker. */
export const batchDomain = defineDomain({
  name: 'batch',
  plugins: [{ name: 'batch', plugin: batchPlugin }],
  hooks: [batchOperateHooks, batchOperateSettingHooks],
});
