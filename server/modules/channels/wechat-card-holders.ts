import { and, eq, sql } from 'drizzle-orm';
import { memberCardResource } from '../../../resources/member/member-card.resource';
import { memberChannelIdentityResource } from '../../../resources/member/member-channel-identity.resource';
import { memberResource } from '../../../resources/member/member.resource';
import { createRecord } from '../../crud/crud.operations';
import { buildRegistry, servedResources } from '../../crud/resource-registry';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { wechatMemberCards } from '../../db/schema/channel-gateway.schema';
import { AppError } from '../../http/envelope';
import type { DomainWiring } from '../domain-manifest';
import { giveJoinGift, type JoinGift } from './wechat-pay-join';

/**
 * A WeChat card's holder joined to a member, whichever activation mode brought them
 * (README, "The three activation modes"): one-click (`submit_membercard_user_info`), automatic
 * (`user_get_card` of a holder already known), the binding page (the merchant-page mode, or an
 * automatic card's holder unknown on receipt). One way in, so each mode records the same things:
 * the card active and its member, the member's WeChat identity, the pay-to-join gift once.
 */

/** A received card and its holder as WeChat named them. */
export interface CardHolder {
  readonly cardId: string;
  readonly code: string;
  readonly openId: string;
  readonly unionId: string | null;
}

/** A mainland mobile as the member declaration takes it (a holder's mobile names or registers a member). */
export const MEMBER_MOBILE = new RegExp(memberResource.fields.mobile.pattern.regex);

/** What the card design says of activation: WeChat's card id (empty until published) and the mode. */
export async function cardDesignOf(tx: DbOrTx, tenantId: number): Promise<{ wechatCardId: string | null; activationMode: string } | null> {
  const t = deriveTable(memberCardResource);
  const [row] = await tx.select({ wechatCardId: t.wechatCardId, activationMode: t.activationMode }).from(t).where(eq(t.tenantId, tenantId));
  return row ? { wechatCardId: (row.wechatCardId as string | null) ?? null, activationMode: String(row.activationMode) } : null;
}

const identities = () => deriveTable(memberChannelIdentityResource);

/** The member a WeChat openid already names, if any. */
export async function memberOfOpenId(tx: DbOrTx, args: { tenantId: number; openId: string }): Promise<number | null> {
  const t = identities();
  const [row] = await tx
    .select({ member: t.member })
    .from(t)
    .where(and(eq(t.tenantId, args.tenantId), eq(t.identityKey, `WECHAT:${args.openId}`)));
  return row ? Number(row.member) : null;
}

/**
 * The member a WeChat user already is: by openid, else by unionid (the same person through
 * another account or mini program of the merchant's open platform), when one member only has it.
 */
export async function knownMember(tx: DbOrTx, args: { tenantId: number; openId: string; unionId: string | null }): Promise<number | null> {
  const byOpenId = await memberOfOpenId(tx, args);
  if (byOpenId !== null || !args.unionId) return byOpenId;
  const t = identities();
  const rows = await tx
    .selectDistinct({ member: t.member })
    .from(t)
    .where(and(eq(t.tenantId, args.tenantId), eq(t.channel, 'WECHAT'), eq(t.unionId, args.unionId)))
    .limit(2);
  return rows.length === 1 ? Number(rows[0].member) : null;
}

/**
 * Records the member's WeChat identity: one per channel and openid, one per member and channel
 * (the identity resource's unique keys). An openid that already names the member is kept (its
 * unionid filled); one that names another member, or a member who has another WeChat identity,
 * is left alone and said.
 */
async function recordIdentity(tx: DbOrTx, args: { tenantId: number; memberId: number; openId: string; unionId: string | null }) {
  const t = identities();
  const inserted = await tx
    .insert(t)
    .values({
      tenantId: args.tenantId,
      member: args.memberId,
      channel: 'WECHAT',
      externalId: args.openId,
      unionId: args.unionId,
      identityKey: `WECHAT:${args.openId}`,
      memberChannelKey: `${args.memberId}:WECHAT`,
    })
    .onConflictDoNothing()
    .returning({ id: t.id });
  if (inserted.length > 0) return 'recorded';
  const owner = await memberOfOpenId(tx, args);
  if (owner !== args.memberId) return owner === null ? 'memberHasOtherIdentity' : 'openIdOfAnotherMember';
  if (args.unionId)
    await tx
      .update(t)
      .set({ unionId: args.unionId })
      .where(and(eq(t.tenantId, args.tenantId), eq(t.identityKey, `WECHAT:${args.openId}`)));
  return 'kept';
}

/**
 * Joins a card's holder to a member in the caller's transaction: the card kept active with its
 * member (a card whose receipt was never heard of is kept now), the WeChat identity recorded, and
 * the pay-to-join gift given once (in a savepoint: a gift the ledger or the coupon issue refuses,
 * a sold-out template or a frozen member, is undone alone, said, and tried on the next joining).
 */
export async function joinCardHolder(args: {
  tx: DbOrTx;
  tenantId: number;
  now: Date;
  timeZone: string;
  holder: CardHolder;
  memberId: number;
}): Promise<{ identity: string; gift: JoinGift | { readonly given: false; readonly reason: string } }> {
  const { tx, tenantId, holder, memberId } = args;
  const [card] = await tx
    .insert(wechatMemberCards)
    .values({
      tenantId,
      cardId: holder.cardId,
      code: holder.code,
      openId: holder.openId,
      unionId: holder.unionId,
      memberId,
      state: 'ACTIVE',
      activatedAt: args.now,
    })
    .onConflictDoUpdate({
      target: [wechatMemberCards.tenantId, wechatMemberCards.code],
      set: {
        memberId,
        state: 'ACTIVE',
        activatedAt: sql`coalesce(${wechatMemberCards.activatedAt}, ${args.now.toISOString()}::timestamptz)`,
      },
    })
    .returning({ id: wechatMemberCards.id, unionId: wechatMemberCards.unionId });
  const identity = await recordIdentity(tx, { tenantId, memberId, openId: holder.openId, unionId: holder.unionId || card.unionId || null });
  let gift: JoinGift | { readonly given: false; readonly reason: string };
  try {
    gift = await tx.transaction((sp) =>
      giveJoinGift({ tx: sp, tenantId, cardRowId: card.id, memberId, now: args.now, zone: args.timeZone }),
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    gift = { given: false, reason: error.key };
  }
  return { identity, gift };
}

/** Registers a member who joined through WeChat: through the declaration engine (numbering, hooks, registration gifts). */
export type RegisterMember = (args: { tx: DbOrTx; tenantId: number; mobile: string; name: string }) => Promise<number>;

/** The member registration of the server itself (no user), channel WeChat. */
export function wechatMemberRegistrar(wiring: DomainWiring): RegisterMember {
  const registry = buildRegistry(servedResources(wiring.hooks));
  const members = registry.get('member');
  return async ({ tx, tenantId, mobile, name }) => {
    const actor = {
      tenantId,
      userId: null,
      grants: [],
      marketingCenterIds: null,
      marketingCenter: null,
      locale: 'zh_CN',
      timeZone: 'Asia/Shanghai',
    } as const;
    const created = await createRecord({ db: tx, registry, runtime: members, actor, body: { name, mobile, channel: 'weixin' } });
    return Number(created.id);
  };
}
