import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { issueCoupons } from '../coupons/issue.service';
import { assertMemberCanTransact } from '../points/member-guard';
import { postPoints } from '../points/points.ledger';

/**
 * Joining through a pay-to-join rule (支付即会员, resources/member/wechat-pay-rule.resource.ts):
 * which rule a received card came through, and the rule's gift to the member who joined, once.
 */

/** What a card-received event says of where the card came from (WeChat's user_get_card). */
export interface CardReceipt {
  readonly givenByFriend: boolean;
  readonly restored: boolean;
  /** The scene a QR code or page of the merchant set (`OuterStr`); a pay-to-join offer sets none. */
  readonly outerStr: string;
  readonly at: Date;
}

/**
 * The pay-to-join rule a card came through: a rule published and inside its window when the card
 * was received, for a card that is neither a friend's gift, a restored card, nor one the merchant's
 * own QR codes or pages handed out (they carry a scene). Several such rules: the latest started.
 * WeChat's event names no rule, so this is the console's reading (README, "Not verified here").
 */
export async function payRuleOfReceipt(args: { db: DbOrTx; tenantId: number; receipt: CardReceipt }): Promise<number | null> {
  const { receipt } = args;
  if (receipt.givenByFriend || receipt.restored || receipt.outerStr.trim() !== '') return null;
  const found = await args.db.execute<{ id: string }>(sql`
    select id from wechat_pay_rules
    where tenant_id = ${args.tenantId} and state = 'PUBLISHED' and begin_time <= ${receipt.at} and end_time > ${receipt.at}
    order by begin_time desc, id desc limit 1`);
  return found.rows[0] ? Number(found.rows[0].id) : null;
}

/** What a joining gave: nothing (no rule, already given), or the points and coupons. */
export type JoinGift =
  | { readonly given: false; readonly reason: 'noRule' | 'alreadyGiven' | 'nothingToGive' }
  | { readonly given: true; readonly ruleId: number; readonly points: number; readonly couponIds: readonly number[] };

/**
 * Gives the rule's gift to the member who joined through it, exactly once per member: in the
 * caller's transaction, the card's `gift_given_at` is set by one conditional update (a second
 * activation of the card finds it set), and the points and the coupon go through the points
 * ledger and the coupon issue under keys of the member (`wechat-pay-join:<member>`), so another
 * card of the same member replays them instead of giving twice. The rule was checked against the
 * merchant's approval thresholds when it was published (a second person above them); the server
 * gives here on its own account.
 */
export async function giveJoinGift(args: {
  tx: DbOrTx;
  tenantId: number;
  cardRowId: number;
  memberId: number;
  now: Date;
  zone: string;
}): Promise<JoinGift> {
  const { tx, tenantId, memberId } = args;
  const claimed = await tx.execute<{ pay_rule_id: string | null }>(sql`
    update wechat_member_cards set gift_given_at = ${args.now}
    where tenant_id = ${tenantId} and id = ${args.cardRowId} and gift_given_at is null and pay_rule_id is not null
    returning pay_rule_id`);
  const ruleId = claimed.rows[0]?.pay_rule_id;
  if (ruleId === undefined || ruleId === null) {
    const card = await tx.execute<{ pay_rule_id: string | null }>(sql`
      select pay_rule_id from wechat_member_cards where tenant_id = ${tenantId} and id = ${args.cardRowId}`);
    return { given: false, reason: card.rows[0]?.pay_rule_id ? 'alreadyGiven' : 'noRule' };
  }
  const rules = await tx.execute<{ id: string; name: string; gift_points: number | null; gift_coupon: string | null }>(sql`
    select id, name, gift_points, gift_coupon from wechat_pay_rules where tenant_id = ${tenantId} and id = ${Number(ruleId)}`);
  const rule = rules.rows[0];
  const points = Number(rule?.gift_points ?? 0);
  const couponTemplate = rule?.gift_coupon === null || rule?.gift_coupon === undefined ? null : Number(rule.gift_coupon);
  if (!rule || (points <= 0 && couponTemplate === null)) return { given: false, reason: 'nothingToGive' };
  const key = `wechat-pay-join:${memberId}`;
  await assertMemberCanTransact({ tx, tenantId, memberId });
  let replayed = false;
  if (points > 0) {
    const entry = await postPoints({
      tx,
      tenantId,
      memberId,
      delta: points,
      kind: 'earn',
      channel: 'weixin',
      sourceType: 'activity',
      sourceId: `wechat-pay-rule:${rule.id}`,
      remark: rule.name,
      idempotencyKey: key,
      now: args.now,
    });
    replayed = entry.replayed;
  }
  const couponIds: number[] = [];
  if (couponTemplate !== null) {
    const issued = await issueCoupons({
      db: tx,
      tenantId,
      operatorId: null,
      now: args.now,
      zone: args.zone,
      operation: 'wechat.payJoinGift',
      body: {
        requestNo: key,
        templateId: couponTemplate,
        memberId,
        quantity: 1,
        source: 'ACTIVITY',
        sourceRef: `wechat-pay-rule:${rule.id}`,
      },
    });
    replayed = replayed || issued.replayed;
    couponIds.push(...issued.answer.coupons.map((c) => c.id));
  }
  if (replayed) return { given: false, reason: 'alreadyGiven' };
  return { given: true, ruleId: Number(rule.id), points, couponIds };
}
