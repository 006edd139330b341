import { defineReasonMaster } from '../document-presets';

/**
 * A reason for adjusting points (积分调整原因, score/score-adjust/score-adjust-reason): the small
 * master every line of a points adjustment document names. Its direction says which way the
 * points of a line citing it may go (an "activity compensation" only adds, a "fraud correction"
 * only takes away, "other" does both); server/modules/points/score-adjust.hooks.ts holds lines to it. A disabled reason
 * stays on the documents that used it but cannot be chosen for new lines.
 *
 * The entry's one screen is the list: add, edit and detail open in a drawer over it.
 */
export const scoreAdjustReasonResource = defineReasonMaster({
  name: 'score-adjust-reason',
  table: 'score_adjust_reasons',
  title: ['积分调整原因', 'Points adjustment reason'],
  route: { group: 'score', entry: 'score-adjust', screens: { list: 'score-adjust-reason' } },
  access: { read: ['单据查看'], write: '配置维护' },
  directionHelp: ['引用此原因的调整行只能按此方向调整积分', 'Lines citing this reason may only move points this way'],
});
