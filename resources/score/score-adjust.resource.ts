import { defineResource, field } from '../define';
import { auditedDocument } from '../document-presets';

/**
 * A points adjustment document (积分调整单, score/score-adjust): a header (number, store, remark)
 * and lines of member + signed points + reason (from score-adjust-reason) + remark.
 *
 * Life cycle (the coupon write-off states of §4): INITIAL 未审核 while it is drafted, editable and
 * deletable; the `audit` action moves it to EFFECTED 已审核 and, in the same transaction, posts
 * every line to the points ledger once (server/modules/points/score-adjust.hooks.ts). A line that would take a balance
 * below zero, or a member who may not transact, refuses the whole audit: nothing is posted and
 * the document stays INITIAL. An audited document is final; a mistake is corrected by another
 * document with the opposite points.
 *
 * The number (`SA` + 8 digits) is drawn by the server from a per-tenant counter on saveNew; the
 * totals are computed from the lines on every save.
 */
export const scoreAdjustResource = defineResource({
  name: 'score-adjust',
  table: 'score_adjusts',
  title: ['积分调整单', 'Points adjustment'],
  route: {
    group: 'score',
    entry: 'score-adjust',
    screens: { list: 'score-adjust', add: 'score-adjust-add', dtl: 'score-adjust-dtl' },
  },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  files: { module: 'points' },
  fields: {
    ...auditedDocument.header(),
    totalPoints: field.integer({
      label: ['调整积分合计', 'Net points'],
      serverManaged: true,
      sortable: true,
      width: 130,
    }),
    lineCount: field.integer({ label: ['明细行数', 'Lines'], serverManaged: true, width: 100 }),
    ...auditedDocument.trail(),
    lines: auditedDocument.adjustmentLines({
      reasonResource: 'score-adjust-reason',
      fields: {
        member: field.relation({
          label: ['会员', 'Member'],
          resource: 'member',
          required: true,
          // The balance the line changes, shown as the line is drafted.
          figures: { resource: 'points-accounts', field: 'memberId', show: ['balance'] },
        }),
        points: field.integer({
          label: ['调整积分', 'Points'],
          help: ['正数增加，负数扣减，不能为 0', 'Positive adds, negative deducts; never 0'],
          required: true,
          min: -10_000_000,
          max: 10_000_000,
        }),
      },
    }),
  },
  titleField: 'number',
  numbering: { field: 'number', prefix: 'SA', digits: 8 },
  list: auditedDocument.list(['totalPoints', 'lineCount']),
  ...auditedDocument.sections({ totals: ['totalPoints', 'lineCount'], linesTitle: ['调整明细', 'Adjustment lines'] }),
  states: auditedDocument.states([
    '审核后调整立即记入会员积分，且不能再修改或删除。确定审核“{title}”吗？',
    'Once audited, the points are posted to the members and the document can no longer be changed or deleted. Audit "{title}"?',
  ]),
  creates: { values: [{ kind: 'points', fields: ['lines.points'] }] },
  deletable: true,
});
