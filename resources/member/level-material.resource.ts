import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * Level materials: what members are shown about a level (a title, a picture, a description),
 * ordered per level. §6 names the level material screen among the routes needing no
 * permission, so reading needs only a session (`read: []`); changing materials still needs the
 * level entry's maintain action.
 */
export const levelMaterialResource = defineResource({
  name: 'level-material',
  table: 'level_materials',
  title: ['等级物料', 'Level material'],
  route: {
    group: 'member',
    entry: 'level-material',
    screens: { list: 'level-material', add: 'level-material-add', dtl: 'level-material-dtl' },
  },
  access: { read: [], write: '配置维护' },
  scope: 'tenant',
  fields: {
    title: preset.name(['物料标题', 'Title'], { width: 200 }),
    level: field.relation({ label: ['适用等级', 'Level'], resource: 'level', required: true, filter: 'eq', width: 140 }),
    image: field.file({ label: ['物料图片', 'Picture'], accept: 'image/*', maxSizeMb: 2 }),
    description: field.longText({ label: ['物料说明', 'Description'], maxLength: 1000 }),
    sortOrder: field.integer({
      label: ['排序', 'Order'],
      help: ['同一等级内数字小的排在前面', 'Lower numbers come first within a level'],
      min: 0,
      max: 999,
      defaultValue: 0,
      sortable: true,
      width: 80,
    }),
  },
  titleField: 'title',
  list: { columns: ['title', 'level', 'sortOrder'], defaultSort: { field: 'sortOrder', order: 'asc' } },
});
