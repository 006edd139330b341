import { and, eq, sql } from 'drizzle-orm';
import { memberChannelIdentityResource } from '../../../resources/member/member-channel-identity.resource';
import { wechatChannelResource } from '../../../resources/member/wechat-channel.resource';
import { sealSecret } from '../../crud/secret-box';
import { deriveTable } from '../../crud/table.derive';
import type { Db, DbOrTx } from '../../db/connection';
import { wechatMemberCards } from '../../db/schema/channel-gateway.schema';
import { AppError } from '../../http/envelope';
import { channelGateway } from './channels.gateway';
import { giveJoinGift, payRuleOfReceipt, type JoinGift } from './wechat-pay-join';

/**
 * What the console does with each message WeChat pushes (wechat-push.routes.ts has checked its
 * signature, opened it and claimed its identity, so each runs once, in the push's transaction):
 *
 * - `component_verify_ticket` (every 10 minutes): sealed into the WeChat settings, where the
 *   component token's refresh reads it;
 * - `authorized` / `updateauthorized`: the authorisation code exchanged through the gateway
 *   (`api_query_auth`) and the account's AppID, time and permission sets stored; `unauthorized`:
 *   the stored authorisation cleared (when it names the stored account);
 * - `user_get_card`: the card kept with its holder's openid (and unionid), and the pay-to-join
 *   rule it came through; `user_del_card`: the card marked deleted;
 * - `submit_membercard_user_info` (one-click activation): the holder's form read through the
 *   gateway (`card/membercard/userinfo/get`), the member found by the mobile entered (or
 *   registered, channel WeChat), the WeChat identity recorded (unique per channel: an openid that
 *   names another member is left as it is and said in the push's record), and the pay-to-join
 *   rule's gift given once.
 *
 * Each answers what it did, kept as the push's detail (no ticket, no token).
 */

export type PushFields = Readonly<Record<string, string>>;

export interface PushContext {
  readonly tx: DbOrTx;
  /** The pool, for gateway calls (their log rows are written apart from the push's transaction). */
  readonly db: Db;
  readonly tenantId: number;
  readonly timeZone: string;
  readonly now: Date;
  /** Registers a member through the declaration engine (numbering, hooks, registration gifts). */
  readonly registerMember: (args: { tx: DbOrTx; tenantId: number; mobile: string; name: string }) => Promise<number>;
}

/** The event a message carries: an authorisation event's InfoType, an event's Event, else its MsgType. */
export function eventOf(fields: PushFields): string {
  return fields.InfoType || fields.Event || fields.MsgType || 'unknown';
}

/**
 * The message's identity for de-duplication: its MsgId; else what WeChat documents for events
 * (the sender and CreateTime) with the event; for authorisation events the platform and CreateTime.
 */
export function dedupeKeyOf(fields: PushFields): string {
  if (fields.MsgId) return `msg:${fields.MsgId}`;
  const from = fields.FromUserName || fields.AppId || '';
  return `${eventOf(fields)}:${from}:${fields.CreateTime ?? ''}`;
}

type Detail = Record<string, unknown>;

const channelTable = () => deriveTable(wechatChannelResource);

async function storeTicket(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const ticket = fields.ComponentVerifyTicket ?? '';
  if (ticket === '') return { stored: false };
  const t = channelTable();
  await ctx.tx
    .update(t)
    .set({ componentVerifyTicket: sealSecret(ticket) })
    .where(eq(t.tenantId, ctx.tenantId));
  return { stored: true };
}

async function storeAuthorization(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const gateway = await channelGateway({ db: ctx.db, tenantId: ctx.tenantId, userId: null, timeZone: ctx.timeZone });
  const answer = await gateway.wechatComponent.queryAuth({ authCode: fields.AuthorizationCode ?? '' });
  if (answer.outcome !== 'OK' || !answer.data?.authorizer_appid) return { stored: false, outcome: answer.outcome, callId: answer.callId };
  const t = channelTable();
  await ctx.tx
    .update(t)
    .set({ authorizerAppId: answer.data.authorizer_appid, authorizedAt: ctx.now, authorizedScopes: answer.data.scopes.join(',') })
    .where(eq(t.tenantId, ctx.tenantId));
  return { stored: true, authorizerAppId: answer.data.authorizer_appid, callId: answer.callId };
}

async function clearAuthorization(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const t = channelTable();
  const cleared = await ctx.tx
    .update(t)
    .set({ authorizerAppId: null, authorizedAt: null, authorizedScopes: null })
    .where(and(eq(t.tenantId, ctx.tenantId), eq(t.authorizerAppId, fields.AuthorizerAppid ?? '')))
    .returning({ id: t.id });
  return { authorizerAppId: fields.AuthorizerAppid ?? null, cleared: cleared.length > 0 };
}

async function cardReceived(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const at = new Date(Number(fields.CreateTime) * 1000 || ctx.now.getTime());
  const payRuleId = await payRuleOfReceipt({
    db: ctx.tx,
    tenantId: ctx.tenantId,
    receipt: {
      givenByFriend: fields.IsGiveByFriend === '1',
      restored: fields.IsRestoreMemberCard === '1',
      outerStr: fields.OuterStr ?? '',
      at,
    },
  });
  const known = await memberOfOpenId(ctx, fields.FromUserName ?? '');
  const [card] = await ctx.tx
    .insert(wechatMemberCards)
    .values({
      tenantId: ctx.tenantId,
      cardId: fields.CardId ?? '',
      code: fields.UserCardCode ?? '',
      openId: fields.FromUserName ?? '',
      unionId: fields.UnionId || null,
      memberId: known,
      payRuleId,
      state: 'HELD',
      receivedAt: at,
    })
    .onConflictDoUpdate({
      target: [wechatMemberCards.tenantId, wechatMemberCards.code],
      set: {
        openId: fields.FromUserName ?? '',
        state: sql`case when ${wechatMemberCards.activatedAt} is null then 'HELD' else 'ACTIVE' end`,
        deletedAt: null,
      },
    })
    .returning({ id: wechatMemberCards.id, payRuleId: wechatMemberCards.payRuleId });
  return { cardId: fields.CardId ?? null, code: fields.UserCardCode ?? null, payRuleId: card?.payRuleId ?? null, memberId: known };
}

async function cardDeleted(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const deleted = await ctx.tx
    .update(wechatMemberCards)
    .set({ state: 'DELETED', deletedAt: ctx.now })
    .where(and(eq(wechatMemberCards.tenantId, ctx.tenantId), eq(wechatMemberCards.code, fields.UserCardCode ?? '')))
    .returning({ id: wechatMemberCards.id });
  return { code: fields.UserCardCode ?? null, deleted: deleted.length > 0 };
}

/** The member a WeChat openid already names, if any. */
async function memberOfOpenId(ctx: PushContext, openId: string): Promise<number | null> {
  const t = deriveTable(memberChannelIdentityResource);
  const [row] = await ctx.tx
    .select({ member: t.member })
    .from(t)
    .where(and(eq(t.tenantId, ctx.tenantId), eq(t.identityKey, `WECHAT:${openId}`)));
  return row ? Number(row.member) : null;
}

/**
 * Records the member's WeChat identity: one per channel and openid, one per member and channel
 * (the identity resource's unique keys). An openid that already names the member is kept (its
 * unionid filled); one that names another member, or a member who has another WeChat identity,
 * is left alone and said.
 */
async function recordIdentity(ctx: PushContext, args: { memberId: number; openId: string; unionId: string | null }): Promise<string> {
  const t = deriveTable(memberChannelIdentityResource);
  const inserted = await ctx.tx
    .insert(t)
    .values({
      tenantId: ctx.tenantId,
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
  const owner = await memberOfOpenId(ctx, args.openId);
  if (owner !== args.memberId) return owner === null ? 'memberHasOtherIdentity' : 'openIdOfAnotherMember';
  if (args.unionId)
    await ctx.tx
      .update(t)
      .set({ unionId: args.unionId })
      .where(and(eq(t.tenantId, ctx.tenantId), eq(t.identityKey, `WECHAT:${args.openId}`)));
  return 'kept';
}

const MOBILE = /^1[3-9]\d{9}$/;

async function cardActivated(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const code = fields.UserCardCode ?? '';
  const openId = fields.FromUserName ?? '';
  const gateway = await channelGateway({ db: ctx.db, tenantId: ctx.tenantId, userId: null, timeZone: ctx.timeZone });
  const info = await gateway.wechat.memberCardUserInfo({ card_id: fields.CardId ?? '', code });
  if (info.outcome !== 'OK' || !info.data) return { code, member: null, userInfo: info.outcome, callId: info.callId };
  const common = info.data.user_info?.common_field_list ?? [];
  const mobile = common.find((f) => f.name === 'USER_FORM_INFO_FLAG_MOBILE')?.value ?? '';
  if (!MOBILE.test(mobile)) return { code, member: null, reason: 'noMobile', callId: info.callId };
  const name = common.find((f) => f.name === 'USER_FORM_INFO_FLAG_NAME')?.value || info.data.nickname || mobile;
  const found = await ctx.tx.execute<{ id: string }>(
    sql`select id from members where tenant_id = ${ctx.tenantId} and mobile = ${mobile} limit 1`,
  );
  const registered = found.rows.length === 0;
  let memberId: number;
  try {
    memberId = registered
      ? await ctx.registerMember({ tx: ctx.tx, tenantId: ctx.tenantId, mobile, name: name.slice(0, 40) })
      : Number(found.rows[0].id);
  } catch (error) {
    // The registration refused (in its own savepoint): said in the push's record, not retried by WeChat forever.
    if (error instanceof AppError) return { code, member: null, reason: error.key, callId: info.callId };
    throw error;
  }
  // A card activated before its receipt was heard of (a push lost) is kept now.
  const [card] = await ctx.tx
    .insert(wechatMemberCards)
    .values({ tenantId: ctx.tenantId, cardId: fields.CardId ?? '', code, openId, unionId: fields.UnionId || null, state: 'ACTIVE' })
    .onConflictDoUpdate({
      target: [wechatMemberCards.tenantId, wechatMemberCards.code],
      set: { memberId, state: 'ACTIVE', activatedAt: ctx.now },
    })
    .returning({ id: wechatMemberCards.id, unionId: wechatMemberCards.unionId });
  await ctx.tx
    .update(wechatMemberCards)
    .set({ memberId, activatedAt: ctx.now })
    .where(and(eq(wechatMemberCards.tenantId, ctx.tenantId), eq(wechatMemberCards.id, card.id)));
  const identity = await recordIdentity(ctx, { memberId, openId, unionId: fields.UnionId || card.unionId || null });
  // In a savepoint: a gift the ledger or the coupon issue refuses (a sold-out template, a frozen
  // member) is undone alone, said in the push's record, and tried again on the next activation.
  let gift: JoinGift | { readonly given: false; readonly reason: string };
  try {
    gift = await ctx.tx.transaction((sp) =>
      giveJoinGift({ tx: sp, tenantId: ctx.tenantId, cardRowId: card.id, memberId, now: ctx.now, zone: ctx.timeZone }),
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    gift = { given: false, reason: error.key };
  }
  return { code, memberId, registered, identity, gift, callId: info.callId };
}

/** Handles one opened message; what it did is the push's detail. Null: nothing to do with it (IGNORED). */
export async function handlePush(ctx: PushContext, fields: PushFields): Promise<Detail | null> {
  switch (eventOf(fields)) {
    case 'component_verify_ticket':
      return storeTicket(ctx, fields);
    case 'authorized':
    case 'updateauthorized':
      return storeAuthorization(ctx, fields);
    case 'unauthorized':
      return clearAuthorization(ctx, fields);
    case 'user_get_card':
      return cardReceived(ctx, fields);
    case 'user_del_card':
      return cardDeleted(ctx, fields);
    case 'submit_membercard_user_info':
      return cardActivated(ctx, fields);
    default:
      return null;
  }
}
