import { field } from '../../define';
import { defineSaleKind } from '../activity-kind';
import { pointsAward, pointsOf, sumCents } from './goods-scope';
import { cents } from './rule-reading';

/** Basic points rule in scope (consumption reward, score-init-setting / score-dtl): overrides the tenant's points settings. */
export const basicPointsKind = defineSaleKind(
  {
    value: 'BASIC_POINTS',
    family: 'COUPON_ACTIVE',
    trigger: 'sale',
    title: ['基础积分规则', 'Basic points rule'],
    screens: { add: 'score-init-setting', edit: 'score-init-setting', dtl: 'score-dtl' },
    parts: ['schedule'],
    rule: {
      yuanPerPoint: field.money({
        label: ['每积1分所需金额(元)', 'Yuan per point'],
        help: ['在活动范围内代替积分规则设置中的基础规则', "Replaces the points settings' basic rule in the activity's scope"],
        required: true,
        min: 0.01,
        max: 100000,
        width: 130,
      }),
    },
  },
  {
    read: (rule) => ({ centsPerPoint: cents(rule.yuanPerPoint) }),
    // One point per `centsPerPoint` of the lines that earn points, rounded down; it replaces the
    // tenant's points settings for the sales it covers.
    evaluate: (rule, { basket }) =>
      pointsAward(pointsOf(sumCents(basket.filter((line) => line.earnsPoints)), rule.centsPerPoint), 'activities.reason.noPoints'),
  },
);
