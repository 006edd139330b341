import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A sales area. Areas form a tree (大区 → 城市 → 片区) and stores hang below them. An area no longer
 * in use is meant to be voided rather than deleted (state CANCEL, §4 "Area state: CANCEL (voided),
 * otherwise normal"), so the stores and history naming it keep their area; it can be restored,
 * and while voided it cannot be edited.
 */
export const areaResource = defineResource({
  name: 'area',
  table: 'areas',
  title: ['区域', 'Area'],
  route: { group: 'datum', entry: 'area', screens: { list: 'area' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    parent: field.tree({ label: ['上级区域', 'Parent area'], maxDepth: 4, filter: 'eq' }),
    code: preset.code(['区域编码', 'Area code'], { width: 140 }),
    name: preset.name(['区域名称', 'Area name']),
    marketingCenter: preset.marketingCenter(),
    state: field.enum({
      label: ['状态', 'Status'],
      options: {
        NORMAL: { label: ['正常', 'Normal'], color: 'green' },
        CANCEL: { label: ['已作废', 'Voided'], color: 'default' },
      },
      defaultValue: 'NORMAL',
      // Moved only by the void / restore actions below.
      serverManaged: true,
      filter: 'eq',
      width: 100,
    }),
    remark: preset.remark(),
  },
  titleField: 'name',
  treeField: 'parent',
  list: { columns: ['name', 'code', 'marketingCenter', 'state'], defaultSort: { field: 'code', order: 'asc' } },
  states: {
    field: 'state',
    initial: 'NORMAL',
    editableIn: ['NORMAL'],
    actions: {
      void: {
        label: ['作废', 'Void'],
        from: ['NORMAL'],
        to: 'CANCEL',
        confirm: ['作废后该区域不能再修改，可随时恢复。确定作废吗？', 'A voided area cannot be edited until it is restored. Void it?'],
        danger: true,
      },
      restore: {
        label: ['恢复', 'Restore'],
        from: ['CANCEL'],
        to: 'NORMAL',
        confirm: ['确定恢复该区域吗？', 'Restore this area?'],
      },
    },
  },
  files: { module: 'zones', importable: true },
});
