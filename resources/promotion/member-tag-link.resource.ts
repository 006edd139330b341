import { defineResource, field } from '../define';

/**
 * Who holds a tag, and why (issue 29 item 1): one row per member and tag, its `source` the way
 * the tag came (MANUAL by hand, API by an application key, IMPORT by a file, BATCH by a batch
 * document, SCAN, RULE by a system tag's rule). The server sets the source; a rule's
 * recomputation adds and removes only RULE rows, so it never takes off a tag a person put on
 * (server/modules/audiences/audience.compute.ts, `recomputeTag`). Shown on the member detail as a related list.
 */
export const memberTagLinkResource = defineResource({
  name: 'member-tag-link',
  table: 'member_tag_links',
  title: ['会员标签', 'Member tag'],
  route: { group: 'promotion', entry: 'tag-manage', screens: {} },
  access: { read: ['标签查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    member: field.relation({
      label: ['会员', 'Member'],
      resource: 'member',
      required: true,
      readOnlyAfterCreate: true,
      filter: 'eq',
      width: 200,
    }),
    tag: field.relation({
      label: ['标签', 'Tag'],
      resource: 'member-tag',
      required: true,
      readOnlyAfterCreate: true,
      filter: 'eq',
      width: 160,
    }),
    source: field.enum({
      label: ['来源', 'Source'],
      options: {
        MANUAL: { label: ['手工', 'By hand'], color: 'blue' },
        RULE: { label: ['规则', 'Rule'], color: 'purple' },
        IMPORT: { label: ['文件导入', 'File import'], color: 'cyan' },
        API: { label: ['接口', 'API'], color: 'geekblue' },
        BATCH: { label: ['批量单据', 'Batch document'], color: 'green' },
        SCAN: { label: ['扫码', 'Scan'], color: 'orange' },
      },
      required: true,
      serverManaged: true,
      defaultValue: 'MANUAL',
      filter: 'eq',
      width: 110,
    }),
    taggedAt: field.datetime({ label: ['打标时间', 'Tagged at'], serverManaged: true, sortable: true, width: 170 }),
  },
  titleField: 'tag',
  list: { columns: ['member', 'tag', 'source', 'taggedAt'], defaultSort: { field: 'taggedAt', order: 'desc' } },
});
