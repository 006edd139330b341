/**
 * The parts several activity kinds share (DOMAIN.md "Marketing activities"): which goods a rule
 * counts, what an activity gives, and the weekly schedule and stacking of the kinds a sale
 * triggers. A kind names the parts it uses (`ActivityKindDecl.parts`); the base declaration adds
 * each part's fields once, applying only to the kinds that use it (`when: kind in [...]`), so the
 * engine reads one column per meaning whatever the kind; a part's rule members (`PART_RULES`:
 * the reward, the weekdays and priority) join the rule of each kind that uses it.
 */
import { field, type FieldDef, type ObjectMemberField } from '../define';
import { preset } from '../field-presets';
import type { Bilingual } from '../messages/bilingual';

/** The optional parts of an activity, each a form section of its own. */
export type ActivityPart = 'goods' | 'reward' | 'schedule';

const scopeOptions = {
  ALL: { label: ['全部商品', 'All goods'], color: 'green' },
  INCLUDE: { label: ['仅指定商品', 'Only those listed'], color: 'blue' },
  EXCLUDE: { label: ['指定以外', 'All but those listed'], color: 'orange' },
} as const;

/** Goods a rule counts: all, only the listed goods / categories / brands, or all but them. */
export const goodsPart = {
  goodsScope: field.enum({
    label: ['适用商品', 'Goods counted'],
    required: true,
    options: scopeOptions,
    defaultValue: 'ALL',
    inList: false,
  }),
  ...preset.listedGoods('goodsScope'),
} satisfies Record<string, FieldDef>;

/** What one reward gives: points, and / or a number of coupons of one template (typed by name, for the kinds' rules). */
export function rewardFields<P extends string>(prefix: P, labels: { points: Bilingual; coupon: Bilingual; count: Bilingual }) {
  const points = field.integer({
    label: labels.points,
    help: ['0 或不填则不送积分', '0 or empty: no points'],
    emptyMeans: ['不送积分', 'No points'],
    min: 0,
    max: 10_000_000,
    defaultValue: 0,
    inList: false,
  });
  // Effective templates only: the activity's hook refuses any other (activity.couponTemplateNotEffective).
  const template = field.relation({
    label: labels.coupon,
    resource: 'coupon-template',
    inList: false,
    pickable: { field: 'state', in: ['EFFECTIVE'] },
  });
  const count = field.integer({
    label: labels.count,
    help: ['选了券模板时每次发放的张数', 'Coupons given each time, when a template is chosen'],
    min: 1,
    max: 100,
    defaultValue: 1,
    inList: false,
  });
  return {
    [`${prefix}Points`]: points,
    [`${prefix}CouponTemplate`]: template,
    [`${prefix}CouponCount`]: count,
  } as { [K in `${P}Points`]: typeof points } & { [K in `${P}CouponTemplate`]: typeof template } & {
    [K in `${P}CouponCount`]: typeof count;
  };
}

/** The reward most kinds give (an invitation's inviter reward too). */
export const rewardPart = rewardFields('reward', {
  points: ['赠送积分', 'Points given'],
  coupon: ['赠送券', 'Coupon given'],
  count: ['赠券张数', 'Coupons each time'],
});

/**
 * The schedule's members only the engine reads (no list shows, filters or sorts on them): kept in
 * the rule of the kinds that use the part.
 */
export const scheduleRule = {
  weekdays: field.weekdays({
    label: ['活动星期', 'Weekdays'],
    help: ['不选则每天', 'None: every day'],
    emptyMeans: ['每天', 'Every day'],
    inList: false,
  }),
  priority: field.integer({
    label: ['优先级', 'Priority'],
    help: ['数字越大越优先', 'Higher wins'],
    min: 0,
    max: 9999,
    defaultValue: 0,
    inList: false,
  }),
} satisfies Record<string, ObjectMemberField>;

/** When in the week a sale counts (time-of-day windows in the merchant's zone) and its stacking group. */
export const schedulePart = {
  dayTimes: field.lines({
    label: ['每日时段', 'Daily time windows'],
    help: ['不填则全天；结束时间不含', 'None: all day; the end is exclusive'],
    emptyMeans: ['全天', 'All day'],
    maxLines: 6,
    fields: {
      from: field.time({ label: ['开始', 'From'], required: true }),
      to: field.time({ label: ['结束', 'Until'], required: true }),
    },
  }),
  exclusiveGroup: field.text({
    label: ['互斥组', 'Exclusive group'],
    help: ['同组活动只有优先级最高的一个生效', 'Of the activities of one group only the highest priority one gives'],
    maxLength: 30,
    filter: 'eq',
    inList: false,
  }),
} satisfies Record<string, FieldDef>;

const budget = (label: Bilingual) =>
  field.integer({ label, help: ['不填则不限', 'Empty: unlimited'], emptyMeans: ['不限', 'Unlimited'], min: 1, max: 1_000_000_000 });

/**
 * The budgets every kind may set (empty = unlimited): one jsonb value, since no list filters or
 * sorts on a budget and only the engine reads it (activity.loader.ts, typed from these members).
 */
export const budgetField = field.object({
  label: ['预算与限制', 'Budgets and limits'],
  inList: false,
  fields: {
    totalPoints: budget(['积分总预算', 'Points budget']),
    totalCoupons: budget(['赠券总预算(张)', 'Coupon budget']),
    totalTimes: budget(['总参与次数', 'Total times']),
    perMemberTimes: budget(['每人参与次数', 'Times per member']),
    perMemberPerDayTimes: budget(['每人每日参与次数', 'Times per member per day']),
  },
});

/** Each part's fields (columns: what lists filter on, and the goods the loader resolves to codes) and its form section title. */
export const ACTIVITY_PARTS: Readonly<
  Record<ActivityPart, { readonly title: Bilingual; readonly fields: Readonly<Record<string, FieldDef>> }>
> = {
  goods: { title: ['适用商品', 'Goods counted'], fields: goodsPart },
  reward: { title: ['奖励', 'Reward'], fields: {} },
  schedule: { title: ['时段与叠加', 'Schedule and stacking'], fields: schedulePart },
};

/**
 * The rule members each part adds to the rule of every kind that uses it (`defineActivityKind`):
 * the reward (points, a coupon template, a count) and the schedule's weekdays and priority. One
 * declaration shared by the kinds (resources/define.ts `defineKinds`), stored in their `rule`.
 */
export const PART_RULES = {
  goods: {},
  reward: rewardPart,
  schedule: scheduleRule,
} as const satisfies Record<ActivityPart, Readonly<Record<string, ObjectMemberField>>>;
