import { field } from '../../define';
import { defineSaleKind } from '../activity-kind';
import { pointsAward } from './goods-scope';
import { tenths } from './rule-reading';

/** Points acceleration (score-init entry): multiplies the basic points in scope. */
export const pointsSpeedKind = defineSaleKind(
  {
    value: 'POINTS_SPEED',
    family: 'SCORE_INIT',
    trigger: 'sale',
    title: ['积分加速', 'Points acceleration'],
    // Listed on the points settings screen (score-init), under the settings.
    screens: {
      list: 'score-init',
      add: 'points-charge-speed-setting',
      edit: 'points-charge-speed-setting',
      dtl: 'points-charge-speed-setting-dtl',
    },
    parts: ['schedule'],
    rule: {
      speedMultiple: field.decimal({
        label: ['加速倍数', 'Multiple'],
        help: ['1.5 表示基础积分的 1.5 倍', '1.5 gives 1.5 times the basic points'],
        required: true,
        decimals: 1,
        min: 1.1,
        max: 10,
        width: 100,
      }),
    },
  },
  {
    read: (rule) => ({ multipleTenths: tenths(rule.speedMultiple) }),
    // The basic points multiplied by `multipleTenths / 10`, rounded down; the award is the extra over
    // the basic points (x1.5 on 7 basic points = 10, the award is 3).
    evaluate: (rule, { basicPoints }) =>
      pointsAward(Math.floor((basicPoints * rule.multipleTenths) / 10) - basicPoints, 'activities.reason.noPoints'),
  },
);
