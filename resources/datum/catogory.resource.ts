import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A goods category. Categories form a tree (油品 → 汽油 / 柴油; 便利店商品 → 饮料 …); products
 * point at any node. The resource keeps the specification's route name `catogory`.
 */
export const catogoryResource = defineResource({
  name: 'catogory',
  table: 'categories',
  title: ['品类', 'Category'],
  route: { group: 'datum', entry: 'catogory', screens: { list: 'catogory' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    parent: field.tree({ label: ['上级品类', 'Parent category'], maxDepth: 4, filter: 'eq' }),
    code: preset.code(['品类编码', 'Category code'], { width: 140 }),
    name: preset.name(['品类名称', 'Category name']),
    sortOrder: field.integer({
      label: ['排序', 'Sort order'],
      help: ['数字越小越靠前', 'Smaller numbers come first'],
      min: 0,
      max: 9999,
      defaultValue: 0,
      sortable: true,
      width: 90,
    }),
    remark: preset.remark(),
  },
  titleField: 'name',
  treeField: 'parent',
  list: { columns: ['name', 'code', 'sortOrder'], defaultSort: { field: 'sortOrder', order: 'asc' } },
  files: { module: 'masterData', importable: true },
});
