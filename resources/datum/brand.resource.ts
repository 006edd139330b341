import { defineResource, field } from '../define';

/** A goods brand (中石化 own brands, 农夫山泉, 康师傅 …); products may name one. */
export const brandResource = defineResource({
  name: 'brand',
  table: 'brands',
  title: ['品牌', 'Brand'],
  route: { group: 'datum', entry: 'brand', screens: { list: 'brand' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: field.text({
      label: ['品牌编码', 'Brand code'],
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
      label: ['品牌名称', 'Brand name'],
      required: true,
      unique: true,
      maxLength: 60,
      searchable: true,
      filter: 'contains',
      sortable: true,
    }),
    englishName: field.text({ label: ['英文名称', 'English name'], maxLength: 80, searchable: true }),
    remark: field.longText({ label: ['备注', 'Remarks'], maxLength: 500 }),
  },
  titleField: 'name',
  list: { columns: ['code', 'name', 'englishName'], defaultSort: { field: 'code', order: 'asc' } },
  files: { module: 'masterData', importable: true },
});
