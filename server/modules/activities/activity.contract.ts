/**
 * The activity engine's inner contract (issue 13): what the declarations hand the engine, what a
 * kind's pure evaluation function receives and gives back. Three parts meet here and only here:
 *
 * - the declarations (`resources/promotion/`) and the loader that turns a stored activity into a
 *   {@link PreparedActivity} (`activity.loader.ts`);
 * - each kind's pure evaluation (`kinds/<kind>.ts`, registered in `kinds/index.ts`);
 * - the engine (`engine/`): the active set per tenant, scope, time window, budgets, stacking, the
 *   posting of awards inside the sale's transaction, returns, the simulator and the evaluation.
 *
 * Money is integer cents (`bigint`) in here, points are integers; no floats anywhere.
 */

/** Every activity kind of issue 13, by the event that fires it. */
export const SALE_KINDS = [
  'BASIC_POINTS', // basic points rule: yuan per point, in scope (overrides the tenant's points settings)
  'NON_POINTS_GOODS', // listed goods earn no points (applied to the basket before any points kind)
  'POINTS_SPEED', // points acceleration (score-init entry): multiplies the basic points in scope
  'SCORE_DOUBLING', // points doubling on (listed) goods
  'AMOUNT_EXTRA_POINTS', // extra points by amount (ladder)
  'QTY_EXTRA_POINTS', // extra points by quantity (ladder)
  'GOODS_GROUP_QTY_EXTRA_POINTS', // every N units of a goods group give P points
  'GOODS_AMOUNT_COUPON', // goods full-amount coupon
  'GOODS_AMOUNT_GIFT', // goods full-amount gift (goods handed out at the till)
  'GOODS_QTY_COUPON', // goods full-quantity coupon
  'USE_COUPON_SEND_COUPON', // a sale paying with a coupon of listed templates gets coupons
  'POINTS_AS_CASH', // points-charge-setting: the ratio and limits of paying with points
] as const;
export const EXCHANGE_KINDS = [
  'SCORE_GAIN_COUPON', // points for coupons (a member spends points, gets coupons)
  'SCORE_EXCHANGE_GOODS', // points for goods
] as const;
export const MEMBER_EVENT_KINDS = [
  'BIRTHDAY_GIFT', // daily run in the merchant's zone; lunar birthdays by the lunar calendar; once per member per year
  'REGISTER_GIFT', // on registration
  'ACTIVATE_GIFT', // on activation (WeChat activation)
  'INVITE_GIFT', // inviter and invitee each rewarded once, when the invitee registers
  'UPGRADE_GIFT', // on a level change upwards, to one of the listed levels
] as const;

export type SaleKind = (typeof SALE_KINDS)[number];
export type ExchangeKind = (typeof EXCHANGE_KINDS)[number];
export type MemberEventKind = (typeof MEMBER_EVENT_KINDS)[number];
export type ActivityKind = SaleKind | ExchangeKind | MemberEventKind;

/** Goods a rule applies to: all, only the listed, or all but the listed (codes of `product`). */
export interface GoodsScope {
  readonly mode: 'ALL' | 'INCLUDE' | 'EXCLUDE';
  readonly goodsCodes: readonly string[];
  readonly categoryCodes: readonly string[];
  readonly brandCodes: readonly string[];
}

/** What an activity gives besides its kind's own computation (member events, exchanges, gifts). */
export interface Reward {
  readonly points: number;
  readonly couponTemplateId: number | null;
  readonly couponCount: number;
}

export interface Tier {
  /** Cents for amount ladders, units for quantity ladders. */
  readonly threshold: bigint;
  readonly points: number;
}

/** The rule part of each kind, normalised (the loader builds it from the stored fields). */
export type ActivityRule =
  | { readonly kind: 'BASIC_POINTS'; readonly centsPerPoint: bigint }
  | { readonly kind: 'NON_POINTS_GOODS'; readonly goods: GoodsScope }
  | { readonly kind: 'POINTS_SPEED'; readonly multipleTenths: number } // 15 = x1.5
  | { readonly kind: 'SCORE_DOUBLING'; readonly goods: GoodsScope; readonly multipleTenths: number }
  | { readonly kind: 'AMOUNT_EXTRA_POINTS'; readonly goods: GoodsScope; readonly tiers: readonly Tier[] }
  | { readonly kind: 'QTY_EXTRA_POINTS'; readonly goods: GoodsScope; readonly tiers: readonly Tier[] }
  | {
      readonly kind: 'GOODS_GROUP_QTY_EXTRA_POINTS';
      readonly goods: GoodsScope;
      readonly everyQuantity: number;
      readonly points: number;
      readonly maxTimes: number | null;
    }
  | {
      readonly kind: 'GOODS_AMOUNT_COUPON';
      readonly goods: GoodsScope;
      readonly thresholdCents: bigint;
      readonly repeat: boolean;
      readonly reward: Reward;
    }
  | {
      readonly kind: 'GOODS_AMOUNT_GIFT';
      readonly goods: GoodsScope;
      readonly thresholdCents: bigint;
      readonly giftGoodsCode: string;
      readonly giftQuantity: number;
    }
  | {
      readonly kind: 'GOODS_QTY_COUPON';
      readonly goods: GoodsScope;
      readonly thresholdQuantity: number;
      readonly repeat: boolean;
      readonly reward: Reward;
    }
  | { readonly kind: 'USE_COUPON_SEND_COUPON'; readonly usedTemplateIds: readonly number[]; readonly reward: Reward }
  | {
      readonly kind: 'POINTS_AS_CASH';
      readonly pointsPerYuan: number;
      readonly maxShareOfOrderPercent: number;
      readonly maxPointsPerOrder: number | null;
      readonly minOrderCents: bigint;
    }
  | { readonly kind: 'SCORE_GAIN_COUPON'; readonly pointsCost: number; readonly reward: Reward }
  | { readonly kind: 'SCORE_EXCHANGE_GOODS'; readonly pointsCost: number; readonly goodsCode: string; readonly quantity: number }
  | { readonly kind: 'BIRTHDAY_GIFT'; readonly daysBefore: number; readonly reward: Reward }
  | { readonly kind: 'REGISTER_GIFT'; readonly reward: Reward }
  | { readonly kind: 'ACTIVATE_GIFT'; readonly reward: Reward }
  | { readonly kind: 'INVITE_GIFT'; readonly inviter: Reward; readonly invitee: Reward }
  | { readonly kind: 'UPGRADE_GIFT'; readonly toLevelIds: readonly number[]; readonly reward: Reward };

/** The shared parts every activity has, as the engine reads them. */
export interface PreparedActivity {
  readonly id: number;
  readonly number: string;
  readonly name: string;
  readonly kind: ActivityKind;
  /** Stored state: only AUDITED activities are in the active set; the window decides the rest. */
  readonly start: Date;
  /** Exclusive. */
  readonly end: Date;
  /** ISO weekdays 1 (Monday) .. 7 in the merchant's zone; empty = every day. */
  readonly weekdays: readonly number[];
  /** Time-of-day windows 'HH:mm'-'HH:mm' in the merchant's zone (end exclusive); empty = all day. */
  readonly dayTimes: readonly { readonly from: string; readonly to: string }[];
  /** Scope; an empty list = no restriction on that dimension. */
  readonly storeIds: readonly number[];
  readonly areaIds: readonly number[];
  readonly marketingCenterId: number | null;
  readonly levelIds: readonly number[];
  readonly channelCodes: readonly string[];
  /** Budgets; null = unlimited. Counted in `activity_budgets` by conditional updates. */
  readonly budget: {
    readonly totalPoints: number | null;
    readonly totalCoupons: number | null;
    readonly totalTimes: number | null;
    readonly perMemberTimes: number | null;
    readonly perMemberPerDayTimes: number | null;
  };
  /** Stacking: of the activities that fire in one exclusive group, only the highest priority one gives (ties: lowest id). */
  readonly exclusiveGroup: string | null;
  readonly priority: number;
  /** Who bears the cost (costparty id), for the evaluation's cost by bearer. */
  readonly costPartyId: number | null;
  readonly rule: ActivityRule;
}

/** A sale as the activities see it (the till's transaction, normalised). */
export interface SaleLineFact {
  readonly goodsCode: string;
  readonly categoryCode: string | null;
  readonly brandCode: string | null;
  readonly quantity: number;
  readonly amountCents: bigint;
}
export interface PaymentFact {
  readonly method: 'CASH' | 'STORED_VALUE' | 'PREPAID_CARD' | 'POINTS' | 'COUPON' | 'OTHER';
  readonly amountCents: bigint;
  /** For POINTS: the points paid. */
  readonly points?: number;
  /** For COUPON: the coupon's template. */
  readonly couponTemplateId?: number;
}
export interface SaleFacts {
  readonly orderNo: string;
  readonly memberId: number;
  readonly levelId: number | null;
  readonly storeId: number | null;
  readonly areaId: number | null;
  readonly marketingCenterId: number | null;
  readonly channelCode: string | null;
  readonly at: Date;
  /** The merchant's local calendar facts of `at`. */
  readonly localDate: string; // YYYY-MM-DD
  readonly weekday: number; // 1..7
  readonly localTime: string; // HH:mm
  readonly lines: readonly SaleLineFact[];
  readonly payments: readonly PaymentFact[];
  /** The tenant's default basic rule (points settings) when no BASIC_POINTS activity is in scope. */
  readonly defaultCentsPerPoint: bigint;
}

/** What one activity gives. */
export type Award =
  | { readonly type: 'points'; readonly points: number }
  | { readonly type: 'coupon'; readonly templateId: number; readonly count: number }
  | { readonly type: 'gift'; readonly goodsCode: string; readonly quantity: number };

/**
 * The evaluation of one sale kind: pure, no I/O. `basket` is the sale after NON_POINTS_GOODS
 * (lines that earn no points carry `earnsPoints: false`) and `basicPoints` the points the basic
 * rule (and speed) gave; points kinds add to it, coupon kinds ignore it. Null = does not fire,
 * with the reason the simulator shows.
 */
export interface SaleEvaluation {
  readonly fired: boolean;
  readonly awards: readonly Award[];
  /** i18n key + values explaining why it did not fire (threshold not reached, no goods in scope). */
  readonly reason?: { readonly key: string; readonly values?: Readonly<Record<string, string | number>> };
}
export interface BasketLine extends SaleLineFact {
  readonly earnsPoints: boolean;
}
export type SaleKindEvaluate = (
  rule: ActivityRule,
  input: { readonly facts: SaleFacts; readonly basket: readonly BasketLine[]; readonly basicPoints: number },
) => SaleEvaluation;

/** Why an activity in the active set gave nothing (the simulator's "excluded" list). */
export type Exclusion =
  | 'notAudited'
  | 'outsideWindow'
  | 'weekday'
  | 'timeOfDay'
  | 'store'
  | 'area'
  | 'marketingCenter'
  | 'level'
  | 'channel'
  | 'budgetSpent'
  | 'memberLimit'
  | 'dailyLimit'
  | 'stackingLost'
  | 'ruleNotMet'
  /** Its rule is met but nothing of its reward can be given (coupon template stopped, sold out, member's limit). */
  | 'rewardUnavailable';
