/**
 * The stored activities (resources/promotion, table `activities`) as the engine reads them:
 * {@link PreparedActivity} with its normalised rule (resources/promotion/activity-engine.ts). One statement reads
 * the rows with the codes of the goods, categories, brands and channels they list and their
 * time-of-day windows; `prepareActivity` is the pure mapping of one row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { budgetField, scheduleRule } from '../../../resources/promotion/activity-parts';
import type { ObjectValueOf } from '../../../resources/record-of';
import { KIND_DECLARATIONS } from '../../../resources/promotion/kinds/index';
import type { ActivityKind, ActivityRule, GoodsScope, PreparedActivity, RuleContext } from '../../../resources/promotion/activity-engine';

/** The stored budgets, typed from the declaration's `budget` object (a renamed member fails here). */
type StoredBudget = ObjectValueOf<(typeof budgetField)['fields']>;
/** The reward members of a kind's rule (the reward part), typed from their declaration. */
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

function goodsOf(row: ActivityRow): GoodsScope {
  const mode = row.goods_scope === 'INCLUDE' || row.goods_scope === 'EXCLUDE' ? row.goods_scope : 'ALL';
  return {
    mode,
    goodsCodes: mode === 'ALL' ? [] : [...(row.goods_codes ?? [])],
    categoryCodes: mode === 'ALL' ? [] : [...(row.category_codes ?? [])],
    brandCodes: mode === 'ALL' ? [] : [...(row.brand_codes ?? [])],
  };
}

/** The normalised rule of a row, by its kind. */
export function ruleOf(row: ActivityRow): ActivityRule {
  const declared = (KIND_DECLARATIONS as Partial<Record<string, { readonly engine: { readonly read: RuleReader } }>>)[row.kind];
  if (!declared) throw new Error(`activity ${String(row.number)}: unknown kind ${String(row.kind)}`);
  const context: RuleContext = {
    goods: goodsOf(row),
    giftGoodsCode: row.gift_goods_code ?? '',
    exchangeGoodsCode: row.exchange_goods_code ?? '',
  };
  // A stored rule is what the declaration validated on save (or the kind-rules migrations moved);
  // each kind reads its own (resources/promotion/kinds/<kind>.kind.ts, `engine.read`).
  return { kind: row.kind, ...declared.engine.read((row.rule ?? {}) as never, context) } as ActivityRule;
}

/** A kind's `engine.read`, over any kind's stored rule (the row's kind picks the reader). */
type RuleReader = (stored: never, context: RuleContext) => object;

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
