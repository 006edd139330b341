import { defineResource, field } from '../define';

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
    code: field.text({
      label: ['营销中心编码', 'Centre code'],
      required: true,
      unique: true,
      maxLength: 32,
      searchable: true,
      filter: 'prefix',
      sortable: true,
      readOnlyAfterCreate: true,
      width: 140,
    }),
    name: field.text({
      label: ['营销中心名称', 'Centre name'],
      required: true,
      unique: true,
      maxLength: 60,
      searchable: true,
      filter: 'contains',
      sortable: true,
    }),
    manager: field.text({ label: ['负责人', 'Manager'], maxLength: 40, searchable: true, width: 120 }),
    phone: field.text({
      label: ['联系电话', 'Phone'],
      maxLength: 20,
      pattern: { regex: '^[0-9+\\-() ]{5,20}$', message: ['请输入正确的电话号码', 'Enter a valid phone number'] },
      width: 140,
    }),
    remark: field.longText({ label: ['备注', 'Remarks'], maxLength: 500 }),
  },
  titleField: 'name',
  list: { columns: ['code', 'name', 'manager', 'phone'], defaultSort: { field: 'code', order: 'asc' } },
  files: { module: 'masterData', importable: true },
});
