/**
 * The stored activities (resources/promotion, table `activities`) as the engine reads them:
 * {@link PreparedActivity} with its normalised rule (activity.contract.ts). One statement reads
 * the rows with the codes of the goods, categories, brands and channels they list and their
 * time-of-day windows; `prepareActivity` is the pure mapping of one row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { dbCents } from '../../money/money';
import type { ActivityKind, ActivityRule, GoodsScope, PreparedActivity, Reward, Tier } from './activity.contract';

/** One stored activity with the codes its lists resolve to (what {@link loadActivities} selects). */
export interface ActivityRow {
  readonly id: number | string;
  readonly number: string;
  readonly name: string;
  readonly kind: string;
  readonly begin_time: Date | string;
  readonly end_time: Date | string;
  readonly weekdays: readonly number[] | null;
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
  readonly reward_points: number | null;
  readonly reward_coupon_template: number | string | null;
  readonly reward_coupon_count: number | null;
  readonly exclusive_group: string | null;
  readonly priority: number | null;
  readonly budget_total_points: number | null;
  readonly budget_total_coupons: number | null;
  readonly budget_total_times: number | null;
  readonly budget_per_member_times: number | null;
  readonly budget_per_member_per_day_times: number | null;
  readonly costparty: number | string | null;
  readonly yuan_per_point: string | null;
  readonly speed_multiple: string | null;
  readonly doubling_multiple: string | null;
  readonly amount_ladder: { readonly tiers?: readonly { threshold: string | number; points: number }[] } | null;
  readonly quantity_ladder: { readonly tiers?: readonly { threshold: string | number; points: number }[] } | null;
  readonly group_every_quantity: number | null;
  readonly group_points: number | null;
  readonly group_max_times: number | null;
  readonly coupon_threshold_amount: string | null;
  readonly coupon_amount_repeat: boolean | null;
  readonly gift_threshold_amount: string | null;
  readonly gift_goods_code: string | null;
  readonly gift_quantity: number | null;
  readonly coupon_threshold_quantity: number | null;
  readonly coupon_quantity_repeat: boolean | null;
  readonly used_coupon_templates: readonly (number | string)[] | null;
  readonly cash_points_per_yuan: number | null;
  readonly cash_max_share_percent: number | null;
  readonly cash_max_points_per_order: number | null;
  readonly cash_min_order_amount: string | null;
  readonly coupon_points_cost: number | null;
  readonly goods_points_cost: number | null;
  readonly exchange_goods_code: string | null;
  readonly exchange_quantity: number | null;
  readonly birthday_days_before: number | null;
  readonly invitee_points: number | null;
  readonly invitee_coupon_template: number | string | null;
  readonly invitee_coupon_count: number | null;
  readonly upgrade_to_levels: readonly (number | string)[] | null;
}

const ids = (list: readonly (number | string)[] | null): number[] => (list ?? []).map(Number);
const idOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));
const int = (value: number | null, fallback = 0): number => (value === null ? fallback : Number(value));
/** An exact one-decimal multiple ("1.5") in tenths (15). */
const tenths = (value: string | null): number => Number(dbCents(value ?? '0') / 10n);
const cents = (value: string | number | null): bigint => dbCents(value ?? '0');

function goodsOf(row: ActivityRow): GoodsScope {
  const mode = row.goods_scope === 'INCLUDE' || row.goods_scope === 'EXCLUDE' ? row.goods_scope : 'ALL';
  return {
    mode,
    goodsCodes: mode === 'ALL' ? [] : [...(row.goods_codes ?? [])],
    categoryCodes: mode === 'ALL' ? [] : [...(row.category_codes ?? [])],
    brandCodes: mode === 'ALL' ? [] : [...(row.brand_codes ?? [])],
  };
}

function rewardOf(points: number | null, template: number | string | null, count: number | null): Reward {
  const templateId = idOrNull(template);
  return { points: int(points), couponTemplateId: templateId, couponCount: templateId === null ? 0 : int(count, 1) };
}

function tiersOf(ladder: ActivityRow['amount_ladder'], by: 'amount' | 'quantity'): Tier[] {
  return (ladder?.tiers ?? [])
    .map((t) => ({ threshold: by === 'amount' ? cents(t.threshold) : BigInt(Number(t.threshold)), points: Number(t.points) }))
    .sort((a, b) => (a.threshold < b.threshold ? -1 : a.threshold > b.threshold ? 1 : 0));
}

/** The normalised rule of a row, by its kind. */
export function ruleOf(row: ActivityRow): ActivityRule {
  const kind = row.kind as ActivityKind;
  const reward = rewardOf(row.reward_points, row.reward_coupon_template, row.reward_coupon_count);
  switch (kind) {
    case 'BASIC_POINTS':
      return { kind, centsPerPoint: cents(row.yuan_per_point) };
    case 'NON_POINTS_GOODS':
      return { kind, goods: goodsOf(row) };
    case 'POINTS_SPEED':
      return { kind, multipleTenths: tenths(row.speed_multiple) };
    case 'SCORE_DOUBLING':
      return { kind, goods: goodsOf(row), multipleTenths: tenths(row.doubling_multiple) };
    case 'AMOUNT_EXTRA_POINTS':
      return { kind, goods: goodsOf(row), tiers: tiersOf(row.amount_ladder, 'amount') };
    case 'QTY_EXTRA_POINTS':
      return { kind, goods: goodsOf(row), tiers: tiersOf(row.quantity_ladder, 'quantity') };
    case 'GOODS_GROUP_QTY_EXTRA_POINTS':
      return {
        kind,
        goods: goodsOf(row),
        everyQuantity: int(row.group_every_quantity, 1),
        points: int(row.group_points),
        maxTimes: row.group_max_times === null ? null : Number(row.group_max_times),
      };
    case 'GOODS_AMOUNT_COUPON':
      return {
        kind,
        goods: goodsOf(row),
        thresholdCents: cents(row.coupon_threshold_amount),
        repeat: row.coupon_amount_repeat === true,
        reward,
      };
    case 'GOODS_AMOUNT_GIFT':
      return {
        kind,
        goods: goodsOf(row),
        thresholdCents: cents(row.gift_threshold_amount),
        giftGoodsCode: row.gift_goods_code ?? '',
        giftQuantity: int(row.gift_quantity, 1),
      };
    case 'GOODS_QTY_COUPON':
      return {
        kind,
        goods: goodsOf(row),
        thresholdQuantity: int(row.coupon_threshold_quantity, 1),
        repeat: row.coupon_quantity_repeat === true,
        reward,
      };
    case 'USE_COUPON_SEND_COUPON':
      return { kind, usedTemplateIds: ids(row.used_coupon_templates), reward };
    case 'POINTS_AS_CASH':
      return {
        kind,
        pointsPerYuan: int(row.cash_points_per_yuan, 1),
        maxShareOfOrderPercent: int(row.cash_max_share_percent, 100),
        maxPointsPerOrder: row.cash_max_points_per_order === null ? null : Number(row.cash_max_points_per_order),
        minOrderCents: cents(row.cash_min_order_amount),
      };
    case 'SCORE_GAIN_COUPON':
      return { kind, pointsCost: int(row.coupon_points_cost), reward };
    case 'SCORE_EXCHANGE_GOODS':
      return {
        kind,
        pointsCost: int(row.goods_points_cost),
        goodsCode: row.exchange_goods_code ?? '',
        quantity: int(row.exchange_quantity, 1),
      };
    case 'BIRTHDAY_GIFT':
      return { kind, daysBefore: int(row.birthday_days_before), reward };
    case 'REGISTER_GIFT':
    case 'ACTIVATE_GIFT':
      return { kind, reward };
    case 'INVITE_GIFT':
      return { kind, inviter: reward, invitee: rewardOf(row.invitee_points, row.invitee_coupon_template, row.invitee_coupon_count) };
    case 'UPGRADE_GIFT':
      return { kind, toLevelIds: ids(row.upgrade_to_levels), reward };
    default:
      throw new Error(`activity ${String(row.number)}: unknown kind ${String(row.kind)}`);
  }
}

const hhmm = (time: string) => time.slice(0, 5);
const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const orNull = (value: number | null) => (value === null ? null : Number(value));

/** One stored activity (any state, INITAIL included: the simulator's) as the engine reads it. */
export function prepareActivity(row: ActivityRow): PreparedActivity {
  return {
    id: Number(row.id),
    number: row.number,
    name: row.name,
    kind: row.kind as ActivityKind,
    start: instant(row.begin_time),
    end: instant(row.end_time),
    weekdays: [...(row.weekdays ?? [])].map(Number).sort((a, b) => a - b),
    dayTimes: (row.day_times ?? []).map((w) => ({ from: hhmm(w.from), to: hhmm(w.to) })),
    storeIds: ids(row.stores),
    areaIds: ids(row.areas),
    marketingCenterId: idOrNull(row.marketing_center),
    levelIds: ids(row.levels),
    channelCodes: [...(row.channel_codes ?? [])],
    budget: {
      totalPoints: orNull(row.budget_total_points),
      totalCoupons: orNull(row.budget_total_coupons),
      totalTimes: orNull(row.budget_total_times),
      perMemberTimes: orNull(row.budget_per_member_times),
      perMemberPerDayTimes: orNull(row.budget_per_member_per_day_times),
    },
    exclusiveGroup: row.exclusive_group === null || row.exclusive_group === '' ? null : row.exclusive_group,
    priority: int(row.priority),
    costPartyId: idOrNull(row.costparty),
    rule: ruleOf(row),
  };
}

/** The codes of the records a list of ids names, in the row's tenant. */
const codesOf = (table: string, column: string) =>
  sql.raw(`array(select x.code from ${table} x where x.tenant_id = a.tenant_id and x.id = any(a.${column}) order by x.code)`);
const codeOf = (table: string, column: string) =>
  sql.raw(`(select x.code from ${table} x where x.tenant_id = a.tenant_id and x.id = a.${column})`);

async function selectRows(db: DbOrTx, tenantId: number, condition: SQL): Promise<ActivityRow[]> {
  const result = await db.execute<ActivityRow & Record<string, unknown>>(sql`
    select a.*,
      ${codesOf('channels', 'channels')} as channel_codes,
      ${codesOf('products', 'goods')} as goods_codes,
      ${codesOf('categories', 'categories')} as category_codes,
      ${codesOf('brands', 'brands')} as brand_codes,
      ${codeOf('products', 'gift_goods')} as gift_goods_code,
      ${codeOf('products', 'exchange_goods')} as exchange_goods_code,
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
