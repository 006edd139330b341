/**
 * What an activity kind declares (one file per kind under `kinds/`): its option of the `kind`
 * field, the menu family (catalogue entry) it belongs to, the shared parts it uses, its own rule
 * fields, its screens, and its engine: how its stored rule is read for the engine and, for a kind
 * a sale fires, its pure evaluation. Everything else (table, API, list, add, detail, audit, stop,
 * copy, simulator, evaluation report) comes from the base declaration `activity.resource.ts`.
 */
import type { KindDef, ResourceRoute } from '../define';
import type { Bilingual } from '../messages/bilingual';
import type { ObjectValueOf } from '../record-of';
import type { RuleContext, SaleEvaluation, SaleKindInput } from './activity-engine';
import { PART_RULES, type ActivityPart } from './activity-parts';

/**
 * The menu entries activities live in, as stored in the `family` column: `title` names the entry
 * (the menu, the family filter), `one` an activity of it ("Add points campaign").
 */
export const ACTIVITY_FAMILIES = {
  SCORE_INIT: { entry: 'score-init', title: ['积分规则设置', 'Points settings'], one: ['积分规则', 'Points rule'] },
  COUPON_ACTIVE: { entry: 'coupon-active', title: ['消费奖励', 'Purchase rewards'], one: ['消费奖励活动', 'Purchase reward'] },
  SCORE_ACTIVITY: { entry: 'score-activity', title: ['积分活动', 'Points campaigns'], one: ['积分活动', 'Points campaign'] },
  BIRTHDAY: { entry: 'birthday', title: ['生日礼', 'Birthday gifts'], one: ['生日礼', 'Birthday gift'] },
  OPEN_CARD: { entry: 'open-card', title: ['开卡礼', 'Sign-up gifts'], one: ['开卡礼', 'Sign-up gift'] },
  INVITE_GIFT: { entry: 'invite-gift', title: ['邀请有礼', 'Referral gifts'], one: ['邀请有礼', 'Referral gift'] },
  UPGRADE_GIFT: { entry: 'upgrade-gift', title: ['升级礼', 'Upgrade gifts'], one: ['升级礼', 'Upgrade gift'] },
  STORE_VALUE_ACTIVE: {
    entry: 'store-value-active',
    title: ['储值充值活动', 'Top-up campaigns'],
    one: ['储值充值活动', 'Top-up campaign'],
  },
  PREPAY_CARD_CHARGE_GIFT: {
    entry: 'prepay-card-charge-gift',
    title: ['预付卡充值赠礼', 'Card top-up gifts'],
    one: ['预付卡充值赠礼', 'Card top-up gift'],
  },
  PREPAY_CARD_PAY: {
    entry: 'card-balance-promotion',
    title: ['预付卡支付优惠', 'Prepaid card payment offers'],
    one: ['预付卡支付优惠', 'Prepaid card payment offer'],
  },
  STORE_VALUE_PAY: {
    entry: 'member-balance-promotion',
    title: ['储值支付优惠', 'Stored-value payment offers'],
    one: ['储值支付优惠', 'Stored-value payment offer'],
  },
  GROUP_COUPON: { entry: 'group-coupon', title: ['批量发券', 'Bulk coupon issuing'], one: ['批量发券', 'Bulk coupon issue'] },
  THIRD_COUPON: {
    entry: 'third-coupon',
    title: ['第三方发券', 'Third-party coupons'],
    one: ['第三方发券活动', 'Third-party issuing campaign'],
  },
  WECHAT_RECEIVE_COUPON: {
    entry: 'wechat-receive-coupon',
    title: ['微信领券', 'WeChat coupon claims'],
    one: ['领券活动', 'Coupon claim campaign'],
  },
  PRECISION_MARKETING: {
    entry: 'precision-marketing',
    title: ['精准营销', 'Precision marketing'],
    one: ['精准营销活动', 'Precision marketing activity'],
  },
  PUSH_PLAN: { entry: 'push-plan', title: ['推送计划', 'Push plans'], one: ['推送计划', 'Push plan'] },
  GIFT_CARD_ACTIVITY: {
    entry: 'gift-card-activity',
    title: ['礼品卡活动', 'Gift card campaigns'],
    one: ['礼品卡活动', 'Gift card campaign'],
  },
} as const satisfies Record<string, { entry: string; title: Bilingual; one: Bilingual }>;
export type ActivityFamily = keyof typeof ACTIVITY_FAMILIES;

/** A second set of screens over the same kind, narrowed by one more fixed value (birthday points). */
export interface ActivityKindView {
  readonly name: string;
  readonly title: Bilingual;
  readonly screens: ResourceRoute['screens'];
  readonly fixedFilter: Readonly<Record<string, string>>;
}

export interface ActivityKindDecl extends Omit<KindDef, 'entry'> {
  /** The stored value of `kind` (the engine's kind, activity-engine.ts). */
  readonly value: string;
  readonly family: ActivityFamily;
  /** The shared parts the kind uses (goods counted, reward, weekly schedule and stacking). */
  readonly parts: readonly ActivityPart[];
  /** Further views of the kind's records (their own screens). */
  readonly views?: readonly ActivityKindView[];
  /**
   * What fires the kind: a sale (simulated by the simulator), an exchange, a member event, or a
   * top-up of stored value or of a prepaid card (simulated by the top-up simulator), or a send
   * to a customer group that a person starts (a background run, server/modules/activities/group-send),
   * or a partner's application calling the API (server/modules/activities/third-party), or the app
   * or a till binding a generated code to a member (server/modules/activities/codes), or a
   * member's claim with a claim token (server/modules/activities/claims), a payment from stored
   * value or a card (money off the payment, server/modules/activities/events/pay-discount.ts), or
   * the save of a prepaid card sale bill (server/modules/cards/card-sale-promotion.ts).
   */
  readonly trigger: 'sale' | 'exchange' | 'memberEvent' | 'topUp' | 'groupSend' | 'thirdParty' | 'codeBind' | 'claim' | 'pay' | 'cardSale';
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** A kind's whole rule: its own members, then those of the parts it uses (`PART_RULES`). */
export type KindRule<K extends ActivityKindDecl> = (K extends { readonly rule: infer R } ? R : unknown) &
  UnionToIntersection<(typeof PART_RULES)[K['parts'][number]]>;

/** A kind's rule as stored (the `rule` jsonb: its own members and those of its parts, relations as ids). */
export type StoredKindRule<K extends ActivityKindDecl> = ObjectValueOf<KindRule<K>>;

/** How the engine reads a kind: its stored rule normalised (money in cents, ladders sorted, ids as numbers). */
export interface KindReading<Stored, Rule> {
  readonly read: (stored: Stored, context: RuleContext) => Rule;
}

/** A kind a sale fires: how it is read, and its pure evaluation of one sale (no I/O). */
export interface SaleKindEngine<Stored, Rule> extends KindReading<Stored, Rule> {
  readonly evaluate: (rule: Rule, input: SaleKindInput) => SaleEvaluation;
}

function withParts<K extends ActivityKindDecl>(kind: K): K & { readonly rule: KindRule<K> } {
  const rule = Object.assign({}, kind.rule, ...kind.parts.map((part) => PART_RULES[part])) as KindRule<K>;
  return { ...kind, rule };
}

/**
 * Type-checks the file of a kind an exchange, a member event or a top-up fires, and completes its rule with
 * the members of the parts it uses (the same declarations for every kind, so `defineKinds` applies
 * each one to all of them). `engine.read` sees the stored rule typed from these very fields.
 */
export function defineActivityKind<
  const K extends ActivityKindDecl & {
    readonly trigger: 'exchange' | 'memberEvent' | 'topUp' | 'groupSend' | 'thirdParty' | 'codeBind' | 'claim' | 'pay' | 'cardSale';
  },
  Rule extends object,
>(
  kind: K,
  engine: KindReading<StoredKindRule<K>, Rule>,
): K & { readonly rule: KindRule<K>; readonly engine: KindReading<StoredKindRule<K>, Rule> } {
  return { ...withParts(kind), engine };
}

/** The same for a kind a sale fires: its engine also evaluates a sale. */
export function defineSaleKind<const K extends ActivityKindDecl & { readonly trigger: 'sale' }, Rule extends object>(
  kind: K,
  engine: SaleKindEngine<StoredKindRule<K>, Rule>,
): K & { readonly rule: KindRule<K>; readonly engine: SaleKindEngine<StoredKindRule<K>, Rule> } {
  return { ...withParts(kind), engine };
}
