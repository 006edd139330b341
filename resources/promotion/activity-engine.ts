import type { ActivityKindDecl } from './activity-kind';
import { ACTIVITY_KINDS, KIND_DECLARATIONS, type DeclaredKind } from './kinds/index';

/**
 * The activity engine's inner contract: what the declarations hand the engine, what a kind's
 * pure evaluation receives and gives back. Three parts meet here and only here:
 *
 * - each kind's declaration (`kinds/<kind>.kind.ts`): its fields and screens, how its stored rule
 *   is read for the engine (`engine.read`) and, for a sale kind, its pure evaluation
 *   (`engine.evaluate`); the kind lists and {@link ActivityRule} are derived from them;
 * - the server's loader that turns a stored activity into a {@link PreparedActivity}
 *   (server/modules/activities/activity.loader.ts);
 * - the engine (server/modules/activities/engine/): the active set per tenant, scope, time window,
 *   budgets, stacking, the posting of awards inside the sale's transaction, returns, the simulator.
 *
 * Pure and free of the server, so a kind's evaluation sits beside its declaration. Money is
 * integer cents (`bigint`) in here, points are integers; no floats anywhere.
 */

type Declared = typeof KIND_DECLARATIONS;
type KindsFiredBy<T extends ActivityKindDecl['trigger']> = {
  [K in DeclaredKind]: Declared[K]['trigger'] extends T ? K : never;
}[DeclaredKind];

/** The kinds a sale fires (their `evaluate` runs in the sale), an exchange, a member event, a top-up, a person's send to a group, a partner's API call, a code's bind, a member's claim, a card sale bill. */
export type SaleKind = KindsFiredBy<'sale'>;
export type ExchangeKind = KindsFiredBy<'exchange'>;
export type MemberEventKind = KindsFiredBy<'memberEvent'>;
export type TopUpKind = KindsFiredBy<'topUp'>;
export type GroupSendKind = KindsFiredBy<'groupSend'>;
export type ThirdPartyKind = KindsFiredBy<'thirdParty'>;
export type CodeBindKind = KindsFiredBy<'codeBind'>;
export type ClaimKind = KindsFiredBy<'claim'>;
export type PayKind = KindsFiredBy<'pay'>;
export type CardSaleKind = KindsFiredBy<'cardSale'>;
export type ActivityKind = DeclaredKind;

const kindsFiredBy = <K extends ActivityKind>(trigger: ActivityKindDecl['trigger']): readonly K[] =>
  ACTIVITY_KINDS.filter((kind) => kind.trigger === trigger).map((kind) => kind.value as K);

/** Every kind by the event that fires it, in menu order (derived from the kind declarations). */
export const SALE_KINDS: readonly SaleKind[] = kindsFiredBy<SaleKind>('sale');
export const EXCHANGE_KINDS: readonly ExchangeKind[] = kindsFiredBy<ExchangeKind>('exchange');
export const MEMBER_EVENT_KINDS: readonly MemberEventKind[] = kindsFiredBy<MemberEventKind>('memberEvent');
export const TOP_UP_KINDS: readonly TopUpKind[] = kindsFiredBy<TopUpKind>('topUp');
export const GROUP_SEND_KINDS: readonly GroupSendKind[] = kindsFiredBy<GroupSendKind>('groupSend');
export const THIRD_PARTY_KINDS: readonly ThirdPartyKind[] = kindsFiredBy<ThirdPartyKind>('thirdParty');
export const CODE_BIND_KINDS: readonly CodeBindKind[] = kindsFiredBy<CodeBindKind>('codeBind');
export const CLAIM_KINDS: readonly ClaimKind[] = kindsFiredBy<ClaimKind>('claim');
export const PAY_KINDS: readonly PayKind[] = kindsFiredBy<PayKind>('pay');
/** The payment offers by what is paid from: a member's stored value, or a prepaid card a member holds. */
export const PAY_KINDS_BY_HOLDER = {
  storedValue: ['STORE_VALUE_PAY_REDUCE', 'STORE_VALUE_PAY_DISCOUNT'],
  card: ['CARD_PAY_REDUCE', 'CARD_PAY_DISCOUNT'],
} as const satisfies Record<string, readonly PayKind[]>;
export type PayHolder = keyof typeof PAY_KINDS_BY_HOLDER;
export const CARD_SALE_KINDS: readonly CardSaleKind[] = kindsFiredBy<CardSaleKind>('cardSale');

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

/**
 * The rule of each kind as the engine reads it (money in cents, ladders sorted, relations as ids):
 * what its declaration's `engine.read` returns, tagged with the kind (`kinds/<kind>.kind.ts`).
 */
export type ActivityRule = { [K in DeclaredKind]: { readonly kind: K } & ReturnType<Declared[K]['engine']['read']> }[DeclaredKind];

/** The rule of one kind. */
export type RuleOf<K extends ActivityKind> = Extract<ActivityRule, { readonly kind: K }>;

/**
 * What the engine knows of a stored activity besides its rule (the columns every kind shares),
 * handed to each kind's `engine.read`.
 */
export interface RuleContext {
  readonly goods: GoodsScope;
  /** The code of the goods the rule's `giftGoods` names ('' when none). */
  readonly giftGoodsCode: string;
  /** The code of the goods the rule's `exchangeGoods` names ('' when none). */
  readonly exchangeGoodsCode: string;
}

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
  | { readonly type: 'gift'; readonly goodsCode: string; readonly quantity: number }
  /** Gift value of a top-up: yuan as exact text (`12.50`), into the gift portion of the stored value or the card. */
  | { readonly type: 'value'; readonly amount: string }
  /** Money off a payment from stored value: yuan as exact text; the payment spends that much less. */
  | { readonly type: 'discount'; readonly amount: string };

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
/** What a sale kind's evaluation is handed besides its rule. */
export interface SaleKindInput {
  readonly facts: SaleFacts;
  readonly basket: readonly BasketLine[];
  readonly basicPoints: number;
}
export type SaleKindEvaluate = (rule: ActivityRule, input: SaleKindInput) => SaleEvaluation;

/** A sale kind's `engine.evaluate`, handed only a rule of its own kind (another is a programming error, never input). */
function evaluatorOf(kind: SaleKind): SaleKindEvaluate {
  const evaluate = KIND_DECLARATIONS[kind].engine.evaluate as (rule: ActivityRule, input: SaleKindInput) => SaleEvaluation;
  return (rule, input) => {
    if (rule.kind !== kind) throw new Error(`rule of ${rule.kind} handed to ${kind}`);
    return evaluate(rule, input);
  };
}

/** The pure evaluation of every sale kind, from its declaration. */
export const SALE_KIND_EVALUATORS: Readonly<Record<SaleKind, SaleKindEvaluate>> = Object.fromEntries(
  SALE_KINDS.map((kind) => [kind, evaluatorOf(kind)]),
) as Record<SaleKind, SaleKindEvaluate>;

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
