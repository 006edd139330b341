import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/** A goods brand (中石化 own brands, 农夫山泉, 康师傅 …); products may name one. */
export const brandResource = defineResource({
  name: 'brand',
  table: 'brands',
  title: ['品牌', 'Brand'],
  route: { group: 'datum', entry: 'brand', screens: { list: 'brand' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: preset.code(['品牌编码', 'Brand code'], { width: 140 }),
    name: preset.uniqueName(['品牌名称', 'Brand name']),
    englishName: field.text({ label: ['英文名称', 'English name'], maxLength: 80, searchable: true }),
    remark: preset.remark(),
  },
  titleField: 'name',
  list: { columns: ['code', 'name', 'englishName'], defaultSort: { field: 'code', order: 'asc' } },
  files: { module: 'masterData', importable: true },
});
