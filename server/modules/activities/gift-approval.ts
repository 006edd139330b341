/**
 * The value approval rule on the audit of an activity that gives value (server/crud/README.md
 * "Value approval"; gifts are value, issue 24): what the activity can give one member at most, per
 * kind of value, is compared with the merchant's thresholds; above any, the user who created or
 * last changed the activity may not audit it (409 `approval.secondPerson`), so a second person
 * approves it. Each kind that gives value names how its giving is read:
 *
 * - the top-up kinds: what one top-up can give one member (`top-up-approval.ts`);
 * - the payment offers: the most they can take off one member's payments, as stored value (or
 *   card value for a card's offers) (`payDiscountMostPerMember`: the member's cap, else the most off one payment times the
 *   member's times; unbounded without either, so always a second person);
 * - a bulk coupon issue (GROUP_COUPON): the whole send, as a batch grant of coupons counts it: the
 *   set each member receives at its worth (coupons/coupon-worth.ts) × the members — on the audit,
 *   the group's members now; when the send starts, the members frozen (the group may have grown
 *   since the audit), so a maker cannot start alone a send worth more than the threshold (a
 *   push plan's scheduled run, which no person starts, waits for a second person's approval
 *   instead: `giftAboveThreshold`, push-plans/README.md); a
 *   customer group gift (USER_GROUP_GIFT, the same send) likewise: its points × the members
 *   against the points threshold, its coupon set × the members against the coupon one; a push
 *   plan's gift (PUSH_PLAN, the same reward part and send) likewise;
 * - a third-party issuing campaign (THIRD_PARTY_ISSUE): everything the partner may issue, the
 *   template's worth × the coupon budget (`budget.totalCoupons`); without a coupon budget the
 *   partner's issuing is unbounded, so a second person always audits it.
 * - a coupon code export (EXPORT_CODE_SEND_COUPON): every code bound, the template's worth × the
 *   codes generated (or the coupon budget, when smaller).
 * - a coupon claim campaign: its whole stock at its worth (`claims/claim-rule.ts`), the same
 *   batch grant handed out a claim at a time.
 * - a gift card campaign: the largest tier's bonus cards at their face value, what one card sale
 *   bill can be given (`card-sale-rule.ts`).
 */
import { sql } from 'drizzle-orm';
import type { ValueKind } from '../../../resources/define';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { approvalMessages } from '../../../resources/messages/approval.messages';
import { CLAIM_KINDS, GROUP_SEND_KINDS } from '../../../resources/promotion/activity-engine';
import { groupCouponKind } from '../../../resources/promotion/kinds/group-coupon.kind';
import { userGroupGiftKind } from '../../../resources/promotion/kinds/user-group-gift.kind';
import { thirdPartyIssueKind } from '../../../resources/promotion/kinds/third-party-issue.kind';
import { exportCodeKind } from '../../../resources/promotion/kinds/export-code.kind';
import { PAY_KINDS_BY_HOLDER } from '../../../resources/promotion/activity-engine';
import { NO_GOODS } from '../../../resources/promotion/kinds/rule-reading';
import { payDiscountMostPerMember, readPayRateRule, readPayReduceRule } from '../../../resources/promotion/kinds/balance-pay';
import type { Actor } from '../../crud/actor';
import type { StoredRecord } from '../../crud/server-hooks.define';
import { formatUnits, valueKindLabel, valueThresholds } from '../../crud/value-approval';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { groupSelection } from '../audiences/audience.compute';
import { couponWorth, UNBOUNDED_CENTS } from '../coupons/coupon-worth';
import { readTemplate } from '../coupons/template-terms';
import { cardSaleGiving } from './card-sale-rule';
import { claimGiving } from './claims/claim-rule';
import { topUpGiving } from './top-up-approval';

/** The most an activity gives one member, per kind of value, in units (cents or points). */
export type Giving = Map<ValueKind, { units: bigint; unbounded: boolean }>;

/** What the rule measures: the activity's kind and rule, and for a send the members it serves (else counted now). */
interface GivingArgs {
  readonly db: DbOrTx;
  readonly tenantId: number;
  readonly kind: string;
  readonly rule: unknown;
  /** The activity's budgets (`budget` object: a claim campaign's stock is its coupon budget, a payment offer's per-member times). */
  readonly budget?: unknown;
  readonly members?: number;
}
type GivingReader = (args: GivingArgs) => Promise<Giving>;

/** The members a customer group selects now. */
async function groupSize(db: DbOrTx, tenantId: number, groupId: number): Promise<bigint> {
  const selection = await groupSelection({ db, tenantId, groupId, ctx: { now: new Date(), timeZone: 'Asia/Shanghai' } });
  if (!selection) return 0n;
  const counted = await db.execute<{ n: string }>(sql`select count(*) as n from (${selection}) sel`);
  return BigInt(counted.rows[0]?.n ?? 0);
}

/**
 * What `coupons` coupons of a template give at most: the template's worth × the count (null:
 * unbounded, the partner's issuing without a coupon budget); nothing when the template is gone.
 */
async function couponsGiving(args: { db: DbOrTx; tenantId: number; templateId: number; coupons: bigint | null }): Promise<Giving> {
  const out: Giving = new Map();
  const template = await readTemplate(args.db, args.tenantId, args.templateId);
  if (!template) return out;
  const worth = await couponWorth({ db: args.db, tenantId: args.tenantId, template });
  out.set(
    worth.kind,
    args.coupons === null ? { units: UNBOUNDED_CENTS, unbounded: true } : { units: worth.units * args.coupons, unbounded: worth.unbounded },
  );
  return out;
}

/**
 * A send to a customer group: what each member receives × the members (on the audit the group's
 * members now, on the start those frozen) — a bulk coupon issue's coupon set at its worth, a
 * customer group gift's points (as points) and its coupon set.
 */
const groupSendGiving: GivingReader = async ({ db, tenantId, kind, rule, members }) => {
  const stored = (rule ?? {}) as Parameters<typeof groupCouponKind.engine.read>[0] & Parameters<typeof userGroupGiftKind.engine.read>[0];
  // A customer group gift and a push plan give the shared reward part; a bulk issue its coupon set.
  const each =
    kind === 'GROUP_COUPON'
      ? { points: 0, ...groupCouponKind.engine.read(stored, NO_GOODS) }
      : userGroupGiftKind.engine.read(stored, NO_GOODS).reward;
  const groupId = Number(stored.groupSendGroup);
  const count = members === undefined ? await groupSize(db, tenantId, groupId) : BigInt(members);
  const out: Giving =
    each.couponTemplateId === null || each.couponCount === 0
      ? new Map()
      : await couponsGiving({ db, tenantId, templateId: each.couponTemplateId, coupons: BigInt(each.couponCount) * count });
  if (each.points > 0) out.set('points', { units: BigInt(each.points) * count, unbounded: false });
  return out;
};

/** A third-party issuing campaign: the template's worth × the coupon budget, unbounded without one. */
const thirdPartyGiving: GivingReader = async ({ db, tenantId, rule, budget }) => {
  const read = thirdPartyIssueKind.engine.read((rule ?? {}) as Parameters<typeof thirdPartyIssueKind.engine.read>[0], NO_GOODS);
  const total = (budget as { totalCoupons?: number | null } | null | undefined)?.totalCoupons;
  return couponsGiving({
    db,
    tenantId,
    templateId: read.couponTemplateId,
    coupons: total === null || total === undefined ? null : BigInt(total),
  });
};

/** A coupon code export: the template's worth × the codes (or the coupon budget, when smaller). */
const exportCodeGiving: GivingReader = async ({ db, tenantId, rule, budget }) => {
  const read = exportCodeKind.engine.read((rule ?? {}) as Parameters<typeof exportCodeKind.engine.read>[0], NO_GOODS);
  const total = (budget as { totalCoupons?: number | null } | null | undefined)?.totalCoupons;
  const coupons = total === null || total === undefined ? read.codeCount : Math.min(total, read.codeCount);
  return couponsGiving({ db, tenantId, templateId: read.couponTemplateId, coupons: BigInt(coupons) });
};

/** Units standing for "no bound" (above any threshold). */
const UNBOUNDED_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

/** A stored-value payment offer: the most it can take off one member's payments, as stored value. */
const payDiscountGiving: GivingReader = async ({ kind, rule, budget }) => {
  const stored = (rule ?? {}) as Parameters<typeof readPayRateRule>[0] & Parameters<typeof readPayReduceRule>[0];
  const read = kind === 'STORE_VALUE_PAY_DISCOUNT' || kind === 'CARD_PAY_DISCOUNT' ? readPayRateRule(stored) : readPayReduceRule(stored);
  const times = (budget as { perMemberTimes?: number | null } | null | undefined)?.perMemberTimes ?? null;
  const most = payDiscountMostPerMember(read, times);
  const valueKind: ValueKind = (PAY_KINDS_BY_HOLDER.card as readonly string[]).includes(kind) ? 'cardValue' : 'storedValue';
  return new Map([[valueKind, most === null ? { units: UNBOUNDED_UNITS, unbounded: true } : { units: most, unbounded: false }]]);
};

/** The kinds the rule applies to, and how each one's giving is read. */
const GIVINGS: Readonly<Record<string, GivingReader>> = {
  STORE_VALUE_ACTIVE: topUpGiving,
  PREPAY_CARD_CHARGE_GIFT: topUpGiving,
  GIFT_CARD_ACTIVITY: cardSaleGiving,
  ...Object.fromEntries(GROUP_SEND_KINDS.map((kind) => [kind, groupSendGiving])),
  THIRD_PARTY_ISSUE: thirdPartyGiving,
  EXPORT_CODE_SEND_COUPON: exportCodeGiving,
  ...Object.fromEntries(CLAIM_KINDS.map((kind) => [kind, claimGiving])),
  STORE_VALUE_PAY_REDUCE: payDiscountGiving,
  STORE_VALUE_PAY_DISCOUNT: payDiscountGiving,
  CARD_PAY_REDUCE: payDiscountGiving,
  CARD_PAY_DISCOUNT: payDiscountGiving,
};

/** A value above the merchant's threshold: its kind, the amount (units) and the threshold. */
export interface AboveThreshold {
  readonly valueKind: ValueKind;
  readonly units: bigint;
  readonly unbounded: boolean;
  readonly threshold: bigint;
}

/**
 * The first value the activity gives above the merchant's threshold of its kind (a send: to
 * `members`, else the group's members now), or null when every value is within its threshold or
 * the kind gives none. Who acts is not asked: the scheduler's runs (which no person starts) use it
 * to decide whether a run waits for a second person (push-plans/README.md "Value approval of
 * scheduled runs").
 */
export async function giftAboveThreshold(args: {
  db: DbOrTx;
  tenantId: number;
  record: { readonly kind: unknown; readonly rule: unknown; readonly budget?: unknown };
  members?: number;
}): Promise<AboveThreshold | null> {
  const { db, tenantId, record } = args;
  const kind = String(record.kind);
  const givingOf = GIVINGS[kind];
  if (givingOf === undefined) return null;
  const thresholds = await valueThresholds(db, tenantId);
  const giving = await givingOf({ db, tenantId, kind, rule: record.rule, budget: record.budget, members: args.members });
  for (const [valueKind, value] of giving) {
    if (value.units > thresholds[valueKind])
      return { valueKind, units: value.units, unbounded: value.unbounded, threshold: thresholds[valueKind] };
  }
  return null;
}

/** What a waiting run's approval measured, as stored in JSON (units as text). */
export interface StoredApproval {
  readonly valueKind: ValueKind;
  readonly units: string;
  readonly threshold: string;
  readonly unbounded: boolean;
}

/** A stored measure back as the rule's own. */
export const measuredOf = (stored: StoredApproval): AboveThreshold => ({
  valueKind: stored.valueKind,
  units: BigInt(stored.units),
  threshold: BigInt(stored.threshold),
  unbounded: stored.unbounded,
});

/** The message values of a value above its threshold (`approval.secondPerson`'s {kind}, {amount}, {threshold}), in a language. */
export function aboveThresholdValues(above: AboveThreshold, locale: Locale): { kind: string; amount: string; threshold: string } {
  return {
    kind: valueKindLabel(above.valueKind, locale),
    amount: above.unbounded ? pick(approvalMessages['approval.unbounded'], locale) : formatUnits(above.valueKind, above.units),
    threshold: formatUnits(above.valueKind, above.threshold),
  };
}

/**
 * The approval rule on the audit of an activity, and on the start of a send (`members`: those
 * frozen); see the file's comment.
 */
export async function assertGiftApproved(args: {
  db: DbOrTx;
  actor: Pick<Actor, 'tenantId' | 'userId' | 'locale'>;
  record: StoredRecord;
  members?: number;
}): Promise<void> {
  const { actor, record } = args;
  if (GIVINGS[String(record.kind)] === undefined || actor.userId === null) return;
  const makers = [record.createdBy, record.updatedBy].filter((id) => id !== null && id !== undefined).map(Number);
  if (!makers.includes(actor.userId)) return;
  const above = await giftAboveThreshold({
    db: args.db,
    tenantId: actor.tenantId,
    record: { kind: record.kind, rule: record.rule, budget: record.budget },
    members: args.members,
  });
  if (above !== null) throw new AppError('conflict', 'approval.secondPerson', { values: aboveThresholdValues(above, actor.locale) });
}
