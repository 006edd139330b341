/**
 * Gift card campaigns on card sale bills (issue 28 item 4, resources/promotion/kinds/
 * gift-card-activity.kind.ts), called by `card-sale.hooks.ts`:
 *
 * - `cardSalePromotion` on every save that carries the lines: of the GIFT_CARD_ACTIVITY
 *   activities in the tenant's active set whose window and scope hold (the bill's store and its
 *   area; the buying member's level, centre and channel — a company buyer has none, so a campaign
 *   scoped to levels or channels passes it by), the one giving the most (discount, then bonus
 *   cards; ties: lowest id) applies: its discount on the lines and the bill, its bonus cards on
 *   the bill. Recomputed from the lines on each save and replacing what the last save put there,
 *   so a re-save never applies it twice; the manual discount is separate.
 * - `recordCardSalePromotion` on the audit (after the engine's conditional state update, so once):
 *   what the campaign gave the bill, in `activity_awards` under the bill's number (unique: once
 *   more gives nothing), which the campaign's effect evaluation reads. A company buyer is
 *   recorded as member 0.
 */
import { sql } from 'drizzle-orm';
import { centsOf } from '../../money/money';
import { cardSaleEvaluation, type CardSaleGiving, type CardSaleLineFact } from '../../../resources/promotion/kinds/gift-card-activity.kind';
import type { PreparedActivity } from '../../../resources/promotion/activity-engine';
import type { DbOrTx } from '../../db/connection';
import { activeSet } from '../activities/engine/active-set';
import { recordAward } from '../activities/engine/awards';
import { eventExclusion, type EventFacts } from '../activities/events/evaluate';
import { storeArea } from '../activities/events/exchange.service';
import { factsFor, localFacts, memberContext } from '../activities/events/member-events';

/** The campaign a bill gets, and what it gives. */
export interface AppliedCampaign {
  readonly activity: Pick<PreparedActivity, 'id' | 'name' | 'costPartyId'>;
  readonly giving: CardSaleGiving;
}

const better = (a: CardSaleGiving, b: CardSaleGiving) =>
  a.discountCents !== b.discountCents ? a.discountCents > b.discountCents : a.bonusCards > b.bonusCards;

/** The campaign a bill's lines get at `now`, or null. */
export async function cardSalePromotion(args: {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly timeZone: string;
  readonly now: Date;
  readonly storeId: number;
  readonly memberId: number | null;
  readonly lines: readonly CardSaleLineFact[];
}): Promise<AppliedCampaign | null> {
  const { tx, tenantId } = args;
  const campaigns = (await activeSet(tx, tenantId)).activities.filter((a) => a.rule.kind === 'GIFT_CARD_ACTIVITY');
  if (campaigns.length === 0) return null;
  const member = args.memberId === null ? null : await memberContext(tx, tenantId, args.memberId, args.now);
  const base: EventFacts = {
    memberId: args.memberId ?? 0,
    levelId: member?.facts.levelId ?? null,
    marketingCenterId: member?.facts.marketingCenterId ?? null,
    channelCode: member?.facts.channelCode ?? null,
    storeId: args.storeId,
    areaId: await storeArea(tx, tenantId, args.storeId),
    ...localFacts(args.now, member?.zone ?? args.timeZone),
  };
  let best: AppliedCampaign | null = null;
  for (const activity of [...campaigns].sort((a, b) => a.id - b.id)) {
    if (activity.rule.kind !== 'GIFT_CARD_ACTIVITY') continue;
    const facts = await factsFor(tx, tenantId, activity, base);
    if (eventExclusion(activity, facts) !== null) continue;
    const giving = cardSaleEvaluation(activity.rule, args.lines);
    if (giving && (best === null || better(giving, best.giving))) best = { activity, giving };
  }
  return best;
}

/** Records, once per bill, what its campaign gave (the bill's audit). */
export async function recordCardSalePromotion(args: {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly activityId: number;
  readonly memberId: number | null;
  readonly billNumber: string;
  readonly at: Date;
  readonly localDay: string;
  readonly storeId: number;
  readonly paidAmount: string;
  readonly discount: string;
  readonly bonusCards: number;
  readonly bonusFace: string;
}): Promise<void> {
  const { tx, tenantId } = args;
  // The campaign's bearer now (the evaluation's cost by bearer).
  const found = await tx.execute<{ costparty: number | null }>(
    sql`select costparty from activities where tenant_id = ${tenantId} and id = ${args.activityId}`,
  );
  const bearer = found.rows[0]?.costparty;
  await recordAward({
    tx,
    tenantId,
    activityId: args.activityId,
    memberId: args.memberId ?? 0,
    sourceType: 'card-sale',
    sourceNo: args.billNumber,
    at: args.at,
    localDay: args.localDay,
    storeId: args.storeId,
    awards: args.bonusCards > 0 ? [{ type: 'value', amount: args.bonusFace }] : [],
    salesAmountCents: centsOf(args.paidAmount),
    costCents: centsOf(args.discount) + centsOf(args.bonusFace),
    costPartyId: bearer === null || bearer === undefined ? null : Number(bearer),
  });
}
