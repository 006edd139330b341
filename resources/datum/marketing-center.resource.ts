import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A marketing centre: a regional business unit that may own its own members and campaigns
 * (DOMAIN.md, Master data). The table name and its `tenant_id`, `id`, `name` columns are read
 * directly by the auth module (the user's selectable centres), so they must not be renamed.
 */
export const marketingCenterResource = defineResource({
  name: 'marketing-center',
  table: 'marketing_centers',
  title: ['营销中心', 'Marketing centre'],
  route: { group: 'datum', entry: 'marketing-center', screens: { list: 'marketing-center' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: preset.code(['营销中心编码', 'Centre code'], { width: 140 }),
    name: preset.uniqueName(['营销中心名称', 'Centre name']),
    manager: field.text({ label: ['负责人', 'Manager'], maxLength: 40, searchable: true, width: 120 }),
    phone: preset.phone(['联系电话', 'Phone']),
    remark: preset.remark(),
  },
  titleField: 'name',
  titlesKept: true,
  list: { columns: ['code', 'name', 'manager', 'phone'], defaultSort: { field: 'code', order: 'asc' } },
  files: { module: 'masterData', importable: true },
});
