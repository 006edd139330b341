import { and, eq, sql, type SQL } from 'drizzle-orm';
import { hasAction } from '../../../resources/access';
import { findEntry } from '../../../resources/catalog/index';
import type { Action, PermissionRef } from '../../../resources/catalog/types';
import { ACTIVITY_FAMILIES, type ActivityFamily, type ActivityKindDecl } from '../../../resources/promotion/activity-kind';
import { activities, familyAccess, familyViewName } from '../../../resources/promotion/activity.resource';
import { ACTIVITY_KINDS, activityKind } from '../../../resources/promotion/kinds/index';
import { topicResource } from '../../../resources/promotion/topic.resource';
import { compareExact, exactText } from '../../../resources/money/decimal';
import { valueAfterWrite } from '../../crud/required-when';
import { defineServerHooks, type HookContext, type StoredRecord } from '../../crud/server-hooks.define';
import { badInput, forbidden, type FieldError } from '../../http/envelope';
import type { Actor } from '../../crud/actor';
import { recordEvent } from '../webhooks/outbox';
import { assertGiftApproved } from './gift-approval';
import { generateCodes } from './codes/codes.service';
import { isGroupSendKind, stopRunOfActivity } from './group-send/group-send.runs';
import { assertPushPlanGrants, pushPlanIssues } from './push-plans/push-plan.rule';
import { claimRuleIssues } from './claims/claim-rule';
import { publishClaimCard } from './claims/wechat-card.publish';
import { isTopUpKind, topUpRuleIssues } from './top-up-approval';
import { cardSaleRuleIssues } from './card-sale-rule';

/**
 * Rules of the activities (resources/promotion) the declaration cannot state, for the base and
 * every view of it (a view runs its base's hooks):
 *
 * - the menu family is stamped from the kind, and a kind saved through a menu entry's list view
 *   belongs to that entry;
 * - permissions per menu entry: every write and state action needs 配置维护 on the entry the
 *   kind belongs to (the base's routes accept any entry's grant, the record decides), reads of
 *   the base show the kinds of the entries the caller may read (a theme editor's picker, all);
 * - time-of-day windows end after they start and do not overlap; ladder thresholds rise;
 * - a listed goods scope lists something; a reward gives something (points > 0 where points are
 *   the reward); coupon templates exist, are the tenant's and are effective;
 * - top-up kinds: tiers giving something, a coupon template when a tier gives coupons;
 * - claim kinds: a stock (the coupon budget) holding at least one claim's set (`claims/claim-rule.ts`);
 * - push plans: something to send, what each channel needs, a grant per channel and for a gift
 *   (`push-plans/push-plan.rule.ts`);
 * - the value approval rule on the audit of a kind that gives value (`gift-approval.ts`: top-ups,
 *   bulk coupon issues and customer group gifts, third-party issuing, coupon claims);
 * - `audit` stamps `auditedAt`; a WeChat card coupon claim's card is published once it committed.
 *
 * The window's order (end after start) is the engine's own rule for every timeline.
 */

const MAINTAIN: Action = '配置维护';
const FAMILIES = Object.keys(ACTIVITY_FAMILIES) as ActivityFamily[];

/**
 * The permission paths of a menu family: its catalogue entry's resource, or, for an entry whose
 * actions are its sub-resources' (card top-up gifts: one per rechargeable card type), those.
 */
export function familyResourceIds(family: ActivityFamily): string[] {
  const entry = findEntry('promotion', ACTIVITY_FAMILIES[family].entry);
  if (!entry) throw new Error(`activity family ${family}: no catalogue entry`);
  const subs = entry.subResources ?? [];
  return subs.length > 0 ? subs.map((sub) => sub.resourceId) : [entry.resourceId];
}

/** The grants holding one of `actions` on a family (any of its permission paths). */
export const familyRefs = (family: ActivityFamily, actions: readonly Action[]): PermissionRef[] =>
  familyResourceIds(family).flatMap((resourceId) => actions.map((action) => ({ resourceId, action })));

/**
 * The permission paths of a kind: where its entry's catalogue gives the kind's edit screen a
 * sub-resource of its own (the payment offers: 满额立减 and 折扣 each), that one; otherwise its
 * family's (the card top-up gifts' two sub-resources each grant every gift).
 */
export function kindResourceIds(kind: ActivityKindDecl): string[] {
  const entry = findEntry('promotion', ACTIVITY_FAMILIES[kind.family].entry);
  const edit = kind.screens?.edit ?? kind.screens?.add;
  const named = (entry?.screens.find((screen) => screen.name === edit)?.permissions ?? []).map((ref) => ref.resourceId);
  const own = (entry?.subResources ?? []).map((sub) => sub.resourceId).filter((id) => named.includes(id));
  return own.length > 0 ? own : familyResourceIds(kind.family);
}

/** The grants holding one of `actions` on a kind (its own sub-resource, else its family's paths). */
export const kindRefs = (kind: ActivityKindDecl, actions: readonly Action[]): PermissionRef[] =>
  kindResourceIds(kind).flatMap((resourceId) => actions.map((action) => ({ resourceId, action })));

/** The families whose catalogue entry grants through its sub-resources. */
const ACTIVITY_FAMILIES_WITH_SUBS = FAMILIES.filter(
  (family) => (findEntry('promotion', ACTIVITY_FAMILIES[family].entry)?.subResources ?? []).length > 0,
);

const readRefs = (family: ActivityFamily): PermissionRef[] => familyRefs(family, familyAccess(family).read);
const READ_REFS = FAMILIES.flatMap(readRefs);
const WRITE_REFS = FAMILIES.flatMap((family) => familyRefs(family, [MAINTAIN]));

const familyOfKind = (kind: unknown): ActivityFamily | undefined => activityKind(String(kind))?.family;

/**
 * Who picks activities for another record: a marketing theme's editor chooses the activities the
 * page shows among all of the tenant's (their picker's options: name, kind, state and window),
 * whichever menu entries they may read.
 */
const PICKER_REFS: readonly PermissionRef[] = [
  { resourceId: findEntry('promotion', topicResource.route.entry)!.resourceId, action: topicResource.access.write },
];
const picksActivities = (actor: Actor) => PICKER_REFS.some((ref) => hasAction(actor.grants, ref));

function assertMaintainable(actor: Actor, kind: unknown): void {
  const decl = activityKind(String(kind));
  if (decl === undefined || !kindRefs(decl, [MAINTAIN]).some((ref) => hasAction(actor.grants, ref))) {
    throw forbidden('activity.kindForbidden');
  }
}

type Line = Readonly<Record<string, unknown>>;
const asLines = (value: unknown): Line[] => (Array.isArray(value) ? (value as Line[]) : []);

/** Minutes since midnight of `HH:mm`. */
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Time-of-day windows `HH:mm` (end exclusive) that are not empty and do not overlap. A window
 * whose end is before its start runs over midnight (22:00–02:00), as the engine reads it.
 */
export function dayTimeIssues(windows: readonly Line[]): FieldError[] {
  const issues: FieldError[] = [];
  const spans: { i: number; from: number; to: number }[] = [];
  windows.forEach((w, i) => {
    const from = minutes(String(w.from ?? ''));
    const to = minutes(String(w.to ?? ''));
    if (from === to) issues.push({ field: `dayTimes[${i}].to`, key: 'activity.dayTimeOrder' });
    else if (from < to) spans.push({ i, from, to });
    else spans.push({ i, from, to: 24 * 60 }, { i, from: 0, to });
  });
  if (issues.length > 0) return issues;
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  const overlapping = new Set<number>();
  for (let k = 1; k < sorted.length; k++) {
    if (sorted[k].from < sorted[k - 1].to) overlapping.add(Math.max(sorted[k].i, sorted[k - 1].i));
  }
  return [...overlapping].sort((a, b) => a - b).map((i) => ({ field: `dayTimes[${i}].from`, key: 'activity.dayTimeOverlap' }));
}

/** A ladder's thresholds rise strictly, in the order given. */
export function ladderIssues(field: string, ladder: unknown): FieldError[] {
  const tiers = asLines((ladder as { tiers?: unknown } | null)?.tiers);
  const issues: FieldError[] = [];
  for (let i = 1; i < tiers.length; i++) {
    const before = exactText(tiers[i - 1].threshold);
    const now = exactText(tiers[i].threshold);
    if (before !== null && now !== null && compareExact(now, before) <= 0) {
      issues.push({ field: `${field}.tiers[${i}].threshold`, key: 'activity.tiersAscending' });
    }
  }
  return issues;
}

/** Spend-and-save tiers: the money off stays below the tier's threshold (a payment never goes to nothing). */
export function payTierIssues(ladder: unknown): FieldError[] {
  const issues: FieldError[] = [];
  asLines((ladder as { tiers?: unknown } | null)?.tiers).forEach((tier, i) => {
    const threshold = exactText(tier.threshold);
    const off = exactText(tier.off);
    if (threshold !== null && off !== null && compareExact(off, threshold) >= 0)
      issues.push({ field: `rule.payTiers.tiers[${i}].off`, key: 'activity.payOffNotBelowThreshold' });
  });
  return issues;
}

/** A member of the kind's rule (the `rule` jsonb) on the values the record will hold. */
function ruleMember(value: (name: string) => unknown, member: string): unknown {
  const rule = value('rule');
  return typeof rule === 'object' && rule !== null ? (rule as Record<string, unknown>)[member] : undefined;
}

const positive = (value: unknown) => typeof value === 'number' && value > 0;
const present = (value: unknown) => value !== null && value !== undefined;

/** The reward rules of a kind, on the values the record will hold (the reward is a part of the kind's rule). */
function rewardIssues(kind: string, value: (name: string) => unknown): FieldError[] {
  const decl = activityKind(kind);
  // A push plan's gift is optional (it may send only a message): push-plan.rule.ts checks it sends something.
  if (!decl?.parts.includes('reward') || kind === 'PUSH_PLAN') return [];
  const points = ruleMember(value, 'rewardPoints');
  const coupon = ruleMember(value, 'rewardCouponTemplate');
  if (kind === 'SCORE_GAIN_COUPON' || (kind === 'BIRTHDAY_GIFT' && value('birthdayGives') === 'GIFT')) {
    return present(coupon) ? [] : [{ field: 'rule.rewardCouponTemplate', key: 'activity.couponRequired' }];
  }
  if (kind === 'BIRTHDAY_GIFT') return positive(points) ? [] : [{ field: 'rule.rewardPoints', key: 'activity.pointsRequired' }];
  if (kind === 'INVITE_GIFT' && (positive(ruleMember(value, 'inviteePoints')) || present(ruleMember(value, 'inviteeCouponTemplate'))))
    return [];
  return positive(points) || present(coupon) ? [] : [{ field: 'rule.rewardPoints', key: 'activity.rewardEmpty' }];
}

/** Coupon templates the rule names that are not effective (the engine has checked they are the tenant's). */
async function templateIssues(ctx: HookContext, value: (name: string) => unknown): Promise<FieldError[]> {
  const named: { field: string; id: number }[] = [];
  // Only the reward's templates must be effective; a template whose coupons are used may since have stopped.
  for (const member of [
    'rewardCouponTemplate',
    'inviteeCouponTemplate',
    'topUpCouponTemplate',
    'groupSendTemplate',
    'thirdTemplate',
    'codeTemplate',
    'claimTemplate',
  ]) {
    const id = ruleMember(value, member);
    if (typeof id === 'number') named.push({ field: `rule.${member}`, id });
  }
  if (named.length === 0) return [];
  const ids = [...new Set(named.map((n) => n.id))];
  const rows = await ctx.db.execute<{ id: string; name: string; state: string }>(sql`
    select id, name, state from coupon_templates where tenant_id = ${ctx.actor.tenantId} and id = any(${`{${ids.join(',')}}`}::bigint[])`);
  const byId = new Map(rows.rows.map((r) => [Number(r.id), r]));
  const issues: FieldError[] = [];
  for (const n of named) {
    const row = byId.get(n.id);
    if (row && row.state !== 'EFFECTIVE')
      issues.push({ field: n.field, key: 'activity.couponTemplateNotEffective', values: { name: row.name } });
  }
  return issues;
}

async function checkActivity(
  ctx: HookContext & { values: StoredRecord; current: StoredRecord | null; lines: Map<string, StoredRecord[]> },
) {
  const { values, current } = ctx;
  const value = (name: string) => valueAfterWrite({ values, current, name });
  const kind = String(value('kind'));
  const family = familyOfKind(kind);
  const issues: FieldError[] = [];
  const viewFamily = ctx.resource.fixedFilter?.family;
  if (family === undefined || (viewFamily !== undefined && viewFamily !== family)) {
    const entry =
      viewFamily === undefined ? kind : ACTIVITY_FAMILIES[viewFamily as ActivityFamily].title[ctx.actor.locale === 'en_US' ? 1 : 0];
    throw badInput('error.fieldsInvalid', [{ field: 'kind', key: 'activity.kindNotInEntry', values: { entry } }]);
  }
  values.family = family;
  const windows = ctx.lines.get('dayTimes');
  if (windows) issues.push(...dayTimeIssues(windows));
  issues.push(
    ...ladderIssues('rule.amountLadder', ruleMember(value, 'amountLadder')),
    ...ladderIssues('rule.quantityLadder', ruleMember(value, 'quantityLadder')),
    ...ladderIssues('rule.topUpTiers', ruleMember(value, 'topUpTiers')),
    ...ladderIssues('rule.payTiers', ruleMember(value, 'payTiers')),
    ...payTierIssues(ruleMember(value, 'payTiers')),
  );
  if (isTopUpKind(kind)) issues.push(...topUpRuleIssues(value('rule')));
  issues.push(...cardSaleRuleIssues(kind, value('rule')));
  issues.push(...claimRuleIssues(kind, value('rule'), value('budget')));
  if (kind === 'PUSH_PLAN') issues.push(...pushPlanIssues((value('rule') ?? {}) as Record<string, unknown>));
  const scope = value('goodsScope');
  const listed = ['goods', 'categories', 'brands'].some((name) => asLines(value(name)).length > 0);
  if ((scope === 'INCLUDE' || scope === 'EXCLUDE') && !listed) issues.push({ field: 'goods', key: 'activity.scopeEmpty' });
  issues.push(...rewardIssues(kind, value), ...(await templateIssues(ctx, value)));
  if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
}

/** The rows of the kinds the caller may read (their entry's, or their own sub-resource's, read actions). */
function familyCondition(ctx: HookContext): SQL {
  const kinds = ACTIVITY_KINDS.filter((k) => kindRefs(k, familyAccess(k.family).read).some((ref) => hasAction(ctx.actor.grants, ref))).map(
    (k) => k.value,
  );
  return kinds.length === 0 ? sql`false` : sql`${ctx.table.kind} = any(${`{${kinds.join(',')}}`}::text[])`;
}

const maintainRecord = ({ actor, record }: { actor: Actor; record: StoredRecord }) => assertMaintainable(actor, record.kind);

export const activityHooks = defineServerHooks('activity', {
  // The base serves every menu entry's kinds: any entry's grant lets the call in, the record's kind decides.
  requires: { read: READ_REFS, write: WRITE_REFS },
  rowFilter: (ctx) =>
    ctx.operation === 'reference' || (ctx.operation === 'options' && picksActivities(ctx.actor)) ? undefined : familyCondition(ctx),
  async beforeSave(ctx) {
    const kind = valueAfterWrite({ values: ctx.values, current: ctx.current, name: 'kind' });
    assertMaintainable(ctx.actor, kind);
    // A push plan's channels and gift each need their own grant under 营销/推送计划.
    if (kind === 'PUSH_PLAN')
      assertPushPlanGrants(
        ctx.actor,
        (valueAfterWrite({ values: ctx.values, current: ctx.current, name: 'rule' }) ?? {}) as Record<string, unknown>,
      );
    await checkActivity(ctx);
  },
  beforeDelete: maintainRecord,
  beforeAction: {
    async audit({ db, actor, record }) {
      maintainRecord({ actor, record });
      await assertGiftApproved({ db, actor, record });
    },
    stop: maintainRecord,
  },
  afterCommit: {
    // A WeChat card coupon claim's card, published once the audit committed.
    audit: async ({ app, actor, record }) => {
      if (record.kind === 'WEI_XIN_COUPON') await publishClaimCard({ app, actor, record });
    },
  },
  afterAction: {
    async audit({ db, actor, table, record }) {
      const now = new Date();
      await db
        .update(table)
        .set({ auditedAt: now })
        .where(and(eq(table.tenantId, actor.tenantId), eq(table.id, Number(record.id))));
      record.auditedAt = now;
      // A coupon code export campaign's codes, generated in the audit's transaction.
      if (record.kind === 'EXPORT_CODE_SEND_COUPON') await generateCodes(db, actor.tenantId, Number(record.id), record.rule);
    },
    // Stopped by hand, in the action's transaction (an activity whose window ends stops by time).
    async stop({ db, actor, record }) {
      // A send to a group stops with it (a bulk issue, a group gift, a push plan): its members not yet served get nothing.
      if (isGroupSendKind(String(record.kind)))
        await stopRunOfActivity({ db, tenantId: actor.tenantId, activityId: Number(record.id), now: new Date() });
      await recordEvent(db, {
        tenantId: actor.tenantId,
        type: 'ACTIVITY_STOPPED',
        memberId: null,
        data: { activityId: Number(record.id), number: record.number ?? null, name: record.name ?? null, kind: record.kind ?? null },
      });
    },
  },
});

/**
 * The views of an entry whose actions are its sub-resources' (card top-up gifts, payment offers): a view does not
 * inherit its base's `requires`, and the entry's own resource holds no action, so each view of
 * the family names the sub-resources' grants itself.
 */
export const subResourceViewHooks = (ACTIVITY_FAMILIES_WITH_SUBS as readonly ActivityFamily[]).flatMap((family) => [
  // An entry whose list is its one kind's (push plans) has no list view of its own.
  ...(activities.resources.some((r) => r.name === familyViewName(family))
    ? [defineServerHooks(familyViewName(family), { requires: { read: readRefs(family), write: familyRefs(family, [MAINTAIN]) } })]
    : []),
  // A kind's own view: its own sub-resource where it has one (a payment offer's kind).
  ...ACTIVITY_KINDS.filter((k) => k.family === family).map((k) =>
    defineServerHooks(activities.kinds[k.value].name, {
      requires: { read: kindRefs(k, familyAccess(family).read), write: kindRefs(k, [MAINTAIN]) },
    }),
  ),
]);
