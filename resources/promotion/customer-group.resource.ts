import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * Customer groups (营销/客群, issue 29 item 2): members chosen by conditions (`rule`, the
 * condition language of resources/contract/audience-condition.types.ts, as JSON), edited with
 * the condition builder (`widget`, src/fields/widgets/). The builder
 * asks `POST /v1/customer-group/estimate` for the planner's estimate at once; the exact count is
 * computed in the background (server/modules/audiences/audience.compute.ts, `countGroup`) and kept with its time
 * (`memberCount`, `countedAt`), so no screen waits on it. A push plan or activity refers to a
 * group by a relation to `customer-group`: the engine then refuses to delete a group in use
 * (409 naming what uses it). A static group (`groupType` STATIC) is a list of members imported
 * from member numbers or mobiles on the user-group-import screen (`POST /v1/customer-group/import`,
 * a report per line); its members are `customer_group_members`, and it has no rule.
 */
export const customerGroupResource = defineResource({
  name: 'customer-group',
  table: 'customer_groups',
  title: ['客群', 'Customer group'],
  route: {
    group: 'promotion',
    entry: 'user-group',
    screens: { list: 'user-group-manage', add: 'user-group-add', dtl: 'user-group-dtl' },
  },
  access: { read: ['客群查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: preset.name(['客群名称', 'Group name'], { maxLength: 40, width: 180 }),
    groupType: field.enum({
      label: ['客群类型', 'Group type'],
      options: {
        CONDITIONS: { label: ['条件客群', 'By conditions'], color: 'blue' },
        STATIC: { label: ['导入客群', 'Imported list'], color: 'cyan' },
      },
      // An imported list is made by its import screen (user-group-import), never by the add form.
      serverManaged: true,
      defaultValue: 'CONDITIONS',
      filter: 'eq',
      width: 110,
    }),
    description: field.longText({ label: ['客群说明', 'Description'], maxLength: 200 }),
    rule: field.longText({
      label: ['客群条件', 'Conditions'],
      help: ['AND / OR 条件组，可嵌套', 'AND / OR groups of conditions, nested'],
      required: true,
      maxLength: 20000,
      when: { field: 'groupType', in: ['CONDITIONS'] },
      widget: { name: 'conditionTree', count: 'count', countFields: ['memberCount', 'countedAt'], exportMembers: 'members/export' },
    }),
    memberCount: field.integer({ label: ['会员数', 'Members'], serverManaged: true, min: 0, sortable: true, width: 100 }),
    countedAt: field.datetime({
      label: ['计算时间', 'Counted at'],
      help: ['会员数在后台计算完成的时间', 'When the member count was computed in the background'],
      serverManaged: true,
      width: 170,
    }),
  },
  titleField: 'name',
  list: { columns: ['name', 'groupType', 'memberCount', 'countedAt'], defaultSort: { field: 'name', order: 'asc' } },
});
