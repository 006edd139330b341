import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * Tags (营销/标签, issue 29 item 1): a manual tag is put on members by hand, by a batch
 * document, by a file or by the API; a system tag is computed by its `rule` (the condition
 * language of resources/contract/audience-condition.types.ts, as JSON) in the background
 * (server/modules/audiences/audience.compute.ts, `recomputeTag`), which keeps `memberCount` and `lastRunAt`. Who
 * holds a tag, and why, is the tag link (member-tag-link.resource.ts).
 */
export const memberTagResource = defineResource({
  name: 'member-tag',
  table: 'member_tags',
  title: ['标签', 'Tag'],
  route: {
    group: 'promotion',
    entry: 'tag-manage',
    screens: { list: 'tag-manage', add: 'sys-custom-tag-add', dtl: 'manual-tag-detail' },
    // A system tag's detail is its own screen: the rule, its last run and who it selected.
    detailBy: { field: 'tagType', screens: { SYSTEM: 'sys-tag-detail' } },
  },
  access: { read: ['标签查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: preset.name(['标签名称', 'Tag name'], { maxLength: 30, width: 160 }),
    tagType: field.enum({
      label: ['标签类型', 'Tag type'],
      options: {
        MANUAL: { label: ['手工标签', 'Manual tag'], color: 'blue' },
        SYSTEM: { label: ['系统标签', 'System tag'], color: 'purple' },
      },
      required: true,
      defaultValue: 'MANUAL',
      readOnlyAfterCreate: true,
      filter: 'eq',
      width: 110,
    }),
    description: field.longText({ label: ['标签说明', 'Description'], maxLength: 200 }),
    rule: field.longText({
      label: ['标签规则', 'Rule'],
      help: [
        '系统标签的条件（AND / OR 条件组），后台按时重算',
        'The conditions of a system tag (AND / OR groups), recomputed in the background',
      ],
      maxLength: 20000,
      when: { field: 'tagType', in: ['SYSTEM'] },
      widget: { name: 'conditionTree', count: 'recompute', countFields: ['memberCount', 'lastRunAt'] },
    }),
    memberCount: field.integer({
      label: ['会员数', 'Members'],
      serverManaged: true,
      defaultValue: 0,
      min: 0,
      sortable: true,
      width: 100,
    }),
    lastRunAt: field.datetime({
      label: ['最近计算时间', 'Last computed'],
      help: ['系统标签最近一次重算完成的时间', 'When the system tag was last recomputed'],
      serverManaged: true,
      width: 170,
    }),
  },
  titleField: 'name',
  list: { columns: ['name', 'tagType', 'memberCount', 'lastRunAt'], defaultSort: { field: 'memberCount', order: 'desc' } },
  detail: {
    // Who holds the tag, and how each got it (a rule's, a person's, a file's).
    related: [
      {
        key: 'holders',
        title: ['持有会员', 'Members holding it'],
        resource: 'member-tag-link',
        field: 'tag',
        limit: 20,
        columns: ['member', 'source', 'taggedAt'],
      },
    ],
  },
});
