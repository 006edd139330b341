/**
 * The stored activities (resources/promotion, table `activities`) as the engine reads them:
 * {@link PreparedActivity} with its normalised rule (activity.contract.ts). One statement reads
 * the rows with the codes of the goods, categories, brands and channels they list and their
 * time-of-day windows; `prepareActivity` is the pure mapping of one row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { dbCents } from '../../money/money';
import type { budgetField, rewardPart, scheduleRule } from '../../../resources/promotion/activity-parts';
import type { ObjectValueOf } from '../../../resources/record-of';
import type { DeclaredKind, StoredRuleOf } from '../../../resources/promotion/kinds/index';
import type { ActivityKind, ActivityRule, GoodsScope, PreparedActivity, Reward, Tier } from './activity.contract';

/** The stored budgets, typed from the declaration's `budget` object (a renamed member fails here). */
type StoredBudget = ObjectValueOf<(typeof budgetField)['fields']>;
/** The reward members of a kind's rule (the reward part), typed from their declaration. */
type StoredReward = ObjectValueOf<typeof rewardPart>;
/** The weekdays and priority of a sale kind's rule (the schedule part). */
type StoredSchedule = ObjectValueOf<typeof scheduleRule>;

/** One stored activity with the codes its lists resolve to (what {@link loadActivities} selects). */
export interface ActivityRow {
  readonly id: number | string;
  readonly number: string;
  readonly name: string;
  readonly kind: string;
  readonly begin_time: Date | string;
  readonly end_time: Date | string;
  readonly day_times: readonly { readonly from: string; readonly to: string }[] | null;
  readonly stores: readonly (number | string)[] | null;
  readonly areas: readonly (number | string)[] | null;
  readonly marketing_center: number | string | null;
  readonly levels: readonly (number | string)[] | null;
  readonly channel_codes: readonly string[] | null;
  readonly goods_scope: string | null;
  readonly goods_codes: readonly string[] | null;
  readonly category_codes: readonly string[] | null;
  readonly brand_codes: readonly string[] | null;
  readonly exclusive_group: string | null;
  /** The budgets (jsonb, the declaration's `budget` object; null when none was given). */
  readonly budget: StoredBudget | null;
  readonly costparty: number | string | null;
  /** The codes of the goods the rule's `giftGoods` / `exchangeGoods` name. */
  readonly gift_goods_code: string | null;
  readonly exchange_goods_code: string | null;
  /**
   * The kind's rule (jsonb: its own members and those of its parts, relations as ids), typed by
   * each reader below from the kind's declaration.
   */
  readonly rule: unknown;
}

const ids = (list: readonly (number | string)[] | null): number[] => (list ?? []).map(Number);
const idOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));
const int = (value: number | null | undefined, fallback = 0): number => (value === null || value === undefined ? fallback : Number(value));
/** An exact one-decimal multiple ("1.5") in tenths (15). */
const tenths = (value: string | null | undefined): number => Number(dbCents(value ?? '0') / 10n);
const cents = (value: string | number | null | undefined): bigint => dbCents(value ?? '0');

function goodsOf(row: ActivityRow): GoodsScope {
  const mode = row.goods_scope === 'INCLUDE' || row.goods_scope === 'EXCLUDE' ? row.goods_scope : 'ALL';
  return {
    mode,
    goodsCodes: mode === 'ALL' ? [] : [...(row.goods_codes ?? [])],
    categoryCodes: mode === 'ALL' ? [] : [...(row.category_codes ?? [])],
    brandCodes: mode === 'ALL' ? [] : [...(row.brand_codes ?? [])],
  };
}

function rewardOf(
  points: number | null | undefined,
  template: number | string | null | undefined,
  count: number | null | undefined,
): Reward {
  const templateId = idOrNull(template ?? null);
  return { points: int(points), couponTemplateId: templateId, couponCount: templateId === null ? 0 : int(count, 1) };
}

function tiersOf(
  ladder: { readonly tiers: readonly { threshold: string | number; points: number }[] | null } | null,
  by: 'amount' | 'quantity',
): Tier[] {
  return (ladder?.tiers ?? [])
    .map((t) => ({ threshold: by === 'amount' ? cents(t.threshold) : BigInt(Number(t.threshold)), points: Number(t.points) }))
    .sort((a, b) => (a.threshold < b.threshold ? -1 : a.threshold > b.threshold ? 1 : 0));
}

/** What a reader of one kind's rule gets: its stored rule, typed from its declaration, and the row. */
type RuleReader<K extends ActivityKind> = (rule: StoredRuleOf<K>, row: ActivityRow) => Extract<ActivityRule, { kind: K }>;

/**
 * The normalised rule of each kind from its stored rule. Keyed by kind both ways: a kind of the
 * engine without a declaration, a declaration without a reader, or a reader of a member the
 * declaration renamed fails the type check.
 */
const RULE_READERS: { readonly [K in ActivityKind]: RuleReader<K> } = {
  BASIC_POINTS: (rule) => ({ kind: 'BASIC_POINTS', centsPerPoint: cents(rule.yuanPerPoint) }),
  NON_POINTS_GOODS: (_rule, row) => ({ kind: 'NON_POINTS_GOODS', goods: goodsOf(row) }),
  POINTS_SPEED: (rule) => ({ kind: 'POINTS_SPEED', multipleTenths: tenths(rule.speedMultiple) }),
  SCORE_DOUBLING: (rule, row) => ({ kind: 'SCORE_DOUBLING', goods: goodsOf(row), multipleTenths: tenths(rule.doublingMultiple) }),
  AMOUNT_EXTRA_POINTS: (rule, row) => ({ kind: 'AMOUNT_EXTRA_POINTS', goods: goodsOf(row), tiers: tiersOf(rule.amountLadder, 'amount') }),
  QTY_EXTRA_POINTS: (rule, row) => ({ kind: 'QTY_EXTRA_POINTS', goods: goodsOf(row), tiers: tiersOf(rule.quantityLadder, 'quantity') }),
  GOODS_GROUP_QTY_EXTRA_POINTS: (rule, row) => ({
    kind: 'GOODS_GROUP_QTY_EXTRA_POINTS',
    goods: goodsOf(row),
    everyQuantity: int(rule.groupEveryQuantity, 1),
    points: int(rule.groupPoints),
    maxTimes: rule.groupMaxTimes ?? null,
  }),
  GOODS_AMOUNT_COUPON: (rule, row) => ({
    kind: 'GOODS_AMOUNT_COUPON',
    goods: goodsOf(row),
    thresholdCents: cents(rule.couponThresholdAmount),
    repeat: rule.couponAmountRepeat === true,
    reward: rewardOfRule(rule),
  }),
  GOODS_AMOUNT_GIFT: (rule, row) => ({
    kind: 'GOODS_AMOUNT_GIFT',
    goods: goodsOf(row),
    thresholdCents: cents(rule.giftThresholdAmount),
    giftGoodsCode: row.gift_goods_code ?? '',
    giftQuantity: int(rule.giftQuantity, 1),
  }),
  GOODS_QTY_COUPON: (rule, row) => ({
    kind: 'GOODS_QTY_COUPON',
    goods: goodsOf(row),
    thresholdQuantity: int(rule.couponThresholdQuantity, 1),
    repeat: rule.couponQuantityRepeat === true,
    reward: rewardOfRule(rule),
  }),
  USE_COUPON_SEND_COUPON: (rule) => ({
    kind: 'USE_COUPON_SEND_COUPON',
    usedTemplateIds: ids(rule.usedCouponTemplates),
    reward: rewardOfRule(rule),
  }),
  POINTS_AS_CASH: (rule) => ({
    kind: 'POINTS_AS_CASH',
    pointsPerYuan: int(rule.cashPointsPerYuan, 1),
    maxShareOfOrderPercent: int(rule.cashMaxSharePercent, 100),
    maxPointsPerOrder: rule.cashMaxPointsPerOrder ?? null,
    minOrderCents: cents(rule.cashMinOrderAmount),
  }),
  SCORE_GAIN_COUPON: (rule) => ({ kind: 'SCORE_GAIN_COUPON', pointsCost: int(rule.couponPointsCost), reward: rewardOfRule(rule) }),
  SCORE_EXCHANGE_GOODS: (rule, row) => ({
    kind: 'SCORE_EXCHANGE_GOODS',
    pointsCost: int(rule.goodsPointsCost),
    goodsCode: row.exchange_goods_code ?? '',
    quantity: int(rule.exchangeQuantity, 1),
  }),
  BIRTHDAY_GIFT: (rule) => ({ kind: 'BIRTHDAY_GIFT', daysBefore: int(rule.birthdayDaysBefore), reward: rewardOfRule(rule) }),
  REGISTER_GIFT: (rule) => ({ kind: 'REGISTER_GIFT', reward: rewardOfRule(rule) }),
  ACTIVATE_GIFT: (rule) => ({ kind: 'ACTIVATE_GIFT', reward: rewardOfRule(rule) }),
  INVITE_GIFT: (rule) => ({
    kind: 'INVITE_GIFT',
    inviter: rewardOfRule(rule),
    invitee: rewardOf(rule.inviteePoints, rule.inviteeCouponTemplate, rule.inviteeCouponCount),
  }),
  UPGRADE_GIFT: (rule) => ({ kind: 'UPGRADE_GIFT', toLevelIds: ids(rule.upgradeToLevels), reward: rewardOfRule(rule) }),
};

// The engine's kinds and the declared kinds are the same set (a kind on one side only fails here).
const _sameKinds: { readonly [K in DeclaredKind]: RuleReader<K> } = RULE_READERS;
void _sameKinds;

const rewardOfRule = (rule: StoredReward): Reward => rewardOf(rule.rewardPoints, rule.rewardCouponTemplate, rule.rewardCouponCount);

/** The normalised rule of a row, by its kind. */
export function ruleOf(row: ActivityRow): ActivityRule {
  const kind = row.kind as ActivityKind;
  const reader = RULE_READERS[kind] as RuleReader<ActivityKind> | undefined;
  if (!reader) throw new Error(`activity ${String(row.number)}: unknown kind ${String(row.kind)}`);
  // A stored rule is what the declaration validated on save (or the kind-rules migrations moved).
  return reader((row.rule ?? {}) as never, row);
}

const hhmm = (time: string) => time.slice(0, 5);
const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const orNull = (value: number | null) => (value === null ? null : Number(value));

/** One stored activity (any state, INITAIL included: the simulator's) as the engine reads it. */
export function prepareActivity(row: ActivityRow): PreparedActivity {
  // The schedule's weekdays and priority are rule members of the kinds that use the part.
  const schedule = (row.rule ?? {}) as Partial<StoredSchedule>;
  return {
    id: Number(row.id),
    number: row.number,
    name: row.name,
    kind: row.kind as ActivityKind,
    start: instant(row.begin_time),
    end: instant(row.end_time),
    weekdays: [...(schedule.weekdays ?? [])].map(Number).sort((a, b) => a - b),
    dayTimes: (row.day_times ?? []).map((w) => ({ from: hhmm(w.from), to: hhmm(w.to) })),
    storeIds: ids(row.stores),
    areaIds: ids(row.areas),
    marketingCenterId: idOrNull(row.marketing_center),
    levelIds: ids(row.levels),
    channelCodes: [...(row.channel_codes ?? [])],
    budget: {
      totalPoints: orNull(row.budget?.totalPoints ?? null),
      totalCoupons: orNull(row.budget?.totalCoupons ?? null),
      totalTimes: orNull(row.budget?.totalTimes ?? null),
      perMemberTimes: orNull(row.budget?.perMemberTimes ?? null),
      perMemberPerDayTimes: orNull(row.budget?.perMemberPerDayTimes ?? null),
    },
    exclusiveGroup: row.exclusive_group === null || row.exclusive_group === '' ? null : row.exclusive_group,
    priority: int(schedule.priority),
    costPartyId: idOrNull(row.costparty),
    rule: ruleOf(row),
  };
}

/** The codes of the records a list of ids names, in the row's tenant. */
const codesOf = (table: string, column: string) =>
  sql.raw(`array(select x.code from ${table} x where x.tenant_id = a.tenant_id and x.id = any(a.${column}) order by x.code)`);
/** The code of the record a rule member names (its id in the jsonb rule), in the row's tenant. */
const ruleCodeOf = (table: string, member: string) =>
  sql.raw(`(select x.code from ${table} x where x.tenant_id = a.tenant_id and x.id = (a.rule->>'${member}')::bigint)`);

async function selectRows(db: DbOrTx, tenantId: number, condition: SQL): Promise<ActivityRow[]> {
  const result = await db.execute<ActivityRow & Record<string, unknown>>(sql`
    select a.*,
      ${codesOf('channels', 'channels')} as channel_codes,
      ${codesOf('products', 'goods')} as goods_codes,
      ${codesOf('categories', 'categories')} as category_codes,
      ${codesOf('brands', 'brands')} as brand_codes,
      ${ruleCodeOf('products', 'giftGoods')} as gift_goods_code,
      ${ruleCodeOf('products', 'exchangeGoods')} as exchange_goods_code,
      coalesce((select json_agg(json_build_object('from', d."from", 'to', d."to") order by d.line_no)
                  from activities_day_times_lines d where d.tenant_id = a.tenant_id and d.parent_id = a.id), '[]'::json) as day_times
    from activities a
    where a.tenant_id = ${tenantId} and ${condition}
    order by a.id`);
  return result.rows;
}

/** The active set of a tenant: every AUDITED activity not past its end (stopped ones are stored STOPED). */
export async function loadActiveActivities(db: DbOrTx, tenantId: number, now: Date = new Date()): Promise<PreparedActivity[]> {
  const rows = await selectRows(db, tenantId, sql`a.state = 'AUDITED' and a.end_time > ${now.toISOString()}::timestamptz`);
  return rows.map(prepareActivity);
}

/** Activities of a tenant by id, in any state (the simulator adds them to the active set); unknown ids are left out. */
export async function loadActivities(db: DbOrTx, tenantId: number, activityIds: readonly number[]): Promise<PreparedActivity[]> {
  if (activityIds.length === 0) return [];
  const rows = await selectRows(db, tenantId, sql`a.id = any(${`{${activityIds.map(Number).join(',')}}`}::bigint[])`);
  return rows.map(prepareActivity);
}
